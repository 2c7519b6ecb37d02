"""Every screen of every module, for the layout tests and the PNG review.

A UI module may define catalog(app) yielding (name, screen) pairs: the
screen in a representative state (long names, full hands, end of game).
This module collects them from home.py and every mode in modes.py.

Each game mode is checked in a MicroPython process of its own (a 192 KB
heap holds one mode at a time, as on the device, where the app unloads a
mode before the next loads: qstrs and a heap fragmented by compiling one
mode's sources stay behind for the next): tests/mp/screens_dump.py MODULE
renders one module, tests/host/test_screens_modes.py runs it for each mode.
"""

import gc
import sys

import font
import home
import strings
import ui
from app import App
from fakehw import make_hw
from modes import MODES


def modules():
    names = ["home"]
    for _key, module, _arg in MODES:
        if module not in names:
            names.append(module)
    return names


def each_screen(app, names=None):
    """Every catalogued screen of the modules named (default: all); each
    mode's modules are dropped after its screens, as the app does."""
    for name in names or modules():
        before = set(sys.modules)
        mod = __import__(name)
        if hasattr(mod, "catalog"):
            for screen_name, screen in mod.catalog(app):
                yield name + "." + screen_name, screen
        mod = screen = None
        for m in [m for m in sys.modules if m not in before]:
            del sys.modules[m]
        gc.collect()


def render(app, screen, lang):
    """Draw screen in lang; return the text boxes drawn."""
    strings.set_lang(lang)
    ui.TRACE = []
    fb = app.fb
    fb.fill(0)
    app.stack = [screen]
    screen.draw(app, fb)
    boxes = ui.TRACE
    ui.TRACE = None
    return boxes


def new_app():
    return App(make_hw())


def problems(boxes):
    """Text off the display, or two texts overlapping."""
    out = []
    for x, y, w, h, s in boxes:
        if x < 0 or y < 0 or x + w > ui.W or y + h > ui.H:
            out.append("off screen: %r at (%d,%d) w=%d" % (s, x, y, w))
    for i in range(len(boxes)):
        x1, y1, w1, h1, s1 = boxes[i]
        for j in range(i + 1, len(boxes)):
            x2, y2, w2, h2, s2 = boxes[j]
            if w1 and w2 and x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1:
                out.append("overlap: %r and %r" % (s1, s2))
    return out


_ = (font, home)
