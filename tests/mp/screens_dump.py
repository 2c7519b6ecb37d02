"""Print every screen in both languages as hex framebuffers (for
host_tools/screens.py, which turns them into PNGs)."""

import sys
from binascii import hexlify

from screens import each_screen, new_app, render

app = new_app()
only = sys.argv[1] if len(sys.argv) > 1 else ""
for name, screen in each_screen(app):
    if only and not name.startswith(only):
        continue
    for lang in ("en", "hu"):
        render(app, screen, lang)
        buf = app.fb.buf
        print("SCREEN", name, lang, hexlify(buf).decode())  # one allocation: the heap stays whole
