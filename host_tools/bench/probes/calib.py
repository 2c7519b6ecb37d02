"""The calibration loop of the device-time benches (bytearray indexing, small-int arithmetic, a
method call), run under the MicroPython unix port by stallprobe.py, deckprobe.py and aiprobe.py
beside it: its time on an RP2040 is CAL_DEVICE_US for CAL_LOOPS rounds, so host time x
(CAL_DEVICE_US / its host time) estimates device time. The CPython benches read CAL_DEVICE_US
from here too (host_tools.bench.probes.calib): one number, one place."""

# The calibration loop below takes CAL_DEVICE_US on an RP2040 at 125 MHz. Derived, not measured
# on a board: MicroPython's perf_bench misc_pystone (Proc0(300)) takes 162,376 us on a PYBv1.0
# (STM32F405, 168 MHz; micropython PR #4858); the RP2040 at 125 MHz does 228 CoreMark/s against
# the STM32F405's 566 (2.48 times slower), so about 403 ms; on the unix port, calibrate() takes
# 3.2 times as long as Proc0(300) (best of 40 runs each, interleaved). 3.2 x 403 ms = 1.29 s.
# Cross-check: a C method call loop (Pin toggling) runs at 63 kHz on a Pico (15.9 us a loop);
# the same shape on the unix port here takes about 0.1 us, a factor of ~150, as this one gives.
CAL_DEVICE_US = 1290000
CAL_LOOPS = 20000


def best_us(fn, runs, best=1 << 40):
    """The fastest of `runs` calls of fn() in microseconds (no faster than best: a bound so far)."""
    from time import ticks_diff, ticks_us

    for _ in range(runs):
        t0 = ticks_us()
        fn()
        dt = ticks_diff(ticks_us(), t0)
        if dt < best:
            best = dt
    return best


class _Calib:
    def f(self, j):
        return j + 1


def calibrate(n=CAL_LOOPS):
    b = bytearray(64)
    acc = 0
    o = _Calib()
    for i in range(n):
        j = i & 63
        b[j] = (b[j] + i) & 255
        acc = (acc + o.f(j)) & 0xFFFF
    return acc
