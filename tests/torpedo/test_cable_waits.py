# interpreters: micropython
"""Issue 41, 4: the periscope over the cable waits on the rival's press (its torpedo while it aims,
the shoot-out's second press) and says "B:menu" there; B gives the game's pause menu, and Save and
quit saves the game and closes every Torpedo Attack screen, as on the grid while the rival calls
(tests/torpedo/test_cable_screens.py). Read off the display."""

from fakehw import make_hw, press, texts
from ta_play import QuietPort

from catalogs.torpedo_cable import _Stub
from catalogs.torpedo_play import game, play
from core import strings
from core.app import App
from core.hal import DOWN, A, B
from core.home import Home
from torpedo import view
from torpedo.rules import FIRE, SHOOTOUT

_WATCH = 2  # torpedo.scope_ui's states
_WAIT = 4
_OPEN = 6  # link.match: the link is open
_PLAY = 4  # torpedo.cable.match: the stage of play


class _Match(_Stub):
    saved = 0

    def save(self, app):
        self.saved += 1


def _periscope(g, state):
    from torpedo.scope_ui import Scope

    hw = make_hw()
    hw.link = QuietPort()
    app = App(hw)
    strings.set_lang("en")
    app.push(Home(app))  # the main menu, where the game was started from
    view.words()
    m = _Match(_OPEN, g, _PLAY)
    m.me = 1 - g.turn if g.phase == FIRE else 0  # the rival shoots (or both do: the shoot-out)
    s = Scope(m)
    app.push(s)
    app.step()  # enter: up periscope
    s.state = state
    return app, m


def _out(app, m, waiting):
    shown = " ".join(texts(app))
    assert waiting + "  B:menu" in shown, shown
    press(app, B)
    assert type(app.top()).__name__ == "Paused" and "Save and quit" in texts(app), texts(app)
    press(app, DOWN)
    press(app, A)  # Save and quit
    assert m.saved == 1 and type(app.top()).__name__ == "Home"


def test_the_rivals_torpedo_not_yet_pressed_gives_the_menu():
    g = play(game(), lambda g: g.phase == FIRE)
    app, m = _periscope(g, _WATCH)
    _out(app, m, "Rival aims")


def test_the_shootouts_second_press_awaited_gives_the_menu():
    g = game()
    g.phase = SHOOTOUT  # a tie (as catalogs.torpedo_cpu's shoot-out)
    app, m = _periscope(g, _WAIT)
    _out(app, m, "Waiting...")
