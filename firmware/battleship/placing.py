"""Placing a fleet: one mechanism for the three placement screens (bs_place,
lk_place, torpedo.place).

`Placement` is their screen: the fleet starts shuffled with a menu beside the
grid (Start, Shuffle, By hand, Quit; B quits too). By hand empties the grid
and gives the ships to the `Hand`, one at a time; after the last ship the
menu is back, on Start. A subclass says what Start, Shuffle and Quit do
(begin, shuffle, leave) and draws the panel (the grid is the hand's).

The ships come one at a time, Carrier first, each picked up at the first
spot from the middle of the grid where it may go. The arrows move it, B
turns it, A puts it down; where it may not go, A is refused with a cue and
`why` (battleship.rules reason) and `other` (the ship in the way, or -1) say why,
for the screen to show. After the last ship the hand is empty (ship -1).

This module is loaded with the placement screens and leaves the heap with
them.
"""

from battleship import grid as gridview
from battleship.rules import OFF_GRID, OK, OVERLAP, SHIP_SIZES
from core import ui
from core.compat import const
from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from core.strings import t

_TYPING = const(0)  # `make typecheck` reads `if _TYPING:` as true; MicroPython compiles no byte of it
if _TYPING:
    from typing import Any


class Hand:
    def __init__(self, fleet, start=42):
        self.fleet = fleet
        self.start = start  # the cell first_fit looks from
        self.ship = -1
        self.row = self.col = 0
        self.vert = False
        self.why = OK
        self.other = -1

    def take(self, ship):
        """Pick up `ship` (past the last one, the hand is empty)."""
        if ship >= len(SHIP_SIZES):
            self.ship = -1
            return
        self.ship = ship
        self.row, self.col, self.vert = self.fleet.first_fit(ship, self.start)
        self.judge()

    def judge(self):
        f = self.fleet
        self.why = f.check(self.ship, self.row, self.col, self.vert)
        self.other = f.blocker(self.ship, self.row, self.col, self.vert, self.why)

    def update(self, app, btn):
        """Handle a frame's buttons; True when the screen must be drawn again."""
        if btn.pressed(A):
            if self.why != OK:
                app.cue("miss")  # refused: the reason is on screen
                return False
            self.fleet.place(self.ship, self.row, self.col, self.vert)
            app.cue("click")
            self.take(self.ship + 1)
            return True
        r, c, v = self.row, self.col, self.vert
        if btn.pressed(B):
            v = not v
        elif btn.pressed(UP | DOWN | LEFT | RIGHT):
            r, c = gridview.step(r, c, btn, False)  # a ship stops at the edge
        else:
            return False
        self.move(r, c, v)
        return True

    def move(self, row, col, vert):
        """Hold the ship at (row, col), upright or not, and judge the spot."""
        self.row, self.col, self.vert = row, col, vert
        self.judge()

    def draw(self, grid, fb):
        """The grid with the fleet placed so far and the ship in hand: solid where it may go,
        checkered where not."""
        grid.frame(fb)
        grid.labels(fb)
        grid.fleet(fb, self.fleet, self.ship)
        if self.ship >= 0:
            style = gridview.SOLID if self.why == OK else gridview.GHOST
            grid.ship(fb, self.row, self.col, SHIP_SIZES[self.ship], self.vert, style)


class Placement(ui.Screen):
    """The menu and the hand; a subclass sets self.hand and self.grid and gives
    begin(app), shuffle() and leave(app)."""

    # a subclass's, declared for the type checker
    hand: "Hand"
    grid: "Any"
    begin: "Any"
    shuffle: "Any"
    leave: "Any"

    sel = 0  # the menu's row

    # The panel right of the grid, as Link battle and Torpedo Attack draw it (draw()). The game
    # gives where it is (x, w: its layout's panel), its words, `items` (the menu: Start,
    # Shuffle, By hand, Quit) and `keys` (the title, the hints while picking and while placing,
    # and why a ship may not go: off the grid, overlapping a ship, touching one), its
    # header(fb, s), hint(fb, key),
    # lines(fb, s, x, y, px, most) and name(ship, px), and where a ship's name may break
    # (breakable(name)). Whole keys, none made as it draws: a panel that joined a prefix to
    # each key as it drew measured 14.1 KB more at Torpedo over the cable's peak on the unix
    # port (bench memory).
    x: int
    w: int
    items: "Any"
    keys: "Any"
    header: "Any"
    hint: "Any"
    lines: "Any"
    name: "Any"

    def update(self, app):
        btn = app.buttons
        hand = self.hand
        if hand.ship >= 0:
            if hand.update(app, btn):
                self.sel = 0  # the menu, after the last ship, opens on Start
                app.redraw()
        elif btn.pressed(UP) or btn.pressed(DOWN):
            self.sel = (self.sel + (1 if btn.pressed(DOWN) else -1)) % 4
            app.redraw()
        elif btn.pressed(B):
            self.leave(app)
        elif btn.pressed(A):
            app.cue("click")
            sel = self.sel
            if sel == 0:
                self.begin(app)
                return
            if sel == 1:
                self.shuffle()
            elif sel == 2:
                hand.fleet.clear()
                hand.take(0)
            else:
                self.leave(app)
                return
            app.redraw()

    @staticmethod
    def breakable(name):
        """A hyphenated name may break after its hyphen ("Repülőgép-hordozó")."""
        return name.replace("-", "- ")

    def draw(self, app, fb):
        """The grid with the hand, and the panel: the menu, or the ship in hand (its name, its
        icon) and why it may not go where it is held."""
        hand = self.hand
        hand.draw(self.grid, fb)
        k, x, w = self.keys, self.x, self.w
        self.header(fb, t(k[0]))
        if hand.ship < 0:
            ui.choices(fb, self.items, self.sel, x, 11, w - 1)
            self.hint(fb, k[1])
            return
        y = self.lines(fb, self.breakable(self.name(hand.ship, ui.W)), x, 11, w, 2)
        gridview.fleet_icons(fb, x, y + 1, (SHIP_SIZES[hand.ship],), (True,))
        y += 9
        if hand.why != OK:
            if hand.why == OFF_GRID:
                why = t(k[3])
            else:
                other = self.name(hand.other, w - 1) if hand.other >= 0 else "?"
                why = t(k[4] if hand.why == OVERLAP else k[5]) % other
            self.lines(fb, why, x, y, w - 1, (ui.HINT_Y - y) // 9)
        self.hint(fb, k[2])
