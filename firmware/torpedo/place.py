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
from battleship.rules import OFF_GRID, OK, OVERLAP, SHIP_SIZES
from core import ui
from core.compat import const, unload
from core.strings import t
from torpedo.view import Then, header, hint, lines, ship_name

_GRID_X = const(8)  # the grid's frame, the panel beside it (as torpedo.view's)
_GRID_Y = const(6)
_PANEL_X = const(63)
_PANEL_W = const(65)
_ITEMS = ("ta_start", "ta_shuffle", "ta_by_hand", "ta_quit")


class Placement(placing.Placement):
    ta_game = True  # closed with the game (torpedo.cable.ui.leave)

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

    # -- drawing -------------------------------------------------------------
    def draw(self, app, fb):
        hand = self.hand
        hand.draw(self.grid, fb)
        header(fb, t("ta_place"))
        x = _PANEL_X
        if hand.ship < 0:
            ui.choices(fb, _ITEMS, self.sel, x, 11, _PANEL_W - 1)
            hint(fb, "ta_h_pick")
            return
        y = lines(fb, _breakable(ship_name(hand.ship)), x, 11, _PANEL_W, 2)
        fb.fill_rect(x, y + 1, SHIP_SIZES[hand.ship] * 3 + 1, 4, 1)
        y += 9
        if hand.why != OK:
            lines(fb, self.reason(), x, y, _PANEL_W - 1, (ui.HINT_Y - y) // 9)
        hint(fb, "ta_h_place")

    def reason(self):
        why, other = self.hand.why, self.hand.other
        if why == OFF_GRID:
            return t("ta_off")
        name = ship_name(other, _PANEL_W - 1) if other >= 0 else "?"
        return t("ta_overlaps" if why == OVERLAP else "ta_touches") % name


def _breakable(s):
    """A hyphenated name may break after its hyphen ("Repülőgép-hordozó")."""
    return s.replace("-", "- ")
