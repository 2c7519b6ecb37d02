# interpreters: cpython
"""Card game properties over many random games (CPython, Hypothesis).

Every ply: the cards of each player are all accounted for, the save round
trips, every listed move is accepted, and a player's view does not change
when anything hidden from them (face-down cards, the other hand, draw pile
order) is shuffled.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cards.ai import choose, choose_random
from cards.engine import Game
from cards.rules import CELLS, DOWN
from cards.view import UNKNOWN, view_for
from core.prng import Rng


def _scramble_hidden(g, viewer, r):
    """A copy of g with everything `viewer` cannot see shuffled."""
    h = g.copy()
    o = 1 - viewer
    for side in (0, 1):
        down = [c for c in range(CELLS) if h.up[side][c] == DOWN]
        ids = [h.ident[side][c] for c in down]
        r.shuffle(ids)
        for c, i in zip(down, ids):
            h.ident[side][c] = i
    pool = h.hand[o] + h.draw[o]
    r.shuffle(pool)
    n = len(h.hand[o])
    h.hand[o], h.draw[o] = pool[:n], pool[n:]
    r.shuffle(h.draw[viewer])
    assert h.consistent()
    return h


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 1), st.integers(0, 2), st.integers(0, 10**6))
def test_random_games_keep_every_invariant(seed, mode, style, pick):
    g = Game(seed=seed, mode=mode, first=seed & 1)
    rngs = (Rng(pick), Rng(pick + 1))
    r = random.Random(pick)
    players = [(choose, choose), (choose_random, choose_random), (choose, choose_random)][style]
    plies = 0
    while not g.over:
        assert g.consistent()
        b = g.to_bytes()
        assert Game.from_bytes(b).to_bytes() == b
        for viewer in (0, 1):
            v = view_for(g, viewer)
            assert (v.moves != []) == (viewer == g.cur)
            for side in (0, 1):
                for c in range(CELLS):
                    if v.state[side][c] == DOWN:
                        assert v.known[side][c] == UNKNOWN
            if plies % 7 == 0:
                w = view_for(_scramble_hidden(g, viewer, r), viewer)
                assert sorted(v.__dict__.items()) == sorted(w.__dict__.items())
        moves = g.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        for m in g.legal_moves(distinct=True):
            assert m in moves
        m = players[g.cur](view_for(g, g.cur), rngs[g.cur])
        g.apply(m)
        plies += 1
    assert g.consistent()
    if g.winner in (0, 1):
        assert g.sunk_count(1 - g.winner) == 5
