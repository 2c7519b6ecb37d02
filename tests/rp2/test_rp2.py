# interpreters: cpython
"""The game on the real rp2 firmware, emulated, by both routes (see conftest.py). Each test
prints its numbers as one JSON line (host_tools/bench/rp2.py computes them) and asserts what
must hold: the menu is the simulator's pixel for pixel, every mode is entered and left through
keys, the flashes and the drag work and keep /saves, no byte is lost on the cable. Never a
timing."""

import os

import pytest

from host_tools.bench import rp2 as bench_rp2
from host_tools.device import flash as flash_mod
from host_tools.paths import ROOT
from host_tools.sim.ssd1306 import from_png

GOLDEN_MENU = os.path.join(ROOT, "tests", "golden", "menu.png")
full_only = pytest.mark.skipif(os.environ.get("BROADSIDE_RP2_FULL") != "1", reason="make test-rp2 FULL=1")
# make flash on Broadside's firmware writes the ROMFS image (host_tools/device/flash.py)
romfs_flash = pytest.mark.skipif(
    not hasattr(flash_mod.Installer, "install_romfs"),
    reason="waits on make flash's ROMFS deploy (host_tools/device/flash.py Installer.install_romfs)",
)


# The CI part runs on few emulated Picos (a boot costs 5-15 s of wall time in the emulator):
# files route: boot, a mode and back, then a game again, Ctrl-C and the two flashes, on one;
# ROMFS route: boot on one; a mode, the drag and make flash on a second one that starts a game
# image behind (bench_rp2.older_pico) and holds the saves the mode left.
_PICO = {}


def _boot(route, report):
    out, p = bench_rp2.check_boot(route)
    report(route, out)
    assert p.screen() == from_png(GOLDEN_MENU), "%s: the menu differs from tests/golden/menu.png" % route.name
    assert out["live_heap_bytes"] > 0 and out["free_heap_bytes"] > 100_000
    assert p.link.lost == 0 and bench_rp2.crash_in(p.text()) is None
    return p


def _pico(route):
    p = _PICO.get(route.name)
    if p is not None and bench_rp2._at_home(p):
        return p
    return bench_rp2.boot(route)[0]


def _mode(route, report, mode, p=None):
    out, p = bench_rp2.check_mode(route, mode, p)
    report(route, out)
    assert out["menu_back_on"], "%s: not back to the menu" % mode
    if route.name == "files":  # the official firmware keeps a game's names: back through a reset
        assert out["soft_reset"], "%s: back to the menu without the soft reset" % mode
    assert out["live_heap_bytes"] and out["peak_heap_bytes"] >= out["live_heap_bytes"]
    assert out["crash"] is None, "%s: %s" % (mode, out["crash"])
    return p


def test_boot_to_menu(files_route, report):
    _PICO["files"] = _boot(files_route, report)


def test_mode_ci(files_route, report):
    _mode(files_route, report, bench_rp2.CI_MODE, _pico(files_route))


def test_ctrl_c_and_make_flash_twice(files_route, report):
    out = bench_rp2.check_reflash(files_route, _pico(files_route))
    report(files_route, out)
    assert out["flash1_rc"] == 0 and out["flash1_up_to_date"]
    assert out["flash2_rc"] == 0 and out["flash2_copied"] == 1
    assert out["main_py_is_new"]
    assert out["saves"] and out["saves_untouched"]


def test_romfs_boot_to_menu(romfs_route, report):
    _boot(romfs_route, report)


def _older(route):
    """The ROMFS route's second Pico: an older game image, then a game saved (the CI mode)."""
    if "older" not in _PICO:
        _PICO["older"] = bench_rp2.older_pico(route)[0]
    return _PICO["older"]


def test_romfs_mode_ci(romfs_route, report):
    p = _mode(romfs_route, report, bench_rp2.CI_MODE, _older(romfs_route))
    assert bench_rp2.saves_of(p), "a Save and quit left no save"


def test_romfs_drag_uf2_keeps_saves(romfs_route, report):
    p = _older(romfs_route)
    out, q = bench_rp2.check_drag(romfs_route, p)
    report(romfs_route, out)
    assert out["saves"], "the Pico held no saves before the drag"
    assert out["filesystem_sectors_erased"] == 0 and out["filesystem_bytes_same"]
    assert out["saves_same_bytes"], "/saves changed across the drag and the boot"
    assert out["romfs_is_uf2_image"] and out["crash"] is None
    assert out["menu_entry"] == "continue", "the saved game is not offered (%s)" % out["menu_entry"]
    assert bench_rp2._at_home(q)


@romfs_flash
def test_romfs_make_flash_writes_image(romfs_route, report):
    p = _older(romfs_route)
    out = bench_rp2.check_reflash_romfs(romfs_route, p)
    report(romfs_route, out)
    assert not out["romfs_current_before"], "the Pico already had this image: nothing to write"
    assert out["flash1_rc"] == 0 and out["romfs_current_after_1"]
    assert out["flash1_erases"] > 0 and out["flash1_programs"] > 0
    assert out["flash2_rc"] == 0 and out["flash2_up_to_date"] and out["flash2_erases"] == 0
    assert out["saves"] and out["saves_untouched"] and out["main_py_absent"]


@full_only
@pytest.mark.parametrize("name", ["files", "romfs"])
def test_every_other_mode(name, request, report):
    route = request.getfixturevalue(name + "_route")
    failed = []
    p = None
    for mode in bench_rp2.MODES:
        if mode == bench_rp2.CI_MODE and name == "files":
            continue
        try:
            p = _mode(route, report, mode, p if p is not None and bench_rp2._at_home(p) else None)
        except (AssertionError, bench_rp2.CheckFailed) as e:
            failed.append("%s: %s" % (mode, e))
            p = None
    assert not failed, failed


@full_only
@pytest.mark.parametrize("name", ["files", "romfs"])
def test_linked_pair_loses_no_byte(name, request, report):
    route = request.getfixturevalue(name + "_route")
    out = bench_rp2.check_pair(route)
    report(route, out)
    assert out["shot_each_way"], out
    assert out["bytes_lost"] == 0
    assert out["frames_a_to_b"] and out["frames_b_to_a"]


@full_only
@pytest.mark.parametrize("name", ["files", "romfs"])
def test_mental_poker_shuffle(name, request, report):
    route = request.getfixturevalue(name + "_route")
    out = bench_rp2.check_shuffle(route)
    report(route, out)
    assert out["setup_ms_a"] and out["setup_ms_b"], out
    assert out["bytes_lost"] == 0


@full_only
def test_every_way_out_leaves_the_menu_heap(romfs_route, report):
    lines = list(bench_rp2.check_tour(romfs_route))
    for out in lines:
        report(romfs_route, out)
    ways = [o for o in lines if o["check"] == "tour"]
    assert not [o for o in ways if o.get("failed") or o.get("crash")], ways
    # a mode's first visit makes its modules' file paths as names (once a session: the one
    # name Broadside's firmware cannot hold); a later way out of it leaves nothing more
    again = [o for o in ways if o.get("over_last_way_bytes", 0) > bench_rp2.TOUR_SLACK]
    assert not again, again


@full_only
def test_clock_ratio(files_route, report):
    out = bench_rp2.check_clock(files_route)
    report(files_route, out)
    assert out["loop_ms"] > 0
