"""Card game drawing: the two 3x4 grids, the header with pile counts, the hand row.

Layout on 128x64: a header (rows 0-7: "CPU" and its hand, draw and discard
piles on the left, "You" and yours on the right), the CPU's grid at x 0-58
and yours at x 69-127 (rows 9-43, cells 14x11, row letters between them),
the hand row (rows 45-54) and one text line (rows 56-63).

cards.paint.Painter (mixed into GameScreen) draws the game screen from these parts.

Cells: a face-down card is hatched; a revealed Miss is two waves; a
revealed ship is framed, with its letter and (small) the hits it still
takes; a Shield is a solid badge under the letter (an outline once
hit); a sunk ship is its letter over a wave, unframed. The cursor inverts
its cell and the gap around it. Only fb primitives and ui.text/ui.small are used.
"""

from cards.rules import CELLS, COLS, DOWN, IDENTS, MISS, ROW_NAMES, SUNK
from core import font, ui
from core.compat import const

_CW = const(14)  # cell size
_CH = const(11)
_PX = const(15)  # cell pitch
_PY = const(12)
GRID_Y = const(9)
_LEFT_X = const(0)  # the CPU's grid
RIGHT_X = const(69)  # yours
_LETTER_X = const(62)
HAND_Y = const(45)
_LINE_Y = const(56)


def grid_x(side):
    """x of a grid: side 1 (the CPU's, seen from the player) on the left."""
    return _LEFT_X if side == 1 else RIGHT_X


def cell_xy(side, c):
    return grid_x(side) + (c % COLS) * _PX, GRID_Y + (c // COLS) * _PY


def _hatch(fb, x, y):
    # diagonal hatching, one pixel in four lit: the cursor (which inverts the cell)
    # turns it into a mostly lit cell, never the same pattern again
    fb.rect(x, y, _CW, _CH, 1)
    for j in range(2, _CH - 2):
        for i in range(2 + (j & 3), _CW - 2, 4):
            fb.pixel(x + i, y + j, 1)


_WAVE = b"\x01\x00\x00\x01\x02\x02\x01\x00\x00\x01"


def _wave(fb, x, y):
    # two small waves: water, nothing there
    for i in range(10):
        fb.pixel(x + 2 + i, y + 2 + _WAVE[i], 1)
        fb.pixel(x + 2 + i, y + 6 + _WAVE[i], 1)


def _ship(fb, x, y, letter, left, shield, sunk):
    """A revealed ship: its letter and the hits still needed to sink it; a Shield puts
    the letter on a solid badge (an outline once hit); a sunk ship is its letter over
    the waves."""
    if sunk:  # gone under: the letter over the waves, no frame
        ui.text(fb, letter, x + 4, y, 1)
        for i in range(10):
            fb.pixel(x + 2 + i, y + 8 + _WAVE[i], 1)
        return
    fb.rect(x, y, _CW, _CH, 1)
    if shield == 2:  # a Shield: the letter on a solid badge
        fb.fill_rect(x + 2, y + 1, 7, _CH - 2, 1)
        ui.text(fb, letter, x + 3, y + 2, 0)
    else:
        if shield:  # a Shield that has taken a hit: the badge's outline
            fb.rect(x + 2, y + 1, 7, _CH - 2, 1)
        ui.text(fb, letter, x + 3, y + 2, 1)
    ui.small(fb, str(left), x + 9, y + 4, 1)


def invert(fb, x, y, w, h):
    for j in range(max(0, y), min(ui.H, y + h)):
        for i in range(max(0, x), min(ui.W, x + w)):
            fb.pixel(i, j, 1 - fb.pixel(i, j))


def draw_cell(fb, view, side, c, letters, reveal=None):
    """One cell of `side` (0 = mine, 1 = the CPU's) as the View shows it. reveal: the
    identity to show for a face-down card (the end of the game shows everything)."""
    x, y = cell_xy(side, c)
    st = view.state[side][c]
    ident = view.known[side][c]
    if st == DOWN:
        if reveal is None:
            _hatch(fb, x, y)
            return
        ident = reveal
        if ident == MISS:
            return
        ui.text(fb, letters[ident], x + 3, y + 2, 1)
        return
    if ident == MISS:
        _wave(fb, x, y)
        return
    shield = 0
    if view.shield[side][c] >= 0:
        shield = view.shield_left(side, c)
    left = max(0, IDENTS[ident][2] - view.damage(side, c))
    _ship(fb, x, y, letters[ident], left, shield, st == SUNK)


def draw_grids(fb, view, letters, reveal=None):
    """Both grids and the row letters. reveal: (mine, the CPU's) identities (either None: that
    grid as the View has it), or None."""
    for side in (0, 1):
        for c in range(CELLS):
            known = reveal[side] if reveal else None
            draw_cell(fb, view, side, c, letters, known[c] if known is not None else None)
    for r in range(3):
        ui.small(fb, ROW_NAMES[r], _LETTER_X, GRID_Y + r * _PY + 3, 1)


def draw_cursor(fb, side, c):
    """The cell inverted, with the gap around it: a lit ring outside its frame, so the
    cursor shows on any cell (a face-down card's hatching included)."""
    x, y = cell_xy(side, c)
    invert(fb, x - 1, y - 1, _CW + 2, _CH + 2)


# 6x6 icons, one byte a column (bit 0 the top row): cards in hand, draw pile, discard pile
_ICONS = (
    b"\x0f\x09\x3d\x25\x21\x3f",
    b"\x3e\x3f\x3f\x3f\x1f\x00",
    b"\x3f\x21\x2d\x21\x3f\x00",
)


def icon(fb, x, k, y=1):
    """Header icon k (0 the hand, 1 the draw pile, 2 the discard pile), 6x6 at (x, y)."""
    cols = _ICONS[k]
    for i in range(6):
        b = cols[i]
        for j in range(6):
            if b & (1 << j):
                fb.pixel(x + i, y + j, 1)


def _count(fb, x, k, n):
    icon(fb, x, k)
    w = 7 if k == 0 else 6
    return ui.small(fb, str(n), x + w, 2, 1) + 2


def draw_header(fb, name, x, active, hand, draw_n, disc_n):
    """A player's name (inverted while it is their turn), then the cards in their hand
    (the CPU's only), their draw pile and their discard pile as icons with counts."""
    w = font.width(name)
    if active:
        fb.fill_rect(x, 0, w + 3, 8, 1)
    ui.text(fb, name, x + 1, 0, 0 if active else 1)
    x += w + 6
    if hand >= 0:
        x = _count(fb, x, 0, hand)
    x = _count(fb, x, 1, draw_n)
    _count(fb, x, 2, disc_n)


def hand_widths(labels):
    return [font.width(s) + 4 for s in labels]


def hand_first(widths, sel, first):
    """Scroll position of the hand row so that card `sel` is fully on screen."""
    if sel < first:
        first = sel
    while first < sel:
        x = 4 if first else 0
        for i in range(first, sel + 1):
            x += widths[i] + 2
        if x - 2 <= ui.W - 4:
            break
        first += 1
    return first


def draw_hand(fb, labels, widths, sel, first, playable, y=HAND_Y):
    """The hand as a row of cards (short name and pegs): the selected one inverted, a card
    that cannot be played now without its frame."""
    x = 0
    if first:
        for i in range(3):
            fb.vline(i, y + 4 - i, 1 + 2 * i, 1)
        x = 4
    n = len(labels)
    for i in range(first, n):
        w = widths[i]
        if x + w > ui.W or (i < n - 1 and x + w > ui.W - 4 and i != sel):
            for k in range(3):
                fb.vline(ui.W - 1 - k, y + 4 - k, 1 + 2 * k, 1)
            break
        if i == sel:
            fb.fill_rect(x, y, w, 10, 1)
            ui.text(fb, labels[i], x + 2, y + 1, 0)
        else:
            if playable[i]:
                fb.rect(x, y, w, 10, 1)
            ui.text(fb, labels[i], x + 2, y + 1, 1)
        x += w + 2


def draw_line(fb, s, y=_LINE_Y):
    ui.text(fb, font.fit(s, ui.W), 0, y, 1)
