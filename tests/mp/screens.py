"""Every screen of every module, for the layout tests and the PNG review.

Each menu entry's module has a catalogue (catalogs.CATALOGS) whose
catalog(app) yields (name, screen) pairs: the screen in a representative
state (long names, full hands, end of game). This module collects them from
the main menu and every mode in core/modes.py.
"""

import sys

from fakehw import make_hw

from catalogs import CATALOGS
from core import font, strings, ui
from core.app import App
from core.compat import load, unload


def modules():
    from core.modes import MODES  # not kept: the menus are not in the heap beside a game

    names = ["core.home"]
    for _key, module, _arg in MODES:
        if module not in names:
            names.append(module)
    return names


def each_screen(app, only=None):
    """Each module is loaded as the menu loads a mode, and unloaded after its
    catalogue, with the modules the catalogue itself imported (its _cat
    module holds the game's). only: one module's screens. A game leaves the
    heap fragmented for the next one, so the tests visit one game a process."""
    for name in modules():
        if only and only not in (name, short(name)):
            continue
        before = set(sys.modules)
        load(name) if name == "core.home" else app._load_mode(name)
        cat = load(CATALOGS[name])
        for screen_name, screen in cat.catalog(app):
            yield short(name) + "." + screen_name, screen
        cat = None
        app.stack = []
        app.end_mode()
        unload(*[m for m in sys.modules if m not in before])


def short(name):
    """The name screens go by (battleship.ui -> battleship, core.home -> home)."""
    return name.split(".")[1] if name.startswith("core.") else name.split(".")[0]


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


_ = font
