"""A stand-in for MicroPython's `machine` module on the unix port, so board
files built for real hardware can be exercised. It records how each
peripheral was built and lets a test press buttons or unplug the OLED."""

LOG = []
PIN_LEVELS = {}  # GP number -> level; unset pins read 1 (pull-up)
I2C_DEVICES = {0x3C}


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1):
        self.id = id
        self.mode = mode
        self.pull = pull
        LOG.append(("Pin", id, mode, pull))

    def value(self, v=None):
        if v is None:
            return PIN_LEVELS.get(self.id, 1 if self.pull == Pin.PULL_UP else 0)
        PIN_LEVELS[self.id] = v


class I2C:
    def __init__(self, id, sda=None, scl=None, freq=400000):
        self.id = id
        self.sda = sda.id
        self.scl = scl.id
        self.freq = freq
        self.writes = []
        LOG.append(("I2C", id, self.sda, self.scl, freq))

    def writeto(self, addr, buf, stop=True):
        if addr not in I2C_DEVICES:
            raise OSError(19)
        self.writes.append((addr, bytes(buf)))
        return 1

    def readfrom_into(self, addr, buf, stop=True):
        if addr not in I2C_DEVICES:
            raise OSError(19)


class UART:
    def __init__(self, id, baudrate=9600, tx=None, rx=None, rxbuf=256, txbuf=256):
        self.id = id
        self.baudrate = baudrate
        self.tx = tx.id
        self.rx = rx.id
        self.rxbuf = rxbuf
        self.txbuf = txbuf
        self.sent = bytearray()
        LOG.append(("UART", id, baudrate, self.tx, self.rx))

    def write(self, b):
        self.sent.extend(b)
        return len(b)

    def any(self):
        return 0

    def readinto(self, b):
        return None


class PWM:
    def __init__(self, pin):
        self.pin = pin.id
        self.f = 0
        self.duty = 0
        LOG.append(("PWM", self.pin))

    def freq(self, f=None):
        if f is None:
            return self.f
        self.f = f

    def duty_u16(self, d=None):
        if d is None:
            return self.duty
        self.duty = d


def soft_reset():
    LOG.append(("soft_reset",))
