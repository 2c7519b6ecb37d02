# interpreters: micropython cpython
"""The hard level's memory of a player's placement habits."""

from battleship.ai import make_ai
from battleship.fleet import Fleet
from battleship.habits import CLASSES, MAX_GAMES, ONE, Habits, placement_class
from battleship.rules import HARD
from core.prng import Rng


def _edge_fleet():
    """Every ship flat against the border."""
    f = Fleet()
    f.place(0, 0, 0, False)  # A-1..A-5
    f.place(1, 9, 6, False)  # J-7..J-10
    f.place(2, 3, 0, True)  # D-1..F-1
    f.place(3, 4, 9, True)  # E-10..G-10
    f.place(4, 0, 8, False)
    return f


def test_placement_classes_run_from_the_edge_inwards():
    assert placement_class([0, 1, 2]) == 0  # along the top edge
    assert placement_class([0, 10, 20]) == 0  # down the left edge
    assert placement_class([5, 15]) == 1  # touching the top edge
    assert placement_class([11, 12]) == 2  # innermost ring 1
    assert placement_class([22, 23, 24]) == 3
    assert placement_class([44, 45]) == 4
    assert placement_class([33, 34, 35, 36]) == 4


def test_a_new_learner_assumes_uniform_placement():
    assert Habits().multipliers() == bytes([ONE] * CLASSES)


def test_edge_huggers_are_learnt_within_a_few_games():
    h = Habits()
    for _ in range(4):
        h.record(_edge_fleet())
    m = h.multipliers()
    assert m[0] > 2 * ONE  # along-the-edge placements now weigh at least twice as much
    assert m[2] < ONE and max(m[1:]) <= ONE  # rarer classes: not yet surprising


def test_a_single_ordinary_game_teaches_nothing():
    h = Habits()
    f = Fleet()
    f.place(0, 0, 0, False)  # along the top edge
    f.place(1, 4, 0, False)  # touching the left edge
    f.place(2, 1, 7, True)  # ring 1
    f.place(3, 8, 2, False)  # ring 1
    f.place(4, 2, 4, False)  # ring 2
    h.record(f)
    assert h.multipliers() == bytes([ONE] * CLASSES)


def test_uniform_players_teach_nothing_much():
    h = Habits()
    f = Fleet()
    rng = Rng(7)
    for _ in range(MAX_GAMES):
        f.shuffle(rng)
        h.record(f)
    for m in h.multipliers():
        assert ONE * 2 // 3 <= m <= ONE * 3 // 2, h.multipliers()


def test_old_games_fade():
    h = Habits()
    for _ in range(3 * MAX_GAMES):
        h.record(_edge_fleet())
    assert h.games <= MAX_GAMES


def test_habits_round_trip_through_bytes():
    h = Habits()
    h.record(_edge_fleet())
    data = h.to_bytes()
    assert len(data) == 12
    assert Habits.from_bytes(data).to_bytes() == data
    assert Habits.from_bytes(data).multipliers() == h.multipliers()


def test_hard_level_hunts_the_edges_of_an_edge_hugger():
    h = Habits()
    for _ in range(10):
        h.record(_edge_fleet())
    ai = make_ai(HARD, Rng(1), habits=h)
    first = ai.next_shot()
    r, c = first // 10, first % 10
    assert min(r, c, 9 - r, 9 - c) == 0, first
    plain = make_ai(HARD, Rng(1)).next_shot()
    assert min(plain // 10, plain % 10, 9 - plain // 10, 9 - plain % 10) > 0
