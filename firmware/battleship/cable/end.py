"""The end of a linked game: the other handheld's fleet checked and the game fair (won or lost,
their fleet shown as revealed, A to see ours), a cheat caught and named in words, or a forfeit.

B leaves for the main menu and clears the save; while our own fleet's reveal
is still on its way to the other handheld the screen waits for it to be
taken (B again leaves at once), so that handheld can check our fleet too.
"""

from battleship import grid as gridview
from battleship.cable.game import CHEAT, ME, VERIFIED
from battleship.cable.view import (
    GRID_X,
    GRID_Y,
    PANEL_W,
    PANEL_X,
    PEER_SAVE,
    SAVE,
    draw_own,
    header,
    hint,
    lines,
)
from battleship.rules import CELLS, SHIP_SIZES, SIZE
from core import ui
from core.compat import const, load
from core.hal import A, B
from core.strings import t
from link.commit import (
    C_ANSWER,
    C_COIN_COPY,
    C_COIN_OPEN,
    C_FLEET_COPY,
    C_ILLEGAL,
    C_PROTOCOL,
    C_REVEAL,
    C_SUNK_FALSE,
    C_SUNK_HIDDEN,
)

TARGET = const(0)
OWN = const(1)

_PROTOCOL_KEYS = ("lk_c_bad", "lk_c_turn", "lk_c_twice", "lk_c_early", "lk_c_unasked", "lk_c_unknown")
_ANSWER_KEYS = ("lk_c_said_miss", "lk_c_said_hit", "lk_c_no_match", "lk_c_lied_at")
_CODE_KEYS = {
    C_COIN_COPY: "lk_c_coin_copy",
    C_COIN_OPEN: "lk_c_coin_open",
    C_FLEET_COPY: "lk_c_fleet_copy",
    C_SUNK_FALSE: "lk_c_sunk_false",
    C_SUNK_HIDDEN: "lk_c_sunk_hidden",
}


def cheat_text(cheat):
    """One line naming what the other handheld did (the link layer's words, in the language set)."""
    code, cell, why = cheat
    where = gridview.name(cell // SIZE, cell % SIZE) if 0 <= cell < CELLS else "?"
    if code == C_ILLEGAL:
        return t("lk_c_illegal") % t("lk_i%d" % why)
    if code == C_PROTOCOL:
        key = _PROTOCOL_KEYS[why] if why < len(_PROTOCOL_KEYS) else "lk_c_bad"
    elif code == C_ANSWER:
        key = _ANSWER_KEYS[why] if why < len(_ANSWER_KEYS) else "lk_c_no_match"
    elif code == C_REVEAL:
        key = "lk_c_reveal_at" if cell >= 0 else "lk_c_reveal"
    else:
        key = _CODE_KEYS.get(code, "lk_c_bad")
    s = t(key)
    return s % where if "%s" in s else s


def draw_revealed(grid, fb, g):
    """Their fleet as revealed at the end, with our shots: sunk ships solid, hits filled."""
    cmap = g.peer_map
    for sid in range(1, len(SHIP_SIZES) + 1):
        first = second = -1
        n = 0
        for c in range(CELLS):
            if cmap[c] == sid:
                if first < 0:
                    first = c
                elif second < 0:
                    second = c
                n += 1
        if first >= 0:
            style = gridview.SOLID if g.peer_sunk[sid - 1] else gridview.OUTLINE
            grid.ship(fb, first // SIZE, first % SIZE, n, second - first == SIZE, style)
    for c in range(CELLS):
        s = g.seen[c]
        if s == gridview.MISS:
            grid.mark(fb, c // SIZE, c % SIZE, gridview.MISS)
        elif s and not g.peer_sunk[cmap[c] - 1]:
            grid.mark(fb, c // SIZE, c % SIZE, gridview.SUNK)


class End(ui.Screen):
    """The result: their fleet checked and the game fair, a cheat caught and named, or a forfeit."""

    def __init__(self, s):
        self.s = s
        self.view = TARGET
        self.leaving = False
        self.cued = False

    def update(self, app):
        s = self.s
        s.take_events()
        g = s.g
        if not self.cued:
            self.cued = True
            win = g.phase != CHEAT and g.winner == ME
            app.cue("win" if win else "lose")
        btn = app.buttons
        if btn.pressed(B):
            if self.leaving or not g.link.unacked():
                self.leave(app)
            else:
                self.leaving = True  # our fleet is still on its way: go once it is taken
                app.redraw()
        elif btn.pressed(A) and g.phase == VERIFIED:
            self.view ^= 1
            app.redraw()
        elif self.leaving and not g.link.unacked():
            self.leave(app)

    def leave(self, app):
        self.s.g.forget(app, SAVE, PEER_SAVE)
        app.pop()

    def draw(self, app, fb):
        g = self.s.g
        if g.phase != VERIFIED:  # a cheat caught, or a forfeit: the link's own end screen
            # (link.screen comes only now: a fair game's end has the heap's peak)
            load("link.screen").end(fb, cheat_text(g.cheat) if g.phase == CHEAT else None, self.leaving)
            return
        grid = gridview.Grid(GRID_X, GRID_Y)
        grid.frame(fb)
        grid.labels(fb)
        own = self.view == OWN
        if own:
            draw_own(grid, fb, g.fleet)
        else:
            draw_revealed(grid, fb, g)
        x = PANEL_X
        header(fb, t("lk_win" if g.winner == ME else "lk_lose"))
        lines(fb, t("lk_fair"), x, 11, PANEL_W, 3)
        f = g.fleet
        if self.leaving:
            ui.text(fb, t("lk_sending"), x, 38, 1)  # our fleet is on its way to the other handheld
        elif own:
            ui.text(fb, t("lk_afloat") % f.afloat(), x, 38, 1)
        else:
            ui.text(fb, t("lk_hit_n") % g.hits, x, 38, 1)
        sunk = [f.sunk(i) for i in range(len(SHIP_SIZES))] if own else g.peer_sunk
        gridview.fleet_icons(fb, x, 48, SHIP_SIZES, sunk, 3, 2)
        hint(fb, "lk_h_leave" if self.leaving else "lk_h_view")
