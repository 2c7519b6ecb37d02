"""Linked card game: every planted cheat is caught and named (a lie about a search on the spot, a
card not in the hand, a wrong decryption; a stacked deck at the end: test_lc_cheats_end.py),
the honest side never accused."""

import gc

from lcduel import Duel

from linkcards.game import CHEAT
from linkcards.proto import C_DEAL, C_HAND, C_SEARCH


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
