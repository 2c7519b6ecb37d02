"""Font cost under the MicroPython unix port: `python -m host_tools.bench font [--reps N]`.

Compiles firmware/font.py (and compat.py) with mpy-cross, imports the .mpy
in a fresh `micropython -X heapsize=192K` and prints JSON lines: heap taken
by the import and by the first draw, heap allocated per text() call, and
microseconds per 21-character line (best of the repetitions; the host is
shared, so the minimum is the honest figure). The unix port is a 64-bit
build: object headers are twice the RP2040's, so device heap figures are
smaller, while device times are far longer (tens of times).
"""

import json
import os
import subprocess
import sys

from host_tools.paths import BUILD, FIRMWARE, HEAP, micropython, tool

SCRIPT = r"""
import gc, time
import framebuf
fb = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
gc.collect(); a = gc.mem_free()
from core import font
gc.collect(); b = gc.mem_free()
font.text(fb, "Tengeralattj\u00e1r\u00f3", 0, 0)
font.small_text(fb, "A-J", 0, 0)
gc.collect(); c = gc.mem_free()
font.text(fb, "Tengeralattj\u00e1r\u00f3", 0, 0)
d = gc.mem_free()  # no collect: count the call's garbage too
print('{"what": "font_heap", "import_mpy_bytes": %%d, "first_draw_bytes": %%d, "per_text_call_bytes": %%d}'
      %% (a - b, b - c, c - d))
LINES = (("main_ascii", font.text, "SUNK: DESTROYER abcde"),
         ("main_hungarian", font.text, "Tengeralattj\u00e1r\u00f3 \u0150R\u00dcLT"),
         ("main_color0", None, "SUNK: DESTROYER abcde"),
         ("small", font.small_text, "A-J 1-10 D-4 ABCDEFGH"),
         ("width", None, "SUNK: DESTROYER abcde"))
N = 500
for name, fn, s in LINES:
    assert len(s) == 21
    best = 1e9
    for rep in range(%(reps)d):
        t = time.ticks_us()
        if name == "width":
            for i in range(N):
                font.width(s)
        elif name == "main_color0":
            for i in range(N):
                font.text(fb, s, 0, 10, 0)
        else:
            for i in range(N):
                fn(fb, s, 0, 10)
        best = min(best, time.ticks_diff(time.ticks_us(), t) / N)
    print('{"what": "font_speed", "line": "%%s", "chars": 21, "us_per_line": %%.1f}' %% (name, best))
"""


def main(argv):
    reps = 15
    if "--reps" in argv:
        reps = int(argv[argv.index("--reps") + 1])
    out = os.path.join(BUILD, "bench_font")
    os.makedirs(out, exist_ok=True)
    os.makedirs(os.path.join(out, "core"), exist_ok=True)
    for mod in ("compat", "font"):
        src = os.path.join(FIRMWARE, "core", mod + ".py")
        subprocess.run([tool("mpy-cross"), "-o", os.path.join(out, "core", mod + ".mpy"), src], check=True)
    script = os.path.join(out, "run.py")
    with open(script, "w") as f:
        f.write(SCRIPT % {"reps": reps})
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=" + HEAP, script], capture_output=True, text=True, cwd=out
    )
    if proc.returncode:
        print(json.dumps({"what": "font", "error": proc.stdout + proc.stderr}))
        return 1
    size = os.path.getsize(os.path.join(out, "core", "font.mpy"))
    print(json.dumps({"what": "font_mpy", "font_mpy_bytes": size}))
    sys.stdout.write(proc.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
