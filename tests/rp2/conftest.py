"""The rp2 lane (make test-rp2): the game on the real rp2 firmware in the rp2040py emulator
(host_tools/device/rp2pico.py, the checks in host_tools/bench/rp2.py), by two routes:
- files: MicroPython's official RPI_PICO UF2, FIRMWARE=path.uf2 (BROADSIDE_RP2_FIRMWARE here),
  else ../shared/firmware/; make test-rp2 skips with one line when there is none;
- romfs: Broadside's own firmware, build/firmware/broadside-pico.uf2 (make firmware;
  BROADSIDE_RP2_ROMFS_FIRMWARE names another), with this checkout's ROMFS image; its tests skip,
  saying so, when that UF2 is absent.
BROADSIDE_RP2_FULL=1 runs every check (make test-rp2 FULL=1); otherwise the CI part: both routes
booted to the menu; on the files route one mode, Ctrl-C and the two flashes; on the ROMFS route
one mode, the drag of broadside.uf2 onto a Pico holding saves, and make flash writing the ROMFS
image. Every check's numbers are one JSON line, printed at the end of the run and kept in
build/rp2/results.jsonl. Timings are printed, never asserted.
"""

import json
import os

import pytest

from host_tools.device import rp2pico

RESULTS = os.path.join(rp2pico.RP2_BUILD, "results.jsonl")
_LINES = []


@pytest.fixture(scope="session")
def files_route():
    route = rp2pico.files_route()
    if route is None:
        pytest.skip("no RPI_PICO firmware: the official UF2: %s; FIRMWARE=path.uf2" % rp2pico.OFFICIAL)
    return route


@pytest.fixture(scope="session")
def romfs_route():
    route = rp2pico.romfs_route()  # builds this checkout's ROMFS image
    if route is None:
        pytest.skip(rp2pico.NO_BROADSIDE)
    return route


def pytest_sessionstart(session):
    os.makedirs(rp2pico.RP2_BUILD, exist_ok=True)
    open(RESULTS, "w").close()


@pytest.fixture
def report():
    def put(route, out):
        line = json.dumps(dict({"route": route.name}, **out))
        _LINES.append(line)
        with open(RESULTS, "a") as f:
            f.write(line + "\n")

    return put


def pytest_terminal_summary(terminalreporter):
    if _LINES:
        terminalreporter.section("rp2 numbers (emulated ms; build/rp2/results.jsonl)")
        for line in _LINES:
            terminalreporter.write_line(line)
