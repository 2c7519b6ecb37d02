"""Boot script of the link stall benchmark (host_tools/bench/stall.py), run by
the MicroPython unix port in place of main.py (never on the device): it times
every frame of the firmware's own work and turns it into device time, then
imports the install's main.py unchanged.

A frame's device time is modelled from what the frame did (DEVICE below):
- Python work (everything but the parts below): host microseconds (less
  those spent preempted, waited_us()) times K, the device's slowness
  against this host: a fixed loop (calibrate()) whose device time is stated
  in CAL_DEVICE_US, run again right after each long frame (a shared host's
  speed varies: the frame and the loop see the same);
- the OLED: bytes written to the I2C bus at 400 kHz (the device waits for
  them: machine.I2C.writeto blocks), timed on the host and left out of the
  Python work;
- saves (storage.Storage.save): the flash's own time from the datasheet
  (sector erases and page programs, with interrupts off on rp2), the host's
  file-system time left out;
- the cable: the sim board's UART reads are a Python loop over a ring here
  but C on the device (machine.UART.readinto): their host time is left out.

Every frame of a link game longer than LOG_US on the device, by the model,
is a line in the file named by BROADSIDE_STALL_LOG:
frame:device_us:python_host_us:import_host_us:gc_host_us:oled_bytes:saves:save_bytes:erases:
flash_off_us:screen:modules:cal_host_us (modules: those first imported during that frame,
'+'-joined; cal_host_us: the calibration loop run again right after that frame). Only
frames of a link game count: the link is live (polled in the frame or the one before) and
polled in the next frame, which reads what arrived meanwhile. Frame flag 8 asks
for the calibration: one M message of key=value pairs.
"""

import builtins
import gc
import os
import sys
from time import ticks_diff, ticks_us

# -- the device model -------------------------------------------------------------------------
# The device's speed: calib.CAL_DEVICE_US, the calibration loop's time on an RP2040.
I2C_US_PER_BYTE = 22.5  # 9 bit times at 400 kHz
# Flash (Winbond W25Q16JV, the Pico's): sector erase 45 ms typ (400 max), page program 0.4 ms typ
# (3 max). MicroPython's rp2 port runs both with interrupts off (rp2_flash.c). littlefs (rp2:
# VfsLfs2 progsize=256, 4 KB blocks, cache 1 KB) keeps a file under INLINE_MAX bytes in its
# directory's metadata; a longer one gets a block of its own, erased before it is written.
# Storage.save writes NAME.tmp, then removes NAME.bak and renames twice: META_COMMITS metadata
# commits of about a page each. Compaction of a full metadata block (one more erase every few
# saves) is not counted. A save into flash erased ahead (core.savelog: Link battle) is its record's
# page programs alone; the erase is Storage.ahead's, when it makes a segment (a littlefs file of
# one block: the erase, its 16 pages, the commits of the old one's removal and the new one).
ERASE_US = 45000
PROG_US = 400
PAGE = 256
INLINE_MAX = 512
META_COMMITS = 5
HEAD = 12  # storage's header
LOG_US = 100000  # frames logged: this long on the device, by the model (a tenth of the budget)


from calib import CAL_DEVICE_US, CAL_LOOPS, calibrate  # noqa: E402, F401  (calib.py beside this one)


def waited_us():
    """Microseconds this process has waited for a CPU (Linux schedstat; 0 where there is none):
    the host is shared, and time spent preempted is no work of the firmware's."""
    try:
        with open("/proc/self/schedstat") as f:
            return int(f.read().split()[1]) // 1000
    except (OSError, ValueError, IndexError):
        return 0


def _start():
    t0 = ticks_us()
    return t0, waited_us()


def _net_us(t0, w0):
    """Microseconds since _start() less those spent preempted (read in this order, a preemption
    between the two reads counts as work: the error only lengthens)."""
    w1 = waited_us()
    return ticks_diff(ticks_us(), t0) - (w1 - w0)


def _cal_us(runs, n=CAL_LOOPS):
    """The calibration loop's fastest run, in host us for CAL_LOOPS."""
    best = 1 << 30
    for _ in range(runs):
        t0, w0 = _start()
        calibrate(n)
        dt = _net_us(t0, w0) * (CAL_LOOPS // n)
        if dt < best:
            best = dt
    return best


CAL = [_cal_us(15)]  # the fastest so far: again every RECAL frames (between frames, not timed)
K = CAL_DEVICE_US / CAL[0]
RECAL = 200

def _paths(main):
    """The install's folder first and its boards, never this folder (CPython's sim.py is here).
    From the game's image (main /rom/broadside.mpy) the launcher put /rom/lib and /rom/boards on
    the path, and /rom after them."""
    here = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
    sys.path[:] = [p for p in sys.path if p != here and not p.endswith("/" + here)]
    top = main[: main.rfind("/")]
    for d in (top + "/../boards", top + "/boards"):
        try:
            os.stat(d)
        except OSError:
            continue
        if d not in sys.path:
            sys.path.append(d)
        break
    if top not in sys.path:
        sys.path.insert(0, top)


MAIN = os.getenv("BROADSIDE_MAIN")
_paths(MAIN)

# this frame: [host us left out, oled bytes, saves, save bytes, erases, flash-off us, frame no]
F = [0, 0, 0, 0, 0, 0, 0]
MODS = []  # modules first imported during this frame
# this frame: [host us importing, host us in gc.collect(), the link polled]; the last frame's poll
G = [0, 0, 0, 0]
PENDING = [None]  # a long frame, kept until the next frame says whether the link reads on
# one line a long frame; appended to: the firmware restarts on its way back to the menu after a
# game (hw.reset), and the new process must not wipe the game's lines
LOG = open(os.getenv("BROADSIDE_STALL_LOG") or "/dev/null", "a")
APP = [None]
N = [0, 0, 0]  # frames over 1 device ms, work started at (us), waited for a CPU until then (us)


def flash_cost(size, logged=False):
    """(erases, interrupts-off us) of one save of `size` bytes on the device (model above)."""
    size += HEAD
    if logged:  # a record: b"BSLR", seq, CRC, then the save
        return 0, (size + 12 + PAGE - 1) // PAGE * PROG_US
    pages = (size + PAGE - 1) // PAGE
    erases = 0 if size <= INLINE_MAX else 1
    return erases, erases * ERASE_US + (pages + META_COMMITS) * PROG_US


_import = builtins.__import__


def _timed_import(name, *args):
    if name in sys.modules:
        return _import(name, *args)
    t0, w0 = _start()
    mod = _import(name, *args)
    G[0] += _net_us(t0, w0)
    if len(MODS) < 4:
        MODS.append(name)
    if name == "link.session":  # a link game: note the frames that poll the cable
        _watch(mod.Link)
    return mod


def _watch(cls):
    poll = cls.poll

    def polled(self, now_ms):
        G[2] = 1
        return poll(self, now_ms)

    cls.poll = polled


class _Gc:
    """gc for the firmware (a built-in module's functions cannot be replaced): collect() timed."""

    def __getattr__(self, name):
        return getattr(gc, name)

    def collect(self):
        t0, w0 = _start()
        gc.collect()
        G[1] += _net_us(t0, w0)


sys.modules["gc"] = _Gc()


builtins.__import__ = _timed_import

import sim  # noqa: E402  (the sim board, from the install's boards/)

from core import storage  # noqa: E402

_save = storage.Storage.save


def _timed_save(self, name, payload, pre=b""):
    t0, w0 = _start()
    logged = self.logs.get(name) is not None
    try:
        return _save(self, name, payload, pre)
    finally:
        F[0] += _net_us(t0, w0)
        n = len(pre) + sum(len(p) for p in storage.parts(payload))  # one buffer or a list of them
        e, off = flash_cost(n, logged)
        F[2] += 1
        F[3] += n
        F[4] += e
        F[5] += off


_ahead = storage.Storage.ahead


def _timed_ahead(self, name, saves):
    t0, w0 = _start()
    made = _ahead(self, name, saves)
    F[0] += _net_us(t0, w0)
    if made:  # a segment made (or the plain copies removed: counted as one, the same cost at most)
        F[4] += 1
        F[5] += ERASE_US + (16 + 2 * META_COMMITS) * PROG_US
    return made


storage.Storage.save = _timed_save
storage.Storage.ahead = _timed_ahead

_writeto = sim.SimI2C.writeto


def _timed_writeto(self, addr, buf, stop=True):
    t0, w0 = _start()
    r = _writeto(self, addr, buf, stop)
    F[0] += _net_us(t0, w0)
    F[1] += len(buf) + 1  # and the address byte
    return r


sim.SimI2C.writeto = _timed_writeto

_readinto = sim.SimUart.readinto


def _timed_readinto(self, out, n=None):
    t0, w0 = _start()
    r = _readinto(self, out, n)
    F[0] += _net_us(t0, w0)
    return r


sim.SimUart.readinto = _timed_readinto


def _close_frame():
    """A frame counts when the link was live during it (polled in it or in the frame before) and
    is polled in the next frame: what arrived meanwhile waited in the UART for that poll (a game
    that ended, or a frame before the link was made, reads nothing after it)."""
    work = _net_us(N[1], N[2])
    py = work - F[0]
    if py < 0:
        py = 0
    dev = int(py * K + F[1] * I2C_US_PER_BYTE + F[5])
    pend = PENDING[0]
    PENDING[0] = None
    if pend is not None and G[2]:
        _rank(pend[0], pend[1])
    if dev > 1000 and (G[2] or G[3]):
        N[0] += 1
    if dev >= LOG_US and (G[2] or G[3]):
        # the host's speed right now (a shared machine's varies): the loop again, at once
        cal = _cal_us(2, CAL_LOOPS // 10)
        CAL[0] = min(CAL[0], cal)
        top = APP[0].top() if APP[0] is not None else None
        PENDING[0] = (
            dev,
            "%d:%d:%d:%d:%d:%d:%d:%d:%d:%d:%s:%s:%d" % (
                F[6], dev, py, G[0], G[1], F[1], F[2], F[3], F[4], F[5],
                type(top).__name__ if top is not None else "-", "+".join(MODS) or "-", cal,
            ),
        )  # fmt: skip
    G[3] = G[2]


def _rank(dev, rec):
    LOG.write(rec)
    LOG.write("\n")


def _report(link):
    link.send(
        0x4D,
        (
            "cal_host_us=%d cal_device_us=%d k=%d frames=%d over_1ms=%d"
            % (CAL[0], CAL_DEVICE_US, int(CAL_DEVICE_US / CAL[0]), F[6], N[0])
        ).encode(),
    )


def _instrument(link):
    frame = link.frame

    def timed_frame(uart):
        if F[6] > 0:
            _close_frame()
        now = frame(uart)
        if link.flags & 8:
            LOG.close()
            _report(link)
        F[6] += 1
        if F[6] % RECAL == 0:
            CAL[0] = min(CAL[0], _cal_us(3, CAL_LOOPS // 10))
        for i in range(6):
            F[i] = 0
        G[0] = G[1] = G[2] = 0
        MODS[:] = []
        N[1], N[2] = _start()
        return now

    link.frame = timed_frame


def _hook():
    """The board's make_hw instrumented, and the app kept (its top screen names a frame)."""
    make, init = sim.make_hw, app.App.__init__

    def make_hw():
        hw = make()
        _instrument(hw.sim)
        reset = hw.reset

        def report_and_reset():  # this process's numbers, before a restart ends it
            LOG.flush()
            _report(hw.sim)
            reset()

        hw.reset = report_and_reset
        return hw

    def keep(self, hw):
        init(self, hw)
        APP[0] = self

    sim.make_hw = make_hw
    app.App.__init__ = keep


from core import app  # noqa: E402

_hook()
# main (a files install) or broadside (the image): runs the handheld until the front end closes
__import__(MAIN[MAIN.rfind("/") + 1 : MAIN.rfind(".")])
