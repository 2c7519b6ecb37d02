"""Part of the stand-in packaged mode (tests/core/test_home.py)."""

LATE = 1
