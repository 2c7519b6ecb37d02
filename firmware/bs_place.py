"""Placing the player's fleet for Battleship and Salvo.

The fleet starts shuffled, with a menu beside the grid: Start, Shuffle, By
hand, Quit. By hand clears the grid and puts the ships down one at a time:
arrows move the ship in hand, B turns it, A puts it down. Where it may not
go it is drawn dotted and the reason is shown ("Off the grid", "Overlaps
Carrier"); A is refused there, the ship never moved for the player. After
the last ship the menu is back, on Start.
"""

import bs_battle
import font
import gridview
import ui
from bs_rules import OFF_GRID, OK, OVERLAP, SHIP_SIZES, SIZE, TOUCHING
from bs_view import GRID_X, GRID_Y, PANEL_W, PANEL_X, header, hint, pack, ship_lines
from hal import DOWN, LEFT, RIGHT, UP, A, B
from strings import t

_ITEMS = ("bs_start", "bs_shuffle", "bs_by_hand", "bs_quit")


class Placement(ui.Screen):
    def __init__(self, game):
        self.g = game
        self.grid = gridview.Grid(GRID_X, GRID_Y)
        self.sel = 0  # menu row
        self.ship = -1  # the ship in hand, -1 while the menu is up
        self.row = 4
        self.col = 2
        self.vert = False
        self.why = OK
        self.other = -1  # the ship it overlaps or touches

    # -- the ship in hand --------------------------------------------------
    def take(self, ship):
        """Pick up the next ship, in hand at a free spot near the middle when there is one."""
        self.ship = ship
        self.row, self.col, self.vert = 4, 2, False
        check = self.g.check_place
        if check(ship, 4, 2, False) != OK:
            for k in range(2 * SIZE * SIZE):
                cell = (k + 42) % (SIZE * SIZE)
                vert = k >= SIZE * SIZE
                if check(ship, cell // SIZE, cell % SIZE, vert) == OK:
                    self.row, self.col, self.vert = cell // SIZE, cell % SIZE, vert
                    break
        self.judge()

    def judge(self):
        """Why the ship in hand may not go where it is (and which ship is in the way)."""
        self.why = self.g.check_place(self.ship, self.row, self.col, self.vert)
        self.other = -1
        if self.why in (OVERLAP, TOUCHING):
            occ = self.g.fleets[0].occ
            n = SHIP_SIZES[self.ship]
            reach = 0 if self.why == OVERLAP else 1
            r0, c0 = self.row - reach, self.col - reach
            r1 = self.row + (n if self.vert else 1) - 1 + reach
            c1 = self.col + (1 if self.vert else n) - 1 + reach
            for r in range(max(r0, 0), min(r1, SIZE - 1) + 1):
                for c in range(max(c0, 0), min(c1, SIZE - 1) + 1):
                    o = occ[r * SIZE + c]
                    if o and o - 1 != self.ship and self.other < 0:
                        self.other = o - 1

    def update(self, app):
        btn = app.buttons
        if self.ship < 0:
            self.update_menu(app, btn)
            return
        moved = True
        if btn.pressed(UP):
            self.row = max(self.row - 1, 0)
        elif btn.pressed(DOWN):
            self.row = min(self.row + 1, SIZE - 1)
        elif btn.pressed(LEFT):
            self.col = max(self.col - 1, 0)
        elif btn.pressed(RIGHT):
            self.col = min(self.col + 1, SIZE - 1)
        elif btn.pressed(B):
            self.vert = not self.vert
        elif btn.pressed(A):
            moved = False
            if self.why != OK:
                app.cue("miss")  # refused: the reason is on screen
                return
            self.g.place(self.ship, self.row, self.col, self.vert)
            app.cue("click")
            if self.ship + 1 < len(SHIP_SIZES):
                self.take(self.ship + 1)
            else:
                self.ship = -1
                self.sel = 0
            app.redraw()
        else:
            moved = False
        if moved:
            self.judge()
            app.redraw()

    def update_menu(self, app, btn):
        if btn.pressed(UP):
            self.sel = (self.sel - 1) % len(_ITEMS)
            app.redraw()
        elif btn.pressed(DOWN):
            self.sel = (self.sel + 1) % len(_ITEMS)
            app.redraw()
        elif btn.pressed(B):
            app.pop()
        elif btn.pressed(A):
            app.cue("click")
            item = _ITEMS[self.sel]
            if item == "bs_start":
                self.begin(app)
            elif item == "bs_shuffle":
                self.g.shuffle()
                app.redraw()
            elif item == "bs_by_hand":
                self.g.fleets[0].clear()
                self.take(0)
                app.redraw()
            else:
                app.pop()

    def begin(self, app):
        self.g.start()
        battle = bs_battle.Battle(self.g)
        app.save("game", pack(self.g, battle.state_bytes()))
        app.replace(battle)

    # -- drawing -------------------------------------------------------------
    def draw(self, app, fb):
        grid = self.grid
        grid.frame(fb)
        grid.labels(fb)
        fleet = self.g.fleets[0]
        for s in range(len(SHIP_SIZES)):
            if s != self.ship and fleet.placed(s):
                r, c, v = fleet.where(s)
                grid.ship(fb, r, c, SHIP_SIZES[s], v)
        x = PANEL_X
        header(fb, t("bs_place"))
        if self.ship < 0:
            for i in range(len(_ITEMS)):
                y = 11 + 9 * i
                if i == self.sel:
                    ui.marker(fb, x, y)
                ui.text(fb, font.fit(t(_ITEMS[i]), PANEL_W - 7), x + 6, y, 1)
            hint(fb, "bs_h_pick")
            return
        n = SHIP_SIZES[self.ship]
        grid.ship(fb, self.row, self.col, n, self.vert, gridview.SOLID if self.why == OK else gridview.GHOST)
        y = 11
        for line in ship_lines(self.ship, PANEL_W):
            ui.text(fb, line, x, y, 1)
            y += 9
        gridview.fleet_icons(fb, x, y + 1, (n,), (True,))
        if self.why != OK:
            y += 7
            for line in self.reason():
                ui.text(fb, line, x, y, 1)
                y += 9
        hint(fb, "bs_h_place")

    def reason(self):
        """Why the ship in hand may not go there, as lines for the panel."""
        if self.why == OFF_GRID:
            return ui.wrap(t("bs_off"), PANEL_W - 2)
        key = "bs_overlaps" if self.why == OVERLAP else "bs_touches"
        return ship_lines(self.other, PANEL_W - 2, t(key))
