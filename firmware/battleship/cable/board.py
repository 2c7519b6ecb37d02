"""How the linked battle looks (battleship.cable.battle's drawing, a module of its own so that each compiles
in a small heap): the grid shown, whose turn, the aim, the latest answer or the link's trouble."""

from battleship import grid as gridview
from battleship.cable.game import ME, OVER
from battleship.cable.view import PANEL_W, PANEL_X, draw_own, header, hint, ship_name
from battleship.rules import HIT, SHIP_SIZES, SIZE
from core import font, ui
from core.compat import const
from core.strings import t
from link.match import ST_UNPLUGGED

TARGET = const(0)
OWN = const(1)

NEWS_NONE = const(0)
NEWS_MINE = const(1)
NEWS_THEIRS = const(2)


def _lines(fb, s, x, y, px, most):
    """s wrapped to px, at most `most` lines from y."""
    for line in ui.wrap(s, px)[:most]:
        ui.text(fb, line, x, y, 1)
        y += font.LINE


def _answer_lines(fb, x, key, last):
    """'You: D-4' then HIT / MISS / SUNK: and the ship's name."""
    cell, hit, sunk = last
    ui.text(fb, t(key) % gridview.name(cell // SIZE, cell % SIZE), x, 20, 1)
    if sunk:
        w = font.width(t("lk_sunk")) + 3
        fb.fill_rect(x - 1, 28, w, 9, 1)
        ui.text(fb, t("lk_sunk"), x + 1, 29, 0)
        ui.text(fb, ship_name(sunk - 1, PANEL_W), x, 38, 1)
    else:
        ui.text(fb, t("lk_hit" if hit == HIT else "lk_miss"), x, 29, 1)


def draw(b, fb):
    """The battle screen b: the grid it shows and the panel."""
    g = b.s.g
    grid = b.grid
    own = b.view == OWN
    grid.frame(fb)
    aiming = not own and (g.my_turn() or (g.turn == ME and g.aim >= 0))
    cell = g.aim if g.aim >= 0 else b.cur
    if aiming:
        grid.labels(fb, cell // SIZE, cell % SIZE)
    else:
        grid.labels(fb)
    if own:
        draw_own(grid, fb, g.fleet)
        last = g.last_theirs
        if last is not None and b.boxed and b.news == NEWS_THEIRS:
            grid.cursor(fb, last[0] // SIZE, last[0] % SIZE)
    else:
        grid.marks(fb, g.peer_view)
        if aiming:
            grid.cursor(fb, cell // SIZE, cell % SIZE)
    draw_panel(b, fb, own, aiming)


def draw_panel(b, fb, own, aiming):
    s = b.s
    g = s.g
    x = PANEL_X
    pips = 0
    if g.phase == OVER:
        head = t("lk_check_head")
    elif not g.ready():
        head = t("lk_fleets")
    elif g.turn == ME:
        if g.salvo:
            head = t("lk_shots")
            pips = g.fleet.afloat()
        else:
            head = t("lk_firing" if g.aim >= 0 else "lk_your_turn")
    else:
        head = t("lk_their_turn")
    hx = header(fb, head)
    gridview.pips(fb, hx + 2, pips, g.shots_left - (1 if g.aim >= 0 else 0))
    if own:
        ui.text(fb, t("lk_afloat") % g.fleet.afloat(), x, 11, 1)
    elif aiming:
        cell = g.aim if g.aim >= 0 else b.cur
        ui.text(fb, t("lk_aim") % gridview.name(cell // SIZE, cell % SIZE), x, 11, 1)
    if s.status == ST_UNPLUGGED:
        _lines(fb, t("lk_unplugged"), x, 20, PANEL_W, 3)
    elif s.slow and g.ready():
        _lines(fb, t("lk_waiting"), x, 20, PANEL_W, 3)
    elif g.phase == OVER:
        _lines(fb, t("lk_checking"), x, 20, PANEL_W, 3)
    elif not g.ready():
        _lines(fb, t("lk_sending_fleet" if not g.committed() else "lk_wait_fleet"), x, 20, PANEL_W, 3)
    elif b.news == NEWS_MINE and g.last_mine is not None:
        _answer_lines(fb, x, "lk_you", g.last_mine)
    elif b.news == NEWS_THEIRS and g.last_theirs is not None:
        _answer_lines(fb, x, "lk_them", g.last_theirs)
    if own:
        sunk = [g.fleet.sunk(i) for i in range(len(SHIP_SIZES))]
    else:
        sunk = g.peer_sunk
    gridview.fleet_icons(fb, x, 48, SHIP_SIZES, sunk, 3, 2)
    if not own:
        hint(fb, "lk_h_aim" if g.my_turn() else "lk_h_fleet")
    else:
        hint(fb, "lk_h_menu")
