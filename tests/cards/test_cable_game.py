# interpreters: micropython cpython
"""The card game between two linked handhelds (linkcards): whole games under both rules, the
game id, hands hidden (scrambling the other side's secrets leaves a side's copy unchanged), saves."""

import gc

from cards.cable.game import DONE, PLAY, Game
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


def test_our_first_stage_is_made_while_we_wait_for_the_other_handheld():
    """The first shuffle's stage 1 needs nothing of the other side's, not even our deck's number:
    it is computed while the link opens (and the coin is tossed), and leaves behind our grid, in
    its frame; its values are the stage's (the end checks them against the key)."""
    from cards.cable.proto import M_GRID, M_SHUFFLE
    from link import deck

    a, b = Game(0, 0, Rng(1).randbytes), Game(1, 0, Rng(2).randbytes)
    frames = 0
    while a.pre is None or a.pre.done < a.pre.n:  # no link yet: the other handheld is not there
        assert a.work(4)  # each frame made progress (a redraw), nothing of it sent
        assert not a.outbox
        frames += 1
    assert frames == 7  # 26 exponentiations, 4 a frame
    assert not a.work(4)  # done: nothing more to do until the link opens
    a.start(b"lcahead1")
    b.start(b"lcahead1")
    grid_at = stage_at = -1
    for k in range(40):  # now both in step, a frame each
        for g in (a, b):
            g.work(4)
        if grid_at < 0 and any(m[0] == M_GRID for m in a.outbox):
            grid_at = k
        s1 = [m for m in a.outbox if m[0] == M_SHUFFLE and m[2] == 1]
        if s1:
            stage_at = k
            break
        for g, o in ((a, b), (b, a)):
            for m in g.outbox:
                o.take(m)
            g.outbox = []
    assert 0 <= grid_at and stage_at == grid_at  # behind our grid, in its frame
    assert b"".join(m[7:] for m in s1) == deck.Stage(a.key_seed, 0, 0, list(range(26)), True).run()


def test_both_sides_deal_at_once():
    """After the shuffle each side sends its deals of the other's deck while it waits for the
    other's deals of its own (they need no exponentiation): the deals cross on the cable, no side
    waits for the other's before it sends its own, and each hand is the deck's first five."""
    from cards.cable.proto import M_DEAL

    a, b = Game(0, 0, Rng(1).randbytes), Game(1, 0, Rng(2).randbytes)
    for g in (a, b):
        g.start(b"lcdeals1")
    first = {}  # side: (deals it had sent, cards it had been dealt) when its first deal left
    for _ in range(200):
        for g in (a, b):
            g.work(8)
            n = sum(1 for m in g.outbox if m[0] == M_DEAL)
            if n and g.me not in first:
                first[g.me] = (n, len(g.drawn))
        for g, o in ((a, b), (b, a)):
            for m in g.outbox:
                o.take(m)
            g.outbox = []
        if a.phase >= PLAY and b.phase >= PLAY:
            break
    assert first == {0: (5, 0), 1: (5, 0)}, first
    assert list(a.drawn) == list(a.table.hand[0])[:5] and len(b.drawn) == 5


def test_a_save_of_the_older_deck_is_refused_by_name():
    """A game saved under protocol 3's deck (save version 2) cannot go on: its stages were made
    under other keys, and the end would call the other's honest deck stacked. Continue says so."""
    from support import raises

    d = Duel(4, 0).run(max_steps=40)
    blob = bytearray(save(d.g[0], bytearray(8192)))
    assert load(bytes(blob), Rng(1).randbytes).key_seed == d.g[0].key_seed
    blob[1] = 2
    e = raises(ValueError, load, bytes(blob), Rng(1).randbytes)
    assert "another firmware version" in str(e)
