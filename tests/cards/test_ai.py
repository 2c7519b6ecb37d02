# interpreters: micropython cpython
"""Card game CPUs: sensible choices in set positions, and whole games played headless."""

from cg_setup import A1, A2, A3, A4, B1, R1, R2, R4, RT, SH, W, begin, hit, reveal, setup

from cards.ai import choose, choose_random, play_turn_moves
from cards.engine import Game
from cards.rules import BEGINNER, DRAW, M_PEG, M_PT, M_REPAIR, M_SHIELD, SUNK
from cards.view import view_for
from core.prng import Rng


def _pick(g, p=0, seed=1):
    return choose(view_for(g, p), Rng(seed))


def test_sinks_a_revealed_ship_with_the_smallest_card_that_does_it():
    g = setup(hand0=[W[0], R1[0], R2[0], R4, W[1]])
    hit(g, 1, A3, R1[1])  # enemy Destroyer: 3 to sink, 1 done
    reveal(g, 1, A1)
    m = _pick(g)
    assert m == (M_PEG, R2[0], A3, 0)
    g.apply(m)
    assert g.up[1][A3] == SUNK


def test_keeps_the_four_peg_off_a_fresh_carrier_when_a_repair_is_likely():
    g = setup(hand0=[R4, W[0], W[1], R1[0], R1[1]], hand1=W[2:7])
    reveal(g, 1, A1)
    for seed in range(5):
        m = _pick(g, seed=seed)
        assert not (m[1] == R4 and m[2] == A1), m


def test_four_peg_finishes_a_damaged_carrier():
    g = setup(hand0=[R4, W[0], W[1], R1[0], W[2]])
    hit(g, 1, A1, R1[1])
    assert _pick(g) == (M_PEG, R4, A1, 0)


def test_no_red_pegs_wasted_on_the_submarine():
    g = setup(hand0=[R1[0], R2[0], R1[1]])
    reveal(g, 1, A4)
    for seed in range(5):
        m = _pick(g, seed=seed)
        assert m[2] != A4, m


def test_white_peg_chips_the_submarine():
    g = setup(hand0=[W[0], R1[0]])
    hit(g, 1, A4, W[1])
    hit(g, 1, A4, W[2])
    assert _pick(g) == (M_PEG, W[0], A4, 0)


def test_repair_takes_off_the_biggest_card():
    g = setup(hand0=[RT[0], W[0], W[1]])
    hit(g, 0, A1, R1[0])
    hit(g, 0, A1, R4)
    begin(g)
    assert _pick(g) == (M_REPAIR, RT[0], A1, 1)


def test_pt_boat_removes_the_biggest_card():
    g = setup(hand0=[W[0]])
    reveal(g, 0, B1)
    hit(g, 0, A2, R1[0])
    hit(g, 0, A1, R2[0])
    begin(g)
    m = _pick(g)
    assert m == (M_PT, -1, A1, 0)


def test_shields_a_ship_about_to_sink():
    g = setup(hand0=[SH[0], W[0], W[1]])
    hit(g, 0, A2, R2[0])
    hit(g, 0, A2, R1[0])  # Battleship: one hit from sinking
    reveal(g, 0, B1)
    g.phase = 1  # leave the PT Boat's start-of-turn choice out of it
    assert _pick(g) == (M_SHIELD, SH[0], A2, 0)


def test_random_cpu_plays_legal_moves():
    g = Game(seed=3)
    rng = Rng(3)
    for _ in range(40):
        if g.over:
            break
        m = choose_random(view_for(g, g.cur), rng)
        assert m in g.legal_moves()
        g.apply(m)


def _full_game(seed, mode, players):
    g = Game(seed=seed, mode=mode, first=seed & 1)
    rngs = (Rng(seed + 100), Rng(seed + 200))
    while not g.over:
        play_turn_moves(g, g.cur, rngs[g.cur], players[g.cur])
        assert g.consistent()
    return g


def test_full_cpu_games_play_to_the_end_both_modes():
    for mode in (0, BEGINNER):
        for seed in (1, 2):
            g = _full_game(seed, mode, (choose, choose_random))
            assert g.winner in (0, 1)
            assert g.sunk_count(1 - g.winner) == 5 and g.sunk_count(g.winner) < 5
        g = _full_game(3, mode, (choose, choose))
        assert g.winner != DRAW and g.over


def test_games_are_deterministic():
    a = _full_game(4, 0, (choose, choose_random))
    b = _full_game(4, 0, (choose, choose_random))
    assert a.to_bytes() == b.to_bytes() and a.turn == b.turn


def test_sensible_beats_random_most_of_the_time():
    wins = 0
    for seed in range(12):
        g = _full_game(seed + 10, seed & 1, (choose, choose_random))
        wins += g.winner == 0
    assert wins >= 9, wins
