"""The OLED: Adafruit's SSD1306_I2C driver over machine.I2C, sending only
what changed.

The driver wants a busio-style bus (try_lock/unlock/writeto with start/end);
`I2CBus` adapts a machine.I2C to it. `Oled.show()` replaces the driver's
full 1,025-byte push: it compares the frame with a shadow copy of what the
panel holds and, for each run of changed pages, sets a column/page window
around the changed bytes and sends just those (horizontal addressing
continues across transactions, so each page row is one write).
"""

import sys

from core.compat import const, unload

# The driver's imports that an I2C panel on MicroPython never uses, answered at once (core.compat,
# a module, stands in for them: neither name is in it): typing (CircuitPython's annotations,
# tried by the driver and its I2C device: a missing module is looked for in every folder of
# sys.path, three stats each, at a few ms a stat on the device's flash) and the SPI panel's
# adafruit_bus_device.spi_device (a module loaded only to be dropped).
if getattr(sys.implementation, "name", "micropython") == "micropython":  # not on CPython
    if "typing" not in sys.modules:
        sys.modules["typing"] = sys.modules["core.compat"]
    sys.modules["adafruit_bus_device.spi_device"] = sys.modules["core.compat"]  # dropped below

import adafruit_ssd1306  # noqa: E402

# What the driver brings for SPI panels (its SPI class, adafruit_bus_device.spi_device) an I2C
# panel never uses: out of the heap (about 3 KB, for every screen of every mode).
adafruit_ssd1306.SSD1306_SPI = adafruit_ssd1306.spi_device = None
if sys.modules.get("typing") is sys.modules["core.compat"]:
    unload("typing")
unload("adafruit_bus_device.spi_device")

_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_WINDOW_COST = const(12)  # six 2-byte command writes per window


class I2CBus:
    """busio.I2C's locking/slicing API over a machine.I2C (or the simulator's)."""

    def __init__(self, i2c):
        self._i2c = i2c
        self._locked = False

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def writeto(self, addr, buf, start=0, end=None):
        if end is None:
            end = len(buf)
        if start == 0 and end == len(buf):
            self._i2c.writeto(addr, buf)
        else:
            self._i2c.writeto(addr, memoryview(buf)[start:end])

    def readfrom_into(self, addr, buf, start=0, end=None):
        if end is None:
            end = len(buf)
        self._i2c.readfrom_into(addr, memoryview(buf)[start:end])


class Oled(adafruit_ssd1306.SSD1306_I2C):
    """An SSD1306_I2C whose show() sends only changed bytes.

    bytes_sent / last_bytes count every byte put on the bus (commands
    included) so benchmarks can report bytes per frame."""

    def __init__(self, i2c, addr=0x3C, width=128, height=64, still=False):
        self._shadow = bytearray(width * height // 8)
        # still: the panel is on and shows a frame worth keeping (the game's last, across the
        # soft reset back to the menu): the driver's set-up runs, its blank page is not sent
        # (_synced None), and the first frame drawn replaces the old one whole
        self._synced = None if still else False
        self._ranges = bytearray(2 * (height // 8))
        self.bytes_sent = 0
        self.last_bytes = 0
        self.frames = 0
        super().__init__(width, height, I2CBus(i2c), addr=addr)

    def write_cmd(self, cmd):
        super().write_cmd(cmd)
        self.bytes_sent += 2

    def show(self):
        if self._synced is None:
            self._synced = False
            return
        before = self.bytes_sent
        if not self._synced:
            super().show()  # full push: the panel's RAM is unknown
            self.bytes_sent += len(self.buffer)
            self._shadow[:] = memoryview(self.buffer)[1:]
            self._synced = True
        else:
            self._send_changes()
        self.frames += 1
        self.last_bytes = self.bytes_sent - before

    def resync(self):
        """Forget what the panel holds (after a reset): the next show is full."""
        self._synced = False

    def _scan(self):
        """Fill _ranges with (first, last) changed column per page; 255 = none.
        Updates the shadow as it goes. Returns the number of changed pages."""
        buf = self.buffer
        sh = self._shadow
        rng = self._ranges
        w = self.width
        changed = 0
        for p in range(self.pages):
            base = p * w
            lo = 255
            hi = 0
            for c in range(w):
                v = buf[base + c + 1]
                if v != sh[base + c]:
                    sh[base + c] = v
                    if lo == 255:
                        lo = c
                    hi = c
            rng[2 * p] = lo
            rng[2 * p + 1] = hi
            if lo != 255:
                changed += 1
        return changed

    def _send_changes(self):
        if not self._scan():
            return
        rng = self._ranges
        p = 0
        pages = self.pages
        while p < pages:
            if rng[2 * p] == 255:
                p += 1
                continue
            # grow a window over following changed pages while one window is
            # cheaper than a separate one
            p0 = p1 = p
            c0 = rng[2 * p]
            c1 = rng[2 * p + 1]
            while p1 + 1 < pages and rng[2 * (p1 + 1)] != 255:
                a = rng[2 * (p1 + 1)]
                b = rng[2 * (p1 + 1) + 1]
                n0 = c0 if c0 < a else a
                n1 = c1 if c1 > b else b
                joined = (p1 - p0 + 2) * (n1 - n0 + 1)
                apart = (p1 - p0 + 1) * (c1 - c0 + 1) + (b - a + 1) + _WINDOW_COST
                if joined > apart:
                    break
                c0, c1 = n0, n1
                p1 += 1
            self._send_window(p0, p1, c0, c1)
            p = p1 + 1

    def _send_window(self, p0, p1, c0, c1):
        self.write_cmd(_SET_COL_ADDR)
        self.write_cmd(c0)
        self.write_cmd(c1)
        self.write_cmd(_SET_PAGE_ADDR)
        self.write_cmd(p0)
        self.write_cmd(p1)
        buf = self.buffer
        dev = self.i2c_device
        for p in range(p0, p1 + 1):
            # The byte just before this row becomes the 0x40 data prefix for
            # one transaction, then is put back: no copy, no allocation.
            at = p * self.width + c0
            keep = buf[at]
            buf[at] = 0x40
            with dev:
                dev.write(buf, start=at, end=at + 2 + c1 - c0)
            buf[at] = keep
            self.bytes_sent += 2 + c1 - c0
