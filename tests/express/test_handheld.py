# interpreters: cpython
"""Battleship Express through the real simulator: opened from the main menu
by keys, CPU-vs-CPU games of both types played to the end headless, and the
dice screen compared with its golden image (fixed BROADSIDE_SEED)."""

import subprocess
import sys

from simtest import assert_golden, open_mode, play

from host_tools.sim.handheld import run_script

SEED = {"BROADSIDE_SEED": "7"}
# Express's row in the main menu (no saved game)
OPEN = "WAIT330," + open_mode("express")
CPU_SEAT_1 = "DOWN,DOWN,A,"  # the setup menu, from the game row: seat 1 becomes a CPU
# from seat 1's row up to Start (the first row); A on who starts (drawn at random)
START_2P = "UP,UP,UP,A,WAIT300,A"


def _play_to_end(h, limit=6000):
    for _ in range(limit):
        if any(c.startswith("win") or c.startswith("lose") for c in h.cues):
            return True
        h.frame(0)
    return False


def test_menu_opens_express_setup(tmp_path):
    h = play(OPEN)
    try:
        assert_golden(h, "ex_setup", tmp_path)
    finally:
        h.close()


def test_cpu_vs_cpu_games_play_to_the_end(tmp_path):
    for name, keys in (("captain", "DOWN,"), ("admiral", "DOWN,RIGHT,")):
        h = play(OPEN + keys + CPU_SEAT_1 + START_2P, env=SEED, saves=str(tmp_path / name))
        try:
            assert _play_to_end(h), name
            run_script([h], "WAIT100")
            assert_golden(h, "ex_result_" + name, tmp_path)
            run_script([h], "A")  # back to the main menu; the finished game's save is gone
            assert_golden(h, "ex_menu_after", tmp_path)  # the cursor stays on Express
        finally:
            h.close()


def test_dice_screen_golden(tmp_path):
    # human vs CPU, Player 1 starts: Start, Ready with the suggested fleet, the front ship
    # attacks the first target, roll once and let the dice settle
    h = play(OPEN + "UP,RIGHT,DOWN,A,WAIT200,DOWN,A,A,A,A,WAIT600", env=SEED)  # Starts is the last row
    try:
        assert_golden(h, "ex_dice", tmp_path)
    finally:
        h.close()


def test_icon_bytes_match_their_art():
    cmd = [sys.executable, "-m", "host_tools.art.express_icons", "--check"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout
