# interpreters: cpython
"""Torpedo Attack between two handhelds running real link sessions over a virtual, noisy cable:
coin flip, fleet commitments, the whole game and the end-of-game fleet check, in step on both.

CPython only: two handhelds' link sessions and games in one 192 KB MicroPython test heap,
with every module compiled from source, fragment it past a 3 KB block (tests/torpedo/test_cable_game.py
runs the same game messages under MicroPython without the two link sessions)."""

from ta_duel import duel

from host_tools.duel.cable import Cable, Pair
from torpedo.cable.game import rules_bytes
from torpedo.rules import OVER


def _public(g):
    return (g.phase, g.turns, g.score(0), g.score(1), g.winner, bytes(g.marks[0]), bytes(g.marks[1]),
            bytes(g.status[0]), bytes(g.status[1]))  # fmt: skip


def test_a_whole_game_over_two_links_on_a_noisy_cable():
    p = Pair(Cable(seed=21, corrupt_ppm=300), seed=21, rules=(rules_bytes(1), rules_bytes(1)))
    a, b = duel(p, seeds=(31, 32))
    assert a.cheat is None and b.cheat is None, (a.cheat, b.cheat)
    assert a.lg.game.phase == OVER and _public(a.lg.game) == _public(b.lg.game)
    assert a.lg.peer_ships is not None and b.lg.peer_ships is not None
