# interpreters: micropython cpython
"""Whole games, headless: a scripted player against the CPU at every level plays to the end, and
CPU-against-CPU games replay exactly from their seed."""

from ta_play import cpu_play, hit_frame, miss_frame

from torpedo.engine import Game
from torpedo.rules import DRAW, END_SHOOTOUT, FIRE, LOCATE, OVER, SHOOTOUT, TARGET_SCORE


def _scripted_vs_cpu(seed, level):
    """Player 0 calls cells in a diagonal sweep and hits with every second torpedo it aims."""
    g = Game(seed, level, 0, (False, True))
    g.shuffle_fleet(0)
    g.start()
    order = [(k * 37) % 100 for k in range(100)]  # 37 is prime to 100: every cell once
    nxt = 0
    aimed = 0
    moves = 0
    while g.phase != OVER:
        p = g.to_move()
        if g.phase == LOCATE:
            if p == 0:
                while g.marks[0][order[nxt]]:
                    nxt += 1
                g.call(order[nxt])
            else:
                g.call(g.cpu_cell())
        elif g.phase == FIRE or g.phase == SHOOTOUT:
            if p == 0:
                d = g.drift()
                aimed += 1
                g.fire(hit_frame(d) if aimed % 2 == 0 else miss_frame(d), 0)
            else:
                g.fire(g.cpu_frame(), 1)
        moves += 1
        assert moves < 1000
    return g


def _check_over(g):
    assert g.phase == OVER and g.turns[0] == g.turns[1]
    s0, s1 = g.score(0), g.score(1)
    if g.end_reason == END_SHOOTOUT:
        assert s0 == s1
    else:
        assert g.winner == (0 if s0 > s1 else 1)
        assert max(s0, s1) >= TARGET_SCORE or max(g.potential(0), g.potential(1)) < TARGET_SCORE


def test_full_game_against_the_cpu_at_every_level():
    for level in range(3):
        g = _scripted_vs_cpu(100 + level, level)
        _check_over(g)
        assert g.winner in (0, 1, DRAW)


def test_cpu_against_cpu_replays_from_the_seed():
    a = Game(77, 2, 1, (True, True))
    b = Game(77, 2, 1, (True, True))
    a.start()
    b.start()
    cpu_play(a)
    cpu_play(b)
    _check_over(a)
    assert a.to_bytes() == b.to_bytes()
    c = Game(78, 2, 1, (True, True))
    c.start()
    cpu_play(c)
    assert c.to_bytes() != a.to_bytes()


def test_the_cpu_fleet_is_placed_from_the_seed():
    a, b = Game(5, 1), Game(5, 1)
    assert a.fleets[1].complete() and a.fleets[1].to_bytes() == b.fleets[1].to_bytes()
    assert Game(6, 1).fleets[1].to_bytes() != a.fleets[1].to_bytes()
