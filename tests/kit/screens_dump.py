"""Print every screen in both languages as hex framebuffers (for
host_tools/sim/screens.py, which turns them into PNGs)."""

import sys
from binascii import hexlify

from screens import each_screen, new_app, render

app = new_app()
only = sys.argv[1] if len(sys.argv) > 1 else ""
for name, screen in each_screen(app, only.split(".")[0] if only else None):
    if only and not name.startswith(only):
        continue
    for lang in ("en", "hu"):
        render(app, screen, lang)
        buf = app.fb.buf
        # one line, written a display page at a time: a 2 KB string built in
        # one go may not find room in a heap the game's modules fragmented
        print("SCREEN", name, lang, end=" ")
        for i in range(0, len(buf), 128):
            print(hexlify(buf[i : i + 128]).decode(), end="")
        print()
