"""The card game between two linked handhelds (linkcards): whole games under both rules, hands
hidden, every planted cheat caught (a lie about a search, a card not in the hand, a stacked
deck at the end, a wrong decryption) with no honest side accused, saves, and resume after a
pulled cable and restarts over the virtual cable."""

import gc

from lcduel import Duel, WireDuel

from cards.view import view_for
from core.prng import Rng
from link import session
from linkcards import wire
from linkcards.game import CHEAT, CHECK, DONE, LcGame
from linkcards.proto import C_DEAL, C_HAND, C_SEARCH, C_STACKED
from linkcards.save import load, save


def _finished(d):
    r = d.result()
    assert r[0][0] == DONE and r[1][0] == DONE, r
    assert r[0][2] == r[1][2]
    return r[0][2]


def test_game_ids_agree():
    assert wire.GAME_CARDS == session.GAME_CARDS == 4
    assert wire.ST_OPEN == session.ST_OPEN


def test_standard_and_beginner_to_the_end():
    for seed, mode in ((1, 0), (2, 1)):
        d = Duel(seed, mode).run()
        _finished(d)
        a, b = d.g
        assert a.log == b.log and a.table.turn == b.table.turn
        assert a.table.hand[a.me] == b.table.hand[a.me] or a.table.over
        gc.collect()


def test_hands_hidden():
    """Side 0's copy of side 1 after the deal does not change with side 1's secrets (its keys,
    its shuffles, its grid), while side 1's real hand does."""
    mine, theirs = [], []
    for s in (1, 2, 3):
        d = Duel(7, 0)
        d.g[1] = LcGame(1, 0, Rng(s * 31).randbytes)
        d.g[1].start(b"lcduel07")
        while not (d.g[0].my_move() or d.g[1].my_move()):
            d.steps += 1
            for g in d.g:
                g.step(8)
            for k in (0, 1):
                out = d.g[k].outbox
                d.g[k].outbox = []
                for m in out:
                    d.g[1 - k].take(m)
        t0 = d.g[0].table
        v = view_for(t0, 0)
        mine.append((list(t0.hand[1]), list(t0.draw[1]), bytes(t0.ident[1]), v.hand_count, v.known[1]))
        theirs.append(list(d.g[1].table.hand[1]))
        gc.collect()
    assert mine[0] == mine[1] == mine[2]
    assert theirs[0] != theirs[1] or theirs[1] != theirs[2]


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


def test_stacked_deck_caught_at_the_end():
    found = 0
    for seed in range(1, 9):
        d = Duel(seed, 0, cheat="stacked")
        d.rng.below(2)  # (the duel draws its kind of stacking from its rng)
        d.run()
        g = d.g[0]
        assert g.phase == CHEAT and g.cheat[0] == C_STACKED, g.cheat
        if g.table.over:  # an unencrypted card: nothing shows until the keys are revealed
            found += 1
        gc.collect()
    assert found > 0


def test_save_round_trip_mid_game():
    d = Duel(4, 0).run(max_steps=40)
    for g in d.g:
        g2 = load(save(g), Rng(9).randbytes)
        assert save(g2) == save(g)
        assert g2.table.to_bytes() == g.table.to_bytes()


def test_restarts_mid_game():
    d = Duel(6, 1, restart_every=9).run()
    _finished(d)
    assert d.restarts > 0


def test_over_the_cable_with_a_pull_and_restarts():
    d = WireDuel(5, 0)
    d.run(60000, lambda: d.w[0].g is not None and d.w[0].g.table is not None and d.w[0].g.table.turn > 6)
    d.cable.unplug()
    d.run(4000, lambda: False)
    d.cable.plug()
    d.restart(1)
    d.run(60000, lambda: d.w[0].g.table.turn > 14)
    d.restart(0)
    d.run(900000)
    r = [(w.g.phase, w.g.winner) for w in d.w]
    assert r[0][0] == DONE and r[1][0] == DONE and r[0][1] == r[1][1], r
    assert d.w[0].g.log == d.w[1].g.log
    assert CHECK != DONE



