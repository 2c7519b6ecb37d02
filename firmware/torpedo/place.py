"""Placing our fleet for Torpedo Attack (against the CPU or over the cable).

The fleet starts shuffled with a menu beside the grid (placing.Placement): Start, Shuffle, By
hand, Quit. By hand empties the grid and hands over the ships one by one,
Carrier first: the arrows move it, B turns it, A puts it down. Where it may
not go it is drawn checkered with the reason beside it and A is refused.
After the last ship the menu is back, on Start. The match (torpedo.match,
torpedo.cable.match) shuffles, and begins the game on Start.
"""


from battleship import grid as gridview
from battleship import placing
from core.compat import const, unload
from torpedo.view import Then, header, hint, lines, ship_name

_GRID_X = const(8)  # the grid's frame, the panel beside it (as torpedo.view's)
_GRID_Y = const(6)
_PANEL_X = const(63)
_PANEL_W = const(65)


class Placement(placing.Placement):
    ta_game = True  # closed with the game (torpedo.cable.ui.leave)
    # the panel (placing.Placement.draw) in Torpedo Attack's words
    x = _PANEL_X
    w = _PANEL_W
    items = ("ta_start", "ta_shuffle", "ta_by_hand", "ta_quit")
    keys = ("ta_place", "ta_h_pick", "ta_h_place", "ta_off", "ta_overlaps", "ta_touches")
    header = staticmethod(header)
    hint = staticmethod(hint)
    lines = staticmethod(lines)
    name = staticmethod(ship_name)

    def __init__(self, match):
        self.m = match
        self.fleet = match.g.fleets[match.me]
        self.grid = gridview.Grid(_GRID_X, _GRID_Y)
        self.hand = placing.Hand(self.fleet, 44)

    def shuffle(self):
        self.m.shuffle()

    def leave(self, app):
        app.pop()

    def begin(self, app):
        self.m.begin(app)
        self.m.save(app)
        # locating (torpedo.locate, with the periscope) loads on the next frame, once placing's code
        # has left the heap (torpedo.view.need() brings it back)
        app.replace(Then(self.m, "torpedo.locate", "Locate"))
        unload("torpedo.place")
        unload("battleship.placing")
