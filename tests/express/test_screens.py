# interpreters: micropython
"""Battleship Express's screens fit the display in both languages (see tests/kit/screens.py), and the
attack's result agrees with its hits line (tests/kit/exread.py: never "Hits 5/3", nor "Burst! Sunk!"
over "Hits 1/5")."""

from exread import contradictions
from screens import check


def test_screens_fit_in_both_languages():
    count, bad = check("express.ui", contradictions)
    assert count >= 4, count
    assert not bad, "\n".join(bad)
