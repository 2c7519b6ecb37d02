# interpreters: micropython
"""Back to the menu after a game through a restart (core.restart): where the board
can restart the firmware, a game that closes notes the way back in flash and
resets; the next boot shows the menu on the entries the game was started from,
with any notice, and reads the note once."""

import sys

from fakehw import make_hw, press

from core.app import App
from core.hal import DOWN, A, B
from core.storage import Storage

_DIR = "/tmp/broadside-test-restart"


class Reset(Exception):
    pass


def _reset():
    raise Reset()


def _app(st):
    hw = make_hw(storage=st)
    hw.reset = _reset
    app = App(hw)
    app.home()
    app.step()
    return app


def _storage():
    st = Storage(_DIR)
    st.delete("game")
    st.delete("way")
    return st


def test_a_game_closes_through_a_restart_and_the_menu_comes_back_on_its_entry():
    st = _storage()
    before = set(sys.modules)
    app = _app(st)
    press(app, A)  # the Battleship menu
    press(app, DOWN)
    press(app, A)  # Salvo: its level menu, the game's first screen
    assert "battleship.ui" in sys.modules
    app.notice = "Save failed"
    restarted = False
    try:
        press(app, B)  # the game's last screen closes
    except Reset:
        restarted = True
    assert restarted
    for m in [m for m in sys.modules if m not in before]:  # what the restart forgets
        del sys.modules[m]
    assert st.load("way")[0] is not None
    # the next boot
    app = App(app.hw)
    assert st.load("way")[0] is None  # read once
    app.home()
    assert [s.way() for s in app.stack] == [("title", "battleship_menu"), ("battleship_menu", "salvo")]
    assert app.notice == "Save failed"
    assert "core.restart" not in sys.modules


def test_a_boot_without_a_note_starts_on_the_first_entry():
    app = _app(_storage())
    assert len(app.stack) == 1
    assert app.stack[0].items[app.stack[0].sel][0] == "battleship_menu"
    assert app.notice is None


def test_when_the_flash_refuses_the_note_the_menu_comes_back_without_a_restart():
    st = _storage()
    app = _app(st)

    def refuse(name, payload):
        return False

    app.save = refuse
    press(app, A)
    press(app, DOWN)
    press(app, A)  # Salvo's level menu
    press(app, B)  # closes: no restart, the menu comes back in this heap
    assert "battleship.ui" not in sys.modules
    assert [s.way() for s in app.stack] == [("title", "battleship_menu"), ("battleship_menu", "salvo")]


def test_without_a_restart_a_game_that_goes_home_from_its_own_screen_leaves_nothing_under_the_menu():
    # Broadside's firmware has no reset (it holds the game's names); the card game over the cable
    # goes home from its own screen: that screen and the game's modules must not stay behind
    hw = make_hw(storage=_storage())
    hw.reset = None
    app = App(hw)
    app.home()
    app.step()
    press(app, A)  # the Battleship menu
    press(app, A)  # Battleship: its level menu, the game's first screen
    assert "battleship.ui" in sys.modules
    game_screen = app.top()
    app.home()  # as cards.cable.ui does, with its screen still on the stack
    assert game_screen not in app.stack
    assert type(app.stack[0]).__name__ == "Home"
    assert [type(s).__name__ for s in app.stack] in (["Home"], ["Home", "GroupMenu"])
    assert "battleship.ui" not in sys.modules
