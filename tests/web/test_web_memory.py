# interpreters: cpython
"""The memory bench's heaviest modes fit in the page at the unix port's heap cap (192 KB,
the tests' BROADSIDE_HEAP): Torpedo Attack over the cable between two tabs and a card game,
played for a while, and the firmware still runs with no error on the page."""

import time

from webpage import assert_fits, cable_name, heap_bytes, open_mode, play, shows_any

PLAY_S = 30  # seconds of each game


def test_torpedo_attack_over_the_cable_fits(web):
    cable = cable_name()
    heap = heap_bytes()
    one = web.open("one", fresh=1, id=1, cable=cable, heap=heap)
    two = web.open("two", fresh=1, id=2, cable=cable, heap=heap)
    # Torpedo Attack, Link cable game; who starts; Start (host_tools/bench/memory.py)
    play([one, two], open_mode("torpedo") + "DOWN,A,WAIT3000,A,WAIT300,A,WAIT300")
    seen = [set(), set()]
    t0 = time.monotonic()
    while time.monotonic() - t0 < PLAY_S:  # A alone: call cells, skip what shows, fire
        play([one, two], "A,WAIT150")
        for i, p in enumerate((one, two)):
            rows = p.pixels()
            seen[i] |= {text for text in ("Your call", "Rival calls") if shows_any(rows, text)}
        p.check()
    for p in (one, two):
        assert_fits(p, "torpedo_cable")
    assert all(s == {"Your call", "Rival calls"} for s in seen), "the calls went back and forth: %r" % seen


def test_a_card_game_fits(web):
    h = web.open(fresh=1, id=1, heap=heap_bytes())
    h.keys(open_mode("cards") + "A,UP,UP,A,WAIT300")  # Standard game, you first
    t0 = time.monotonic()
    while time.monotonic() - t0 < PLAY_S:  # A on every prompt plays on
        h.keys("A,WAIT100")
        h.check()
    assert_fits(h, "cards")
