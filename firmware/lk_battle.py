"""The linked battle: aiming at the other handheld's ocean, its shots on ours, salvos, link trouble
and the wait while its fleet is checked (the result is lk_end's).

Left, a grid (gridview): their ocean as far as our shots have told us while
we aim, our fleet with their shots while they fire (B shows the other one
any time). Right, a panel: whose turn (in Salvo the shots left as pips), the
aim, the latest shot and its answer, link trouble ("Cable unplugged?",
"Waiting for the other handheld...") in its place, little ships of the fleet
shown, and a hint. A on a cell already shot moves the cursor to the next one
not shot (reading order), so A alone can sweep the ocean.

The turn, the shots and the answers are lk_game's: this screen only shows
them and hands it the player's shot; the game is saved right after a shot,
before the link's next poll.
"""

import font
import gridview
import ui
from bs_rules import CELLS, HIT, SHIP_SIZES, SIZE
from compat import const, ticks_diff
from hal import DOWN, LEFT, RIGHT, UP, A, B
from link_session import ST_OPEN, ST_UNPLUGGED
from lk_game import EV_ANSWER, EV_SHOT, EV_TURN, ME, OVER
from lk_view import GRID_X, GRID_Y, K_BATTLE, K_MENU, PANEL_W, PANEL_X, draw_own, header, hint, ship_name
from strings import t

TARGET = const(0)
OWN = const(1)

NEWS_NONE = const(0)
NEWS_MINE = const(1)
NEWS_THEIRS = const(2)

HOLD_MS = 700  # their last shot of a turn stays on our grid this long before we aim
BLINK_MS = 150  # their newest shot blinks (boxed / not) this fast ...
SHOW_MS = 900  # ... this long after it lands, then stays boxed
_ARROWS = const(15)


def _lines(fb, s, x, y, px, most):
    """s wrapped to px, at most `most` lines from y."""
    for line in ui.wrap(s, px)[:most]:
        ui.text(fb, line, x, y, 1)
        y += font.LINE


def _answer_lines(fb, x, key, last):
    """'You: D-4' then HIT / MISS / SUNK: and the ship's name."""
    cell, hit, sunk = last
    ui.text(fb, t(key) % gridview.name(cell // SIZE, cell % SIZE), x, 20, 1)
    if sunk:
        w = font.width(t("lk_sunk")) + 3
        fb.fill_rect(x - 1, 28, w, 9, 1)
        ui.text(fb, t("lk_sunk"), x + 1, 29, 0)
        ui.text(fb, ship_name(sunk - 1, PANEL_W), x, 38, 1)
    else:
        ui.text(fb, t("lk_hit" if hit == HIT else "lk_miss"), x, 29, 1)


class Battle(ui.Screen):
    def __init__(self, s):
        self.s = s
        g = s.g
        self.grid = gridview.Grid(GRID_X, GRID_Y)
        self.cur = 0
        self.view = TARGET if g.turn == ME else OWN
        self.news = NEWS_NONE
        if g.turn == ME and g.last_theirs is not None:
            self.news = NEWS_THEIRS
        elif g.last_mine is not None:
            self.news = NEWS_MINE
        self.shot_at = None  # when their newest shot landed (it blinks)
        self.boxed = True
        self.hold = None  # their turn just ended: their last shot stays shown until then
        self.coord = gridview.name(0, 0)
        self.advance()

    # -- input -------------------------------------------------------------------------------
    def update(self, app):
        s = self.s
        if s.tick(app, K_BATTLE) < 0:
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
        elif self.view == TARGET:
            if g.my_turn():
                if btn.pressed(_ARROWS):
                    self.move(app, btn)
                elif btn.pressed(A):
                    self.fire(app)
        elif btn.pressed(A) and (g.turn == ME or s.status != ST_OPEN):
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

    def move(self, app, btn):
        r, c = self.cur // SIZE, self.cur % SIZE
        if btn.pressed(UP):
            r = max(r - 1, 0)
        elif btn.pressed(DOWN):
            r = min(r + 1, SIZE - 1)
        elif btn.pressed(LEFT):
            c = max(c - 1, 0)
        elif btn.pressed(RIGHT):
            c = min(c + 1, SIZE - 1)
        if r * SIZE + c != self.cur:
            self.cur = r * SIZE + c
            self.coord = gridview.name(r, c)
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
        g.fire(self.cur)
        if g.needs_save():
            s.save(app)  # the shot leaves in the next poll: it is in flash first
        app.redraw()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, app, fb):
        g = self.s.g
        grid = self.grid
        own = self.view == OWN
        grid.frame(fb)
        aiming = not own and (g.my_turn() or (g.turn == ME and g.aim >= 0))
        cell = g.aim if g.aim >= 0 else self.cur
        if aiming:
            grid.labels(fb, cell // SIZE, cell % SIZE)
        else:
            grid.labels(fb)
        if own:
            draw_own(grid, fb, g.fleet)
            last = g.last_theirs
            if last is not None and self.boxed and self.news == NEWS_THEIRS:
                grid.cursor(fb, last[0] // SIZE, last[0] % SIZE)
        else:
            grid.marks(fb, g.peer_view)
            if aiming:
                grid.cursor(fb, cell // SIZE, cell % SIZE)
        self.draw_panel(fb, own, aiming)

    def draw_panel(self, fb, own, aiming):
        s = self.s
        g = s.g
        x = PANEL_X
        pips = 0
        if g.phase == OVER:
            head = t("lk_check_head")
        elif not g.ready():
            head = t("lk_fleets")
        elif g.turn == ME:
            if g.salvo:
                head = t("lk_shots")
                pips = g.fleet.afloat()
            else:
                head = t("lk_firing" if g.aim >= 0 else "lk_your_turn")
        else:
            head = t("lk_their_turn")
        hx = header(fb, head)
        left = g.shots_left - (1 if g.aim >= 0 else 0)
        for i in range(pips):
            px = hx + 2 + 5 * i
            if i < left:
                fb.fill_rect(px, 2, 4, 5, 0)
            else:
                fb.rect(px, 2, 4, 5, 0)
        if own:
            ui.text(fb, t("lk_afloat") % g.fleet.afloat(), x, 11, 1)
        elif aiming:
            ui.text(fb, t("lk_aim") % gridview.name(self.cur // SIZE, self.cur % SIZE), x, 11, 1)
        if s.status == ST_UNPLUGGED:
            _lines(fb, t("lk_unplugged"), x, 20, PANEL_W, 3)
        elif s.slow and g.ready():
            _lines(fb, t("lk_waiting"), x, 20, PANEL_W, 3)
        elif g.phase == OVER:
            _lines(fb, t("lk_checking"), x, 20, PANEL_W, 3)
        elif not g.ready():
            _lines(fb, t("lk_sending_fleet" if not g.committed() else "lk_wait_fleet"), x, 20, PANEL_W, 3)
        elif self.news == NEWS_MINE and g.last_mine is not None:
            _answer_lines(fb, x, "lk_you", g.last_mine)
        elif self.news == NEWS_THEIRS and g.last_theirs is not None:
            _answer_lines(fb, x, "lk_them", g.last_theirs)
        if own:
            sunk = [g.fleet.sunk(i) for i in range(len(SHIP_SIZES))]
        else:
            sunk = g.peer_sunk
        gridview.fleet_icons(fb, x, 48, SHIP_SIZES, sunk, 3, 2)
        if not own:
            hint(fb, "lk_h_aim" if g.my_turn() else "lk_h_fleet")
        else:
            hint(fb, "lk_h_menu" if g.turn == ME or s.status != ST_OPEN else "lk_h_target")


def _cue(app, last):
    if last is not None:
        app.cue("sunk" if last[2] else ("hit" if last[1] else "miss"))


class Paused(ui.Menu):
    """Back to the battle, or save and quit (Continue goes on; the other handheld waits)."""

    def __init__(self, s):
        self.s = s
        ui.Menu.__init__(self, "lk_paused", [("lk_back", _back), ("lk_save_quit", self._quit)])

    def update(self, app):
        if self.s.tick(app, K_MENU) < 0:
            return
        ui.Menu.update(self, app)

    def _quit(self, app):
        app.pop()
        app.pop()


def _back(app):
    app.pop()
