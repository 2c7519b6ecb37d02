# interpreters: micropython
"""Battleship and Salvo's screens fit the display in both languages (see tests/kit/screens.py)."""

from screens import check


def test_screens_fit_in_both_languages():
    count, bad = check("battleship.ui")
    assert count >= 30, count
    assert not bad, "\n".join(bad)
