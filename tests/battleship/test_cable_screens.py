# interpreters: micropython
"""Link battle's screens fit the display in both languages (see tests/kit/screens.py)."""

from screens import check


def test_screens_fit_in_both_languages():
    count, bad = check("battleship.cable.ui")
    assert count >= 60, count
    assert not bad, "\n".join(bad)
