# interpreters: micropython cpython
"""Linked card game: a stacked deck is caught at the end, when the keys are revealed (two cards
alike at the shuffle, at once, named apart) (a file of
its own: each file has a MicroPython heap of its own, and two games played to the check in one
heap after the other cheats' games leave it in pieces)."""

import gc

from cards.cable.game import CHEAT
from cards.cable.proto import C_DOUBLED, C_STACKED
from host_tools.duel.cards import Duel


def test_stacked_deck_caught_at_the_end():
    found = 0
    for seed in range(1, 9):
        d = Duel(seed, 0, cheat="stacked")
        d.rng.below(2)  # (the duel draws its kind of stacking from its rng)
        d.run()
        g = d.g[0]
        assert g.phase == CHEAT, g.cheat
        if g.final is not None:  # an unencrypted card: nothing shows until the keys are revealed
            found += 1
            assert g.cheat[0] == C_STACKED, g.cheat
        else:  # one card twice: refused at the shuffle, in words of its own (issue 41, 8)
            assert g.cheat[0] == C_DOUBLED, g.cheat
        gc.collect()
    assert found > 0
