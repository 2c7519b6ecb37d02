"""draw() of the card game screen (mixed into cards.game.GameScreen): header, grids, then the
hand row and the text line, or the prompt and the cell under the cursor, or the CPU's play."""

from cards.draw import (
    HAND_Y,
    RIGHT_X,
    draw_cursor,
    draw_grids,
    draw_hand,
    draw_header,
    draw_line,
    hand_first,
    hand_widths,
)
from cards.pick import F_HAND, F_LOOK, F_PT, F_WAIT
from cards.rules import CARD_TYPE, M_PEG, M_SHIELD
from cards.text import card_long, card_short, cell_text, play_line, result_line, said
from core.compat import const
from core.strings import t

_TYPING = const(0)  # `make typecheck` reads `if _TYPING:` as true; MicroPython compiles no byte of it
if _TYPING:
    from typing import Any


class Painter:
    """draw() of cards.game.GameScreen: header, grids, then the hand row and the text line
    (or the prompt, the cell under the cursor, the CPU's play) by focus."""

    # the GameScreen's (cards.game, with cards.pick.Picker), declared for the type checker
    view: "Any"
    g: "Any"
    focus: int
    look: "Any"
    note: "Any"
    note_key: "Any"
    mark: "Any"
    head: "Any"
    step: "Any"
    cursor: "Any"
    targets: "Any"
    items: "Any"
    _playable: "Any"
    me: int
    foe: str

    def draw_table(self, fb):
        """The header (the opponent's and yours, whoever's turn it is inverted) and both grids."""
        v = self.view
        mine = self.g.cur == self.me
        foe = said("cg_cpu", self.foe)
        draw_header(fb, foe, 0, not mine, v.hand_count[1], v.draw_count[1], len(v.disc_types[1]))
        draw_header(fb, t("cg_you"), RIGHT_X, mine, -1, v.draw_count[0], len(v.disc_types[0]))
        draw_grids(fb, v, t("cg_letters"))

    def draw(self, app, fb):
        v = self.view
        self.draw_table(fb)
        f = self.focus
        if f == F_HAND or f == F_LOOK:
            self._draw_hand(fb)
            if f == F_LOOK:
                draw_cursor(fb, self.look[0], self.look[1])
                draw_line(fb, cell_text(v, self.look[0], self.look[1]))
            elif self.note is not None:
                draw_line(fb, result_line(self.note, v, self.me))
            elif self.note_key:
                s = t(self.note_key)
                if self.note_key == "cg_your_turn" and v.plays_left > 1:
                    s = t("cg_more") % v.plays_left
                draw_line(fb, s)
            else:
                items = self.items()
                if items:
                    k = items[self.sel]
                    draw_line(fb, card_long(CARD_TYPE[k]) if k >= 0 else t("cg_end_long"))
            return
        if f == F_WAIT:
            if self.mark is not None:
                draw_cursor(fb, self.mark[0], self.mark[1])
            if self.head is None and self.step is not None:
                draw_line(fb, play_line(self.step, self.me, self.foe), HAND_Y + 1)
                draw_line(fb, result_line(self.step, v, self.me))
            else:
                draw_line(fb, said(self.head, self.foe), HAND_Y + 1)
                if self.note is not None:
                    draw_line(fb, result_line(self.note, v, self.me))
            return
        # F_TARGET, F_PT
        side, c = self.cursor
        draw_cursor(fb, side, c)
        if f == F_PT:
            draw_line(fb, t("cg_pt"), HAND_Y + 1)
        else:
            m = self.targets[0]
            if m[0] == M_PEG:
                draw_line(fb, t("cg_target") % card_short(CARD_TYPE[m[1]]), HAND_Y + 1)
            else:
                draw_line(fb, t("cg_shield_pick" if m[0] == M_SHIELD else "cg_repair_pick"), HAND_Y + 1)
        draw_line(fb, cell_text(v, side, c))

    def _draw_hand(self, fb):
        items = self.items()
        labels = [card_short(CARD_TYPE[k]) if k >= 0 else t("cg_end") for k in items]
        widths = hand_widths(labels)
        if self.sel >= len(items):
            self.sel = max(0, len(items) - 1)
        self.first = hand_first(widths, self.sel, min(self.first, max(0, len(items) - 1)))
        playable = [self._playable(k) for k in items]
        draw_hand(fb, labels, widths, self.sel, self.first, playable)

    # --- saves -------------------------------------------------------------------
