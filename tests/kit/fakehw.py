"""A handheld made of plain objects for screen tests under MicroPython: a
real framebuf display (no bus), scripted buttons, a stepping clock."""

import sys

import framebuf

from core.compat import load, unload
from core.hal import Buttons, Hw, Sound


class FakeDisplay(framebuf.FrameBuffer):
    def __init__(self):
        self.buf = bytearray(1024)
        super().__init__(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.shows = 0
        self.level = 255

    def show(self):
        self.shows += 1

    def contrast(self, v):
        self.level = v


class FakeClock:
    frame_ms = 33

    def __init__(self):
        self.t = 0

    def now(self):
        return self.t

    def wait_frame(self):
        self.t += self.frame_ms
        return self.t


class Keys:
    def __init__(self):
        self.mask = 0

    def __call__(self):
        return self.mask


def make_hw(storage=None):
    keys = Keys()
    hw = Hw("fake", FakeDisplay(), Buttons(keys), FakeClock(), storage=storage, sound=Sound(None))
    hw.keys = keys
    return hw


def press(app, mask, after=2):
    """Hold mask for one frame, then run `after` idle frames."""
    app.hw.keys.mask = mask
    app.step()
    app.hw.keys.mask = 0
    for _ in range(after):
        app.step()


def pixel_rows(fb):
    return ["".join("#" if fb.pixel(x, y) else "." for x in range(128)) for y in range(64)]


def slots():
    """Every game's slot (core.modes.SLOTS), the menus' module left as it was (out of the heap
    while a game runs)."""
    was = "core.modes" in sys.modules
    out = load("core.modes").SLOTS
    if not was:
        unload("core.modes")
    return out


def clear_saves(storage):
    """No game saved: neither the old single save nor any game's slot."""
    storage.delete("game")
    storage.delete("ex_setup")
    for slot in slots():
        storage.delete("g_" + slot)


def saved_game(storage, slot=None):
    """The game's own bytes in its slot (the slot's head, core.app.game_head, left off), or
    None; slot None: the one slot holding a game."""
    if slot is None:
        found = [s for s in slots() if storage.load("g_" + s)[0] is not None]
        assert len(found) <= 1, found
        if not found:
            return None
        slot = found[0]
    data = storage.load("g_" + slot)[0]
    if data is None:
        return None
    i = data[0] + 1
    j = i + data[i] + 1
    return bytes(data[j + 2 :])


def texts(app):
    """The words the top screen draws now (core.ui's trace of every text drawn)."""
    from core import ui

    ui.TRACE = []
    app.fb.fill(0)
    app.top().draw(app, app.fb)
    out = [s for _x, _y, _w, _h, s in ui.TRACE]
    ui.TRACE = None
    return out
