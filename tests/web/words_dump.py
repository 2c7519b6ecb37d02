# MicroPython (unix port): each word of argv drawn in the firmware's main font, one line
# each: WORD <width> <hex of the 8-row bitmap, MONO_VLSB, width bytes>. Run by webpage.py.
import sys

import framebuf

from core import font

for w in sys.argv[1:]:
    n = font.width(w)
    buf = bytearray(max(1, n))
    fb = framebuf.FrameBuffer(buf, max(1, n), 8, framebuf.MONO_VLSB)
    font.text(fb, w, 0, 0, 1)
    print("WORD", n, buf.hex())
