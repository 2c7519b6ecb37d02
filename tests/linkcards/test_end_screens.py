# interpreters: micropython
"""The card game over the cable at its end, read off the display (the framebuffer's pixels, with
the firmware's font): a game played to its end by two easy CPUs (catalogs.linkcards, seeded),
seen from the side that won. While the end is being checked and the other side's keys are not
here yet, the screen says it is checking and keeps the score; it shows no count of nothing
("0/0"). Then the result."""

from fakehw import make_hw
from screenread import shows

from catalogs.linkcards import _ended
from core import strings
from core.app import App
from core.strings import t
from linkcards.game import CHECK, DONE


def _shown(app, scr, lang):
    strings.set_lang(lang)
    app.fb.fill(0)
    scr.draw(app, app.fb)
    return app.fb.buf  # (no copy: a 1 KB piece is not always there after a whole game)


def test_the_end_being_checked_says_so_with_the_score_then_the_result():
    app = App(make_hw())
    scr = _ended(True)
    try:
        for lang in ("en", "hu"):
            scr.g.phase = CHECK
            buf = _shown(app, scr, lang)
            assert shows(buf, t("lc_checking").split(" %")[0] + "  "), lang  # the word, then the score
            assert shows(buf, t("lc_score") % (5, scr.g.sunk(scr.g.me))), lang  # their fleet sunk: 5
            assert not shows(buf, t("lc_checking") % (0, 0)), lang
            scr.g.phase = DONE
            buf = _shown(app, scr, lang)
            assert shows(buf, t("lc_won")), lang
            assert not shows(buf, t("lc_checking").split(" %")[0]), lang
    finally:
        strings.set_lang("en")
