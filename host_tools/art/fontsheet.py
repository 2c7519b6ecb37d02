"""Render a PNG sample sheet of Broadside's fonts: `python -m host_tools.art.fontsheet [out.png]`.

Every main and small glyph (4x, crisp square pixels, the cell's accent /
x-height / descender zones shaded), then sample lines drawn exactly as the
handheld draws them (firmware/font.py's text()) on 128-px-wide strips, one of
them dark-on-lit as in a menu highlight bar. Default output: build/fontsheet.png.
"""

import os
import sys

from PIL import Image, ImageDraw, ImageFont

from core import font
from host_tools.art import fontgen
from host_tools.paths import BUILD

SCALE = 4
INK = (235, 245, 255)
PAPER = (12, 16, 24)
ZONE_ACCENT = (34, 30, 48)  # rows 0..1
ZONE_X = (22, 34, 44)  # rows 2..6
ZONE_DESC = (44, 30, 30)  # row 7
LABEL = (150, 160, 170)
SAMPLES = (
    "SUNK: DESTROYER",
    "Tengeralattjáró",
    "Repülőgép-hordozó",
    "ŐRÜLT ÍRÓ ÁLLÁS",
    "Nincs találat",
    "A-J 1-10 D-4",
)


def label_font():
    """A TrueType face that has the Hungarian letters, else Pillow's default."""
    for path in ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(path, 12)
        except OSError:
            pass
    return ImageFont.load_default()


class Canvas:
    """A 1-bit bitmap with the clipping pixel() and fill_rect() of framebuf."""

    def __init__(self, w, h):
        self.width, self.height = w, h
        self.bits = bytearray(w * h)

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self.bits[y * self.width + x]
            self.bits[y * self.width + x] = 1 if c else 0
        return None

    def fill_rect(self, x, y, w, h, c):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.pixel(xx, yy, c)


def paint(draw, canvas, ox, oy, ink=INK, paper=None):
    """Scale canvas onto the sheet at (ox, oy): lit pixels ink, dark ones paper (or left)."""
    for y in range(canvas.height):
        for x in range(canvas.width):
            on = canvas.bits[y * canvas.width + x]
            col = ink if on else paper
            if col is not None:
                x0, y0 = ox + x * SCALE, oy + y * SCALE
                draw.rectangle([x0, y0, x0 + SCALE - 1, y0 + SCALE - 1], fill=col)


def zones(draw, ox, oy, w, small):
    """Shade the glyph cell's rows so misplaced pixels stand out."""
    if small:
        bands = ((0, 5, ZONE_X),)
    else:
        bands = ((0, 2, ZONE_ACCENT), (2, 7, ZONE_X), (7, 8, ZONE_DESC))
    for r0, r1, col in bands:
        draw.rectangle([ox, oy + r0 * SCALE, ox + w * SCALE - 1, oy + r1 * SCALE - 1], fill=col)


def glyph_table(draw, lf, y, names, small, per_row=16):
    cell = 7 * SCALE + 8
    height = (5 if small else 8) * SCALE
    for n, name in enumerate(names):
        col, row = n % per_row, n // per_row
        ox = 16 + col * cell
        oy = y + row * (height + 22)
        label = {"BOX": "box", " ": "sp"}.get(name, name)
        draw.text((ox, oy), label, fill=LABEL, font=lf)
        ch = "\u2603" if name == "BOX" else name  # a snowman: no glyph, so the box
        w = (font.small_width(ch) if small else font.width(ch)) or 1
        zones(draw, ox, oy + 14, w, small)
        c = Canvas(w, 8)
        (font.small_text if small else font.text)(c, ch, 0, 0)
        paint(draw, c, ox, oy + 14)
    rows = (len(names) + per_row - 1) // per_row
    return y + rows * (height + 22) + 10


def screen_lines(draw, y):
    """The samples as the 128x64 OLED shows them, 9-px line pitch."""
    lines = list(SAMPLES)
    c = Canvas(128, font.LINE * (len(lines) + 3))
    for i, s in enumerate(lines):
        font.text(c, s, 1, i * font.LINE)
    yy = len(lines) * font.LINE
    c.fill_rect(0, yy - 1, 128, font.LINE, 1)  # a menu highlight bar, text in color 0
    font.text(c, "> " + font.fit("Repülőgép-hordozó és barátai", 120), 1, yy, 0)
    font.small_text(c, "A-J 1-10 D-4 HIT! MISS? 3/5 +2 12:30", 1, yy + font.LINE + 1)
    # a grid header as the board screen might label it
    for k, lab in enumerate("ABCDEFGHIJ"):
        font.small_text(c, lab, 10 + k * 6, yy + 2 * font.LINE)
    draw.rectangle([14, y - 2, 16 + 128 * SCALE + 1, y + c.height * SCALE + 1], outline=LABEL)
    paint(draw, c, 16, y, paper=(0, 0, 0))
    return y + c.height * SCALE + 12


def render(path):
    lf = label_font()
    main_names = fontgen.main_order()
    small = fontgen.parse(fontgen.SMALL_ART, fontgen.SMALL_HEIGHT)
    small_names = sorted(small, key=lambda n: (n == "BOX", n))
    img = Image.new("RGB", (16 * (7 * SCALE + 8) + 32, 2000), PAPER)
    draw = ImageDraw.Draw(img)
    y = 8
    title = "Broadside main font (8 rows, 4x): rows 0-1 accents, 2-6 x-height, 7 descenders"
    draw.text((16, y), title, fill=LABEL, font=lf)
    y = glyph_table(draw, lf, y + 18, main_names, False)
    draw.text((16, y), "Small font (3x5, 4x)", fill=LABEL, font=lf)
    y = glyph_table(draw, lf, y + 18, small_names, True)
    draw.text((16, y), "On the 128-px OLED (1 OLED pixel = 4x4), LINE = 9", fill=LABEL, font=lf)
    y = screen_lines(draw, y + 18)
    img = img.crop((0, 0, img.width, y))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    img.save(path)
    return path


def main(argv):
    path = argv[1] if len(argv) > 1 else os.path.join(BUILD, "fontsheet.png")
    print(render(path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
