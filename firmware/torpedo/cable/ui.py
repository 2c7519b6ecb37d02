"""Torpedo Attack over the cable before its game, and moving between a cable game's screens.

LinkScreen shows the link while there is no game to show, on the link's own screens
(link.screen, one set for every cable game): looking for the other handheld, unplugged,
another protocol version, other rules (A plays the other handheld's level and touching rule),
saves that differ (A starts a new game on both; out of step, the side with the newer save:
A claims the win, RIGHT a new game), the coin in the air; then who calls first, big. Over a
game it comes up by itself when only the player can settle something (modal).

Loaded while shown, with link.screen, and both dropped once the game's own screens take over
(a cable game is the largest thing in memory): see drop().
"""

import gc
import sys

from core import ui
from core.compat import const, load, unload
from core.hal import A, B
from core.strings import t
from link.match import ST_OPEN
from torpedo.view import Then, goes_on, level, need, under_top

_LINKING = const(0)  # torpedo.cable.match's stages: no game yet; placing the fleet
_PLACE = const(2)
_FIRST_FRAMES = const(45)  # who calls first stays up this long (A: at once)


def _screen():
    """link.screen, imported on the screen's first frame: a saved game's match (torpedo.cable.match)
    is read back first, its 3.2 KB block found before the link's screens cut up the heap. Over a
    game in play (the other came back out of step, the claim) the heap is collected first: the
    game's frames leave garbage, and the import wants whole blocks."""
    if "link.screen" not in sys.modules:
        gc.collect()
    return load("link.screen")


def drop():
    """Forget this module and the link's screens until they are needed again."""
    if "link.screen" in sys.modules:
        _screen().drop()
    unload("torpedo.cable.ui")


class LinkScreen(ui.Screen):
    """The link while there is no game to show, or a problem only the player can settle."""

    ta_game = True

    def __init__(self, match, modal=False):
        self.m = match
        self.modal = modal  # over a game: close when the link is open again
        self.timer = 0
        self.shown_first = False

    def update(self, app):
        m = self.m
        if not goes_on(app, m):
            return
        btn = app.buttons
        if btn.pressed(B):
            leave(app)
            return
        if _screen().update(app, m):  # the other's rules, a new game on both, or the win claimed
            if self.modal and m.stage == _LINKING:
                restart(app, m)  # a new game on both: a fresh coin toss
            return
        st = m.link.status()
        if self.modal:
            if st == ST_OPEN:
                app.pop()
                drop()
            return
        if m.stage >= _PLACE and st == ST_OPEN:
            if not self.shown_first:
                self.shown_first = True
                self.timer = _FIRST_FRAMES
                app.cue("dice")
                app.redraw()
            self.timer -= 1
            if self.timer <= 0 or btn.pressed(A):
                app.replace(game_screen(m))
                drop()

    def draw(self, app, fb):
        m = self.m
        screen = _screen()
        said = screen.text(m)
        if said is None and m.stage >= _PLACE:  # the coin's answer: big and clear
            ui.title(fb, t("ta_cable"))
            fb.fill_rect(0, 26, ui.W, 11, 1)
            ui.center(fb, t("ta_you_first" if m.g.first == m.me else "ta_opp_first"), 28, 0)
            return
        said = said or (t("ln_coin"), "ln_hint_leave")  # linked: the coin is in the air
        screen.draw(fb, t("ta_cable"), said[0], said[1])


# -- moving between the screens ------------------------------------------------------------
def game_screen(m):
    """The screen that shows a match at its stage. Its modules load on the next frame, once the
    link's screens and this module have left the heap (torpedo.view.Then)."""
    if m.stage == _PLACE:
        return Then(m, "torpedo.place", "Placement")
    return Then(m, "torpedo.locate", "Locate")


def leave(app):
    """Close every Torpedo Attack screen (the game stays saved)."""
    under_top(app)
    app.pop()


def restart(app, m):
    """After new_game(): the link screen alone, for a fresh coin toss."""
    under_top(app)
    app.replace(LinkScreen(m))


def linking(app):
    """The screen of a new cable game, from the mode's menu (torpedo.ui.new_cable_game: the board
    has a cable port). The game's LinkGame comes first, before the link's modules: its 3.2 KB for
    the rival's commitments find one piece of heap (see torpedo.cable.match.CableMatch)."""
    need(app, "torpedo.cable.game")
    rand = app.rand_bytes()
    touching = bool(app.settings.get("touching"))
    lg = load("torpedo.cable.game").LinkGame(0, bytes(8), 0, level(app), touching, rand)
    need(app, "torpedo.cable.match")
    m = load("torpedo.cable.match").CableMatch(app, lg, rand)
    app.match = m  # the app ticks it once a frame
    return LinkScreen(m)


def resume(app, payload):
    need(app, "torpedo.cable.match")
    m = load("torpedo.cable.match").CableMatch.load(app, payload)
    app.match = m  # the app ticks it once a frame
    if m.stage < _PLACE:
        app.push(LinkScreen(m))
    else:
        app.push(game_screen(m))
        drop()
