"""The linked battle: aiming at the other handheld's ocean, its shots on ours, salvos, link trouble
and the wait while its fleet is checked (the result is battleship.cable.end's).

Left, a grid (battleship.grid): their ocean as far as our shots have told us while
we aim, our fleet with their shots while they fire (B shows the other one
any time; on our fleet A opens the pause menu, whatever the battle waits for, as in the CPU
game). Right, a panel: whose turn (in Salvo the shots left as pips), the
aim, the latest shot and its answer, link trouble ("Cable unplugged?",
"Waiting for the other handheld...") in its place, little ships of the fleet
shown, and a hint. A on a cell already shot moves the cursor to the next one
not shot (reading order), so A alone can sweep the ocean.

The turn, the shots and the answers are battleship.cable.game's: this screen only shows
them and hands it the player's shot; the game is saved right after a shot,
before the link's next poll.
"""

from battleship import grid as gridview
from battleship.cable import board
from battleship.cable.board import NEWS_MINE, NEWS_NONE, NEWS_THEIRS, OWN, TARGET
from battleship.cable.game import EV_ANSWER, EV_SHOT, EV_TURN, ME
from battleship.cable.view import GRID_X, GRID_Y, K_BATTLE, K_MENU
from battleship.rules import AIM_START, CELLS, SIZE
from core import ui
from core.compat import const, ticks_diff
from core.hal import A, B

HOLD_MS = 700  # their last shot of a turn stays on our grid this long before we aim
BLINK_MS = 150  # their newest shot blinks (boxed / not) this fast ...
SHOW_MS = 900  # ... this long after it lands, then stays boxed
_ARROWS = const(15)


class Battle(ui.Screen):
    def __init__(self, s):
        self.s = s
        g = s.g
        self.grid = gridview.Grid(GRID_X, GRID_Y)
        self.cur = AIM_START  # (advance(): on from there to a cell not shot at)
        self.view = TARGET if g.turn == ME else OWN
        self.news = NEWS_NONE
        if g.turn == ME and g.last_theirs is not None:
            self.news = NEWS_THEIRS
        elif g.last_mine is not None:
            self.news = NEWS_MINE
        self.shot_at = None  # when their newest shot landed (it blinks)
        self.boxed = True
        self.hold = None  # their turn just ended: their last shot stays shown until then
        self.advance()

    # -- input -------------------------------------------------------------------------------
    def update(self, app):
        s = self.s
        if s.follow(app, K_BATTLE):
            return
        ev = s.take_events()
        g = s.g
        if ev:
            self.events(app, ev)
        btn = app.buttons
        if self.hold is not None:
            if btn.pressed(A | B | _ARROWS) or ticks_diff(app.now, self.hold) >= 0:
                self.hold = None
                self.view = TARGET
                app.redraw()
            return
        if btn.pressed(B):
            self.view ^= 1
            app.redraw()
        elif self.view == TARGET and g.my_turn():
            if btn.pressed(_ARROWS):
                gridview.aim(self, app, btn)
            elif btn.pressed(A):
                self.fire(app)
        elif self.view == OWN and btn.pressed(A):
            # the pause menu on our fleet, as in the CPU game, whatever the battle waits for
            # (their fleet, their turn, our shot's answer, the check at the end: issue 41):
            # Save and quit, whatever the other does. On their grid A only fires, so a thumb
            # still on A after a shot never opens it
            app.push(Paused(s))
        self.blink(app)

    def events(self, app, ev):
        g = self.s.g
        if ev & EV_ANSWER:
            self.news = NEWS_MINE
            _cue(app, g.last_mine)
        if ev & EV_SHOT:
            self.news = NEWS_THEIRS
            self.view = OWN
            self.shot_at = app.now
            self.boxed = True
            _cue(app, g.last_theirs)
        if ev & EV_TURN and g.turn == ME:
            if ev & EV_SHOT:
                self.hold = app.now + HOLD_MS
            else:
                self.view = TARGET
            if not ev & (EV_ANSWER | EV_SHOT):
                app.cue("click")
            self.advance()
        app.redraw()

    def blink(self, app):
        if self.shot_at is None:
            return
        age = ticks_diff(app.now, self.shot_at)
        on = age >= SHOW_MS or (age // BLINK_MS) & 1 == 0
        if on != self.boxed:
            self.boxed = on
            app.redraw()

    def advance(self):
        """The cursor to the first cell not shot at, from where it is (reading order)."""
        answered = self.s.g.peer.answered
        for k in range(CELLS):
            c = (self.cur + k) % CELLS
            if not answered[c]:
                self.cur = c
                break
        self.coord = gridview.name(self.cur // SIZE, self.cur % SIZE)

    def fire(self, app):
        s = self.s
        g = s.g
        if g.peer.answered[self.cur]:
            self.advance()
            app.cue("click")
            app.redraw()
            return
        g.fire(self.cur)  # saved before the next poll sends it (link.match)
        app.redraw()

    def draw(self, app, fb):
        board.draw(self, fb)


def _cue(app, last):
    if last is not None:
        app.cue("sunk" if last[2] else ("hit" if last[1] else "miss"))


class Paused(ui.Menu):
    """Back to the battle, save and quit (Continue goes on; the other handheld waits), or the help
    of Battleship against the CPU (battleship.help: the same ship bars and grid marks; loaded only
    while open)."""

    def __init__(self, s):
        self.s = s
        items = [("lk_back", _back), ("lk_save_quit", self._quit), ("lk_help", _help)]
        ui.Menu.__init__(self, "lk_paused", items)

    def update(self, app):
        if self.s.follow(app, K_MENU):
            return
        ui.Menu.update(self, app)

    def _quit(self, app):
        app.pop()
        app.pop()


def _back(app):
    app.pop()


def _help(app):
    from core.compat import load

    app.push(load("battleship.help").Help())  # its words load with it, and leave when it closes
