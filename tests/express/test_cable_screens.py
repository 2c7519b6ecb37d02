# interpreters: micropython
"""Link Express's screens fit the display in both languages (see tests/kit/screens.py), and the
attack's result agrees with its hits line (tests/kit/exread.py: Express's own drawing)."""

from exread import contradictions
from screens import check


def test_screens_fit_in_both_languages():
    count, bad = check("express.cable.ui", contradictions)
    assert count >= 20, count
    assert not bad, "\n".join(bad)
