# interpreters: cpython
"""Games played in the page through its keys, as a player would."""

import os
import time

from golden import assert_screen
from webpage import open_mode, play, shows, shows_any

from host_tools.paths import ROOT

SHOTS = os.environ.get("BROADSIDE_WEB_SHOTS") == "1"
DOCS_WEB = os.path.join(ROOT, "docs", "web")


def sweep(rows=10):
    """A shot at every cell row by row from the top-left corner, an arrow after each shot:
    it skips the CPU's turn at once and moves the cursor (battleship/battle.py), so no
    waits are needed. 100 shots sink any fleet."""
    keys = ["UP,UP,UP,UP,UP,LEFT,LEFT,LEFT,LEFT,LEFT"]
    for row in range(rows):
        step = "LEFT" if row % 2 else "RIGHT"
        keys += ["A,%s" % step] * 9 + ["A,DOWN"]
    return ",".join(keys)


def test_battleship_against_the_cpu_plays_to_the_end(web):
    h = web.open(fresh=1, id=1)
    assert_screen(h, "menu")
    # Battleship, the default level, then Start with the fleet as shuffled
    h.keys(open_mode("battleship") + "WAIT300,A,WAIT300,A,WAIT300")
    keys = sweep().split(",")
    t0 = time.monotonic()
    play([h], ",".join(keys[:40]))  # the first row's shots
    if SHOTS:  # the README's picture: a game under way
        h.wait_still()
        h.screenshot(os.path.join(DOCS_WEB, "web.png"), part=".bezel")
    play([h], ",".join(keys[40:]))
    h.wait_screen(
        lambda r: shows(r, "YOU WIN!", inverse=True) or shows(r, "CPU WINS", inverse=True),
        timeout=10,
        what="the result (YOU WIN! / CPU WINS)",
    )
    print("the sweep of shots in %.1f s" % (time.monotonic() - t0))
    h.keys("B,WAIT300,B")  # the Battleship submenu, then the main menu (a restart)
    assert_screen(h, "menu")  # the game over leaves no save: no Continue
    h.check()


def test_a_card_game_starts(web):
    h = web.open(fresh=1, id=1)
    h.keys(open_mode("cards"))
    assert_screen(h, "cg_mode_menu")
    h.keys("A")  # Standard game
    assert_screen(h, "cg_who")
    h.keys("UP,UP,A")  # You start
    h.wait_screen(lambda r: shows(r, "CPU") and shows(r, "You", inverse=True), what="the card table")
    h.keys("A,WAIT500")  # a card played
    h.check()


def test_an_express_game_starts(web):
    h = web.open(fresh=1, id=1)
    h.keys(open_mode("express"))
    assert_screen(h, "ex_setup")
    h.keys("A")  # the first row, Start: Captain's rules, you against a CPU captain
    h.wait_screen(lambda r: shows_any(r, "A:play"), what="who starts (drawn at random)")
    h.keys("A")
    h.wait_screen(lambda r: shows_any(r, "Player 1: fleet"), what="Player 1's fleet")
    h.keys("A,WAIT300")
    h.check()
