"""Placing our fleet for a linked game, and committing it over the link.

The screen and controls of Battleship against the CPU (bs_place): the fleet
starts shuffled, a menu beside the grid (Start, Shuffle, By hand, Quit); By
hand puts the ships down one at a time (arrows move the ship in hand, B
turns it, A puts it down, refused with the reason where it may not go). It
is its own small module rather than bs_place itself because bs_place brings
the CPU game with it (bs_battle, bs_engine, bs_ai, bs_view: about 28 KB of
heap), which the link game cannot spare beside the link layer in 192 KB.
Start commits the fleet (lk_game.commit) and goes to the battle.
"""

import font
import gridview
import ui
from bs_rules import OFF_GRID, OK, OVERLAP, SHIP_SIZES, SIZE, TOUCHING
from hal import DOWN, LEFT, RIGHT, UP, A, B
from lk_view import GRID_X, GRID_Y, K_PLACE, PANEL_W, PANEL_X, header, hint, lines, ship_name
from prng import Rng
from strings import t

_ITEMS = ("lk_start", "lk_shuffle", "lk_by_hand", "lk_quit")
_N = len(SHIP_SIZES)


def _breakable(name):
    """A name too long for the panel, with a space after the hyphen where the language breaks it
    (lk_hyphens: "Repülőgép-hordozó Tengeralatt-járó"), so it wraps onto two lines there."""
    if font.width(name) <= PANEL_W:
        return name
    for word in t("lk_hyphens").split(" "):
        if word.replace("-", "") == name.replace("-", ""):
            return word.replace("-", "- ")
    return name


class Placing(ui.Screen):
    def __init__(self, s, seed=0):
        self.s = s
        self.fleet = s.g.fleet
        self.rng = Rng(seed or s.seed())
        self.grid = gridview.Grid(GRID_X, GRID_Y)
        self.sel = 0
        self.ship = -1  # the ship in hand; -1: the menu is up
        self.row = self.col = 0
        self.vert = False
        self.why = OK
        self.other = -1  # the ship in the way
        if not self.fleet.complete():
            self.fleet.shuffle(self.rng)

    def update(self, app):
        if self.s.tick(app, K_PLACE) < 0:
            return
        btn = app.buttons
        if self.ship < 0:
            self.menu(app, btn)
            return
        if btn.pressed(A):
            if self.why != OK:
                app.cue("miss")  # the reason is on screen
                return
            self.fleet.place(self.ship, self.row, self.col, self.vert)
            app.cue("click")
            self.take(self.ship + 1)
        elif btn.pressed(B):
            self.vert = not self.vert
        elif btn.pressed(UP | DOWN | LEFT | RIGHT):
            self.row, self.col = gridview.step(self.row, self.col, btn)
        else:
            return
        self.judge()
        app.redraw()

    def menu(self, app, btn):
        if btn.pressed(UP) or btn.pressed(DOWN):
            self.sel = (self.sel + (1 if btn.pressed(DOWN) else -1)) % len(_ITEMS)
            app.redraw()
        elif btn.pressed(B):
            self.s.quit(app)
        elif btn.pressed(A):
            app.cue("click")
            item = self.sel
            if item == 0:
                self.s.begin(app)
            elif item == 1:
                self.fleet.shuffle(self.rng)
            elif item == 2:
                self.fleet.clear()
                self.take(0)
            else:
                self.s.quit(app)
            app.redraw()

    def take(self, ship):
        """The next ship in hand, at the first free spot from the middle; the menu after the last."""
        if ship >= _N:
            self.ship = -1
            self.sel = 0
            return
        self.ship = ship
        check = self.fleet.check
        for k in range(2 * SIZE * SIZE):
            cell = (k + 42) % (SIZE * SIZE)
            vert = k >= SIZE * SIZE
            if check(ship, cell // SIZE, cell % SIZE, vert) == OK:
                break
        self.row, self.col, self.vert = cell // SIZE, cell % SIZE, vert
        self.judge()

    def judge(self):
        """Why the ship in hand may not go where it is, and which ship is in the way."""
        f = self.fleet
        self.why = f.check(self.ship, self.row, self.col, self.vert)
        self.other = -1
        if self.why == OVERLAP or self.why == TOUCHING:
            reach = 1 if self.why == TOUCHING else 0
            n = SHIP_SIZES[self.ship]
            r1 = self.row + (n if self.vert else 1) - 1 + reach
            c1 = self.col + (1 if self.vert else n) - 1 + reach
            for r in range(max(self.row - reach, 0), min(r1, SIZE - 1) + 1):
                for c in range(max(self.col - reach, 0), min(c1, SIZE - 1) + 1):
                    o = f.occ[r * SIZE + c]
                    if o and o - 1 != self.ship and self.other < 0:
                        self.other = o - 1

    def draw(self, app, fb):
        grid = self.grid
        grid.frame(fb)
        grid.labels(fb)
        f = self.fleet
        for s in range(_N):
            if s != self.ship and f.placed(s):
                r, c, v = f.where(s)
                grid.ship(fb, r, c, SHIP_SIZES[s], v)
        header(fb, t("lk_place"))
        x = PANEL_X
        if self.ship < 0:
            for i in range(len(_ITEMS)):
                y = 11 + 9 * i
                if i == self.sel:
                    ui.marker(fb, x, y)
                ui.text(fb, font.fit(t(_ITEMS[i]), PANEL_W - 7), x + 6, y, 1)
            hint(fb, "lk_h_pick")
            return
        n = SHIP_SIZES[self.ship]
        grid.ship(fb, self.row, self.col, n, self.vert, gridview.SOLID if self.why == OK else gridview.GHOST)
        y = lines(fb, _breakable(t("lk_ship%d" % self.ship)), x, 11, PANEL_W, 2)
        gridview.fleet_icons(fb, x, y + 1, (n,), (True,))
        if self.why != OK:
            if self.why == OFF_GRID:
                why = t("lk_off")
            else:
                other = ship_name(self.other, PANEL_W) if self.other >= 0 else "?"
                why = t("lk_overlaps" if self.why == OVERLAP else "lk_touches") % other
            lines(fb, why, x, y + 8, PANEL_W - 2, 2)
        hint(fb, "lk_h_place")
