"""The rp2 lane (make test-rp2): the install on MicroPython's real RPI_PICO firmware in the
rp2040py emulator (host_tools/device/rp2pico.py, the checks in host_tools/bench/rp2.py).

The firmware is FIRMWARE=path.uf2 (BROADSIDE_RP2_FIRMWARE here), else ../shared/firmware/;
make test-rp2 skips with one line when there is none. BROADSIDE_RP2_FULL=1 runs every check
(make test-rp2 FULL=1); otherwise the CI part: the boot, Ctrl-C and the two flashes, one mode.
Every check's numbers are one JSON line, printed at the end of the run and kept in
build/rp2/results.jsonl. Timings are printed, never asserted.
"""

import json
import os

import pytest

from host_tools.device import rp2pico

RESULTS = os.path.join(rp2pico.RP2_BUILD, "results.jsonl")
_LINES = []


@pytest.fixture(scope="session")
def firmware():
    fw = rp2pico.firmware_path()
    if fw is None:
        pytest.skip("no RPI_PICO firmware: the official UF2: %s; FIRMWARE=path.uf2" % rp2pico.OFFICIAL)
    return fw


def pytest_sessionstart(session):
    os.makedirs(rp2pico.RP2_BUILD, exist_ok=True)
    open(RESULTS, "w").close()


@pytest.fixture
def report():
    def put(out):
        line = json.dumps(out)
        _LINES.append(line)
        with open(RESULTS, "a") as f:
            f.write(line + "\n")

    return put


def pytest_terminal_summary(terminalreporter):
    if _LINES:
        terminalreporter.section("rp2 numbers (emulated ms; build/rp2/results.jsonl)")
        for line in _LINES:
            terminalreporter.write_line(line)
