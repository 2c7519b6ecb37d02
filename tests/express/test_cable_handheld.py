# interpreters: cpython
"""Link Express between two simulated handhelds joined by the virtual cable (the compiled install,
as the device runs it): a whole game from the main menu (Express -> Over the cable) played by
pressing A on both, with the cable pulled and plugged back mid-game, one handheld switched off and
continued from its flash, both ending on the checked result, and the live heap measured."""

import os

import pytest
from simtest import ROUND, ended, linked_handheld, open_mode, rounds

from host_tools.device import bundle
from host_tools.sim.handheld import Cable, run_script

OPEN = "WAIT300," + open_mode("link_express").rstrip(",")


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    return bundle.build("sim", str(tmp_path_factory.mktemp("lxui") / "sim"), arch=None).out




def _rolls(h):
    return sum(c.split()[0] == "dice" for c in h.cues)






def test_a_game_with_a_pulled_cable_and_a_restart_ends_checked_on_both(install, tmp_path):
    a = linked_handheld(install, 11, str(tmp_path / "a"), "handheld 1")
    b = linked_handheld(install, 22, str(tmp_path / "b"), "handheld 2")
    cable = Cable(a, b)
    c = None
    try:
        run_script([a, b], OPEN + ",A,WAIT3000")  # both: Captain's rules; they find each other, the coin
        run_script([a, b], "DOWN,A,WAIT800")  # each commits its fleet as offered (Express's Arrange)
        rounds([a, b], lambda: _rolls(a) >= 4, step=4)
        cable.connected = False  # pulled: neither hears the other
        run_script([a, b], ",".join([ROUND] * 20), tail_frames=60)
        rolls = _rolls(a) + _rolls(b)
        run_script([a, b], ",".join([ROUND] * 10))
        assert _rolls(a) + _rolls(b) == rolls  # no roll while it is out
        cable.connected = True
        rounds([a, b], lambda: _rolls(a) >= rolls // 2 + 4, step=4)
        assert os.path.exists(os.path.join(b.saves, "g_link_express"))
        b.close()  # switched off mid-game: only its flash remains
        run_script([a], "WAIT2500")
        c = linked_handheld(install, 55, b.saves, "handheld 2 again")
        Cable(a, c)
        run_script([a, c], "WAIT300,2:A,WAIT100,2:A,WAIT1500")  # its menu opens on Continue: the game
        rounds([a, c], lambda: ended(a) and ended(c), flags=2)
        assert sorted(ended(a) + ended(c)) == ["lose", "win"]
        for h in (a, c):
            mem = h.memory()
            assert int(mem["peak_live"]) < 180 * 1024, mem
        run_script([a, c], "WAIT300,B,WAIT300")  # both back to the menu, the saves cleared
        for h in (a, c):
            assert not os.path.exists(os.path.join(h.saves, "g_link_express"))
    finally:
        a.close()
        b.close()
        if c is not None:
            c.close()
