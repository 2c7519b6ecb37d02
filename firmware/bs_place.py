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
from hal import DOWN, UP, A, B
from placing import Hand
from strings import t

_ITEMS = ("bs_start", "bs_shuffle", "bs_by_hand", "bs_quit")


class Placement(ui.Screen):
    def __init__(self, game):
        self.g = game
        self.grid = gridview.Grid(GRID_X, GRID_Y)
        self.sel = 0  # menu row
        self.hand = Hand(game.fleets[0])  # the ship in hand; its ship is -1 while the menu is up

    def update(self, app):
        btn = app.buttons
        hand = self.hand
        if hand.ship >= 0:
            if hand.update(app, btn):
                self.sel = 0  # the menu, after the last ship, opens on Start
                app.redraw()
        elif btn.pressed(UP) or btn.pressed(DOWN):
            self.sel = (self.sel + (1 if btn.pressed(DOWN) else -1)) % len(_ITEMS)
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
                hand.take(0)
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
