"""The calibration loop of the device-time benches (bytearray indexing, small-int arithmetic, a
method call), run under the MicroPython unix port by host_tools/stallprobe.py, lcdeck_probe.py
and mp_ai_timing.py: its time on an RP2040 is stallprobe.CAL_DEVICE_US for CAL_LOOPS rounds,
so host time x (CAL_DEVICE_US / its host time) estimates device time."""


class _Calib:
    def f(self, j):
        return j + 1


def calibrate(n=20000):
    b = bytearray(64)
    acc = 0
    o = _Calib()
    for i in range(n):
        j = i & 63
        b[j] = (b[j] + i) & 255
        acc = (acc + o.f(j)) & 0xFFFF
    return acc
