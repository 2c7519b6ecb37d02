"""What every Link battle screen shares: the kinds of screen, the save's names, the layout of
Battleship against the CPU (the grid left, a panel right), the panel's title and hint, ship
names, wrapped lines, and our own grid with the shots it took."""

from battleship import grid as gridview
from battleship.cable.game import PEER_SAVE, SAVE  # noqa: F401  (the save's names, for the screens)
from battleship.rules import CELLS, SHIP_SIZES, SIZE
from core import font, ui
from core.compat import const
from core.strings import t

# screen kinds: battleship.cable.ui.Session sends the player to the one the game's state calls for
K_CONNECT = const(0)
K_COIN = const(1)
K_PLACE = const(2)
K_BATTLE = const(3)
K_END = const(4)
K_MENU = const(5)

# battleship.view's layout: the grid's frame at GRID_X, GRID_Y (labels included 62 x 59 px), the panel
GRID_X = const(8)
GRID_Y = const(6)
PANEL_X = const(63)
PANEL_W = const(65)


def title_key(g):
    return "link_salvo" if g.salvo else "link_battle"


def header(fb, s):
    """The panel's title: dark text on a lit bar; returns the x after the text."""
    fb.fill_rect(PANEL_X, 0, ui.W - PANEL_X, 9, 1)
    return ui.text(fb, font.fit(s, PANEL_W - 2), PANEL_X + 1, 1, 0)


def hint(fb, key):
    ui.text(fb, font.fit(t(key), PANEL_W), PANEL_X, ui.HINT_Y, 1)


def ship_name(ship, px):
    """The ship's name, its short form when the full one is wider than px."""
    s = t("lk_ship%d" % ship)
    if font.width(s) > px:
        short = t("lk_short%d" % ship)
        return font.fit(s if short.startswith("lk_") else short, px)
    return s


def lines(fb, s, x, y, px, most, bottom=ui.HINT_Y):
    """s wrapped to px, at most `most` lines from y and none past bottom; returns the y after."""
    for line in ui.wrap(s, px)[:most]:
        if y + font.HEIGHT > bottom:
            break
        ui.text(fb, line, x, y, 1)
        y += font.LINE
    return y


def draw_own(grid, fb, fleet):
    """Our ships (sunk ones solid) and the shots they took: a hit fills its square, a miss a dot."""
    for s in range(len(SHIP_SIZES)):
        if fleet.placed(s):
            r, c, v = fleet.where(s)
            grid.ship(fb, r, c, SHIP_SIZES[s], v, gridview.SOLID if fleet.sunk(s) else gridview.OUTLINE)
    for cell in range(CELLS):
        if fleet.shots[cell]:
            o = fleet.occ[cell]
            if not o:
                grid.mark(fb, cell // SIZE, cell % SIZE, gridview.MISS)
            elif not fleet.sunk(o - 1):
                grid.mark(fb, cell // SIZE, cell % SIZE, gridview.SUNK)
