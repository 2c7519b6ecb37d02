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
from core import font
from core.prng import Rng
from core.strings import t


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
    # the panel (placing.Placement.draw) in Link battle's words
    x = PANEL_X
    w = PANEL_W
    items = ("lk_start", "lk_shuffle", "lk_by_hand", "lk_quit")
    keys = ("lk_place", "lk_h_pick", "lk_h_place", "lk_off", "lk_overlaps", "lk_touches")
    header = staticmethod(header)
    hint = staticmethod(hint)
    lines = staticmethod(lines)
    name = staticmethod(ship_name)
    breakable = staticmethod(_breakable)

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
