"""Placing the player's fleet for Battleship and Salvo.

The fleet starts shuffled, with a menu beside the grid: Start, Shuffle, By
hand, Quit. By hand clears the grid and puts the ships down one at a time:
arrows move the ship in hand, B turns it, A puts it down. Where it may not
go it is drawn dotted and the reason is shown ("Off the grid", "Overlaps
Carrier"); A is refused there, the ship never moved for the player. After
the last ship the menu is back, on Start.
"""

import bs_battle
import gridview
import ui
from bs_rules import OFF_GRID, OK, OVERLAP, SHIP_SIZES
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
        """Pick up the next ship, in hand at the first free spot from the middle."""
        self.ship = ship
        self.row, self.col, self.vert = self.g.fleets[0].first_fit(ship)
        self.judge()

    def judge(self):
        """Why the ship in hand may not go where it is (and which ship is in the way)."""
        self.why = self.g.check_place(self.ship, self.row, self.col, self.vert)
        self.other = self.g.fleets[0].blocker(self.ship, self.row, self.col, self.vert, self.why)

    def update(self, app):
        btn = app.buttons
        if self.ship < 0:
            self.update_menu(app, btn)
            return
        moved = True
        if btn.pressed(UP | DOWN | LEFT | RIGHT):
            self.row, self.col = gridview.step(self.row, self.col, btn)
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
        grid.fleet(fb, self.g.fleets[0], self.ship)
        x = PANEL_X
        header(fb, t("bs_place"))
        if self.ship < 0:
            ui.choices(fb, _ITEMS, self.sel, x, 11, PANEL_W - 1)
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
