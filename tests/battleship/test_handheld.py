# interpreters: cpython
"""Battleship and Salvo on the simulated handheld, from the main menu: whole
games against every CPU level played to the end by key script, golden images
of the placement and aiming screens, and the bytes a cursor move sends."""

import pytest
from simtest import assert_golden, lit, play

from host_tools.bench.memory import menu_keys, mode_labels
from host_tools.sim.handheld import run_script

SEED = {"BROADSIDE_SEED": "7"}
LEVEL_KEYS = {"easy": "UP,A", "medium": "A", "hard": "DOWN,A"}  # the level menu starts on Medium


def menu(mode):
    """Keys from the main menu's first row into the mode ("battleship", "salvo")."""
    return menu_keys(mode, mode_labels())


def sweep():
    """Shots at every cell, row by row, from A-1. An arrow pressed while the
    CPU's turn plays cuts it short and still moves the cursor, so no waiting;
    the arrows first walk to A-1 (and cut short a CPU turn if it starts)."""
    keys = ["UP,UP,UP,UP,LEFT,LEFT,LEFT,LEFT"]
    for row in range(10):
        keys += ["A," + ("LEFT" if row % 2 else "RIGHT")] * 9 + ["A,DOWN"]
    return ",".join(keys)


def ended(h):
    return [c.split()[0] for c in h.cues if c.split()[0] in ("win", "lose")]


@pytest.mark.parametrize(
    "mode,level",
    [("battleship", "easy"), ("battleship", "medium"), ("battleship", "hard"), ("salvo", "hard")],
    ids=["battleship-easy", "battleship-medium", "battleship-hard", "salvo-hard"],
)
def test_a_whole_game_against_the_cpu_from_the_main_menu(mode, level, tmp_path):
    # main menu -> Battleship or Salvo -> level -> Start (the shuffled fleet) -> every cell
    h = play("WAIT300," + menu(mode) + LEVEL_KEYS[level] + ",A," + sweep(), env=SEED)
    try:
        assert len(ended(h)) == 1, h.cues[-5:]  # the game is over: won or lost, once
        hits = h.cues.count("hit (muted)") + h.cues.count("sunk (muted)")
        assert hits >= 17 or ended(h) == ["lose"]
        shown = lit(h)
        run_script([h], "A")  # the result: A shows the other grid
        assert lit(h) != shown
        run_script([h], "B,WAIT100,B")  # B: back to the Battleship submenu, B again: the main menu
        assert_golden(h, "menu", tmp_path)
    finally:
        h.close()


def test_placement_and_aiming_screens_golden(tmp_path):
    # Battleship, Medium: the fleet shuffled, the menu beside it
    h = play("WAIT300," + menu("battleship") + "A", env=SEED)
    try:
        assert_golden(h, "bs_place", tmp_path)
        # place by hand: the carrier in hand, then push it off the grid
        run_script([h], "DOWN,DOWN,A,RIGHT,RIGHT,RIGHT,RIGHT,RIGHT,RIGHT,RIGHT")
        assert_golden(h, "bs_place_refused", tmp_path)
        run_script([h], "LEFT,LEFT,LEFT,LEFT,A,A,A,A,A,A,WAIT3000")  # all placed, Start; a CPU turn plays out
        run_script([h], "A,WAIT2000,RIGHT,A,WAIT2000,UP,UP,A,WAIT2000,LEFT")
        assert_golden(h, "bs_aim", tmp_path)
    finally:
        h.close()


def test_a_cursor_move_sends_at_most_two_pages():
    h = play("WAIT300," + menu("battleship") + "A,A,WAIT3000,A,WAIT2000", env=SEED)
    try:
        worst = 0
        for key in ("RIGHT", "DOWN", "DOWN", "LEFT", "UP", "RIGHT", "RIGHT", "DOWN"):
            h.frame_bytes.clear()
            run_script([h], key, tail_frames=0)
            worst = max(worst, max(h.frame_bytes))
        assert 0 < worst <= 2 * (128 + 2) + 12, worst
    finally:
        h.close()
