"""The main menu: game modes load on demand and are unloaded after (the menus leave the
heap while a game runs and come back on the entry it was started from), and
"Continue" appears for a saved game and resumes it."""

import sys

import fake_mode
from fakehw import make_hw, press

from core import modes
from core.app import App
from core.hal import DOWN, A, B
from core.home import Home
from core.storage import Storage

_DIR = "/tmp/broadside-test-home"


def _app(with_save=None):
    st = Storage(_DIR)
    st.delete("game")
    if with_save is not None:
        st.save("game", with_save)
    app = App(make_hw(storage=st))
    app.push(Home())
    app.step()
    return app


def _labels(app):
    home = app.stack[0]
    return [home.label(i) for i in range(len(home.items))]


def test_no_save_no_continue():
    modes.RESUME[ord("Z")] = "fake_mode"
    app = _app()
    assert "Continue" not in _labels(app)


def test_saved_game_resumes_exactly():
    modes.RESUME[ord("Z")] = "fake_mode"
    app = _app(b"Zstate-42")
    assert _labels(app)[0] == "Continue"
    fake_mode.CALLS.clear()
    press(app, A)
    assert fake_mode.CALLS == [("resume", b"Zstate-42")]
    assert isinstance(app.top(), fake_mode.Board)


def test_unknown_tag_is_not_offered():
    app = _app(b"?mystery")
    assert "Continue" not in _labels(app)


def test_unreadable_save_gives_notice_not_crash():
    modes.RESUME[ord("Z")] = "fake_mode"
    app = _app(b"Zbroken")
    press(app, A)
    assert app.notice and "unreadable" in app.notice
    assert type(app.top()).__name__ == "Home"  # the menu, built anew


def test_mode_modules_unloaded_when_game_closes():
    saved = modes.MODES
    try:
        modes.MODES = (("settings", "fake_mode_b", 7),)
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
        modes.MODES = (("settings", "fakepkg.mode", None),)
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
    modes.RESUME[ord("Z")] = "fake_mode"
    app = _app()
    home = app.stack[0]
    home.sel = 1
    Storage(_DIR).save("game", b"Zsaved")  # a game was saved meanwhile
    home.resume(app)
    assert _labels(app)[0] == "Continue"
    assert home.items[home.sel][0] == _labels_keys(app)[2]


def _labels_keys(app):
    return [item[0] for item in app.stack[0].items]


def test_damaged_save_gives_notice_and_clean_start():
    st = Storage(_DIR)
    st.delete("game")
    st.fs.write(_DIR + "/game", b"BSV1 this is not a save")
    app = App(make_hw(storage=st))
    app.push(Home())
    app.step()
    assert app.notice and "damaged" in app.notice
    assert "Continue" not in _labels(app)


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
