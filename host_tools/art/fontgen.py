"""The handheld's glyph art, and the generator of firmware/core/font.py's data.

Edit the pictures below, then run `python -m host_tools.art.fontgen` to rewrite
the generated section of firmware/core/font.py (`--check` only reports whether it
is stale; tests/tools/test_fontgen.py runs that check).

Art format: blocks separated by blank lines. A block's first line names its
glyphs (one character each, `SP` for the space, `BOX` for the unknown-char
box); the following lines are the glyph rows, top row first, one
whitespace-separated picture per named glyph ('#' lit, '.' dark). A glyph's
width is the length of its rows.

Main font rows (8): capitals and digits use rows 0..6 (baseline = row 6),
lowercase x-height is rows 2..6, descenders (g j p q y) reach row 7. Accented
lowercase letters keep their accent in rows 0..1 over a body in rows 2..6:
acute is one slanted stroke, umlaut two dots with a clear row beneath, double
acute two slanted strokes. Accented capitals (CAPS_ART) are full capitals with
the accent in the two rows above the cell (font.text draws them there).

Small font rows (5), 3 columns each, for dense grid labels.
"""

import os
import sys

from host_tools.paths import FIRMWARE

MAIN_HEIGHT = 8
SMALL_HEIGHT = 5
MAIN_MAX_WIDTH = 5
SMALL_WIDTH = 3
HUNGARIAN = "ÁÉÍÓÖŐÚÜŰáéíóöőúüű"

MAIN_ART = """
SP !  "   #     $     %     &     '  (  )  *     +     ,  -   .  /
.. #  #.# .#.#. ..#.. ##... .##.. #  .# #. ..... ..... .. ... . ..#
.. #  #.# .#.#. .#### ##..# #..#. #  #. .# ..#.. ..#.. .. ... . ..#
.. #  ... ##### #.#.. ...#. #.#.. .  #. .# #.#.# ..#.. .. ... . .#.
.. #  ... .#.#. .###. ..#.. .#... .  #. .# .###. ##### .. ### . .#.
.. #  ... ##### ..#.# .#... #.#.# .  #. .# #.#.# ..#.. .. ... . .#.
.. .  ... .#.#. ####. #..## #..#. .  #. .# ..#.. ..#.. .. ... . #..
.. #  ... .#.#. ..#.. ...## .##.# .  .# #. ..... ..... .# ... # #..
.. .  ... ..... ..... ..... ..... .  .. .. ..... ..... #. ... . ...

0    1    2    3    4    5    6    7    8    9    :  ;  <   =    >   ?    @
.##. ..#. .##. ###. #..# #### .##. #### .##. .##. .  .. ... .... ... .##. .###.
#..# .##. #..# ...# #..# #... #... ...# #..# #..# .  .. ..# .... #.. #..# #...#
#..# ..#. ...# ...# #..# ###. #... ...# #..# #..# #  .# .#. #### .#. ...# #.###
#..# ..#. ..#. .##. #### ...# ###. ..#. .##. .### .  .. #.. .... ..# ..#. #.#.#
#..# ..#. .#.. ...# ...# ...# #..# .#.. #..# ...# .  .. .#. #### .#. .#.. #.##.
#..# ..#. #... ...# ...# #..# #..# .#.. #..# ...# #  .# ..# .... #.. .... #....
.##. .### #### ###. ...# .##. .##. .#.. .##. .##. .  #. ... .... ... .#.. .###.
.... .... .... .... .... .... .... .... .... .... .  .. ... .... ... .... .....

A     B     C     D     E    F    G     H     I   J    K     L    M
.###. ####. .###. ####. #### #### .###. #...# ### ...# #...# #... #...#
#...# #...# #...# #...# #... #... #...# #...# .#. ...# #..#. #... ##.##
#...# #...# #.... #...# #... #... #.... #...# .#. ...# #.#.. #... #.#.#
##### ####. #.... #...# ###. ###. #.### ##### .#. ...# ##... #... #.#.#
#...# #...# #.... #...# #... #... #...# #...# .#. ...# #.#.. #... #...#
#...# #...# #...# #...# #... #... #...# #...# .#. #..# #..#. #... #...#
#...# ####. .###. ####. #### #... .###. #...# ### .##. #...# #### #...#
..... ..... ..... ..... .... .... ..... ..... ... .... ..... .... .....

N     O     P     Q     R     S     T     U     V     W     X     Y     Z
#...# .###. ####. .###. ####. .###. ##### #...# #...# #...# #...# #...# #####
#...# #...# #...# #...# #...# #...# ..#.. #...# #...# #...# #...# #...# ....#
##..# #...# #...# #...# #...# #.... ..#.. #...# #...# #...# .#.#. .#.#. ...#.
#.#.# #...# ####. #...# ####. .###. ..#.. #...# #...# #.#.# ..#.. ..#.. ..#..
#..## #...# #.... #.#.# #.#.. ....# ..#.. #...# #...# #.#.# .#.#. ..#.. .#...
#...# #...# #.... #..#. #..#. #...# ..#.. #...# .#.#. #.#.# #...# ..#.. #....
#...# .###. #.... .##.# #...# .###. ..#.. .###. ..#.. .#.#. #...# ..#.. #####
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....

[  \\   ]  ^   _    `  {   |  }   ~    BOX
## #.. ## .#. .... #. ..# #  #.. .... ....
#. #.. .# #.# .... .# .#. #  .#. .... ....
#. .#. .# ... .... .. .#. #  .#. .#.# ####
#. .#. .# ... .... .. #.. #  ..# #.#. #..#
#. .#. .# ... .... .. .#. #  .#. .... #..#
#. ..# .# ... .... .. .#. #  .#. .... #..#
## ..# ## ... .... .. ..# #  #.. .... ####
.. ... .. ... #### .. ... .  ... .... ....

a    b    c    d    e    f   g    h    i j   k    l  m     n    o    p    q    r    s
.... #... .... ...# .... .## .... #... # ..# #... #. ..... .... .... .... .... .... ....
.... #... .... ...# .... #.. .... #... . ... #... #. ..... .... .... .... .... .... ....
.##. ###. .##. .### .##. ### .### ###. # ..# #..# #. ####. ###. .##. ###. .### #.## .###
...# #..# #..# #..# #..# #.. #..# #..# # ..# #.#. #. #.#.# #..# #..# #..# #..# ##.. #...
.### #..# #... #..# #### #.. #..# #..# # ..# ##.. #. #.#.# #..# #..# #..# #..# #... .##.
#..# #..# #..# #..# #... #.. .### #..# # ..# #.#. #. #.#.# #..# #..# ###. .### #... ...#
.### ###. .##. .### .### #.. ...# #..# # ..# #..# .# #.#.# #..# .##. #... ...# #... ###.
.... .... .... .... .... ... ###. .... . ##. .... .. ..... .... .... #... ...# .... ....

t   u    v     w     x     y    z
... .... ..... ..... ..... .... ....
#.. .... ..... ..... ..... .... ....
### #..# #...# #...# #...# #..# ####
#.. #..# #...# #...# .#.#. #..# ...#
#.. #..# #...# #.#.# ..#.. #..# .##.
#.. #..# .#.#. #.#.# .#.#. .### #...
.## .### ..#.. .#.#. #...# ...# ####
... .... ..... ..... ..... ###. ....

á    é    í   ó    ö    ő     ú    ü    ű
...# ...# ..# ...# #..# .#..# ..#. #..# ..#.#
..#. ..#. .#. ..#. .... #..#. .#.. .... .#.#.
.##. .##. #.. .##. .##. .##.. #..# #..# #..#.
...# #..# #.. #..# #..# #..#. #..# #..# #..#.
.### #### #.. #..# #..# #..#. #..# #..# #..#.
#..# #... #.. #..# #..# #..#. #..# #..# #..#.
.### .### #.. .##. .##. .##.. .### .### .###.
.... .... ... .... .... ..... .... .... .....
"""

# The accented capitals: full capitals (the cell's rows 0..7, as A E I O U above) with
# the accent in the two rows over the cell (the line gap and the row above it): 10 rows,
# the first two the accent. The row just over the cell carries the accent's lower part
# (acute: its foot; umlaut: two dots clear of the letter; double acute: two feet), so a
# title bar, whose text starts one row below its top, shows every accent.
CAPS_HEIGHT = 10
CAPS_ART = """
Á     É    Í   Ó     Ö     Ő     Ú     Ü     Ű
...#. ..#. ..# ...#. ..... ..#.# ...#. ..... ..#.#
..#.. .#.. .#. ..#.. #...# .#.#. ..#.. .#.#. .#.#.
.###. #### ### .###. .###. .###. #...# #...# #...#
#...# #... .#. #...# #...# #...# #...# #...# #...#
#...# #... .#. #...# #...# #...# #...# #...# #...#
##### ###. .#. #...# #...# #...# #...# #...# #...#
#...# #... .#. #...# #...# #...# #...# #...# #...#
#...# #... .#. #...# #...# #...# #...# #...# #...#
#...# #### ### .###. .###. .###. .###. .###. .###.
..... .... ... ..... ..... ..... ..... ..... .....
"""
ACCENTED_CAPITALS = "ÁÉÍÓÖŐÚÜŰ"

SMALL_ART = """
SP  0   1   2   3   4   5   6   7   8   9   -   :   /   +   .   !   ?   BOX
... ### .#. ##. ##. #.# ### .## ### ### ### ... ... ..# ... ... .#. ##. ...
... #.# ##. ..# ..# #.# #.. #.. ..# #.# #.# ... .#. ..# .#. ... .#. ..# ###
... #.# .#. .#. .#. ### ##. ### .#. ### ### ### ... .#. ### ... .#. .#. #.#
... #.# .#. #.. ..# ..# ..# #.# .#. #.# ..# ... .#. #.. .#. ... ... ... ###
... ### ### ### ##. ..# ##. ### .#. ### ##. ... ... #.. ... .#. .#. .#. ...

A   B   C   D   E   F   G   H   I   J   K   L   M
.#. ##. .## ##. ### ### .## #.# ### ..# #.# #.. #.#
#.# #.# #.. #.# #.. #.. #.. #.# .#. ..# #.# #.. ###
### ##. #.. #.# ##. ##. #.# ### .#. ..# ##. #.. ###
#.# #.# #.. #.# #.. #.. #.# #.# .#. #.# #.# #.. #.#
#.# ##. .## ##. ### #.. .## #.# ### .#. #.# ### #.#

N   O   P   Q   R   S   T   U   V   W   X   Y   Z
##. .#. ##. .#. ##. .## ### #.# #.# #.# #.# #.# ###
#.# #.# #.# #.# #.# #.. .#. #.# #.# #.# #.# #.# ..#
#.# #.# ##. #.# ##. .#. .#. #.# #.# ### .#. .#. .#.
#.# #.# #.. ##. #.# ..# .#. #.# #.# ### #.# .#. #..
#.# .#. #.. .## #.# ##. .#. ### .#. #.# #.# .#. ###
"""

BEGIN = "# --- generated by host_tools/art/fontgen.py from its glyph art: do not edit ---"
END = "# --- end of generated data ---"


def parse(art, height):
    """Art text -> {name: [row strings]} (name is the character, or 'BOX')."""
    glyphs = {}
    lines = art.split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        names = lines[i].split()
        rows = [ln.split() for ln in lines[i + 1 : i + 1 + height]]
        if len(rows) != height or any(len(r) != len(names) for r in rows):
            raise ValueError("art block at line %d: %d names, rows %s" % (i + 1, len(names), rows))
        for k, name in enumerate(names):
            pic = [r[k] for r in rows]
            w = len(pic[0])
            if any(len(p) != w or p.strip("#.") for p in pic):
                raise ValueError("glyph %r: ragged or bad rows %s" % (name, pic))
            name = {"SP": " "}.get(name, name)
            if name in glyphs:
                raise ValueError("glyph %r drawn twice" % name)
            glyphs[name] = pic
        i += 1 + height
    return glyphs


def columns(pic):
    """Rows of '#'/'.' -> one byte per column, bit 0 = top row (MONO_VLSB)."""
    return [sum(1 << r for r in range(len(pic)) if pic[r][c] == "#") for c in range(len(pic[0]))]


def main_order():
    """Glyph order in the main font: ASCII 32..126, the Hungarian letters, the box."""
    return [chr(c) for c in range(32, 127)] + list(HUNGARIAN) + ["BOX"]


def hu_key(ch):
    """The byte firmware/core/font.py looks a Hungarian letter up by: its UTF-8 is
    0xC3 or 0xC5 then a continuation byte; key = ((lead & 2) << 5) | (cont & 63)."""
    lead, cont = ch.encode("utf-8")
    assert lead in (0xC3, 0xC5), ch
    return ((lead & 2) << 5) | (cont & 63)


def hungarian_keys():
    keys = bytes(hu_key(ch) for ch in HUNGARIAN)
    assert len(set(keys)) == len(keys)
    return keys


def small_order():
    glyphs = parse(SMALL_ART, SMALL_HEIGHT)
    # The box first, so an all-zero map entry means "unknown".
    return ["BOX"] + sorted(n for n in glyphs if n != "BOX")


def main_glyphs():
    """({name: 8 rows} of every main glyph, {accented capital: its 2 accent rows})."""
    main = parse(MAIN_ART, MAIN_HEIGHT)
    accents = {}
    for name, pic in parse(CAPS_ART, CAPS_HEIGHT).items():
        if name in main:
            raise ValueError("glyph %r drawn twice" % name)
        main[name] = pic[2:]
        accents[name] = pic[:2]
    return main, accents


def accent_data(accents):
    """5 bytes per accented capital (ACCENTED_CAPITALS order): per column, bit 0 = the
    row two over the cell, bit 1 = the row just over it."""
    out = []
    for name in ACCENTED_CAPITALS:
        pic = accents[name]
        cols = columns(pic)
        out += cols + [0] * (MAIN_MAX_WIDTH - len(cols))
    return bytes(out)


def build():
    """The generated data: main columns + index, small columns + ASCII map."""
    main, accents = main_glyphs()
    order = main_order()
    missing = [n for n in order if n not in main]
    extra = [n for n in main if n not in order]
    if missing or extra:
        raise ValueError("main art: missing %r, unexpected %r" % (missing, extra))
    data, index = [], []
    for name in order:
        cols = columns(main[name])
        w = len(cols)
        if not 1 <= w <= MAIN_MAX_WIDTH:
            raise ValueError("glyph %r is %d wide" % (name, w))
        off = len(data)
        index += [off & 0xFF, (off >> 8) | (w << 4)]
        data += cols
    if len(data) >= 1 << 12:
        raise ValueError("main font data exceeds the 12-bit offsets")

    small = parse(SMALL_ART, SMALL_HEIGHT)
    sorder = small_order()
    sdata = []
    for name in sorder:
        cols = columns(small[name])
        if len(cols) != SMALL_WIDTH:
            raise ValueError("small glyph %r is %d wide" % (name, len(cols)))
        sdata += cols
    smap = [0] * 64  # ASCII 32..95; lowercase folds onto capitals in font.py
    for gi, name in enumerate(sorder):
        if name != "BOX":
            smap[ord(name) - 32] = gi
    return {
        "main": main,
        "accents": accent_data(accents),
        "small": small,
        "main_data": bytes(data),
        "main_index": bytes(index),
        "small_data": bytes(sdata),
        "small_map": bytes(smap),
    }


def _bytes_lines(name, b, comment):
    """A bytes literal split over lines of at most ~100 characters."""
    out = ["# " + comment, name + " = ("]
    per = 24
    for i in range(0, len(b), per):
        out.append('    b"' + "".join("\\x%02x" % v for v in b[i : i + per]) + '"')
    out.append(")")
    return out


def section():
    """The generated block of firmware/core/font.py, markers included."""
    d = build()
    lines = [BEGIN]
    lines += ["# main glyphs 95..112 are %s, found by UTF-8 key (fontgen.hu_key)" % HUNGARIAN]
    lines += ["_HUKEY = %r" % hungarian_keys()]
    lines += ["_BOX = const(%d)  # main glyph index of the unknown-char box" % (len(main_order()) - 1)]
    lines += ["_SPACE_ADV = const(%d)  # advance of the (blank) space glyph" % (len(d["main"][" "][0]) + 1)]
    lines += _bytes_lines("_MDATA", d["main_data"], "main font columns, bit 0 = top row (MONO_VLSB)")
    lines += _bytes_lines(
        "_MINDEX", d["main_index"], "per main glyph: offset low byte, (width << 4) | offset high bits"
    )
    lines += _bytes_lines(
        "_ACCENTS", d["accents"], "main glyphs 95..103 (%s): 5 columns each of the accent over the cell, "
        "bit 0 = 2 rows up" % ACCENTED_CAPITALS
    )
    lines += _bytes_lines("_SDATA", d["small_data"], "small font, 3 columns per glyph, glyph 0 = box")
    lines += _bytes_lines("_SMAP", d["small_map"], "ASCII 32..95 -> small glyph (0 = box)")
    lines.append(END)
    return "\n".join(lines) + "\n"


FONT_PY = os.path.join(FIRMWARE, "core", "font.py")


def current_section(path=FONT_PY):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    a = text.index(BEGIN)
    b = text.index(END, a) + len(END) + 1
    return text, a, b


def regenerate(path=FONT_PY):
    """Rewrite the generated block; returns True if the file changed."""
    text, a, b = current_section(path)
    new = text[:a] + section() + text[b:]
    if new == text:
        return False
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)
    return True


def main(argv):
    if "--check" in argv:
        text, a, b = current_section()
        stale = text[a:b] != section()
        state = "STALE: run python -m host_tools.art.fontgen" if stale else "current"
        print("firmware/core/font.py data is %s" % state)
        return 1 if stale else 0
    changed = regenerate()
    print("firmware/core/font.py %s" % ("regenerated" if changed else "already current"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
