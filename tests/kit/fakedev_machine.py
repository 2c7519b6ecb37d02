"""`machine` for the simulated handheld (tests/kit/fakedev_vm.py), so the
firmware installed on its flash boots on boards/pico_oled.py as on a Pico:
an OLED that takes every write, buttons nobody presses (pulled up: 1), a
link cable with nothing on it, a silent piezo.

Once the game polls its buttons (its frame loop runs) it prints RUNNING, once
per boot: the fake mpremote sends Ctrl-C only then, as a person would.
"""

RUNNING = "#--fakedev-running--"
_POLLS_BEFORE_RUNNING = 18  # three frames of six buttons

_polls = [0]


def booted():
    """A new boot of main.py: the game is not running yet."""
    _polls[0] = 0


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, n, mode=None, pull=None):
        self.n = n

    def value(self, v=None):
        _polls[0] += 1
        if _polls[0] == _POLLS_BEFORE_RUNNING:
            print(RUNNING)
        return 1


class I2C:
    def __init__(self, i2c_id, sda=None, scl=None, freq=400_000):
        self.writes = 0

    def writeto(self, addr, buf, stop=True):
        self.writes += 1
        return 1

    def readfrom_into(self, addr, buf, stop=True):
        for i in range(len(buf)):
            buf[i] = 0

    def scan(self):
        return [0x3C]


class UART:
    def __init__(self, uart_id, baudrate=115200, **kw):
        pass

    def any(self):
        return 0

    def read(self, n=None):
        return None

    def readinto(self, buf, n=None):
        return None

    def write(self, data):
        return len(data)


class PWM:
    def __init__(self, pin):
        pass

    def freq(self, f=None):
        return 1000

    def duty_u16(self, d=None):
        return 0

    def deinit(self):
        pass


def soft_reset():
    """As MicroPython's: SystemExit, which the board takes as a soft reboot into main.py
    (the game goes back to its menu this way: App.home, core.restart)."""
    raise SystemExit
