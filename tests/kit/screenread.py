"""Reading a handheld's screen with the firmware's own font (tests only, never on the device).

    shows(rows, "YOU WIN")   # True when the text is drawn on the screen, lit or dark on a lit bar
    words(rows, keys)        # the keys of core.strings whose text (in the language in use) is drawn

rows: the panel as 64 rows of 128 pixels (0/1), as host_tools.sim.handheld.Handheld.screen() gives it,
or a MONO_VLSB framebuffer's bytes (fb.buf of the MicroPython screen tests). A text is found
where its glyphs are drawn exactly, at any position: the pixels of the screen inside the text's
box equal the text drawn by core.font (or their inverse: dark text on a lit bar). This reads
what the display shows, not what a screen's draw() would draw if asked: a screen that never
redrew is caught.
"""

from core import font


class _Pixels:
    """Enough of a framebuffer for core.font.text without framebuf: rows as ints, bit x = pixel x."""

    def __init__(self, w, h):
        self.w = w
        self.h = h
        self.rows = [0] * h

    def pixel(self, x, y, c=None):
        if 0 <= x < self.w and 0 <= y < self.h:
            if c:
                self.rows[y] |= 1 << x
            else:
                self.rows[y] &= ~(1 << x)

    def blit(self, src, x, y, key=-1, palette=None):  # framebuf's glyph blits (MicroPython)
        for j in range(src_h(src)):
            for i in range(src_w(src)):
                v = src.pixel(i, j)
                if palette is not None:
                    v = palette.pixel(v, 0)
                if v != key:
                    self.pixel(x + i, y + j, v)


def src_w(fb):
    for w in range(1, 9):
        if fb.pixel(w, 0) is None:
            return w
    return 8


def src_h(fb):
    for h in range(1, 9):
        if fb.pixel(0, h) is None:
            return h
    return 8


def _as_ints(rows):
    if isinstance(rows, (bytes, bytearray, memoryview)):  # MONO_VLSB: 8 pages of 128 columns
        out = [0] * 64
        for page in range(8):
            for x in range(128):
                b = rows[page * 128 + x]
                if b:
                    for k in range(8):
                        if b & (1 << k):
                            out[page * 8 + k] |= 1 << x
        return out
    out = []
    for r in rows:
        v = 0
        for x in range(len(r)):
            if r[x]:
                v |= 1 << x
        out.append(v)
    return out


def glyph_rows(s):
    """s drawn by core.font as (width, 8 row ints)."""
    w = font.width(s)
    p = _Pixels(w, font.HEIGHT)
    font.text(p, s, 0, 0, 1)
    return w, p.rows


def find(rows, s, screen=None):
    """(x, y) of the first place s is drawn, or None."""
    scr = screen if screen is not None else _as_ints(rows)
    w, g = glyph_rows(s)
    if not w:
        return None
    mask = (1 << w) - 1
    inv = [mask ^ r for r in g]
    for y in range(len(scr) - font.HEIGHT + 1):
        for x in range(128 - w + 1):
            lit = dark = True
            for r in range(font.HEIGHT):
                v = (scr[y + r] >> x) & mask
                if lit and v != g[r]:
                    lit = False
                if dark and v != inv[r]:
                    dark = False
                if not (lit or dark):
                    break
            if lit or dark:
                return x, y
    return None


def shows(rows, s):
    return find(rows, s) is not None


def words(rows, keys):
    """Those of keys (core.strings keys) whose text in the language in use is on the screen."""
    from core.strings import t

    scr = _as_ints(rows)
    return [k for k in keys if find(None, t(k), scr) is not None]


def words_shown(rows, texts):
    """Those of texts that are on the screen, each word of each anywhere (a paragraph the
    screen wrapped over lines is found too)."""
    scr = _as_ints(rows)
    out = []
    for s in texts:
        if all(find(None, w, scr) is not None for w in s.split()):
            out.append(s)
    return out
