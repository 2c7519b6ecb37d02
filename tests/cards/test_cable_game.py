# interpreters: micropython cpython
"""The card game between two linked handhelds (linkcards): whole games under both rules, the
game id, hands hidden (scrambling the other side's secrets leaves a side's copy unchanged), saves."""

import gc

from cards.cable.game import DONE, Game
from cards.cable.restore import load
from cards.cable.save import save
from cards.view import view_for
from core.prng import Rng
from host_tools.duel.cards import Duel


def _finished(d):
    r = d.result()
    assert r[0][0] == DONE and r[1][0] == DONE, r
    assert r[0][2] == r[1][2]
    return r[0][2]


def test_standard_and_beginner_to_the_end():
    for seed, mode in ((1, 0), (2, 1)):
        d = Duel(seed, mode).run()
        _finished(d)
        a, b = d.g
        assert a.log == b.log and a.final == b.final and a.final is not None
        d = a = b = None  # the next game's Duel is built in a heap without this one
        gc.collect()


def test_hands_hidden():
    """Side 0's copy of side 1 after the deal does not change with side 1's secrets (its keys,
    its shuffles, its grid), while side 1's real hand does."""
    mine, theirs = [], []
    for s in (1, 2, 3):
        d = Duel(7, 0)
        d.g[1] = Game(1, 0, Rng(s * 31).randbytes)
        d.g[1].start(b"lcduel07")
        while not (d.g[0].my_move() or d.g[1].my_move()):
            d.steps += 1
            for g in d.g:
                g.work(8)
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


def test_save_round_trip_mid_game():
    d = Duel(4, 0).run(max_steps=40)
    for g in d.g:
        g2 = load(save(g), Rng(9).randbytes)
        assert save(g2) == save(g)
        assert g2.table.to_bytes() == g.table.to_bytes()
