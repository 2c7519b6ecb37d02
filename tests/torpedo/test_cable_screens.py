# interpreters: micropython
"""Torpedo Attack over the cable on the link's own screens (link.screen, as Link battle's and
Express's), read off the display: other rules offer "A: play that" and A takes the other
handheld's level and touching rule; saves out of step let the side with the newer save claim the
win (issue 26), which ends on the link's forfeit screen, and leave the side behind only B; a
cheat caught is named on the link's cheat screen, the game void. No words of Torpedo's own for
any of these."""

from fakehw import make_hw, press, texts
from screenread import shows, words_shown
from ta_play import QuietPort

from catalogs.stand_in import Link
from core import strings
from core.app import App
from core.hal import A
from core.strings import t
from link.commit import CheatError
from torpedo import view

_RULES = 3  # link.match's status codes and mismatch reasons
_MISMATCH = 5
_OUT_OF_STEP = 2
_PLAY = 4  # torpedo.cable.match's stage
_C_ANSWER = 5  # link.commit's code: a lie about a call
_WAIT = 1  # torpedo.locate's states
_SHOW = 2
_CALL = 2  # a match's event: the opponent's call
_SUBMARINE = 3


class _Link(Link):
    sent_rules = None

    def set_rules(self, rules):
        self.sent_rules = rules


def _app():
    hw = make_hw()
    hw.link = QuietPort()
    app = App(hw)
    strings.set_lang("en")
    view.words()
    return app


def _screen(app, link, stage=0):
    """The link's screen of a new cable game (torpedo.cable.ui.linking), the link's status set by hand."""
    from torpedo.cable import ui as link_ui

    scr = link_ui.linking(app)
    app.match = None  # nothing ticks the stand-in link
    m = scr.m
    m.link = link
    m.stage = stage
    if stage:
        m.g = m.lg.game
    app.push(scr)
    app.step()
    return scr, m


def _shown(app):
    app.fb.fill(0)
    app.top().draw(app, app.fb)
    return app.fb.buf


def test_other_rules_offer_play_that_and_a_takes_the_other_handhelds_level():
    app = _app()
    app.settings.set("level", "easy")
    app.settings.set("touching", 1)
    scr, m = _screen(app, _Link(_RULES, peer_rules=bytes((2, 0, 2))))  # Torpedo, hard, no touching
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        buf = _shown(app)
        said = t("ln_peer_rules") % (t("torpedo") + ", " + t("hard") + ", " + t("ta_touch_no"))
        assert words_shown(buf, [said]) == [said], lang
        assert shows(buf, t("ln_hint_rules")), lang  # "A:play that B:leave"
    strings.set_lang("en")
    press(app, A)
    assert m.level == 2 and not m.touching
    assert app.settings.get("level") == "hard" and not app.settings.get("touching")
    assert m.link.sent_rules == bytes((2, 0, 2))  # our HELLO says so now


def test_another_games_rules_only_leave():
    app = _app()
    scr, m = _screen(app, _Link(_RULES, peer_rules=bytes((1, 0, 0))))  # Link battle's
    buf = _shown(app)
    said = t("ln_peer_rules") % t("ln_other_game")
    assert words_shown(buf, [said]) == [said] and shows(buf, t("ln_hint_leave"))


def test_out_of_step_ahead_claims_the_win_and_the_link_names_the_forfeit():
    app = _app()
    link = _Link(_MISMATCH)
    link.mismatch = _OUT_OF_STEP
    scr, m = _screen(app, link, _PLAY)
    buf = _shown(app)
    assert shows(buf, t("ln_hint_claim")) and words_shown(buf, [t("ln_out_of_step")])
    press(app, A)  # the win (the other came back behind what it had seen)
    assert type(app.top()).__name__ == "CheatScreen"
    buf = _shown(app)
    assert shows(buf, t("ln_won")) and words_shown(buf, [t("ln_forfeit")])


def test_out_of_step_behind_can_only_leave():
    app = _app()
    link = _Link(_MISMATCH)
    link.mismatch = _OUT_OF_STEP
    link.behind = True
    scr, m = _screen(app, link, _PLAY)
    press(app, A)
    assert type(app.top()).__name__ == "LinkScreen" and m.cheat is None
    buf = _shown(app)
    assert shows(buf, t("ln_hint_leave")), texts(app)
    assert words_shown(buf, [t("ln_behind")]), texts(app)


def test_a_cheat_is_named_on_the_links_cheat_screen_in_both_languages():
    app = _app()
    scr, m = _screen(app, _Link(6), _PLAY)
    m.cheat = CheatError(_C_ANSWER, "lie", 47)
    m.finished = True
    app.step()  # the screen gives way to the cheat screen (torpedo.view.goes_on)
    assert type(app.top()).__name__ == "CheatScreen"
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        buf = _shown(app)
        assert shows(buf, t("ln_cheat")) and shows(buf, t("ln_void")), lang
        said = t("ta_cheat5") % "E-8"
        assert words_shown(buf, [said]) == [said], lang
    strings.set_lang("en")


def test_the_cable_games_pause_menu_has_the_help_of_the_cpu_game():
    """Help in the pause menu over the cable too (no Give up: the other handheld would not hear
    of it): torpedo.help's pages, as against the CPU."""
    import sys

    from helpread import read_help

    from core.hal import DOWN, B
    from torpedo.locate import Paused

    app = _app()
    scr, m = _screen(app, _Link(6), _PLAY)
    app.push(Paused(m))
    app.step()
    shown = texts(app)
    assert t("ta_help") in shown and t("ta_give_up") not in shown, shown
    press(app, DOWN)
    press(app, DOWN)
    press(app, A)  # Help, the menu's last row
    assert type(app.top()).__name__ == "Help"
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        pages = read_help(app, ("ta_help_hidden", "ta_help_firing", "ta_help_hit", "ta_help_gone"))
        assert len(pages) == 3, lang
    strings.set_lang("en")
    press(app, B)
    assert type(app.top()).__name__ == "Paused" and "torpedo.help" not in sys.modules


def test_the_submarine_located_over_the_cable_is_named_whole_in_hungarian():
    """"Ellenfél: G-7" left no room for "Tengeralattjáró" on the announcement's top line (it read
    "Tengeralat."): the ship located has a line of its own under the big word, and the panel,
    65 px wide, says "Tengeralattj.", an abbreviation, not a cut."""
    from catalogs.torpedo_cable import _locate, _Stub, game, play
    from torpedo.rules import LOCATE, SHIP_LOCATED

    app = _app()
    g = play(game(), lambda g: g.turns[1] >= 12 and g.phase == LOCATE and g.turn == 1)
    ev = (_CALL, 66, SHIP_LOCATED, _SUBMARINE)
    for lang in ("hu", "en"):
        strings.set_lang(lang)
        scr = _locate(_Stub(6, g, _PLAY), _SHOW, 1, ev)
        app.fb.fill(0)
        scr.draw(app, app.fb)
        assert shows(app.fb.buf, t("ta_calls") % (t("ta_opp"), "G-7")), lang
        assert shows(app.fb.buf, t("ta_ship3")), lang  # whole
        scr.state = _WAIT
        app.fb.fill(0)
        scr.draw(app, app.fb)
        assert shows(app.fb.buf, "Tengeralattj." if lang == "hu" else "Submarine"), lang
    strings.set_lang("en")
