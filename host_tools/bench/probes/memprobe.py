"""Boot script of the memory benchmark, run by the MicroPython unix port in
place of main.py (never on the device): it instruments the sim board and the
app from outside, then imports the install's own main.py unchanged.

What it measures, all on the firmware's side of the pipe:
- the work of each frame: from the moment the frame's input arrives to the
  moment the firmware asks for the next frame (update, draw, the I2C writes),
  with time.ticks_us; the time spent waiting for the front end is left out;
- the live heap: with frame flag 4, gc.collect() after every frame (timed
  separately) and the peak of gc.mem_alloc(); the heap in use when this
  script starts (probe_start: the interpreter and this script's own code, and
  from a ROMFS image the launcher and the image's bytearray) is reported
  too, so the bench can leave it out; heap_total is the pool less the image's
  bytearray (rom_bytes: host_tools/sim/romboot.py's ROM_BYTES, 0 without an
  image), the budget's pool; the console's live_heap leaves the image out too;
- boot: from this script's start to the first frame (imports, board, app),
  and the live heap then;
- each game mode's import (time and the heap it keeps), through a wrapper
  around builtins.__import__ that only looks at the modules listed in
  core.modes.MODES.
Frame flag 8 asks for the numbers: one M message of key=value pairs (with
the screen on top and, on a menu, the entry under its cursor). Frame flag
16 prints micropython.qstr_info() and the live heap on the console (32: and
every qstr, one Q(...) line each).

Environment: BROADSIDE_MAIN is the boot to run: a files install's main.py (its
folder holds the install), or /rom/broadside.mpy when host_tools/sim/romboot.py
mounted the game's image and handed over to this script (then /rom holds it);
BROADSIDE_EAGER=1 imports every game mode and every other module
of the install before the app starts (the "imported-all" comparison for
lazy loading); BROADSIDE_WARM=1 imports every game module once and drops it
again before the app starts (every name they hold interned for good: the
heap an evening that visited every mode leaves).
"""

import builtins
import gc
import os
import sys
from time import ticks_diff, ticks_us

import micropython

import __main__

T_START = ticks_us()
gc.collect()
A0 = gc.mem_alloc()  # the interpreter, this script (from an image: the launcher, the image): not the game's
ROM = getattr(__main__, "ROM_BYTES", 0)  # the image's bytearray (romboot.py); run as a script, 0
MAIN = os.getenv("BROADSIDE_MAIN")
HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
# The install's own folder stands where the device's / would be: this probe's folder goes off
# the path (the unix port puts a script's folder first as an absolute path, even when the
# script was named relative to the working folder), the install's main folder and its boards
# come on, as the device's boot finds them (stallprobe.py does the same for its runs).
for _p in [p for p in sys.path if p == HERE or p.endswith("/" + HERE)]:
    sys.path.remove(_p)

_MAIN_DIR = MAIN[: MAIN.rfind("/")]
for _d in (_MAIN_DIR + "/../boards", _MAIN_DIR + "/boards"):
    try:
        os.stat(_d)
        if _d not in sys.path:  # the launcher put /rom/boards there already
            sys.path.append(_d)
        break
    except OSError:
        pass
if _MAIN_DIR not in sys.path:
    sys.path.insert(0, _MAIN_DIR)

# [frames, work_max_us, work_sum_us, gc_max_us, peak_live, boot_us, last_t, boot_live]
N = [0, 0, 0, 0, 0, -1, 0, 0]
IMPORTS = {}  # mode module -> (us, bytes kept)
APP = [None]
PEAK = [("", ())]  # where the peak was: the screen on top and every module loaded then


# The screen on top and the modules loaded: a tuple of interned names, joined by _report (a
# string of them, kept from the peak on, took ~600 bytes of the firmware's heap at its edge).
def _where():
    top = APP[0].top() if APP[0] is not None else None
    return type(top).__name__ if top is not None else "-", tuple(sys.modules)

import core.modes  # noqa: E402
from core.compat import unload  # noqa: E402

WATCH = tuple([m[core.modes.MODULE] for m in core.modes.MODES])
unload("core.modes")  # the menus import it themselves, as on the device: the probe keeps no row of it
_import = builtins.__import__


def _timed_import(name, *args):
    if name in WATCH and name not in sys.modules:
        gc.collect()
        a0 = gc.mem_alloc()
        t0 = ticks_us()
        mod = _import(name, *args)
        dt = ticks_diff(ticks_us(), t0)
        gc.collect()
        IMPORTS[name] = (dt, gc.mem_alloc() - a0)
        return mod
    return _import(name, *args)


builtins.__import__ = _timed_import


def _report(link):
    top = APP[0].top() if APP[0] is not None else None
    # one format string (longer than 10 characters, so not interned): the probe's own qstrs
    # share MicroPython's qstr pools with the firmware's and would push them to the next step
    items = getattr(top, "items", None)
    sel = getattr(top, "sel", None)
    ok = isinstance(items, (list, tuple)) and isinstance(sel, int) and sel < len(items)
    if ok:  # an entry is (key, action), or its key alone
        item = items[sel]
        item = item if isinstance(item, str) else item[0]
    parts = [
        "frames=%d work_max_us=%d work_sum_us=%d gc_max_us=%d peak_live=%d boot_us=%d boot_live=%d "
        "live_now=%d probe_start=%d heap_total=%d rom_bytes=%d screen=%s depth=%d loaded=%s peak_at=%s sel=%s"
        % (
            N[0], N[1], N[2], N[3], N[4], N[5], N[7], gc.mem_alloc(), A0,
            gc.mem_alloc() + gc.mem_free() - ROM, ROM,
            type(top).__name__ if top is not None else "-",
            len(APP[0].stack) if APP[0] is not None else 0,
            ",".join(m for m in WATCH if m in sys.modules),
            PEAK[0][0] + ":" + ",".join(PEAK[0][1]),
            "_".join(str(item).split()) if ok else "-",
        )
    ]  # fmt: skip
    for name in IMPORTS:
        us, kept = IMPORTS[name]
        parts.append("imp_%s_us=%d" % (name, us))
        parts.append("imp_%s_bytes=%d" % (name, kept))
    link.send(0x4D, " ".join(parts).encode())


def _instrument(link):
    frame = link.frame

    def timed_frame(uart):
        now_us = ticks_us()
        if N[5] < 0:
            N[5] = ticks_diff(now_us, T_START)
            gc.collect()
            N[7] = gc.mem_alloc()
        else:
            work = ticks_diff(now_us, N[6])
            N[0] += 1
            N[2] += work
            if work > N[1]:
                N[1] = work
        now = frame(uart)
        flags = link.flags
        if flags & 4:
            t0 = ticks_us()
            gc.collect()
            dt = ticks_diff(ticks_us(), t0)
            if dt > N[3]:
                N[3] = dt
            live = gc.mem_alloc()
            if live > N[4]:
                N[4] = live
                PEAK[0] = _where()
        if flags & 8:
            _report(link)
        if flags & 16:  # the qstr pool and the live heap, on the console
            gc.collect()
            if flags & 32:
                micropython.qstr_info(1)  # any argument prints every qstr
            else:
                micropython.qstr_info()
            print("live_heap=%d" % (gc.mem_alloc() - ROM))
        N[6] = ticks_us()
        return now

    link.frame = timed_frame


import sim  # noqa: E402  (the sim board, from the install's boards/)

_make_hw = sim.make_hw


def make_hw():
    hw = _make_hw()
    _instrument(hw.sim)
    reset = hw.reset

    def report_and_reset():  # the numbers of this process, before a restart ends it
        _report(hw.sim)
        reset()

    hw.reset = report_and_reset
    return hw


sim.make_hw = make_hw

from core import app  # noqa: E402

_app_init = app.App.__init__


def _init(self, hw):
    _app_init(self, hw)
    APP[0] = self


app.App.__init__ = _init

if os.getenv("BROADSIDE_EAGER") == "1":
    # every game mode, and every other module of the install, as if nothing loaded lazily
    for _m in WATCH:
        __import__(_m)
    def _import_all(folder, prefix):
        for _n in os.listdir(folder):
            if "." not in _n:  # a package: its modules too
                _import_all(folder + "/" + _n, prefix + _n + ".")
            for _ext in (".mpy", ".py"):
                _m = prefix + _n[: -len(_ext)]
                if _n.endswith(_ext) and not _m.endswith("__init__") and _m not in sys.modules:
                    __import__(_m)

    _import_all(_MAIN_DIR + "/lib", "")

if os.getenv("BROADSIDE_WARM") == "1":
    # every game module imported once and dropped again before the app starts: each name
    # they hold is interned for good, as after an evening that visited every mode
    _BOOT = set(sys.modules)
    _KEEP = ("core", "adafruit")

    def _warm(folder, prefix):
        for _n in os.listdir(folder):
            if "." not in _n:
                _warm(folder + "/" + _n, prefix + _n + ".")
            _m = prefix + _n[:-4]
            if _n.endswith(".mpy") and prefix and not _m.startswith(_KEEP):
                __import__(_m)
                for _k in [k for k in sys.modules if k not in _BOOT and not k.startswith(_KEEP)]:
                    sys.modules[_k].__dict__.clear()
                    del sys.modules[_k]
                gc.collect()

    _warm(_MAIN_DIR + "/lib", "")

# main (a files install) or broadside (the image): runs the handheld until the front end closes
__import__(MAIN[MAIN.rfind("/") + 1 : MAIN.rfind(".")])
