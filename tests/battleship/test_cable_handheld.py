# interpreters: cpython
"""Link battle between two simulated handhelds joined by the virtual cable: whole classic and salvo
games from the main menu played by pressing A on both, a cable pulled and plugged back mid-game,
one handheld switched off mid-game and continued from its flash, the verification screen at the
end, and a handheld whose firmware lies caught by the other.

The handhelds run the compiled install (make bundle's, for the sim board), as the device does:
from sources the link game does not fit the 192 KB heap beside the compiler (the firmware's
modules are compiled in the same heap), and the simulator's sources are for quick looks at
smaller modes. Each handheld has its own BROADSIDE_SEED, so every game here is the same each run.
"""

import os
import shutil
import subprocess

import pytest
from screenread import words_shown
from simtest import ROUND, assert_golden, ended, linked_handheld, open_mode, rounds

from host_tools.device import bundle
from host_tools.paths import FIRMWARE
from host_tools.sim.handheld import Cable, run_script

OPEN = {
    "classic": "WAIT300," + open_mode("link_battle").rstrip(","),
    "salvo": "WAIT300," + open_mode("link_salvo").rstrip(","),
}


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    return bundle.build("sim", str(tmp_path_factory.mktemp("lkui") / "sim"), arch=None).out




def _pair(install, tmp_path, seeds=(11, 22), lib=None):
    a = linked_handheld(install, seeds[0], str(tmp_path / "a"), "handheld 1")
    b = linked_handheld(install, seeds[1], str(tmp_path / "b"), "handheld 2", lib)
    return a, b, Cable(a, b)


def _shots(h):
    """Answers heard: a shot of ours answered, or theirs on our fleet (A on a spent cell clicks)."""
    return sum(c.split()[0] in ("hit", "miss", "sunk") for c in h.cues)






def _start(hs, mode):
    run_script(hs, OPEN[mode] + ",WAIT1500")  # both open it; they find each other
    run_script(hs, "A,WAIT300,A,WAIT500")  # the coin, Start with the shuffled fleet


def test_a_classic_game_with_a_pulled_cable_ends_checked_on_both(install, tmp_path):
    a, b, cable = _pair(install, tmp_path)
    try:
        _start([a, b], "classic")
        rounds([a, b], lambda: _shots(a) >= 20, step=5)
        cable.connected = False  # pulled: neither handheld hears the other
        run_script([a, b], ",".join([ROUND] * 30), tail_frames=60)
        for i, h in enumerate((a, b)):  # A where it does not fire is the pause menu (issue 41, 4): back
            if words_shown(h.screen(), ["Paused"]):
                run_script([a, b], "%d:B,WAIT300" % (i + 1))
        assert_golden(a, "lk_unplugged", tmp_path)  # "Cable unplugged?" where the news was
        shots = _shots(a) + _shots(b)
        run_script([a, b], ",".join([ROUND] * 10))
        assert _shots(a) + _shots(b) == shots  # no shot goes anywhere while it is out
        cable.connected = True
        rounds([a, b], lambda: ended(a) and ended(b))
        assert sorted(ended(a) + ended(b)) == ["lose", "win"]
        run_script([a, b], "WAIT300")
        assert_golden(a if ended(a) == ["win"] else b, "lk_verified_win", tmp_path)
        assert_golden(b if ended(a) == ["win"] else a, "lk_verified_lose", tmp_path)
        run_script([a, b], "B,WAIT300")  # both back to the main menu, the saves cleared
        for h in (a, b):
            assert not [n for n in os.listdir(h.saves) if n.startswith("g_link_battle")]
    finally:
        a.close()
        b.close()


def test_a_salvo_game_goes_on_after_one_handheld_is_switched_off(install, tmp_path):
    a, b, cable = _pair(install, tmp_path, (33, 44))
    c = None
    try:
        _start([a, b], "salvo")
        for h in (a, b):
            h.frame_bytes.clear()
        run_script([a, b], "RIGHT", tail_frames=1)  # the shooter's cursor moves; the other's stays
        moved = sorted((max(a.frame_bytes), max(b.frame_bytes)))
        assert moved[0] == 0 and 0 < moved[1] <= 2 * (128 + 2) + 12, moved  # two pages at most
        rounds([a, b], lambda: _shots(b) >= 24, step=5)
        saves = b.saves
        names = os.listdir(saves)  # the game's save: in segments erased ahead (core.savelog)
        assert "lkpeer" in names and [n for n in names if n.startswith("g_link_battle.l")]
        b.close()  # switched off mid-game: only its flash remains
        run_script([a], "WAIT2000")
        c = linked_handheld(install, 55, saves, "handheld 2 again")
        Cable(a, c)  # the cable into the handheld switched on again
        run_script([a, c], "WAIT300,2:A,WAIT100,2:A,WAIT1500")  # its menu opens on Continue: the link game
        rounds([a, c], lambda: ended(a) and ended(c), flags=2)  # the live heap measured too
        assert sorted(ended(a) + ended(c)) == ["lose", "win"]
        for h in (a, c):
            mem = h.memory()
            assert int(mem["peak_live"]) < 180 * 1024, mem  # 12 KB to spare in the 192 KB heap
    finally:
        a.close()
        b.close()
        if c is not None:
            c.close()


def _lying_lib(install, tmp_path):
    """The install's link package with one change: MyFleet.answer calls its first hit a miss.
    (The whole package: a link/ folder first on the path hides the install's.)"""
    with open(os.path.join(FIRMWARE, "link", "commit.py")) as f:
        src = f.read()
    honest = "        msg = bytes((M_ANSWER, cell, 1 if s else 0, sunk)) + _salt(self.seed, cell)\n"
    assert honest in src
    lie = (
        "        told = 1 if s else 0\n"
        "        if s and not getattr(self, 'lied', 0):\n"
        "            self.lied = told = sunk = 0\n"
        "        msg = bytes((M_ANSWER, cell, told, sunk)) + _salt(self.seed, cell)\n"
    )
    lib = tmp_path / "liar"
    shutil.copytree(os.path.join(install, "lib", "link"), str(lib / "link"))
    (lib / "link" / "commit.py").write_text(src.replace(honest, lie))
    mpy_cross = bundle.mpy_cross_exe()
    out = str(lib / "link" / "commit.mpy")
    subprocess.run([mpy_cross, "-o", out, str(lib / "link" / "commit.py")], check=True)
    os.remove(str(lib / "link" / "commit.py"))
    return str(lib)


def test_a_handheld_that_lies_is_caught_and_named(install, tmp_path):
    a, b, cable = _pair(install, tmp_path, (66, 77), lib=_lying_lib(install, tmp_path))
    try:
        _start([a, b], "classic")
        rounds([a, b], lambda: ended(a))
        assert ended(a) == ["lose"] and not ended(b)  # the honest one stops the game
        run_script([a, b], "WAIT300")
        assert_golden(a, "lk_cheat", tmp_path)  # "CHEAT CAUGHT: Opponent lied: ... was a hit, not a miss"
    finally:
        a.close()
        b.close()
