# interpreters: micropython cpython
"""The handheld's fonts: widths, layout of every glyph, the Hungarian letters
told apart, unknown characters as a box, clipping, dark-on-lit text, fit().

Under MicroPython every drawing test draws into a real framebuf.FrameBuffer;
on CPython (no framebuf) the same tests draw through font's fb.pixel()
fallback into a small stand-in canvas.
"""

from support import skip

from core import font

try:
    import framebuf
except ImportError:
    framebuf = None

HUNGARIAN = "ÁÉÍÓÖŐÚÜŰáéíóöőúüű"
BASE = "AEIOOOUUUaeiooouuu"  # the letter each Hungarian one is built on
BOX = "\u2603"  # a snowman: certainly not in the font


class Canvas:
    """CPython stand-in for a MONO framebuf: clipping pixel(), fill()."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        self.bits = bytearray(w * h)

    def pixel(self, x, y, c=None):
        if 0 <= x < self.w and 0 <= y < self.h:
            if c is None:
                return self.bits[y * self.w + x]
            self.bits[y * self.w + x] = 1 if c else 0
        return None

    def fill(self, c):
        for i in range(len(self.bits)):
            self.bits[i] = 1 if c else 0


def make(w, h):
    if framebuf:
        return framebuf.FrameBuffer(bytearray(w * ((h + 7) // 8)), w, h, framebuf.MONO_VLSB)
    return Canvas(w, h)


def rows_of(fb, w, h):
    """Each row as an int, bit x = pixel (x, row)."""
    return tuple(sum(1 << x for x in range(w) if fb.pixel(x, y)) for y in range(h))


def bitmap(ch, small=False):
    fb = make(8, 8)
    (font.small_text if small else font.text)(fb, ch, 0, 0)
    return rows_of(fb, 8, 8)


def tall(ch):
    """ch drawn two rows down a 10-row canvas: rows 0..1 are the two rows above its cell
    (where an accented capital's accent goes), rows 2..9 the cell."""
    fb = make(8, 10)
    font.text(fb, ch, 0, 2)
    return rows_of(fb, 8, 10)


def bits(n):
    return [x for x in range(8) if n >> x & 1]


def test_cell_sizes():
    assert font.HEIGHT == 8 and font.LINE == 9 and font.SMALL_HEIGHT == 5


def test_width_is_sum_of_advances_without_trailing_gap():
    assert font.width("") == 0
    assert font.width("i") == 1
    assert font.width("A") == 5
    assert font.width(" ") == 2
    assert font.width("AA") == 11
    for a, b in (("SUNK:", " DESTROYER"), ("Tenger", "alattjáró"), ("Ő", "RÜLT"), ("1-", "10")):
        assert font.width(a + b) == font.width(a) + 1 + font.width(b)
    for c in range(32, 127):
        assert 1 <= font.width(chr(c)) <= 5, chr(c)
    for ch in HUNGARIAN:
        assert 1 <= font.width(ch) <= 5, ch


def test_text_returns_where_the_next_glyph_starts():
    fb = make(128, 8)
    assert font.text(fb, "", 7, 0) == 7
    for s in ("A", "SUNK: DESTROYER", "Tengeralattjáró", "a\u2603b"):
        assert font.text(fb, s, 3, 0) == 3 + font.width(s) + 1
    assert font.small_text(fb, "A-J 10", 2, 0) == 2 + font.small_width("A-J 10") + 1


def test_drawing_in_pieces_matches_drawing_at_once():
    one, two = make(64, 8), make(64, 8)
    font.text(one, "Hajó: 4", 0, 0)
    x = font.text(two, "Haj", 0, 0)
    x = font.text(two, "ó:", x, 0)
    font.text(two, " 4", x, 0)
    assert rows_of(one, 64, 8) == rows_of(two, 64, 8)


def test_every_ascii_glyph_drawn_and_distinct():
    seen = {}
    for c in range(33, 127):
        bm = bitmap(chr(c))
        assert any(bm), "nothing drawn for %r" % chr(c)
        assert bm != bitmap(BOX), "%r draws the box" % chr(c)
        assert bm not in seen, "%r looks like %r" % (chr(c), seen.get(bm))
        seen[bm] = chr(c)
    assert not any(bitmap(" "))


def test_capitals_and_digits_stand_on_the_baseline_seven_rows_tall():
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        bm = bitmap(ch)
        assert bm[0] and bm[6], "%r is not 7 px tall" % ch
        assert not bm[7], "%r goes below the baseline" % ch


def test_lowercase_x_height_and_descenders():
    for ch in "abcdefghijklmnopqrstuvwxyz":
        bm = bitmap(ch)
        assert bm[2], "%r has nothing at the x-height" % ch
        if ch in "gjpqy":
            assert bm[7], "%r has no descender" % ch
        else:
            assert bm[6] and not bm[7], "%r is off the baseline" % ch
        if ch in "acegmnopqrsuvwxyz":
            assert not (bm[0] or bm[1]), "%r pokes above the x-height" % ch


def test_hungarian_lowercase_letters_accent_above_a_five_row_body():
    for ch, base in zip(HUNGARIAN[9:], BASE[9:]):
        bm = bitmap(ch)
        assert bm[0] or bm[1], "%r has no accent" % ch
        assert bm[2] and bm[6] and not bm[7], "%r body is not rows 2..6" % ch
        assert bm[2:7] == bitmap(base)[2:7], "%r body differs from %r" % (ch, base)


def test_accented_capitals_are_full_capitals_with_the_accent_above_the_cell():
    # "A GÉP NYERT", not "A GéP NYERT": the capital keeps all its rows
    for ch, base in zip(HUNGARIAN[:9], BASE[:9]):
        t = tall(ch)
        assert t[0] or t[1], "%r has no accent" % ch
        assert t[2:] == tall(base)[2:], "%r is not a full %r" % (ch, base)
        assert font.width(ch) == font.width(base)


def test_hungarian_letters_distinct_from_base_and_each_other():
    letters = HUNGARIAN + "AEIOUaeiou"
    maps = [tall(ch) for ch in letters]
    for i in range(len(letters)):
        assert maps[i] != tall(BOX), letters[i]
        for j in range(i):
            assert maps[i] != maps[j], "%r looks like %r" % (letters[i], letters[j])
    for group in ("óöő", "úüű"):
        accents = [bitmap(ch)[0:2] for ch in group]
        assert len(set(accents)) == 3, "accents of %s not distinct" % group
    for group in ("ÓÖŐ", "ÚÜŰ"):
        accents = [tall(ch)[0:2] for ch in group]
        assert len(set(accents)) == 3, "accents of %s not distinct" % group
        # a title bar shows only the row just above the cell: an accent still shows there
        # (Ü and Ű then look alike: their lower rows are the same two marks)
        assert all(a[1] for a in accents), "an accent of %s lost in a title" % group


def test_accent_shapes():
    for ch in "ÁÉÍÓÚáéíóú":  # acute: one stroke rising to the right
        top, low = (tall(ch) if ch in HUNGARIAN[:9] else bitmap(ch))[0:2]
        assert len(bits(top)) == 1 and len(bits(low)) == 1, ch
        assert bits(top)[0] == bits(low)[0] + 1, ch
    for ch in "öü":  # umlaut: two dots with a clear row under them
        top, low = bitmap(ch)[0:2]
        assert len(bits(top)) == 2 and low == 0, ch
        assert bits(top)[1] - bits(top)[0] >= 2, ch
    for ch in "ÖÜ":  # over a capital: two dots in the row just above it, clear of the letter
        top, low = tall(ch)[0:2]
        assert top == 0 and len(bits(low)) == 2 and bits(low)[1] - bits(low)[0] >= 2, ch
        assert not (low & tall(ch)[2]), ch
    for ch in "ŐŰőű":  # double acute: two strokes rising to the right
        top, low = (tall(ch) if ch in HUNGARIAN[:9] else bitmap(ch))[0:2]
        assert len(bits(top)) == 2 and len(bits(low)) == 2, ch
        assert [b - 1 for b in bits(top)] == bits(low), ch


def test_unknown_characters_draw_a_small_hollow_box():
    box = bitmap(BOX)
    lit = [y for y in range(8) if box[y]]
    assert len(lit) >= 3, "box too small"
    inner = box[lit[1]]
    assert len(bits(inner)) == 2, "box is not hollow"
    for ch in ("ñ", "ś", "€", "ß", "\t", "\x7f", "🚢"):
        assert bitmap(ch) == box, repr(ch)
        assert font.width(ch) == font.width(BOX)
    # a multi-byte character is one box, not one per byte
    assert font.width("a€b") == font.width("a") + font.width(BOX) + font.width("b") + 2
    fb = make(32, 8)
    assert font.text(fb, "€ő", 0, 0) == font.width("€ő") + 1


def test_small_font_glyphs():
    shown = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-:/+.!?"
    box = bitmap(BOX, small=True)
    seen = {}
    for ch in shown:
        bm = bitmap(ch, small=True)
        assert bm != box and bm not in seen, "small %r" % ch
        assert not (bm[5] | bm[6] | bm[7]) and all(b < 8 for b in bm), "small %r exceeds 3x5" % ch
        seen[bm] = ch
    assert bitmap("j", small=True) == bitmap("J", small=True)
    for ch in ("#", "é", "€", "~"):
        assert bitmap(ch, small=True) == box, repr(ch)
    assert font.small_width("") == 0
    assert font.small_width("A-J") == 11
    assert font.small_width("1-10") == 15


def test_clipping_at_every_edge():
    a = bitmap("A")
    fb = make(16, 8)
    font.text(fb, "A", -2, 0)
    assert rows_of(fb, 3, 8) == tuple(r >> 2 for r in a)
    fb = make(16, 8)
    font.text(fb, "A", 14, 0)
    assert tuple(r >> 14 for r in rows_of(fb, 16, 8)) == tuple(r & 3 for r in a)
    fb = make(16, 8)
    font.text(fb, "A", 0, -3)
    assert rows_of(fb, 16, 5) == a[3:8]
    fb = make(16, 8)
    for x, y in ((-1000, 0), (1000, 0), (0, -1000), (0, 1000), (-3, -7), (13, 7)):
        font.text(fb, "ŐRÜLT ÍRÓ", x, y)
        font.small_text(fb, "A-J 1-10", x, y)
    fb = make(16, 8)
    font.text(fb, "W" * 40, 5000, 5000)
    assert not any(rows_of(fb, 16, 8))


def test_color_zero_draws_dark_text_on_a_lit_bar():
    a = bitmap("A")
    fb = make(8, 8)
    fb.fill(1)
    font.text(fb, "A", 0, 0, 0)
    assert rows_of(fb, 8, 8) == tuple(0xFF & ~r for r in a)
    one = bitmap("4", small=True)
    fb.fill(1)
    font.small_text(fb, "4", 0, 0, 0)
    assert rows_of(fb, 8, 8) == tuple(0xFF & ~r for r in one)


def test_unlit_glyph_pixels_are_transparent():
    fb = make(8, 8)
    fb.fill(1)
    font.text(fb, "A", 0, 0)
    font.small_text(fb, "A", 0, 0)
    assert rows_of(fb, 8, 8) == (0xFF,) * 8
    fb = make(8, 8)
    fb.pixel(2, 3, 1)  # inside A's counter
    font.text(fb, "A", 0, 0)
    assert fb.pixel(2, 3)


def test_fit_shortens_with_a_dot():
    s = "Tengeralattjáró"
    assert font.fit(s, font.width(s)) == s
    assert font.fit(s, 200) == s
    short = font.fit(s, font.width(s) - 1)
    assert short.endswith(".") and font.width(short) <= font.width(s) - 1
    for px in (40, 25, 12, 3):
        got = font.fit(s, px)
        assert got.endswith(".") and font.width(got) <= px, (px, got)
        assert s.startswith(got[:-1])
    assert font.fit(s, 40) == "Tengeral."
    assert font.fit("Nagy hajó", font.width("Nagy h.") - 1) == "Nagy."  # no "Nagy ."
    assert font.fit(s, 1) == "."
    assert font.fit(s, 0) == ""


def test_drawing_allocates_nothing_per_character():
    try:
        import gc

        gc.mem_free  # noqa: B018  (MicroPython only)
    except (ImportError, AttributeError):
        skip("needs MicroPython's gc.mem_free")
    fb = make(128, 64)
    short, long = "Hajó", "Tengeralattjáró ŐRÜLT ÍRÓ " * 4
    used = []
    for s in (short, long, short, long):
        font.text(fb, s, 0, 0)  # warm: interned names, the lazy FrameBuffers
        font.small_text(fb, s, 0, 10)
        gc.collect()
        before = gc.mem_free()
        font.text(fb, s, 0, 0)
        font.text(fb, s, 0, 0, 0)
        font.small_text(fb, s, 0, 10)
        font.width(s)
        used.append(before - gc.mem_free())
    assert used[2] == used[3] and used[3] <= 4 * 48, used
