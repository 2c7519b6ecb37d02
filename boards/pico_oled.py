"""Raspberry Pi Pico + SSD1306 128x64 I2C OLED + six buttons + link cable.

Pins (GP numbers; physical pin in brackets), all on the Pico's left edge so
one strip of wire does it:
  OLED    I2C0  SDA GP4 [6]  SCL GP5 [7]  (3V3 OUT [36], GND [38]), addr 0x3C
  Link    UART1 TX GP8 [11]  RX GP9 [12]  GND [13]; crossed: TX to the
          other handheld's RX. UART0 (GP0/GP1) stays free for a console.
  Buttons UP GP10 [14]  DOWN GP11 [15]  LEFT GP12 [16]  RIGHT GP13 [17]
          A GP14 [19]  B GP15 [20]; each to GND [18], internal pull-ups,
          so a pressed button reads 0.
  Piezo   GP16 [21] (PWM slice 0 A) to GND [23]; optional.
GP4/GP5 are I2C0's default pins; GP10-GP15 are six adjacent pins around one
ground pin, so the buttons share one ground wire.
"""

NAME = "pico_oled"
EXIT_ON_CRASH = False

# One table for the wiring: the README's wiring table is this.
PINS = {
    "oled_sda": 4,
    "oled_scl": 5,
    "link_tx": 8,
    "link_rx": 9,
    "up": 10,
    "down": 11,
    "left": 12,
    "right": 13,
    "a": 14,
    "b": 15,
    "piezo": 16,
}
I2C_ID = 0
I2C_FREQ = 400_000
OLED_ADDR = 0x3C
UART_ID = 1
BAUD = 115_200
# The link cable's receive ring, filled by the UART interrupt while the game computes: 5 KB hold
# all that the other handheld can send while this one does not read the cable for up to 1.9 s
# (its window and backoff bound it: host_tools/bench/stall.py peer_bytes()). No frame of a link
# game may take longer than LINK_BUDGET_MS (measured: `python -m host_tools.bench stall`).
# docs/link-protocol.md, section 1.
RXBUF = 5120
LINK_BUDGET_MS = 1000
BUTTON_ORDER = ("up", "down", "left", "right", "a", "b")  # bit order of hal.UP..hal.B
SAVES = "/saves"


class PwmTone:
    """Square wave on the piezo; off() silences it."""

    def __init__(self, pwm):
        self.pwm = pwm

    def tone(self, freq):
        self.pwm.freq(freq)
        self.pwm.duty_u16(32768)

    def off(self):
        self.pwm.duty_u16(0)


def _button_reader(pins):
    def read():
        mask = 0
        bit = 1
        for p in pins:
            if not p.value():  # pulled up: pressed reads 0
                mask |= bit
            bit <<= 1
        return mask

    return read


def holds_names():
    """True on Broadside's own firmware: it holds every name of the game in flash (the frozen
    module bs_names, host_tools/device/names.py), so a game loaded from ROMFS makes no name in
    RAM and can be left for the menu in the same interpreter. On MicroPython's own firmware the
    names a game makes stay in RAM for good, and a soft reset gives them back."""
    import sys

    try:
        __import__("bs_names")  # a module of function definitions, never called
    except ImportError:
        return False
    del sys.modules["bs_names"]
    return True


def flash_fs(bdev):
    """core.storage.OsFs whose core.savelog segments are programmed beneath littlefs on bdev
    (the block device MicroPython's _boot.py mounted littlefs on: rp2.Flash())."""
    from core import savelog
    from core.storage import OsFs

    class FlashFs(OsFs):
        def seg(self, path, first=None):
            """The segment at path (made afresh from `first` through littlefs: its one erase)
            by its block: the one whose first 12 bytes are the file's (marker and nonce)."""
            if first is not None:
                savelog.seg(self, path, first)  # the file made as on a host
            try:
                with open(path, "rb") as f:
                    mark = f.read(12)
            except OSError:
                return None
            buf = bytearray(12)
            for b in range(bdev.ioctl(4, 0) if len(mark) == 12 else 0):
                bdev.readblocks(b, buf, 0)
                if buf == mark:
                    return b
            return None

        def page(self, path, block, p, buf, prog=False):
            if prog:
                bdev.writeblocks(block, buf, p * 256)  # with an offset: a program, no erase
            else:
                bdev.readblocks(block, buf, p * 256)

    return FlashFs()


def make_hw():
    import machine
    import rp2

    from core import oled
    from core.hal import Buttons, FrameClock, Hw, Sound
    from core.storage import Storage

    Pin = machine.Pin
    # a cable game's save goes into flash erased ahead (core.savelog), programmed beneath the
    # littlefs that MicroPython's _boot.py mounted on this same block device
    storage = Storage(SAVES, flash_fs(rp2.Flash()))
    # core.restart's note there: a game went back to the menu through a soft reset, and the
    # panel still shows its last frame (kept until the menu's first, not blanked)
    back = storage.has("way")
    i2c = machine.I2C(I2C_ID, sda=Pin(PINS["oled_sda"]), scl=Pin(PINS["oled_scl"]), freq=I2C_FREQ)
    try:
        display = oled.Oled(i2c, addr=OLED_ADDR, still=back)
    except (OSError, ValueError) as e:
        raise OSError(
            "no OLED at 0x%02X on I2C%d (SDA GP%d, SCL GP%d): check the wiring (%s)"
            % (OLED_ADDR, I2C_ID, PINS["oled_sda"], PINS["oled_scl"], e)
        )
    pins = [Pin(PINS[n], Pin.IN, Pin.PULL_UP) for n in BUTTON_ORDER]
    buttons = Buttons(_button_reader(pins))
    uart = machine.UART(
        UART_ID, baudrate=BAUD, tx=Pin(PINS["link_tx"]), rx=Pin(PINS["link_rx"]), rxbuf=RXBUF, txbuf=1024
    )
    pwm = machine.PWM(Pin(PINS["piezo"]))
    pwm.duty_u16(0)
    sound = Sound(PwmTone(pwm))
    hw = Hw(NAME, display, buttons, FrameClock(), link=uart, storage=storage, sound=sound)
    # back to the menu after a game (App.home): in this interpreter when the firmware holds the
    # game's names, else through a soft reset and a fresh heap
    hw.reset = None if holds_names() else machine.soft_reset
    return hw
