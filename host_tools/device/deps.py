"""Copy the device's third-party modules out of the pinned .venv into build/mplib.

The device drives the OLED with Adafruit's SSD1306 driver, which needs
adafruit_bus_device.i2c_device. Both are pure Python and run on MicroPython;
the unix port (simulator, device tests) finds them in build/mplib, and the
flashing tool compiles the same files for the device.
"""

import importlib.util
import os
import shutil
import sys

from host_tools.paths import MPLIB

# (module to locate in the venv, files relative to its folder to copy)
DEVICE_DEPS = (
    ("adafruit_ssd1306", ("adafruit_ssd1306.py",)),
    (
        "adafruit_bus_device",
        (
            "adafruit_bus_device/__init__.py",
            "adafruit_bus_device/i2c_device.py",
            "adafruit_bus_device/spi_device.py",  # imported by adafruit_ssd1306
        ),
    ),
)


def dep_files():
    """[(source path, path relative to the device's lib root)]."""
    out = []
    for mod, files in DEVICE_DEPS:
        spec = importlib.util.find_spec(mod)
        if spec is None or spec.origin is None:
            raise SystemExit("broadside: %s is not installed in this venv; run `make venv`" % mod)
        origin = spec.origin
        base = os.path.dirname(origin)
        if origin.endswith("__init__.py"):
            base = os.path.dirname(base)
        for rel in files:
            out.append((os.path.join(base, rel), rel))
    return out


def install(dest=MPLIB):
    for src, rel in dep_files():
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if not os.path.exists(target) or open(src, "rb").read() != open(target, "rb").read():
            shutil.copyfile(src, target)
    return dest


if __name__ == "__main__":
    print("device libraries in", install(sys.argv[1] if len(sys.argv) > 1 else MPLIB))
