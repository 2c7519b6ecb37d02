# interpreters: cpython
"""The install on the real rp2 firmware, emulated (see conftest.py). Each test prints its
numbers as one JSON line (host_tools/bench/rp2.py computes them) and asserts what must hold:
the menu is the simulator's pixel for pixel, every mode is entered and left through keys, the
flashes work, no byte is lost on the cable. Never a timing."""

import os

import pytest

from host_tools.bench import rp2 as bench_rp2
from host_tools.paths import ROOT
from host_tools.sim.ssd1306 import from_png

GOLDEN_MENU = os.path.join(ROOT, "tests", "golden", "menu.png")
full_only = pytest.mark.skipif(os.environ.get("BROADSIDE_RP2_FULL") != "1", reason="make test-rp2 FULL=1")


# The CI part runs on one emulated Pico, in this order: boot, a mode and back, then a game
# again, Ctrl-C and the two flashes (a boot costs a minute of wall time in the emulator).
_PICO = []


def test_boot_to_menu(firmware, report):
    out, p = bench_rp2.check_boot(firmware)
    report(out)
    assert p.screen() == from_png(GOLDEN_MENU), "the menu differs from tests/golden/menu.png"
    assert out["live_heap_bytes"] > 0 and out["free_heap_bytes"] > 100_000
    assert p.link.lost == 0
    _PICO.append(p)


def _pico(firmware):
    if _PICO and bench_rp2._at_home(_PICO[0]):
        return _PICO[0]
    return bench_rp2.boot(firmware)[0]


def test_mode_ci(firmware, report):
    _mode(firmware, report, bench_rp2.CI_MODE, _pico(firmware))


def test_ctrl_c_and_make_flash_twice(firmware, report):
    out = bench_rp2.check_reflash(firmware, _pico(firmware))
    report(out)
    assert out["flash1_rc"] == 0 and out["flash1_up_to_date"]
    assert out["flash2_rc"] == 0 and out["flash2_copied"] == 1
    assert out["main_py_is_new"]
    assert out["saves"] and out["saves_untouched"]


def _mode(firmware, report, mode, p=None):
    out, p = bench_rp2.check_mode(firmware, mode, p)
    report(out)
    assert out["soft_reset"], "%s: back to the menu without the soft reset" % mode
    assert out["live_heap_bytes"] and out["peak_heap_bytes"] >= out["live_heap_bytes"]
    assert "Crash" not in "".join(out["screens"]) and "Traceback" not in p.text()


@full_only
def test_every_other_mode(firmware, report):
    failed = []
    for mode in bench_rp2.MODES:
        if mode == bench_rp2.CI_MODE:
            continue
        try:
            _mode(firmware, report, mode)
        except (AssertionError, bench_rp2.CheckFailed) as e:
            failed.append("%s: %s" % (mode, e))
    assert not failed, failed


@full_only
def test_linked_pair_loses_no_byte(firmware, report):
    out = bench_rp2.check_pair(firmware)
    report(out)
    assert out["shot_each_way"], out
    assert out["bytes_lost"] == 0
    assert out["frames_a_to_b"] and out["frames_b_to_a"]


@full_only
def test_mental_poker_shuffle(firmware, report):
    out = bench_rp2.check_shuffle(firmware)
    report(out)
    assert out["setup_ms_a"] and out["setup_ms_b"], out
    assert out["bytes_lost"] == 0


@full_only
def test_clock_ratio(firmware, report):
    out = bench_rp2.check_clock(firmware)
    report(out)
    assert out["loop_ms"] > 0
