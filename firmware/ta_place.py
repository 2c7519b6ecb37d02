"""Placing our fleet for Torpedo Attack (against the CPU or over the cable).

The fleet starts shuffled with a menu beside the grid: Start, Shuffle, By
hand, Quit. By hand empties the grid and hands over the ships one by one,
Carrier first: the arrows move it, B turns it, A puts it down. Where it may
not go it is drawn checkered with the reason beside it and A is refused.
After the last ship the menu is back, on Start. The match (ta_match,
ta_cable) shuffles, and begins the game on Start.
"""

import sys

import gridview
import ui
from bs_rules import OFF_GRID, OK, OVERLAP, SHIP_SIZES
from compat import const
from hal import DOWN, LEFT, RIGHT, UP, A, B
from strings import t
from ta_view import Then, header, hint, lines, ship_name

_GRID_X = const(8)  # the grid's frame, the panel beside it (as ta_view's)
_GRID_Y = const(6)
_PANEL_X = const(63)
_PANEL_W = const(65)
_ITEMS = ("ta_start", "ta_shuffle", "ta_by_hand", "ta_quit")


class Placement(ui.Screen):
    ta_game = True  # closed with the game (ta_link_ui.leave)

    def __init__(self, match):
        self.m = match
        self.fleet = match.g.fleets[match.me]
        self.grid = gridview.Grid(_GRID_X, _GRID_Y)
        self.sel = 0
        self.ship = -1  # the ship in hand; -1: the menu is up
        self.row = self.col = 0
        self.vert = False
        self.why = OK
        self.other = -1  # the ship in the way

    def hand(self, ship):
        """Pick up a ship, at the first legal spot from the middle of the grid."""
        self.ship = ship
        self.row, self.col, self.vert = self.fleet.first_fit(ship, 44)
        self.judge()

    def judge(self):
        f = self.fleet
        self.why = f.check(self.ship, self.row, self.col, self.vert)
        self.other = f.blocker(self.ship, self.row, self.col, self.vert, self.why)

    def update(self, app):
        self.m.tick(app)
        btn = app.buttons
        if self.ship < 0:
            self.menu(app, btn)
            return
        r, c, v = self.row, self.col, self.vert
        if btn.pressed(UP | DOWN | LEFT | RIGHT):
            r, c = gridview.step(r, c, btn)
        elif btn.pressed(B):
            v = not v
        elif btn.pressed(A):
            if self.why != OK:
                app.cue("miss")
                return
            self.fleet.place(self.ship, r, c, v)
            app.cue("click")
            if self.ship + 1 < len(SHIP_SIZES):
                self.hand(self.ship + 1)
            else:
                self.ship = -1
                self.sel = 0
            app.redraw()
            return
        else:
            return
        self.row, self.col, self.vert = r, c, v
        self.judge()
        app.redraw()

    def menu(self, app, btn):
        if btn.pressed(UP) or btn.pressed(DOWN):
            self.sel = (self.sel + (1 if btn.pressed(DOWN) else -1)) % len(_ITEMS)
            app.redraw()
        elif btn.pressed(B):
            app.pop()
        elif btn.pressed(A):
            app.cue("click")
            item = _ITEMS[self.sel]
            if item == "ta_start":
                self.start(app)
            elif item == "ta_shuffle":
                self.m.shuffle()
                app.redraw()
            elif item == "ta_by_hand":
                self.fleet.clear()
                self.hand(0)
                app.redraw()
            else:
                app.pop()

    def start(self, app):
        self.m.begin(app)
        self.m.save(app)
        # locating (ta_locate, with the periscope) loads on the next frame, once placing's code
        # has left the heap (ta_view.need() brings it back)
        app.replace(Then(self.m, "ta_locate", "Locate"))
        sys.modules.pop("ta_place", None)

    # -- drawing -------------------------------------------------------------
    def draw(self, app, fb):
        grid = self.grid
        grid.frame(fb)
        grid.labels(fb)
        grid.fleet(fb, self.fleet, self.ship)
        header(fb, t("ta_place"))
        x = _PANEL_X
        if self.ship < 0:
            ui.choices(fb, _ITEMS, self.sel, x, 11, _PANEL_W - 1)
            hint(fb, "ta_h_pick")
            return
        n = SHIP_SIZES[self.ship]
        style = gridview.SOLID if self.why == OK else gridview.GHOST
        grid.ship(fb, self.row, self.col, n, self.vert, style)
        y = lines(fb, _breakable(ship_name(self.ship)), x, 11, _PANEL_W, 2)
        fb.fill_rect(x, y + 1, n * 3 + 1, 4, 1)
        y += 9
        if self.why != OK:
            lines(fb, self.reason(), x, y, _PANEL_W - 1, (ui.HINT_Y - y) // 9)
        hint(fb, "ta_h_place")

    def reason(self):
        if self.why == OFF_GRID:
            return t("ta_off")
        name = ship_name(self.other, _PANEL_W - 1) if self.other >= 0 else "?"
        return t("ta_overlaps" if self.why == OVERLAP else "ta_touches") % name


def _breakable(s):
    """A hyphenated name may break after its hyphen ("Repülőgép-hordozó")."""
    return s.replace("-", "- ")
