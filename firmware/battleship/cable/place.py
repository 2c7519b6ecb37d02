"""Placing our fleet for a linked game, and committing it over the link.

The screen and controls of every placement (placing.Placement): the fleet
starts shuffled, a menu beside the grid (Start, Shuffle, By hand, Quit); By
hand puts the ships down one at a time (arrows move the ship in hand, B
turns it, A puts it down, refused with the reason where it may not go). It
is its own small module rather than bs_place itself because bs_place brings
the CPU game with it (battleship.battle, battleship.engine, battleship.ai, battleship.view: about 28 KB of
heap), which the link game cannot spare beside the link layer in 192 KB.
Start commits the fleet (battleship.cable.game.commit) and goes to the battle.
"""

from battleship import grid as gridview
from battleship import placing
from battleship.cable.view import GRID_X, GRID_Y, K_PLACE, PANEL_W, PANEL_X, header, hint, lines, ship_name
from battleship.rules import OFF_GRID, OK, OVERLAP, SHIP_SIZES
from core import font, ui
from core.prng import Rng
from core.strings import t

_ITEMS = ("lk_start", "lk_shuffle", "lk_by_hand", "lk_quit")


def _breakable(name):
    """A name too long for the panel, with a space after the hyphen where the language breaks it
    (lk_hyphens: "Repülőgép-hordozó Tengeralatt-járó"), so it wraps onto two lines there."""
    if font.width(name) <= PANEL_W:
        return name
    for word in t("lk_hyphens").split(" "):
        if word.replace("-", "") == name.replace("-", ""):
            return word.replace("-", "- ")
    return name


class Placing(placing.Placement):
    def __init__(self, s, seed=0):
        self.s = s
        self.fleet = s.g.fleet
        self.rng = Rng(seed or s.seed())
        self.grid = gridview.Grid(GRID_X, GRID_Y)
        self.hand = placing.Hand(self.fleet)
        if not self.fleet.complete():
            self.fleet.shuffle(self.rng)

    def update(self, app):
        if not self.s.follow(app, K_PLACE):
            placing.Placement.update(self, app)

    def begin(self, app):
        self.s.begin(app)  # commits the fleet (battleship.cable.game.commit); the battle comes next frame

    def shuffle(self):
        self.fleet.shuffle(self.rng)

    def leave(self, app):
        self.s.quit(app)

    def draw(self, app, fb):
        hand = self.hand
        hand.draw(self.grid, fb)
        header(fb, t("lk_place"))
        x = PANEL_X
        if hand.ship < 0:
            ui.choices(fb, _ITEMS, self.sel, x, 11, PANEL_W - 1)
            hint(fb, "lk_h_pick")
            return
        y = lines(fb, _breakable(t("lk_ship%d" % hand.ship)), x, 11, PANEL_W, 2)
        gridview.fleet_icons(fb, x, y + 1, (SHIP_SIZES[hand.ship],), (True,))
        if hand.why != OK:
            if hand.why == OFF_GRID:
                why = t("lk_off")
            else:
                other = ship_name(hand.other, PANEL_W) if hand.other >= 0 else "?"
                why = t("lk_overlaps" if hand.why == OVERLAP else "lk_touches") % other
            lines(fb, why, x, y + 8, PANEL_W - 2, 2)
        hint(fb, "lk_h_place")
