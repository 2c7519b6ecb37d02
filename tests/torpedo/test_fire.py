# interpreters: micropython cpython
"""The firing sequence: a hit scores 200 / 150 / 100 for the 1st / 2nd / 3rd torpedo and ends the
turn; three misses and the ship escapes for good."""

from support import raises
from ta_play import SHIP_CELLS, WATER, fire_with, hit_frame, miss_frame, two_players

from battleship.rules import NOT_YOUR_TURN, REPEAT, WRONG_PHASE, Refused
from torpedo.rules import (
    FIRE,
    GONE,
    HIT1,
    LOCATE,
    NO_PRESS,
    SCORES,
    T_ESCAPED,
    T_HIT,
    T_MISS,
    TORPEDOES,
)


def _locate_patrol(g):
    g.call(SHIP_CELLS[4][0])
    g.call(WATER[0])
    g.call(SHIP_CELLS[4][1])
    assert g.phase == FIRE


def test_score_table():
    assert SCORES == (200, 150, 100) and TORPEDOES == 3


def test_hit_with_first_torpedo_scores_200_and_passes_the_turn():
    g = two_players()
    _locate_patrol(g)
    assert fire_with(g, 1) == [(T_HIT, 200)]
    assert g.score(0) == 200 and g.status[0][4] == HIT1
    assert (g.phase, g.turn, g.turns) == (LOCATE, 1, [2, 1])


def test_hit_with_second_torpedo_scores_150():
    g = two_players()
    _locate_patrol(g)
    assert fire_with(g, 2) == [(T_MISS, 0), (T_HIT, 150)]
    assert g.score(0) == 150 and g.turn == 1


def test_hit_with_third_torpedo_scores_100():
    g = two_players()
    _locate_patrol(g)
    assert fire_with(g, 3) == [(T_MISS, 0), (T_MISS, 0), (T_HIT, 100)]
    assert g.score(0) == 100 and g.status[0][4] == HIT1 + 2


def test_torpedoes_left_counts_down_and_each_torpedo_has_its_own_drift():
    g = two_players()
    _locate_patrol(g)
    seeds = []
    for left in (3, 2, 1):
        assert g.torpedoes_left() == left
        seeds.append(g.drift().seed)
        if left > 1:
            g.fire(miss_frame(g.drift()))
    assert len(set(seeds)) == 3


def test_three_misses_and_the_ship_escapes_for_good():
    g = two_players()
    _locate_patrol(g)
    assert fire_with(g, 0) == [(T_MISS, 0), (T_MISS, 0), (T_ESCAPED, 0)]
    assert g.score(0) == 0 and g.status[0][4] == GONE
    assert g.phase == LOCATE and g.turn == 1
    assert g.potential(0) == 4 * SCORES[0]  # only the four other ships can still score
    g.call(WATER[1])
    # it cannot be located (so attacked) again: its cells are already called
    assert raises(Refused, g.call, SHIP_CELLS[4][0]).reason == REPEAT


def test_never_firing_is_a_miss():
    g = two_players()
    _locate_patrol(g)
    assert g.fire(NO_PRESS) == (T_MISS, 0)
    assert g.torpedoes_left() == 2


def test_only_the_locating_player_fires():
    g = two_players()
    _locate_patrol(g)
    assert raises(Refused, g.fire, hit_frame(g.drift()), 1).reason == NOT_YOUR_TURN
    assert raises(Refused, g.call, WATER[5]).reason == WRONG_PHASE
    assert g.fire(hit_frame(g.drift()), 0) == (T_HIT, 200)


def test_replayed_presses_give_the_same_results():
    # the periscope is frame-driven: the same presses replay the same firing exactly
    results = []
    for _ in range(2):
        g = two_players(seed=31)
        _locate_patrol(g)
        r = []
        for f in (40, 90, 150):
            r.append(g.fire(f))
            if g.phase != FIRE:
                break
        results.append((r, g.score(0)))
    assert results[0] == results[1]
