"""The rp2 lane's probe, installed as /boot.py beside the bundle (never part of it; see
host_tools/device/rp2pico.py). MicroPython runs boot.py, then the install's own main.py unchanged
(the files route: /main.py; the ROMFS route: the firmware's frozen main.py, which imports
/rom/broadside.mpy), in the same interpreter, so this wraps the board's make_hw() before main.py
imports it:

- after each display.show(), when the screen on top, the stack depth or the menu entry under
  the cursor, or the screen's state or view (ints, -1 when it has none) changed, one console
  line `@rp2 s <screen> <depth> <entry> <state> <view> <ticks_us>`, then the
  live heap after gc.collect() (`@rp2 h <live> <free> <peak> <probe>`), probe being the heap in
  use when this script started (the interpreter and the probe, not the firmware's);
- while GP22 is driven high by the harness, gc.collect() after every frame and the peak of
  the live heap kept (reported in the h line, then reset);
- `@rp2 r <ticks_us>` just before the firmware's soft reset (back to the menu after a game;
  a board whose hw.reset is None goes back in the same interpreter, and prints none);
- `@rp2 f <work_us> <save_us> <saves> <ticks_us> <max_us>` after a frame that saved: the
  frame's work (from its wait_frame() to the next), the part of it in core.storage's save(),
  how many saves, when the frame began, the longest frame since the last f line (this one
  included). (A line after every slow frame delays the next frame enough to miss a key.)
The harness reads the clock of an event from its ticks_us (the emulated TIMER), not from the
time the line reached the console. Names are kept few and short: each is a qstr in the heap.
"""

import gc
import sys

gc.collect()
_A0 = gc.mem_alloc()

from time import ticks_us  # noqa: E402

import machine  # noqa: E402

# the board module where the game's boot finds it: /rom/boards when a ROMFS partition is mounted
# (the ROMFS route: the game's main.py then finds the folder on the path already), else /boards
# on the filesystem (the files route)
sys.path.append("/rom/boards" if "/rom" in sys.path else "/boards")
import pico_oled  # noqa: E402

_G = machine.Pin(22, machine.Pin.IN, machine.Pin.PULL_DOWN)
_S = [None, 0, 0, 0]  # last "screen depth entry state view", -, -, peak
_F = [0, 0, 0, 0]  # this frame: its start (ticks_us), us in save(), saves; the longest since
_APP = [None]


def _entry(top):
    items = getattr(top, "items", None)
    sel = getattr(top, "sel", None)
    if isinstance(items, (list, tuple)) and isinstance(sel, int) and sel < len(items):
        item = items[sel]
        return "_".join(str(item if isinstance(item, str) else item[0]).split())
    return "-"


def _heap():
    gc.collect()
    live = gc.mem_alloc()
    print("@rp2 h %d %d %d %d" % (live, gc.mem_free(), max(live, _S[3]), _A0))
    _S[3] = 0


def _after_show():
    app = _APP[0]
    top = app.top() if app is not None else None
    st, vw = getattr(top, "state", -1), getattr(top, "view", -1)
    g = getattr(top, "m", None)  # the card game over the cable's screen holds its game as m
    if not hasattr(g, "job"):  # (before issue 40: as g)
        g = getattr(top, "g", None)
    if not hasattr(g, "job"):  # (before d6b5a62: as w.g); other games have no deck job
        g = getattr(getattr(top, "w", None), "g", None)
    if hasattr(g, "job"):  # the card game over the cable: its phase, and 1 while a deck stage runs
        st, vw = getattr(g, "phase", -1), 0 if getattr(g, "job", None) is None else 1
    key = "%s %d %s %d %d" % (
        type(top).__name__ if top is not None else "-", len(app.stack) if app is not None else 0, _entry(top),
        st if isinstance(st, int) else -1, vw if isinstance(vw, int) else -1,
    )  # fmt: skip
    if key != _S[0]:
        print("@rp2 s %s %d" % (key, ticks_us()))
        _S[0] = key
        _heap()
    elif _G.value():
        gc.collect()
        live = gc.mem_alloc()
        if live > _S[3]:
            _S[3] = live


_make_hw = pico_oled.make_hw


def _hw():
    hw = _make_hw()
    show = hw.display.show
    reset = hw.reset
    wait = hw.clock.wait_frame
    save = hw.storage.save

    def _wait():
        t = ticks_us()
        w = t - _F[0] if _F[0] else 0
        if w > _F[3]:
            _F[3] = w
        if _F[2]:
            print("@rp2 f %d %d %d %d %d" % (w, _F[1], _F[2], _F[0], _F[3]))
            _F[3] = 0
        r = wait()
        _F[0] = ticks_us()
        _F[1] = _F[2] = 0
        return r

    def _save(*a):
        t = ticks_us()
        save(*a)
        _F[1] += ticks_us() - t
        _F[2] += 1

    def _show():
        show()
        _after_show()

    def _reset():
        print("@rp2 r %d" % ticks_us())
        reset()

    hw.display.show = _show
    if reset is not None:  # Broadside's firmware goes back to the menu without one (pico_oled)
        hw.reset = _reset
    hw.clock.wait_frame = _wait
    hw.storage.save = _save
    return hw


pico_oled.make_hw = _hw

from core import app as _app  # noqa: E402

_init = _app.App.__init__


def _init_app(self, hw):
    _APP[0] = self
    _init(self, hw)


_app.App.__init__ = _init_app
print("@rp2 b %d %d" % (_A0, ticks_us()))
