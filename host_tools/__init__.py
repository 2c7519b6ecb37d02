"""The host side: tools that run on a laptop, in packages by role (docs/architecture.md).

- sim/     the simulated handheld (the firmware on the MicroPython unix port, an SSD1306
           model, a terminal front end): `make play`, `make play2`; sim/romboot.py runs under
           MicroPython: it mounts the game's ROMFS image and boots it, or hands over to the
           MicroPython test runner or a bench probe
- duel/    the virtual link cable and the two-handheld harnesses that tests and benches
           share; these run under MicroPython too (tests/ imports them there)
- device/  the firmware onto a handheld: bundle, `make flash`, `make uf2`, the emulated
           RP2040; device_ops.py is the one module here that runs on the handheld itself
- check/   what `make test` runs beside pytest: the MicroPython test run, mpy-cross, types
- bench/   `python -m host_tools.bench NAME`: one runner, one module per bench;
           bench/probes/ are scripts that run under MicroPython (unix port or the Pico)
- web/     the browser handheld's page (`make web`)
- art/     the font and icon generators, the docs' pictures (`make docs`)
Everything else runs under CPython only.

The firmware's packages import as top-level names, as on the device (firmware/ is its
/lib, boards/ holds its board file): under CPython, importing any host tool first puts
firmware/ and boards/ on sys.path (paths.put_firmware_on_path), the one place that does.
"""

import sys

if sys.implementation.name != "micropython":
    from host_tools.paths import put_firmware_on_path

    put_firmware_on_path()
