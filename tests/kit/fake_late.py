"""Imported late by a game mode (home tests)."""
