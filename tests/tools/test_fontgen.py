# interpreters: cpython
"""firmware/core/font.py's generated data is exactly host_tools/art/fontgen.py's art."""

import os
import shutil

import pytest

from core import font
from host_tools.art import fontgen


def decode_main(name):
    """The picture firmware/core/font.py holds for one main glyph, read back from its bytes."""
    gi = fontgen.main_order().index(name)
    lo, hi = font._MINDEX[2 * gi], font._MINDEX[2 * gi + 1]
    off, w = lo | ((hi & 15) << 8), hi >> 4
    cols = font._MDATA[off : off + w]
    return ["".join("#" if cols[c] >> r & 1 else "." for c in range(w)) for r in range(8)]


def decode_small(name):
    gi = 0 if name == "BOX" else font._SMAP[ord(name) - 32]
    cols = font._SDATA[3 * gi : 3 * gi + 3]
    return ["".join("#" if cols[c] >> r & 1 else "." for c in range(3)) for r in range(5)]


def test_committed_section_is_what_the_generator_writes():
    text, a, b = fontgen.current_section()
    assert text[a:b] == fontgen.section(), "run: python -m host_tools.art.fontgen"
    assert fontgen.main(["fontgen", "--check"]) == 0


def test_every_main_glyph_reads_back_as_its_art():
    art, accents = fontgen.main_glyphs()
    for name in fontgen.main_order():
        assert decode_main(name) == art[name], name
    assert font._BOX == fontgen.main_order().index("BOX")
    for k, name in enumerate(fontgen.ACCENTED_CAPITALS):
        w = len(art[name][0])
        cols = font._ACCENTS[5 * k : 5 * k + w]
        rows = ["".join("#" if cols[c] >> r & 1 else "." for c in range(w)) for r in range(2)]
        assert rows == accents[name], name


class _Pixels:
    def __init__(self):
        self.lit = set()

    def pixel(self, x, y, c=None):
        if c:
            self.lit.add((x, y))


def test_accented_capitals_are_full_capitals_with_the_accent_above_the_cell():
    # "É" is "E" (all 7 capital rows) plus its accent in the line gap, never a small capital
    for cap, base in zip(fontgen.ACCENTED_CAPITALS, "AEIOOOUUU"):
        plain, accented = _Pixels(), _Pixels()
        font._fbs = ()  # draw with pixel() (no framebuf on CPython)
        font.text(plain, base, 0, 10)
        font.text(accented, cap, 0, 10)
        body = {p for p in accented.lit if p[1] >= 10}
        above = {p for p in accented.lit if p[1] < 10}
        assert body == plain.lit, cap
        assert above and {y for _x, y in above} <= {8, 9}, cap
        assert font.width(cap) == font.width(base)


def test_every_small_glyph_reads_back_as_its_art():
    art = fontgen.parse(fontgen.SMALL_ART, fontgen.SMALL_HEIGHT)
    for name in art:
        assert decode_small(name) == art[name], name
    mapped = {chr(32 + i) for i in range(64) if font._SMAP[i]}
    assert mapped == set(art) - {"BOX"}


def test_hungarian_keys_match_utf8():
    assert font._HUKEY == fontgen.hungarian_keys()
    for k, ch in enumerate(fontgen.HUNGARIAN):
        lead, cont = ch.encode()
        assert font._HUKEY[k] == ((lead & 2) << 5) | (cont & 63)


def test_art_cells():
    for pic in fontgen.main_glyphs()[0].values():
        assert len(pic) == 8 and 1 <= len(pic[0]) <= 5
    for pic in fontgen.parse(fontgen.SMALL_ART, fontgen.SMALL_HEIGHT).values():
        assert len(pic) == 5 and len(pic[0]) == 3


def test_bad_art_is_refused():
    with pytest.raises(ValueError):
        fontgen.parse("A B\n## #\n# #\n", 2)  # ragged glyph
    with pytest.raises(ValueError):
        fontgen.parse("A\n#\n.\n\nA\n#\n#\n", 2)  # drawn twice
    with pytest.raises(ValueError):
        fontgen.parse("A\n#x\n..\n", 2)  # not '#' or '.'


def test_regenerate_restores_a_tampered_file(tmp_path):
    path = os.path.join(str(tmp_path), "font.py")
    shutil.copyfile(fontgen.FONT_PY, path)
    with open(path, encoding="utf-8") as f:
        good = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(good.replace('b"\\x00\\x00', 'b"\\x00\\x01', 1))
    assert fontgen.regenerate(path) is True
    with open(path, encoding="utf-8") as f:
        assert f.read() == good
    assert fontgen.regenerate(path) is False
