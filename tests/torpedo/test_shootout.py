# interpreters: micropython cpython
"""The sudden-death shoot-out after a tie: each round both players fire one torpedo at the same
drift; hit beats miss; otherwise another, faster round; after SD_CLOSEST_AFTER level rounds the
closer press takes a level round; nobody firing for SD_MAX_ROUNDS rounds is a draw."""

from support import raises
from ta_play import hit_frame, miss_frame, tied_game

from battleship.rules import NOT_YOUR_TURN, Refused
from torpedo.engine import Game
from torpedo.rules import (
    DRAW,
    END_SHOOTOUT,
    NO_PRESS,
    NO_WINNER,
    OVER,
    SD_CLOSEST_AFTER,
    SD_MAX_ROUNDS,
    SHOOTOUT,
    T_HIT,
    T_MISS,
    WINDOW,
)


def _miss_at_distance(d, far):
    """The missing frame farthest from (far=True) or nearest to the sight."""
    misses = [f for f in range(WINDOW) if not d.hit(f)]
    key = d.distance
    return max(misses, key=key) if far else min(misses, key=key)


def test_both_players_face_the_identical_drift():
    g = tied_game()
    seed0 = g.drift().seed
    assert g.to_move() == 0 and not g.fired(0)
    g.fire(miss_frame(g.drift()), 0)
    assert g.to_move() == 1 and g.fired(0) and not g.fired(1)
    assert g.drift().seed == seed0
    assert raises(Refused, g.fire, 10, 0).reason == NOT_YOUR_TURN  # one torpedo a round


def test_hit_beats_miss():
    g = tied_game()
    d = g.drift()
    assert g.fire(hit_frame(d), 0) == (T_HIT, 0)
    assert g.phase == SHOOTOUT  # the other player still fires
    assert g.fire(miss_frame(d), 1) == (T_MISS, 0)
    assert g.phase == OVER and g.winner == 0 and g.end_reason == END_SHOOTOUT
    assert g.score(0) == g.score(1)  # the shoot-out decides, it adds no points


def test_order_of_firing_does_not_matter():
    g = tied_game()
    d = g.drift()
    g.fire(hit_frame(d), 1)  # on a cable both fire at once: the second player may come in first
    g.fire(NO_PRESS, 0)
    assert g.phase == OVER and g.winner == 1


def test_both_hit_or_both_miss_plays_another_faster_round():
    g = tied_game()
    d0 = g.drift()
    g.fire(hit_frame(d0), 0)
    g.fire(hit_frame(d0), 1)
    assert g.phase == SHOOTOUT and g.sd_round == 1 and g.winner == NO_WINNER
    d1 = g.drift()
    assert d1.seed != d0.seed and d1.period < d0.period
    g.fire(miss_frame(d1), 0)
    g.fire(miss_frame(d1), 1)
    assert g.sd_round == 2


def test_closer_press_takes_a_level_round_after_the_early_rounds():
    g = tied_game()
    for _ in range(SD_CLOSEST_AFTER):
        d = g.drift()
        near, far = _miss_at_distance(d, False), _miss_at_distance(d, True)
        g.fire(far, 0)
        g.fire(near, 1)  # closer, but early rounds only count hits
    assert g.sd_round == SD_CLOSEST_AFTER and g.phase == SHOOTOUT
    d = g.drift()
    near, far = _miss_at_distance(d, False), _miss_at_distance(d, True)
    assert d.distance(near) < d.distance(far)
    g.fire(far, 0)
    g.fire(near, 1)
    assert g.phase == OVER and g.winner == 1


def test_never_firing_ends_in_a_draw():
    g = tied_game()
    for _ in range(SD_MAX_ROUNDS):
        g.fire(NO_PRESS, 0)
        g.fire(NO_PRESS, 1)
    assert g.phase == OVER and g.winner == DRAW


def test_save_between_the_two_presses():
    a = tied_game()
    d = a.drift()
    a.fire(hit_frame(d), 0)
    b = Game.from_bytes(a.to_bytes())
    assert b.to_move() == 1
    for g in (a, b):
        g.fire(hit_frame(d) + 1000, 1)  # far outside the window: a miss
    assert a.winner == b.winner == 0
    assert a.to_bytes() == b.to_bytes()
