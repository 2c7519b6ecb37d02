# interpreters: cpython
"""The memory bench on a firmware copy with a stand-in game mode: it finds
the mode in the menu, measures what the mode costs, sees it freed on the way
back to the menu, and flags a cursor move that redraws too much."""

import shutil

import pytest

from host_tools.bench import memory as bench
from host_tools.paths import FIRMWARE, HEAP_BYTES

BALLAST = 20000

DUMMY = '''"""A stand-in game: holds BALLAST bytes while open; DOWN redraws the whole
screen, UP moves one pixel; B closes it."""

from core import ui
from core.hal import DOWN, UP, B

TABLE = tuple(range(300))  # some module data, so importing it costs heap


class Dummy(ui.Screen):
    def __init__(self):
        self.ballast = bytearray(%d)
        self.inverted = False
        self.x = 0

    def update(self, app):
        btn = app.buttons
        if btn.pressed(B):
            app.pop()
        elif btn.pressed(DOWN):
            self.inverted = not self.inverted
            app.redraw()
        elif btn.pressed(UP):
            self.x += 1
            app.redraw()

    def draw(self, app, fb):
        if self.inverted:
            fb.fill(1)
        fb.pixel(self.x, 30, 0 if self.inverted else 1)


def start(app, arg):
    app.push(Dummy())
''' % BALLAST


@pytest.fixture(scope="module")
def fw(tmp_path_factory):
    root = tmp_path_factory.mktemp("bench")
    fw = root / "firmware"
    shutil.copytree(FIRMWARE, fw)
    (fw / "dummy").mkdir()
    (fw / "dummy" / "__init__.py").write_text("")
    (fw / "dummy" / "game.py").write_text(DUMMY)
    modes = (fw / "core" / "modes.py").read_text()
    one_mode = '\nMODES = (("back", "dummy.game", None, None, "back", 0x5A, "back"),)\n'
    (fw / "core" / "modes.py").write_text(modes + one_mode)
    installs = bench.build_installs(firmware_dir=str(fw), where=str(root / "build"))
    return str(fw), installs


def test_menu_walk_reports_every_field(fw):
    _, installs = fw
    r = bench.play("menu", "DOWN,UP", 1, installs["mpy"], labels={"back": "A,"})
    assert r["completed"] and r["frames"] > 10
    for key in ("peak_heap_bytes", "import_ms", "max_frame_ms", "bytes_to_oled_per_frame", "cursor_move"):
        assert key in r
    assert 0 < r["boot_heap_bytes"] <= r["peak_heap_bytes"] < HEAP_BYTES
    assert r["bytes_to_oled_per_frame"]["boot"] > 1024  # the first frame pushes the whole panel


def test_game_mode_is_measured_and_freed_on_the_way_back(fw):
    _, installs = fw
    r = bench.play("back", "UP,UP,B", 1, installs["mpy"], labels={"back": "A,"})
    assert r["completed"], r
    assert r["modules"] == ["dummy.game"] and r["import_bytes"] > 0 and r["import_ms"] > 0
    # the game's ballast is in the peak (less the menus, which leave the heap while a game runs)
    assert r["peak_heap_bytes"] >= r["boot_heap_bytes"] + BALLAST - 8192
    assert r["left_loaded"] == []  # lazy loading: the game's module is gone again
    assert r["end_heap_bytes"] < r["boot_heap_bytes"] + BALLAST // 4
    assert r["cursor_move"]["presses"] == 2 and r["cursor_move"]["ok"]
    assert r["cursor_move"]["max_pages_touched"] == 1


def test_a_cursor_move_that_redraws_everything_fails_the_target(fw):
    _, installs = fw
    r = bench.play("back", "DOWN,B", 1, installs["mpy"], labels={"back": "A,"})
    assert r["completed"]
    assert r["cursor_move"]["max_pages_touched"] == 8 and not r["cursor_move"]["ok"]


def test_linked_pair_both_come_back_to_the_menu(fw):
    _, installs = fw
    r = bench.play("back", "1:UP,2:UP,1:B,2:B", 2, installs["mpy"], labels={"back": "A,"})
    assert r["completed"] and r["handhelds"] == 2


def test_running_out_of_heap_is_reported_not_hidden(fw):
    _, installs = fw
    r = bench.play("back", "UP,B", 1, installs["mpy"], heap="64K", labels={"back": "A,"})
    assert r["completed"] is False and r["crash"] == "MemoryError"


def test_min_heap_lies_between_the_live_peak_and_the_limit(fw):
    _, installs = fw
    kb = bench.min_heap_kb("back", "B", 1, installs["mpy"], labels={"back": "A,"})
    r = bench.play("back", "B", 1, installs["mpy"], labels={"back": "A,"})
    assert r["peak_heap_bytes"] / 1024 < kb <= 192


def test_whole_run_compares_and_summarises(fw, tmp_path):
    firmware, _ = fw
    rows = (bench.ROWS[0], ("back", "UP,B", 1), ("not_a_mode_yet", "A", 1))
    lines = bench.run(rows, firmware_dir=firmware, where=str(tmp_path))
    by = {(x.get("mode"), x.get("compare")): x for x in lines}
    assert by[("not_a_mode_yet", None)]["skipped"]
    lazy = by[("menu", "lazy_vs_all_imported")]
    assert lazy["game_modes"] == 1 and lazy["saved_bytes"] > 0  # the game's code is not resident at the menu
    py = by[("menu", "py_vs_mpy")]
    assert py["py"]["completed"] and py["mpy"]["completed"]
    assert py["mpy"]["min_heap_kb"] <= py["py"]["min_heap_kb"]  # no compiling on the handheld
    summary = lines[-1]
    assert summary["summary"] and summary["all_completed"]
    assert summary["modes_played"] == ["menu", "back"] and summary["modes_skipped"] == ["not_a_mode_yet"]
