# interpreters: micropython
"""The main menu: game modes load on demand and are unloaded after (the menus leave the
heap while a game runs and come back on the entry it was started from);
"Continue" appears when a game is saved and lists every saved game, one slot per
game, by name and how far it is; a new game asks before replacing a saved one;
the one save of the firmware before slots is still read."""

import sys

import fake_mode
from fakehw import make_hw, press
from screenread import shows

from core import font, modes, strings, ui
from core.app import GAME, App, game_head
from core.compat import load
from core.hal import DOWN, A, B
from core.home import Home
from core.saved import Ask
from core.storage import Storage

_DIR = "/tmp/broadside-test-home"


def _clean(st):
    st.delete("game")
    for slot in modes.SLOTS:
        st.delete(GAME + slot)


def _app(with_save=None, slot="cards"):
    st = Storage(_DIR)
    _clean(st)
    if with_save is not None:
        st.save(GAME + slot, with_save, game_head(slot, "u_turn", 14))
    app = App(make_hw(storage=st))
    app.push(Home())
    app.step()
    _resumes()[ord("Z")] = "fake_mode"  # the stand-in game's saves
    return app


def _resumes():
    """The tag -> module table the menus read now (core.modes leaves the heap while a game
    runs, and comes back a new module)."""
    return load("core.modes").RESUME


def _labels(app):
    home = app.stack[0]
    return [home.label(i) for i in range(len(home.items))]


def _listed(app):
    """The games the Continue list shows: (name, how far)."""
    menu = app.top()
    return [(menu.label(i), menu.how_far(i)) for i in range(len(menu.items))]


def test_no_save_no_continue():
    app = _app()
    assert "Continue" not in _labels(app)


def test_saved_game_resumes_exactly():
    app = _app(b"Zstate-42")
    assert _labels(app)[0] == "Continue"
    fake_mode.CALLS.clear()
    press(app, A)  # the list of saved games
    assert _listed(app) == [("Card game", "turn 14")]
    press(app, A)
    assert fake_mode.CALLS == [("resume", b"Zstate-42")]
    assert isinstance(app.top(), fake_mode.Board)


def test_unknown_tag_is_not_resumed():
    app = _app(b"?mystery")
    press(app, A)
    press(app, A)
    assert app.notice and "unreadable" in app.notice
    assert type(app.top()).__name__ == "ContinueMenu"  # still the list: nothing was loaded


def test_unreadable_save_gives_notice_not_crash():
    app = _app(b"Zbroken")
    press(app, A)
    press(app, A)
    assert app.notice and "unreadable" in app.notice
    assert type(app.top()).__name__ == "Home"  # the menu, built anew


def test_mode_modules_unloaded_when_game_closes():
    saved = modes.MODES
    try:
        modes.MODES = (("settings", "fake_mode_b", 7, None, "settings", 0x5A, "settings"),)
        app = _app()
        app.stack[0].build(app)
        press(app, A)  # first entry: the fake mode
        assert "fake_mode_b" in sys.modules
        __import__("fake_late")  # the game imports more later (a CPU level, say)
        press(app, B)  # its screen closes: back at the menu
        assert "fake_mode_b" not in sys.modules
        assert "fake_late" not in sys.modules
    finally:
        modes.MODES = saved


def test_a_packaged_mode_leaves_sys_modules_and_its_packages_when_it_closes():
    saved = modes.MODES
    try:
        modes.MODES = (("settings", "fakepkg.mode", None, None, "settings", 0x5A, "settings"),)
        app = _app()
        app.stack[0].build(app)
        assert "core.prng" not in sys.modules  # the menu does not need it: the game loads it
        press(app, A)
        mode = sys.modules["fakepkg.mode"]
        assert "fakepkg.late" in sys.modules and "core.prng" in sys.modules
        assert "prng" in sys.modules["core"].__dict__  # a package keeps what it imported
        press(app, B)  # the game's last screen closes
        for name in ("fakepkg", "fakepkg.mode", "fakepkg.late", "core.prng"):
            assert name not in sys.modules, name
        assert "prng" not in sys.modules["core"].__dict__
        # a stale reference to the mode's module holds nothing of it (its table is freed)
        assert not hasattr(mode, "TABLE") and not hasattr(mode, "start")
    finally:
        modes.MODES = saved


def test_cursor_stays_on_its_entry_when_continue_appears():
    app = _app()
    home = app.stack[0]
    home.sel = 1
    Storage(_DIR).save(GAME + "express", b"Zsaved", game_head("express", "u_sunk", 2))  # saved meanwhile
    home.resume(app)
    assert _labels(app)[0] == "Continue"
    assert home.items[home.sel][0] == _labels_keys(app)[2]


def _labels_keys(app):
    return [item[0] for item in app.stack[0].items]


def test_damaged_save_gives_notice_and_clean_start():
    st = Storage(_DIR)
    _clean(st)
    st.fs.write(_DIR + "/game", b"BSV1 this is not a save")
    app = App(make_hw(storage=st))
    app.push(Home())
    app.step()
    assert app.notice and "damaged" in app.notice
    assert "Continue" not in _labels(app)


def test_a_damaged_slot_is_left_out_of_the_list_with_a_notice():
    st = Storage(_DIR)
    _clean(st)
    st.save(GAME + "express", b"Zfine", game_head("express", "u_sunk", 3))
    st.fs.write(_DIR + "/" + GAME + "cards", b"BSV1 this is not a save")
    app = App(make_hw(storage=st))
    app.push(Home())
    app.step()
    press(app, A)
    assert _listed(app) == [("Express", "3 sunk")]
    assert app.notice and "damaged" in app.notice


def test_each_game_keeps_its_own_save_and_continue_lists_them_all():
    app = _app()
    app.save_game("cards", b"Zcards", 14, unit="u_turn")
    app.save_game("torpedo_link", b"Ztorpedo", 3, unit="u_turn")
    app.save_game("salvo", b"Zsalvo", 22, unit="u_shots")
    app.save_game("link_battle", b"Zlink", 5, "link_salvo", "u_turn")
    app.stack[0].build(app)
    app.stack[0].sel = 0
    press(app, A)
    assert _listed(app) == [
        ("Salvo", "22 shots"),
        ("Link salvo", "turn 5"),
        ("Card game", "turn 14"),
        ("Torpedo (cable)", "turn 3"),
    ]
    fake_mode.CALLS.clear()
    press(app, DOWN)
    press(app, DOWN)
    press(app, A)  # the card game
    assert fake_mode.CALLS == [("resume", b"Zcards")]


def test_continue_calls_each_cable_game_by_its_game_on_the_screen():
    # the card game over the cable was "Over the cable" there (its submenu's row), where the
    # other cable games said "Express (cable)" and "Torpedo (cable)"
    app = _app()
    app.save_game("link_cards", b"Zcards", 6, "link_cards", "u_turn")  # as the card game saves it
    app.save_game("link_express", b"Zexpress", 9, "lx_saved", "u_rolls")
    app.save_game("torpedo_link", b"Ztorpedo", 3, "torpedo_link", "u_turn")
    want = {
        "en": ("Express (cable)", "Cards (cable)", "Torpedo (cable)", "turn 6"),
        "hu": ("Expressz (kábel)", "Kártya (kábel)", "Torpedó (kábel)", "6. kör"),
    }
    try:
        for lang in ("en", "hu"):
            strings.set_lang(lang)
            app.stack[0].build(app)
            app.stack[0].sel = 0
            press(app, A)  # Continue: the list
            assert type(app.top()).__name__ == "ContinueMenu"
            for text in want[lang]:
                assert shows(app.fb.buf, text), (lang, text)
            assert not shows(app.fb.buf, strings.t("link_cards")), lang  # "Over the cable" / "Kábelen"
            press(app, B)
            app.fb.fill(0)
            Ask("link_cards", None).draw(app, app.fb)  # a new game over the cable would replace it
            assert shows(app.fb.buf, want[lang][1]), lang
    finally:
        strings.set_lang("en")


def test_a_cable_game_with_a_long_count_keeps_its_whole_name_in_a_list_that_scrolls():
    # "Expressz (kábel)" beside "27 dobás", the scroll arrow taking its room: the name was cut
    # to "Expressz (kábel." (a space between the two is enough)
    app = _app()
    for slot in ("battleship", "salvo", "link_battle", "cards", "torpedo"):
        app.save_game(slot, b"Z" + slot.encode(), 14, unit="u_turn")
    app.save_game("link_express", b"Zexpress", 27, "lx_saved", "u_rolls")
    try:
        strings.set_lang("hu")
        app.stack[0].build(app)
        app.stack[0].sel = 0
        press(app, A)  # Continue: the list
        m = app.top()
        assert type(m).__name__ == "ContinueMenu" and len(m.items) > m.rows
        assert shows(app.fb.buf, "Expressz (kábel)") and shows(app.fb.buf, "27 dobás")
    finally:
        strings.set_lang("en")


def test_a_list_longer_than_the_screen_keeps_its_words_clear_of_the_scroll_arrow():
    app = _app()
    for slot in ("cards", "torpedo_link", "salvo", "battleship", "express", "torpedo"):
        app.save_game(slot, b"Z" + slot.encode(), 14, unit="u_turn")
    app.stack[0].build(app)
    app.stack[0].sel = 0
    press(app, A)
    m = app.top()
    assert len(m.items) > m.rows  # it scrolls: an arrow at the right edge says there is more
    ui.TRACE = []
    app.fb.fill(0)
    m.draw(app, app.fb)
    drawn = [(x, w, s) for x, y, w, h, s in ui.TRACE if ui.BODY_Y <= y < ui.BODY_Y + m.rows * m.pitch]
    ui.TRACE = None
    assert drawn and all(x + w <= ui.W - 6 for x, w, s in drawn), drawn  # the arrow: x W-4..W-2


_ALONE = ("cards", "fake_mode_b", 7, None, "cards", 0x43, "cards")  # the card game, not under its submenu


def test_a_new_game_asks_before_replacing_its_saved_game_and_no_keeps_it():
    saved = modes.MODES
    try:
        modes.MODES = (_ALONE,)
        app = _app(b"Zkeep-me")
        app.stack[0].build(app)
        press(app, DOWN)  # past Continue
        press(app, A)  # the card game: a game of it is saved
        assert type(app.top()).__name__ == "Ask" and "fake_mode_b" not in sys.modules
        press(app, A)  # the first answer: keep the saved game
        assert type(app.top()).__name__ == "Home" and "fake_mode_b" not in sys.modules
        press(app, A)
        press(app, B)  # B is no too
        assert "fake_mode_b" not in sys.modules
        assert Storage(_DIR).load(GAME + "cards")[0][-8:] == b"Zkeep-me"
        press(app, A)
        press(app, DOWN)
        press(app, A)  # yes: a new game
        assert "fake_mode_b" in sys.modules
        press(app, B)  # (its screen closes: the mode leaves sys.modules for the next test)
    finally:
        modes.MODES = saved


def test_no_question_when_the_mode_has_no_save():
    saved = modes.MODES
    try:
        modes.MODES = (_ALONE,)
        app = _app(b"Zother", slot="express")  # another game's save does not count
        app.stack[0].build(app)
        press(app, DOWN)
        press(app, A)
        assert "fake_mode_b" in sys.modules
        press(app, B)
    finally:
        modes.MODES = saved


def test_an_old_single_slot_save_moves_to_its_games_slot():
    st = Storage(_DIR)
    _clean(st)
    st.save("game", b"Cold-card-game")  # the firmware before slots: one "game", tag first
    app = App(make_hw(storage=st))
    app.push(Home())
    app.step()
    table = _resumes()
    saved = table[0x43]
    try:
        table[0x43] = "fake_mode"
        assert _labels(app)[0] == "Continue"
        assert not st.has("game") and st.has(GAME + "cards")
        press(app, A)
        assert _listed(app) == [("Card game", "")]
        fake_mode.CALLS.clear()
        press(app, A)
        assert fake_mode.CALLS == [("resume", b"Cold-card-game")]
    finally:
        table[0x43] = saved


def test_an_old_salvo_save_goes_to_salvos_slot_and_an_old_cable_torpedo_to_its_own():
    st = Storage(_DIR)
    _clean(st)
    st.save("game", bytes((0x42, 9, 0, 5, 0x01)) + b"rest")  # Battleship's tag, the engine's flags: Salvo
    app = App(make_hw(storage=st))
    app.push(Home())
    app.step()
    assert st.has(GAME + "salvo") and not st.has(GAME + "battleship")
    st.save("game", bytes((0x54, 1)) + b"cable")
    app.stack[0].build(app)
    assert st.has(GAME + "torpedo_link") and not st.has("game")


def test_the_menus_leave_the_heap_while_a_game_runs_and_come_back_on_its_entry():
    app = _app()
    assert app.stack[0].items[app.stack[0].sel][0] == "battleship_menu"
    press(app, A)  # the Battleship menu
    press(app, DOWN)
    assert app.top().way() == ("battleship_menu", "salvo")
    press(app, A)  # Salvo: its level menu
    assert "battleship.ui" in sys.modules
    assert "core.home" not in sys.modules and "core.modes" not in sys.modules
    core = sys.modules["core"]
    assert "home" not in core.__dict__ and "modes" not in core.__dict__  # off their package too
    assert not [s for s in app.stack if hasattr(s, "way")]  # no menu screen kept either
    press(app, B)  # the game's last screen closes
    assert "battleship.ui" not in sys.modules
    assert [s.way() for s in app.stack] == [("title", "battleship_menu"), ("battleship_menu", "salvo")]


def test_saved_slots_from_one_listing_of_the_folder_with_every_kind_of_copy():
    # the main menu asks for every slot (and the old single save): one listing of the saves'
    # folder answers all of them, a slot left only as .tmp or .bak counts; a filesystem
    # without a listing is asked slot by slot, with the same answer
    from core.home import saved_slots
    from core.storage import OsFs

    app = _app(b"Zstate-1", "cards")
    st = app.hw.storage
    st.save(GAME + "torpedo", b"Zt", game_head("torpedo", "u_turn", 2))
    st.save(GAME + "torpedo", b"Zt", game_head("torpedo", "u_turn", 3))  # and a .bak
    st.fs.rename(_DIR + "/" + GAME + "torpedo", _DIR + "/" + GAME + "torpedo.tmp")
    calls = []

    class Counting(OsFs):
        def listdir(self, folder):
            calls.append(folder)
            return OsFs.listdir(self, folder)

        def exists(self, path):
            calls.append(path)
            return OsFs.exists(self, path)

    st.fs = Counting()
    want = [s for s in modes.SLOTS if s in ("cards", "torpedo")]
    assert saved_slots(app) == want
    assert calls == [_DIR]
    st.fs = OsFs()
    st.fs.listdir = None
    assert saved_slots(app) == want
    _clean(st)


def test_settings_read_as_names_and_values_in_both_languages():
    # "Ships may touch Yes" read as one phrase: each name now ends in a colon, and the values
    # stand in one column clear of the longest name
    from screenread import find

    app = _app()
    try:
        for lang in ("en", "hu"):
            app.settings.set("language", lang)
            app.apply_settings()
            app.stack[0].build(app)
            app.stack[0].sel = len(app.stack[0].items) - 1  # Settings, the last entry
            press(app, A)
            assert type(app.top()).__name__ == "SettingsScreen"
            buf = bytes(app.fb.buf)
            t = strings.t
            # (not the CPU level's name: the accent of the row under it touches "Gép szintje")
            names = [find(buf, t(k) + ":") for k in ("language", "sound", "touching")]
            values = [find(buf, v) for v in (t("lang_name"), t("off"), t("yes"), t("medium"))]
            assert None not in names and None not in values, (lang, names, values)
            assert len({x for x, _y in values}) == 1, (lang, values)  # one column
            assert [y for _x, y in names] == [y for _x, y in values[:3]]  # each on its name's row
            end = names[2][0] + font.width(t("touching") + ":")
            assert values[2][0] >= end + 4, lang  # "Ships may touch:" then, apart, "Yes"
            press(app, B)
    finally:
        app.settings.set("language", "en")
        app.apply_settings()
        app.save_settings()  # (B saved the Hungarian: the next test's app reads it)
