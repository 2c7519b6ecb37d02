"""Part of the stand-in packaged mode (tests/mp/test_home.py)."""

LATE = 1
