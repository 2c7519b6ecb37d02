"""Battleship Express's screens fit the display in both languages (see test_screens.py)."""

from test_screens import check


def test_ex_ui_screens_fit_in_both_languages():
    count, bad = check("express.ui")
    assert count >= 4, count
    assert not bad, "\n".join(bad)
