# interpreters: cpython
"""Torpedo Attack properties over random games (CPython only, hypothesis): whatever the players call
and whenever they press, the turn counts never drift apart, scores follow the ship states, the
game ends with equal turns and a winner the rules name, and every state saves and restores exactly."""

from hypothesis import given, settings
from hypothesis import strategies as st

from torpedo.engine import Game
from torpedo.rules import FIRE, HIT1, LOCATE, NO_PRESS, OVER, SCORES, SHOOTOUT, TARGET_SCORE, WINDOW


def _check(g):
    assert abs(g.turns[0] - g.turns[1]) <= 1
    for p in (0, 1):
        s = sum(SCORES[x - HIT1] for x in g.status[p] if x >= HIT1)
        assert g.score(p) == s <= TARGET_SCORE
    b = g.to_bytes()
    assert Game.from_bytes(b).to_bytes() == b


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, (1 << 30) - 1), level=st.integers(0, 2), first=st.integers(0, 1), data=st.data())
def test_random_play_keeps_the_rules(seed, level, first, data):
    g = Game(seed, level, first, (False, True))
    g.shuffle_fleet(0)
    g.start()
    moves = 0
    while g.phase != OVER:
        p = g.to_move()
        if g.phase == LOCATE:
            if p == 0:
                free = [c for c in range(100) if not g.marks[0][c]]
                g.call(data.draw(st.sampled_from(free)))
            else:
                g.call(g.cpu_cell())
        elif g.phase in (FIRE, SHOOTOUT):
            if p == 0:
                f = data.draw(st.one_of(st.integers(0, WINDOW - 1), st.just(NO_PRESS)))
            else:
                f = g.cpu_frame()
            g.fire(f, p)
        moves += 1
        if moves % 5 == 0:
            _check(g)
        assert moves < 800
    _check(g)
    assert g.turns[0] == g.turns[1]
    s0, s1 = g.score(0), g.score(1)
    if s0 != s1:
        assert g.winner == (0 if s0 > s1 else 1)
