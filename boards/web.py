"""The web board: the handheld in a browser tab, on MicroPython's WebAssembly port.

The page (web/broadside.js) loads the wasm, writes the compiled install into the
interpreter's in-memory filesystem and runs main.py, which hands the hardware to drive()
(instead of its own loop); then the page calls Handheld.frame() on every frame tick.
Everything outside the interpreter is one JS object, `globalThis.broadsideIO`:
  show()            a frame changed the panel: its RAM is at Handheld.screen's address
                    (1,024 bytes: 8 pages x 128 columns, bit 0 the top row of a page)
  contrast(n)       the OLED's contrast byte (the canvas's brightness)
  tone(hz)          the piezo: a square wave, 0 = off (WebAudio; muted unless sound is on)
  send(addr, n)     n bytes at addr out on the link cable (to the other tab)
  random(n)         n random bytes as hex (crypto.getRandomValues): os.urandom
  get(key) / put(key, text) / drop(key)
                    localStorage under this handheld's prefix; put() returns false when
                    the browser's storage is full
The page passes the buttons held into frame() and writes the cable's bytes received into
Handheld.rx (their count is frame()'s second argument). Bytes cross by address in the
interpreter's memory (uctypes.addressof): a frame allocates nothing for them, as on the
device, so the heap cap means the same here. This is the only module that imports `js`;
the rest of the firmware runs as on the Pico (the same App, link session, saves with CRC
and backup). Loop: the browser's frame timer calls frame(); nothing here blocks.
"""

import binascii
import gc
import os
import sys

try:
    import uctypes
except ImportError:  # CPython (the host tests of the saves); the page's MicroPython has it
    uctypes = None

from core.compat import ticks_ms
from core.hal import Buttons, Hw, Sound
from core.storage import Storage
from core.uartring import UartRing

NAME = "web"
EXIT_ON_CRASH = False
OLED_ADDR = 0x3C
SAVES = "saves"
_RX = 2048  # the most cable bytes the page hands in a frame (115200 baud carries 380 a frame)
_HEAP_GREW = "heap cap exceeded: the page's heap (%d bytes) had to grow, as the device would run out"


def _io():
    try:
        import js
    except ImportError:
        raise OSError("the web board runs in a browser (make web), not here")
    io = getattr(js, "broadsideIO", None)
    if io is None:
        raise OSError("the web board needs the page's broadsideIO object (web/broadside.js)")
    return io


class WebI2C:
    """The OLED's bus: the bytes go nowhere, the panel's RAM is the driver's shadow
    copy of what it sent (core.oled.Oled keeps it exact)."""

    def writeto(self, addr, buf, stop=True):
        if addr != OLED_ADDR:
            raise OSError(19)  # ENODEV
        return 1

    def readfrom_into(self, addr, buf, stop=True):
        for i in range(len(buf)):
            buf[i] = 0


def _web_oled(io):
    from core import oled

    class WebOled(oled.Oled):
        """The canvas gets the panel's RAM only after a frame that changed it."""

        def show(self):
            oled.Oled.show(self)
            if self.last_bytes:
                io.show()

        def contrast(self, value):
            oled.Oled.contrast(self, value)
            io.contrast(value)

    return WebOled(WebI2C(), addr=OLED_ADDR)


class WebUart(UartRing):
    """machine.UART over the page's cable: a receive ring as large as the Pico's
    (pico_oled.RXBUF)."""

    def __init__(self, io, size=5120):
        UartRing.__init__(self, size)
        self.io = io

    def write(self, data):
        n = len(data)
        if n:
            self.io.send(uctypes.addressof(data), n)
        return n

class WebClock:
    """The page's frame timer paces the frames: wait_frame() never waits."""

    frame_ms = 33

    def now(self):
        return ticks_ms()

    def wait_frame(self):
        return ticks_ms()


class WebTone:
    def __init__(self, io):
        self.io = io

    def tone(self, freq):
        self.io.tone(freq)

    def off(self):
        self.io.tone(0)


class LocalStorageFs:
    """core.storage's few filesystem calls over localStorage: one key a file, the bytes
    as hex. Storage itself (head, CRC, NAME.tmp then rename, NAME.bak) is unchanged."""

    def __init__(self, io):
        self.io = io

    def read(self, path):
        text = self.io.get(path)
        if text is None:
            return None
        try:
            return binascii.unhexlify(text)
        except ValueError:
            return b"?"  # not ours: unpack() finds it damaged

    def write(self, path, data, more=b""):
        text = binascii.hexlify(data).decode()  # the port has it; its stub not  # pyright: ignore[reportAttributeAccessIssue]
        for part in more if isinstance(more, list) else (more,):  # core.storage.parts
            if part:
                text += binascii.hexlify(part).decode()  # as above  # pyright: ignore[reportAttributeAccessIssue]
        if not self.io.put(path, text):
            raise OSError(28)  # ENOSPC: the browser's storage is full

    def rename(self, a, b):
        text = self.io.get(a)
        if text is None:
            raise OSError(2)
        if not self.io.put(b, text):
            raise OSError(28)
        self.io.drop(a)

    def remove(self, path):
        self.io.drop(path)

    def exists(self, path):
        return self.io.get(path) is not None

    def mkdir(self, path):
        pass


def make_hw():
    io = _io()
    if not hasattr(os, "urandom"):  # the wasm port has none: the link's coin and salts need it
        os.urandom = lambda n: binascii.unhexlify(io.random(n))
    mask = [0]
    buttons = Buttons(lambda: mask[0])
    sound = Sound(WebTone(io))
    storage = Storage(SAVES, LocalStorageFs(io))
    hw = Hw(NAME, _web_oled(io), buttons, WebClock(), link=WebUart(io), storage=storage, sound=sound)
    hw.mask = mask  # the page's handle on the keys, beside Hw's fields  # pyright: ignore[reportAttributeAccessIssue]
    hw.reset = _reset
    return hw


class Restart(Exception):
    pass


def _reset():
    """machine.soft_reset: the page starts a fresh interpreter (same saves, same cable)."""
    raise Restart()


HEAP = 0  # the page's heap cap in bytes (set before main.py runs)
handheld = None  # the Handheld drive() made: the page calls its frame()


def drive(hw, show_crash):
    """main.py hands the hardware over here instead of running its loop: the page's
    frame timer runs the frames. Returns at once (main.py's status 0)."""
    global handheld
    handheld = Handheld(hw, show_crash, HEAP)
    return 0


class Handheld:
    """What main.main() does on a Pico, one frame per call: the page's timer calls
    frame(). show_crash: main.py's crash screen. heap: the cap in bytes; the wasm port
    grows its heap on demand, so a frame after which it grew past the cap is reported
    as the MemoryError the device would raise."""

    def __init__(self, hw, show_crash, heap=0):
        self.show_crash = show_crash
        self.hw = hw
        self.app = None
        self.crashed = False
        self.frames = 0
        self.peak = 0
        self.rx = bytearray(_RX)  # the page writes the cable's bytes in here
        self.rxv = memoryview(self.rx)
        gc.collect()
        self.total = gc.mem_free() + gc.mem_alloc()  # the heap and what it may still grow by
        self.heap = heap
        self._start()

    def _start(self):
        from core.app import App

        self.crashed = False
        self.app = App(self.hw)
        self.app.home()

    def addresses(self):
        """"screen rx rx_size": where the page reads the panel and writes the cable's bytes."""
        return "%d %d %d" % (uctypes.addressof(self.hw.display._shadow), uctypes.addressof(self.rx), _RX)

    def frame(self, mask, rx):
        """One frame: mask, the buttons held (hal bit order); rx, how many of the cable's
        bytes the page wrote into self.rx. Returns 0; 1 when the firmware asked for a
        restart (hw.reset); 2 when it crashed in this frame (the crash screen shows, any
        button starts it again)."""
        hw = self.hw
        hw.mask[0] = mask
        if rx:
            hw.link.feed(self.rxv[:rx])
        self.frames += 1
        try:
            if self.crashed:  # as on the device: any button starts the app again
                hw.buttons.poll(hw.clock.wait_frame())
                if hw.buttons.any_pressed():
                    self._start()
                return 0
            app = self.app
            app.step()
            if app.notice and app.buttons.any_pressed():
                app.notice = None
                app.redraw()
            a = gc.mem_alloc()
            if a > self.peak:
                self.peak = a
            if gc.mem_free() + a > self.total:
                raise MemoryError(_HEAP_GREW % self.heap)
        except Restart:
            return 1
        except Exception as e:
            sys.print_exception(e)
            self.app = None
            self.crashed = True
            gc.collect()
            self.total = gc.mem_free() + gc.mem_alloc()  # a heap that grew stays grown
            self.show_crash(hw, e)
            return 2
        return 0

    def memory(self):
        """"alloc peak cap": the heap in use now, the most in use after any frame (garbage
        included, as bench memory's peak_alloc), the cap; for the page's broadside.memory()."""
        return "%d %d %d" % (gc.mem_alloc(), self.peak, self.heap)
