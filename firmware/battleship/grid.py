"""A 10x10 battle grid on the 128x64 screen: frame, A-J / 1-10 labels, cell marks, ships, a cursor.

Shared by Battleship and Salvo, the linked two-handheld game and Torpedo
Attack: it draws what it is told and knows nothing of any game's rules.

    g = Grid(x, y)                  # top-left corner of the grid's frame
    g.frame(fb)                     # a border, and a dot at every inner corner of the cells
    g.labels(fb, row, col)          # A-J left, 1-10 on top; row/col (or -1) inverted
    g.marks(fb, view)               # view(row, col) -> EMPTY|SHIP|MISS|HIT|SUNK
    g.mark(fb, row, col, kind)      # one cell
    g.ship(fb, row, col, n, vertical, style)   # OUTLINE, SOLID or GHOST bar over n cells
    g.cursor(fb, row, col)          # a lit box on the cell's edges
    fleet_icons(fb, x, y, sizes, sunk)          # a row of little ships, sunk ones solid
    name(row, col) -> "D-4"

Geometry: cells _PITCH = 5 px apart (a 4x4 interior and a 1-px edge); the
cells' edges make a 51-px square, and the frame is drawn one pixel outside
it, so a mark in an edge cell never runs into the frame: BOX = 53 px square.
Labels take LEFT = 8 px on the left (the row letters in one column, drawn 3x4
so that one fits a row with a dark pixel between) and _TOP = 6 px above, plus one more pixel
left and above for the box that marks the cursor's row and column: a grid
drawn at (9, 7) fills x 0..62, y 0..59 (the "10" label runs 1 px past the
frame, its box 2 px). Rows are letters top to bottom, columns numbers left
to right ("D-4": row D, column 4). The edges between cells are dark but for
a dot at each corner, so marks stand apart and the cursor, drawn on a
cell's edges, touches no mark: moving it changes two 6x6 boxes and two
labels, a few dozen bytes.

Marks in a cell's 4x4 interior: MISS a ring (its corners dark: a 2x2 dot was hard to tell from
the dots at the cells' corners), HIT an X, SUNK solid;
SHIP an outlined box (whole ships are better drawn with ship(), which
spans the edges between their cells).
"""

from core import hal, ui
from core.compat import const

_PITCH = const(5)
SIZE = const(10)
_SPAN = const(51)  # SIZE * _PITCH + 1: the cells and their edges
BOX = const(53)  # the frame around them
LEFT = const(8)  # label columns, left of the frame: the letters at 1 and 5 px in
_TOP = const(6)  # label row, above the frame: the numbers 1 px below its top

# What a cell shows (the numbers of battleship.engine's view, so a game's view plugs in)
EMPTY = const(0)
SHIP = const(1)
MISS = const(2)
HIT = const(3)
SUNK = const(4)

# ship() styles
OUTLINE = const(0)  # afloat: an outlined bar
SOLID = const(1)  # sunk: a solid bar
GHOST = const(2)  # being placed where it may not go: a checkered bar

ROW_NAMES = "ABCDEFGHIJ"
# the row letters A-J drawn 3x4 (the font's are 3x5, as tall as a row: they had to zigzag),
# 12 bits a letter, the top row first, its left pixel the highest bit
_LETTERS = (0x57D, 0xDEE, 0x723, 0xD6E, 0xFA7, 0xF34, 0x72B, 0xBED, 0xE97, 0x26A)
_COLS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10")


def step(row, col, btn, wrap=True):
    """(row, col) after this frame's arrow press. Aiming (wrap): past an edge it comes in at
    the other side, as Torpedo Attack's cursor does; placing a ship stops at the edges."""
    if btn.pressed(hal.UP):
        row -= 1
    elif btn.pressed(hal.DOWN):
        row += 1
    elif btn.pressed(hal.LEFT):
        col -= 1
    elif btn.pressed(hal.RIGHT):
        col += 1
    if wrap:
        return row % SIZE, col % SIZE
    return min(max(row, 0), SIZE - 1), min(max(col, 0), SIZE - 1)


def aim(screen, app, btn):
    """A battle screen's aim one cell on for this frame's arrow press (step(), across the edges):
    screen.cur the cell, screen.coord its name ("D-4"), drawn again when it moved."""
    r, c = step(screen.cur // SIZE, screen.cur % SIZE, btn)
    if r * SIZE + c != screen.cur:
        screen.cur = r * SIZE + c
        screen.coord = name(r, c)
        app.redraw()


def name(row, col):
    """The coordinate as the rule sheet calls it: 'D-4'."""
    return "%s-%d" % (ROW_NAMES[row], col + 1)


class Grid:
    def __init__(self, x, y):
        """x, y: the frame's top-left corner (labels go left of and above it)."""
        self.fx = x
        self.fy = y
        self.x = x + 1  # the cells' top-left edge
        self.y = y + 1

    def cell_x(self, col):
        """Left edge of the cell's interior."""
        return self.x + col * _PITCH + 1

    def cell_y(self, row):
        return self.y + row * _PITCH + 1

    def frame(self, fb):
        x, y = self.x, self.y
        fb.rect(self.fx, self.fy, BOX, BOX, 1)
        for i in range(_PITCH, _SPAN - 1, _PITCH):
            for j in range(_PITCH, _SPAN - 1, _PITCH):
                fb.pixel(x + i, y + j, 1)

    def labels(self, fb, row=-1, col=-1):
        """Row letters and column numbers; the cursor's row and column drawn
        dark on a lit box so the eye finds the cursor from the edges."""
        x = self.fx - LEFT + 3
        for r in range(SIZE):
            y = self.y + r * _PITCH + 1  # the row's cells' interior: 4 px, a dark one between
            on = 1
            if r == row:
                fb.fill_rect(x - 1, y - 1, 5, 6, 1)
                on = 0
            g = _LETTERS[r]
            for i in range(12):
                if g >> (11 - i) & 1:
                    fb.pixel(x + i % 3, y + i // 3, on)
        y = self.fy - _TOP
        for c in range(SIZE):
            cx = self.x + c * _PITCH + 1
            if c == col:
                fb.fill_rect(cx - 1, y - 1, 9 if c == SIZE - 1 else 5, 7, 1)
            ui.small(fb, _COLS[c], cx, y, 0 if c == col else 1)

    def mark(self, fb, row, col, kind):
        x = self.x + col * _PITCH + 1
        y = self.y + row * _PITCH + 1
        if kind == MISS:  # a ring: not a dot, which an unshot cell's corners look like
            fb.hline(x + 1, y, 2, 1)
            fb.hline(x + 1, y + 3, 2, 1)
            fb.vline(x, y + 1, 2, 1)
            fb.vline(x + 3, y + 1, 2, 1)
        elif kind == HIT:
            fb.line(x, y, x + 3, y + 3, 1)
            fb.line(x, y + 3, x + 3, y, 1)
        elif kind == SUNK:
            fb.fill_rect(x, y, 4, 4, 1)
        elif kind == SHIP:
            fb.rect(x, y, 4, 4, 1)

    def marks(self, fb, view):
        """Every cell through view(row, col); EMPTY cells cost nothing."""
        mark = self.mark
        for r in range(SIZE):
            for c in range(SIZE):
                k = view(r, c)
                if k:
                    mark(fb, r, c, k)

    def fleet(self, fb, fleet, skip=-1):
        """Every placed ship of `fleet` outlined, but `skip` (the one in hand)."""
        for s in range(len(fleet.sizes)):
            if s != skip and fleet.placed(s):
                r, c, v = fleet.where(s)
                self.ship(fb, r, c, fleet.sizes[s], v)

    def ship(self, fb, row, col, n, vertical, style=OUTLINE):
        """A ship over n cells from its bow (top or left end), spanning the
        edges between its cells; clipped to the grid."""
        x = self.x + col * _PITCH + 1
        y = self.y + row * _PITCH + 1
        w = 4
        h = n * _PITCH - 1
        if not vertical:
            w, h = h, w
        # clip to the frame's interior
        x1 = min(x + w, self.x + _SPAN - 1)
        y1 = min(y + h, self.y + _SPAN - 1)
        w = x1 - x
        h = y1 - y
        if w <= 0 or h <= 0:
            return
        if style == SOLID:
            fb.fill_rect(x, y, w, h, 1)
        elif style == GHOST:
            # a checkered bar: clearly not a ship at rest, and seen over one
            for j in range(h):
                for i in range((x + y + j) & 1, w, 2):
                    fb.pixel(x + i, y + j, 1)
        else:
            fb.rect(x, y, w, h, 1)

    def cursor(self, fb, row, col, color=1):
        fb.rect(self.x + col * _PITCH, self.y + row * _PITCH, _PITCH + 1, _PITCH + 1, color)


def pips(fb, x, n, left):
    """Salvo's shots in the header bar from x: n boxes, the first `left` filled (shots still to fire)."""
    for i in range(n):
        if i < left:
            fb.fill_rect(x + 5 * i, 2, 4, 5, 0)
        else:
            fb.rect(x + 5 * i, 2, 4, 5, 0)


def fleet_icons(fb, x, y, sizes, sunk, cell=3, gap=3):
    """A row of little ships (cell px per square, 4 px tall); sunk[i] true
    draws ship i solid. Returns the x after the last icon."""
    for i in range(len(sizes)):
        w = sizes[i] * cell + 1
        if sunk[i]:
            fb.fill_rect(x, y, w, 4, 1)
        else:
            fb.rect(x, y, w, 4, 1)
        x += w + gap
    return x


def icons_width(sizes, cell=3, gap=3):
    n = 0
    for s in sizes:
        n += s * cell + 1 + gap
    return n - gap if n else 0
