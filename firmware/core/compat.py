"""Time and const() for code that runs on both MicroPython and CPython.

MicroPython has wraparound-safe ticks_ms/ticks_diff/ticks_add in `time` and
`const` in `micropython`; CPython has neither. Engines never use the clock;
the app and the link layer do, always through these names.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


try:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython: same semantics, period 2**30 as on the ports
    import time as _time

    _PERIOD = 1 << 30
    _HALF = _PERIOD >> 1

    def ticks_ms():
        return int(_time.monotonic() * 1000) & (_PERIOD - 1)

    def ticks_add(t, delta):
        return (t + delta) & (_PERIOD - 1)

    def ticks_diff(a, b):
        return ((a - b + _HALF) & (_PERIOD - 1)) - _HALF

    def sleep_ms(ms):
        if ms > 0:
            _time.sleep(ms / 1000)


IS_MICROPYTHON = False
try:
    import sys as _sys

    IS_MICROPYTHON = _sys.implementation.name == "micropython"
except AttributeError:
    pass
