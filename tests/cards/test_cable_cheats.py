# interpreters: micropython cpython
"""Linked card game: every planted cheat is caught and named (a lie about a search on the spot, a
card not in the hand, a wrong decryption, a marked card at the shuffle; a stacked deck at the end:
test_cheats_end.py),
the honest side never accused."""

import gc

from cards.cable.game import CHEAT
from cards.cable.proto import C_DEAL, C_HAND, C_MARKED, C_SEARCH
from host_tools.duel.cards import Duel


def _cheat(kind, seeds, codes):
    for seed in seeds:
        d = Duel(seed, seed % 2, cheat=kind).run()
        assert d.lied, (kind, seed)
        assert d.g[0].phase == CHEAT and d.g[0].cheat[0] in codes, (kind, seed, d.g[0].cheat)
        gc.collect()


def test_lie_about_a_search_caught_on_the_spot():
    _cheat("search", (1, 2), (C_SEARCH,))


def test_card_not_in_hand_caught():
    _cheat("hand", (1, 2), (C_HAND,))


def test_wrong_decryption_caught():
    _cheat("deal", (1,), (C_DEAL,))


def test_a_marked_card_is_caught_at_the_shuffle_before_any_play():
    # the peer's stage 1 holds a 1 or a non-residue where a card should be: it would survive our
    # layer and show where that card went in the final deck; it is named before the deal
    for seed in (1, 2, 3, 4):
        d = Duel(seed, seed % 2, cheat="marked").run()
        g = d.g[0]
        assert d.lied and g.phase == CHEAT, (seed, g.cheat)
        assert g.cheat[0] == C_MARKED and "marked" in g.cheat[1], (seed, g.cheat)
        assert len(g.log) == 0 and len(g.drawn) == 0, seed  # no card dealt, no play made
        gc.collect()
