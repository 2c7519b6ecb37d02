"""The simulated handheld: every part is a pipe to host_tools.sim.handheld.

The front end starts `micropython firmware/main.py` with BROADSIDE_BOARD=sim
and two pipe file descriptors. Messages from here are one type byte, a
16-bit little-endian length and the payload:
  I  I2C write: address byte + bytes      F  frame done, waiting for the next
  U  UART bytes out on the link cable     C  sound cue name
  T  tone (Hz, 2 bytes LE; 0 = off)       M  memory stats reply (text)
  R  restart (hw.reset): the front end runs the firmware again
The front end answers each F with T + length + [ticks u32][buttons u8]
[flags u8][UART bytes in]. flags bit 0: report memory (M); bit 1: collect
garbage every frame (to measure the live heap).
"""

import gc
import os

from core.hal import Buttons, Hw, Sound
from core.storage import Storage
from core.uartring import UartRing

NAME = "sim"
EXIT_ON_CRASH = True
OLED_ADDR = 0x3C


class SimLink:
    """Both pipes plus the state of the latest frame reply."""

    def __init__(self):
        fin = os.getenv("BROADSIDE_SIM_IN")
        fout = os.getenv("BROADSIDE_SIM_OUT")
        if not fin or not fout:
            raise OSError("the sim board runs under the simulator (python -m host_tools.sim.handheld)")
        self.fin = open("/dev/fd/" + fin, "rb")
        self.fout = open("/dev/fd/" + fout, "wb")
        self.head = bytearray(3)
        self.reply = bytearray(6 + 1024)  # a reply's most: host_tools.sim.handheld sends <= 1024 cable bytes
        self.rmv = memoryview(self.reply)
        self.now = 0
        self.mask = 0
        self.flags = 0
        self.peak_alloc = 0
        self.peak_live = 0
        # Tests of crash reporting set this: the firmware fails on that frame.
        self.crash_at = int(os.getenv("BROADSIDE_SIM_CRASH_AT") or 0)
        self.frames = 0

    def reset(self):
        """machine.soft_reset: the front end starts the firmware again (R), on the
        same screen, saves and cable."""
        self.send(0x52, b"")  # 'R'
        raise SystemExit(0)

    def send(self, kind, payload, extra=None):
        n = len(payload) + (len(extra) if extra is not None else 0)
        h = self.head
        h[0] = kind
        h[1] = n & 255
        h[2] = n >> 8
        self.fout.write(h)
        if extra is not None:
            self.fout.write(extra)
        if len(payload):
            self.fout.write(payload)

    def _read_exact(self, mv):
        got = 0
        while got < len(mv):
            n = self.fin.readinto(mv[got:])
            if not n:
                raise SystemExit(0)  # the front end closed: power off
            got += n

    def frame(self, uart):
        self.frames += 1
        if self.frames == self.crash_at:
            raise RuntimeError("simulated fault (BROADSIDE_SIM_CRASH_AT)")
        self.send(0x46, b"")  # 'F'
        self._read_exact(memoryview(self.head))
        n = self.head[1] | (self.head[2] << 8)
        body = self.rmv[:n]
        self._read_exact(body)
        r = self.reply
        self.now = r[0] | (r[1] << 8) | (r[2] << 16) | (r[3] << 24)
        self.mask = r[4]
        self.flags = r[5]
        if n > 6:
            uart.feed(body[6:n])
        if self.flags & 2:
            gc.collect()
            live = gc.mem_alloc()
            if live > self.peak_live:
                self.peak_live = live
        a = gc.mem_alloc()
        if a > self.peak_alloc:
            self.peak_alloc = a
        if self.flags & 1:
            self.send(
                0x4D,
                (
                    "peak_alloc=%d peak_live=%d alloc=%d free=%d"
                    % (self.peak_alloc, self.peak_live, gc.mem_alloc(), gc.mem_free())
                ).encode(),
            )
        return self.now


class SimI2C:
    """machine.I2C's writeto/readfrom_into; only the OLED answers."""

    def __init__(self, link):
        self.link = link
        self.addr = bytearray(1)

    def writeto(self, addr, buf, stop=True):
        if addr != OLED_ADDR:
            raise OSError(19)  # ENODEV, as a real bus reports a missing device
        self.addr[0] = addr
        self.link.send(0x49, buf, self.addr)  # 'I'
        return 1

    def readfrom_into(self, addr, buf, stop=True):
        if addr != OLED_ADDR:
            raise OSError(19)
        for i in range(len(buf)):
            buf[i] = 0


class SimUart(UartRing):
    """machine.UART over the virtual cable."""

    def __init__(self, link, size=1024):
        UartRing.__init__(self, size)
        self.link = link

    def write(self, data):
        self.link.send(0x55, data)  # 'U'
        return len(data)

class SimClock:
    """Frames are paced by the front end (real time when interactive, virtual
    time when headless)."""

    frame_ms = 33

    def __init__(self, link, uart):
        self.link = link
        self.uart = uart

    def now(self):
        return self.link.now

    def wait_frame(self):
        return self.link.frame(self.uart)


class SimTone:
    def __init__(self, link):
        self.link = link
        self.b = bytearray(2)

    def tone(self, freq):
        self.b[0] = freq & 255
        self.b[1] = freq >> 8
        self.link.send(0x54, self.b)  # 'T'

    def off(self):
        self.tone(0)


class SimSound(Sound):
    """Logs every cue to the front end, whether or not sound is on."""

    link: "SimLink"  # set by make_hw (declared for the type checker)

    def cue(self, name, now=None):
        self.link.send(0x43, name.encode() + (b"" if self.enabled else b" (muted)"))
        Sound.cue(self, name, now)


def make_hw():
    from core import oled

    link = SimLink()
    uart = SimUart(link)
    clock = SimClock(link, uart)
    display = oled.Oled(SimI2C(link), addr=OLED_ADDR)
    buttons = Buttons(lambda: link.mask)
    sound = SimSound(SimTone(link))
    sound.link = link
    storage = Storage(os.getenv("BROADSIDE_SAVES") or "saves")
    hw = Hw(NAME, display, buttons, clock, link=uart, storage=storage, sound=sound, reset=link.reset)
    hw.sim = link  # the simulator's own handle, beside Hw's fields  # pyright: ignore[reportAttributeAccessIssue]
    return hw
