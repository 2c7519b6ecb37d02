"""A second stand-in game mode (home tests): fake_mode under another name."""

from fake_mode import Board, resume, start  # noqa: F401
