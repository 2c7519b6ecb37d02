# interpreters: micropython
"""Torpedo Attack's screens fit the display in both languages (see tests/kit/screens.py)."""

from screens import check


def test_screens_fit_in_both_languages():
    count, bad = check("torpedo.ui")
    assert count >= 80, count
    assert not bad, "\n".join(bad)
