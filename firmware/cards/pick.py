"""Choosing on the card game screen: the hand row, a card's choices, its target cell.

Picker is mixed into cards.game.GameScreen (which holds `view`, `sel`,
`focus`, `targets`, `cursor`, `look` and provides play()). A card with one
kind of play goes straight to its targets; a two-power card (or a card that
can only be discarded) asks first in a menu; Repair and the PT Boat ask
which peg card to take off when a ship holds different ones. The cursor
only stops on legal cells.
"""

from cards.rules import (
    CARD_TYPE,
    CARD_TYPES,
    COLS,
    M_DISCARD,
    M_DISCARD_WHITES,
    M_DRAW_THREE,
    M_END,
    M_PEG,
    M_PLAY_TWO,
    M_PT,
    M_REPAIR,
    M_SKIP,
    RED,
    SHIELD,
    UP,
)
from cards.text import card_short
from cards.view import move_target, moves_for_card
from core import ui
from core.compat import const
from core.hal import DOWN, LEFT, RIGHT, A, B
from core.hal import UP as K_UP
from core.strings import t

_TYPING = const(0)  # `make typecheck` reads `if _TYPING:` as true; MicroPython compiles no byte of it
if _TYPING:
    from typing import Any

HUMAN = const(0)
CPU = const(1)

F_HAND = const(0)
F_TARGET = const(1)
F_LOOK = const(2)
F_PT = const(3)
F_WAIT = const(4)

_OPTION_KEYS = {M_PLAY_TWO: "cg_two", M_REPAIR: "cg_repair", M_DRAW_THREE: "cg_draw3"}


def _dir_pick(cells, cur, dr, dc):
    """The nearest cell of `cells` from cur in direction (dr, dc) (same row/column first)."""
    r0, c0 = cur // COLS, cur % COLS
    best, score = cur, 99
    for c in cells:
        r, k = c // COLS, c % COLS
        along = (r - r0) * dr + (k - c0) * dc
        if along <= 0:
            continue
        side = abs(k - c0) if dr else abs(r - r0)
        s = along + 3 * side
        if s < score:
            best, score = c, s
    return best


class Picker:
    # the GameScreen's (cards.game), declared for the type checker
    view: "Any"
    sel: int
    play: "Any"

    def items(self):
        """The hand row: card numbers sorted by type, then -1 for End turn when legal."""
        v = self.view
        out = sorted(v.hand, key=lambda k: CARD_TYPE[k] * 32 + k)
        for m in v.moves:
            if m[0] == M_END:
                out.append(-1)
                break
        return out

    def _playable(self, card):
        return card < 0 or bool(moves_for_card(self.view, card))

    def pick(self, app):
        items = self.items()
        if not items:
            return
        card = items[self.sel]
        if card < 0:
            self.play(app, (M_END, -1, -1, 0))
            return
        moves = moves_for_card(self.view, card)
        if not moves:
            self.note, self.note_key = None, "cg_cant"
            app.redraw()
            return
        kind = CARD_TYPES[CARD_TYPE[card]][0]
        if kind <= SHIELD and moves[0][0] != M_DISCARD:
            self._target(app, moves, F_TARGET)
            return
        opts = []
        for m in moves:
            act = m[0]
            if act == M_DISCARD_WHITES:
                opts.append((_label("cg_disc_n", m[3]), [m]))
            elif opts and opts[-1][1][0][0] == act:
                opts[-1][1].append(m)
            else:
                opts.append((_OPTION_KEYS.get(act, "cg_discard"), [m]))
        items = [(lab, self._option(ms)) for lab, ms in opts]
        app.push(ui.Menu("cg_l%d" % CARD_TYPE[card], items))

    def _option(self, ms):
        def run(app):
            app.pop()
            if ms[0][2] >= 0:
                self._target(app, ms, F_TARGET)
            else:
                self.play(app, ms[0])

        return run

    def _target(self, app, moves, focus):
        self.targets = moves
        self.focus = focus
        side = move_target(moves[0])[0]  # 1: the CPU's grid (pegs), 0: your own; a list of moves  # pyright: ignore[reportOptionalSubscript]
        cells = self.cells()
        start = cells[0] if cells else 0
        if self.cursor[0] == side and self.cursor[1] in cells:
            start = self.cursor[1]
        elif moves and moves[0][0] == M_PEG and CARD_TYPES[CARD_TYPE[moves[0][1]]][0] == RED:
            for c in cells:  # a Red Peg: a revealed ship first
                if self.view.state[1][c] == UP:
                    start = c
                    break
        self.cursor = (side, start)
        app.redraw()

    def cells(self):
        out = []
        for m in self.targets:
            if m[2] >= 0 and m[2] not in out:
                out.append(m[2])
        return out

    def choose_cell(self, app):
        c = self.cursor[1]
        ms = [m for m in self.targets if m[2] == c]
        if not ms:
            return
        if ms[0][0] in (M_REPAIR, M_PT):
            under = self.view.pegs[0][c]
            kinds = []
            items = []
            for m in ms:
                ty = under[m[3]]
                if ty not in kinds:
                    kinds.append(ty)
                    items.append((_short(ty), self._chosen(m)))
            if len(items) > 1:
                app.push(ui.Menu("cg_which", items))
                return
        self.play(app, ms[0])

    def _chosen(self, m):
        def run(app):
            app.pop()
            self.play(app, m)

        return run

    def update_look(self, app, btn):
        """LOOK: the cursor walks both grids (8 columns); B or DOWN past the bottom: back."""
        side, c = self.look
        col = c % COLS + (0 if side == 1 else 4)
        row = c // COLS
        if btn.pressed(B) or (btn.pressed(DOWN) and row == 2):
            self.focus = F_HAND
        elif btn.pressed(K_UP) and row > 0:
            row -= 1
        elif btn.pressed(DOWN):
            row += 1
        elif btn.pressed(LEFT) and col > 0:
            col -= 1
        elif btn.pressed(RIGHT) and col < 7:
            col += 1
        else:
            return
        self.look = (1 if col < 4 else 0, row * COLS + col % 4)
        app.redraw()

    def update_target(self, app, btn):
        """TARGET/PT: arrows jump between legal cells, A plays, B cancels (PT: skips)."""
        f = self.focus
        side, c = self.cursor
        for key, dr, dc in ((K_UP, -1, 0), (DOWN, 1, 0), (LEFT, 0, -1), (RIGHT, 0, 1)):
            if btn.pressed(key):
                self.cursor = (side, _dir_pick(self.cells(), c, dr, dc))
                app.redraw()
                return
        if btn.pressed(A):
            self.choose_cell(app)
        elif btn.pressed(B):
            if f == F_PT:
                self.play(app, (M_SKIP, -1, -1, 0))
            else:
                self.focus = F_HAND
                app.redraw()


def _label(key, n):
    return lambda: t(key) % n


def _short(ty):
    return lambda: card_short(ty)
