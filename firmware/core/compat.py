"""Time and const() for code that runs on both MicroPython and CPython.

MicroPython has wraparound-safe ticks_ms/ticks_diff/ticks_add in `time` and
`const` in `micropython`; CPython has neither. Engines never use the clock;
the app and the link layer do, always through these names.

load() and unload() bring a module into the heap and take it out again by its
dotted name ("torpedo.cable.match"): a game's modules come in when it starts and
leave when it closes. (__import__ of a dotted name returns the top package on
both interpreters, and a package keeps each submodule as an attribute.)
"""

import sys

try:
    from micropython import const  # CPython defines it below  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython

    def const(x):
        return x


try:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms  # CPython: below  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython: same semantics, period 2**30 as on the ports
    import time as _time

    _PERIOD = 1 << 30
    _HALF = _PERIOD >> 1

    def ticks_ms():
        return int(_time.monotonic() * 1000) & (_PERIOD - 1)  # CPython only  # pyright: ignore[reportAttributeAccessIssue]

    def ticks_add(t, delta):
        return (t + delta) & (_PERIOD - 1)

    def ticks_diff(a, b):
        return ((a - b + _HALF) & (_PERIOD - 1)) - _HALF

    def sleep_ms(ms):
        if ms > 0:
            _time.sleep(ms / 1000)


IS_MICROPYTHON = False
try:
    IS_MICROPYTHON = sys.implementation.name == "micropython"
except AttributeError:
    pass


def load(name):
    """The module `name`, imported now unless it is loaded."""
    m = sys.modules.get(name)
    if m is None:
        __import__(name)
        m = sys.modules[name]
    return m


def unload(*names):
    """Forget these modules: out of sys.modules and off their packages, so the
    heap frees them once no screen holds them. A package's modules go before
    the package: a package object some stale reference still holds then holds
    none of them."""
    for name in sorted(names, key=len, reverse=True):
        sys.modules.pop(name, None)
        i = name.rfind(".")
        if i > 0:
            parent = sys.modules.get(name[:i])
            if parent is not None and name[i + 1 :] in parent.__dict__:
                delattr(parent, name[i + 1 :])
