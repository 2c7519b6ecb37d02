# interpreters: cpython
"""The CPU's odds fit the Pico's stack: MicroPython's C stack there is 8 KB and every Python call
nests in it, so "Charting the odds" for the Admiral's game (up to 18 dice thrown in one attack)
raised "maximum recursion depth" on the emulated Pico when the odds recursed die by die. Here
the depth the whole warm-up may use is capped at a few calls beyond the caller's."""

import inspect
import sys

from express import ai
from express.rules import SHIP_TABLE

ROOM = 20  # frames beyond the test's: the odds take 11 (die by die: 43)


def _fresh():
    ai._odds_memo.clear()
    ai._matrix[:] = [None] * len(ai._matrix)
    for memo in ai._carrier_memo:
        memo.clear()


def test_every_game_types_odds_are_charted_within_a_few_calls_of_depth():
    for game in range(len(SHIP_TABLE)):
        _fresh()
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(len(inspect.stack()) + ROOM)
        try:
            ai.warm(game)
        finally:
            sys.setrecursionlimit(limit)
        assert ai._matrix[game] is not None
