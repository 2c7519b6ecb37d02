# interpreters: micropython
"""The card game over the cable: its screens fit the display in both languages (see tests/kit/screens.py)."""

from screens import check


def test_screens_fit_in_both_languages():
    count, bad = check("cards.cable.ui")
    assert count >= 20, count
    assert not bad, "\n".join(bad)
