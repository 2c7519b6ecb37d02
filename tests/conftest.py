"""pytest setup: firmware/, boards/ and tests/ import as on the device."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("tests", "boards", "firmware"):
    p = os.path.join(ROOT, sub)
    if p not in sys.path:
        sys.path.insert(0, p)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# tests/mp/ needs MicroPython (framebuf, the fake machine): mptest runs it.
collect_ignore = ["mp", "mprun.py"]
# tests/web/ needs Chromium and the built page: make test-web runs it (BROADSIDE_WEB=1).
if os.environ.get("BROADSIDE_WEB") != "1":
    collect_ignore.append("web")
# tests/rp2/ needs the rp2040py emulator and the RPI_PICO firmware: make test-rp2 runs it (BROADSIDE_RP2=1).
if os.environ.get("BROADSIDE_RP2") != "1":
    collect_ignore.append("rp2")
