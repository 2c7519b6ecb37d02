"""Print every screen of one module in both languages as hex framebuffers
(for host_tools/screens.py, which turns them into PNGs), and any text that
runs off the display or overlaps (for tests/host/test_screens_modes.py).

    micropython tests/mp/screens_dump.py MODULE [PREFIX]
"""

import sys
from binascii import hexlify

from screens import each_screen, new_app, problems, render

app = new_app()
module = sys.argv[1]
only = sys.argv[2] if len(sys.argv) > 2 else ""
for name, screen in each_screen(app, [module]):
    if only and not name.startswith(only):
        continue
    for lang in ("en", "hu"):
        boxes = render(app, screen, lang)
        for p in problems(boxes):
            print("PROBLEM %s [%s]: %s" % (name, lang, p))
        boxes = None
        buf = app.fb.buf
        print("SCREEN", name, lang, hexlify(buf).decode())  # one allocation: the heap stays whole
