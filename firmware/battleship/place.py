"""Placing the player's fleet for Battleship and Salvo.

The menu and the ship in hand are placing's (Start, Shuffle, By hand, Quit;
by hand the arrows move the ship, B turns it, A puts it down). Where it may
not go it is drawn checkered and the panel says why ("Off the grid",
"Overlaps Carrier"); A is refused there, the ship never moved for the
player. Start begins the battle (battleship.battle) and saves the game.
"""

from battleship import grid as gridview
from battleship import placing
from battleship.battle import Battle, keep
from battleship.rules import OFF_GRID, OK, OVERLAP, SHIP_SIZES
from battleship.view import GRID_X, GRID_Y, PANEL_W, PANEL_X, header, hint, ship_lines
from core import ui
from core.strings import t

_ITEMS = ("bs_start", "bs_shuffle", "bs_by_hand", "bs_quit")


class Placement(placing.Placement):
    def __init__(self, game):
        self.g = game
        self.grid = gridview.Grid(GRID_X, GRID_Y)
        self.hand = placing.Hand(game.fleets[0])

    def shuffle(self):
        self.g.shuffle()

    def leave(self, app):
        app.pop()

    def begin(self, app):
        self.g.start()
        battle = Battle(self.g)
        keep(app, self.g, battle.state_bytes())
        app.replace(battle)

    # -- drawing -------------------------------------------------------------
    def draw(self, app, fb):
        hand = self.hand
        hand.draw(self.grid, fb)
        x = PANEL_X
        header(fb, t("bs_place"))
        if hand.ship < 0:
            ui.choices(fb, _ITEMS, self.sel, x, 11, PANEL_W - 1)
            hint(fb, "bs_h_pick")
            return
        y = 11
        for line in ship_lines(hand.ship, PANEL_W):
            ui.text(fb, line, x, y, 1)
            y += 9
        gridview.fleet_icons(fb, x, y + 1, (SHIP_SIZES[hand.ship],), (True,))
        if hand.why != OK:
            y += 7
            for line in self.reason():
                ui.text(fb, line, x, y, 1)
                y += 9
        hint(fb, "bs_h_place")

    def reason(self):
        """Why the ship in hand may not go there, as lines for the panel."""
        why = self.hand.why
        if why == OFF_GRID:
            return ui.wrap(t("bs_off"), PANEL_W - 2)
        key = "bs_overlaps" if why == OVERLAP else "bs_touches"
        return ship_lines(self.hand.other, PANEL_W - 2, t(key))
