# interpreters: micropython cpython
"""CPU levels: they see only the answers, never repeat, use every answer, save exactly."""

from battleship.ai import load_ai, make_ai
from battleship.ai_hard import HardAI
from battleship.fleet import Fleet
from battleship.rules import EASY, HARD, HIT, MEDIUM, MISS, SIZE
from battleship.shooter import K_SUNK, K_WATER, UNKNOWN
from core.prng import Rng


def _play(ai, fleet, limit=100):
    shots = 0
    while not fleet.defeated():
        cell = ai.next_shot()
        result, sunk = fleet.receive(cell)  # a repeat would raise Refused here
        ai.observe(cell, result, sunk)
        shots += 1
        assert shots <= limit
    return shots


def _fleet(seed, touching=True):
    f = Fleet(touching)
    f.shuffle(Rng(seed))
    return f


def test_every_level_sinks_the_fleet_without_repeating_a_shot():
    for level in (EASY, MEDIUM, HARD):
        for seed in (1, 2, 3):
            ai = make_ai(level, Rng(seed + 100))
            assert 17 <= _play(ai, _fleet(seed)) <= 100


def test_harder_levels_need_fewer_shots():
    totals = []
    for level in (EASY, MEDIUM, HARD):
        totals.append(sum(_play(make_ai(level, Rng(s + 50)), _fleet(s)) for s in range(6)))
    easy, medium, hard = totals
    assert easy > medium > hard, totals
    assert hard < 6 * 55 and easy > 6 * 80, totals


def test_hard_level_shoots_next_to_a_lone_hit():
    ai = make_ai(HARD, Rng(1))
    ai.observe(44, HIT, -1)
    assert ai.next_shot() in (34, 43, 45, 54)


def test_hard_level_uses_the_fact_that_no_ship_sank():
    # Fleet of a patrol boat and a destroyer. Hits at E-5, E-6 without a sink:
    # the patrol boat cannot be exactly there, so the destroyer runs on along the row.
    ai = HardAI(Rng(2), sizes=(2, 3))
    ai.observe(44, HIT, -1)
    ai.observe(45, HIT, -1)
    assert ai.next_shot() in (43, 46)
    ai.observe(46, MISS, -1)
    assert ai.next_shot() == 43
    ai.observe(43, HIT, 1)  # "you sank my destroyer"
    assert [ai.known[c] for c in (43, 44, 45)] == [K_SUNK] * 3
    assert ai.open == [] and ai.cnt[3] == 0 and ai.cnt[2] == 1


def test_hard_level_keeps_hits_the_sunk_ship_cannot_explain():
    # E-4, E-5, E-6 hit; E-6 sinks the patrol boat: E-5, E-6 are the patrol boat,
    # E-4 belongs to another ship, still to be found.
    ai = make_ai(HARD, Rng(3))
    ai.observe(43, HIT, -1)
    ai.observe(44, HIT, -1)
    ai.observe(45, HIT, 4)
    assert ai.known[44] == K_SUNK and ai.known[45] == K_SUNK
    assert ai.open == [43]
    assert ai.next_shot() in (33, 42, 53)


def test_salvo_shots_are_chosen_knowing_the_earlier_ones_are_pending():
    ai = make_ai(HARD, Rng(4))
    ai.observe(44, HIT, -1)
    before = list(ai.D), ai.unknown
    cells = ai.salvo(4)
    # each pending shot next to the hit counts as probably empty, so the next goes
    # to another side instead of piling onto the same line
    assert sorted(cells) == [34, 43, 45, 54]
    assert (list(ai.D), ai.unknown) == before  # nothing pending is left behind
    assert all(ai.known[c] == UNKNOWN for c in cells)


def test_every_level_restores_exactly_from_its_bytes():
    for level in (EASY, MEDIUM, HARD):
        fleet = _fleet(9)
        ai = make_ai(level, Rng(10), touching=True)
        for _ in range(23):
            c = ai.next_shot()
            ai.observe(c, *fleet.receive(c))
        data = ai.to_bytes()
        assert len(data) < 90
        twin = load_ai(data, Rng(999), True)
        assert twin.to_bytes() == data
        for _ in range(10):
            a, b = ai.next_shot(), twin.next_shot()
            assert a == b
            r, s = fleet.receive(a)
            ai.observe(a, r, s)
            twin.observe(b, r, s)


def test_no_touching_rule_marks_the_water_around_a_sunk_ship():
    for seed in (5, 6):
        fleet = _fleet(seed, touching=False)
        ai = make_ai(HARD, Rng(seed), touching=False)
        while not fleet.defeated():
            cell = ai.next_shot()
            r, c = cell // SIZE, cell % SIZE
            for s in range(5):
                if fleet.sunk(s):
                    for x in fleet.ship_cells(s):
                        assert max(abs(x // SIZE - r), abs(x % SIZE - c)) > 1
            ai.observe(cell, *fleet.receive(cell))
        assert K_WATER in [ai.known[c] for c in range(100)]


def test_incremental_counts_match_a_full_recount():
    for touching in (True, False):
        fleet = _fleet(12, touching)
        ai = make_ai(HARD, Rng(13), touching=touching)
        while not fleet.defeated():
            c = ai.next_shot()
            ai.observe(c, *fleet.receive(c))
            D, N = list(ai.D), list(ai.N)
            ai._rebuild()
            assert D == ai.D and N == ai.N


def test_hard_level_move_cost_is_a_few_dozen_placement_tests():
    ai = make_ai(HARD, Rng(14))
    ai.tests = 0
    shots = _play(ai, _fleet(14))
    assert ai.tests / shots < 120, ai.tests / shots


def test_hard_level_never_fires_twice_at_a_cell_in_any_variant():
    # Classic and salvo, ships touching or not: every shot is a cell never shot before
    # (and never water the no-touching rule revealed), and each game ends within 100.
    for touching in (True, False):
        for seed in range(8):
            fleet = _fleet(200 + seed, touching)
            ai = make_ai(HARD, Rng(300 + seed), touching=touching)
            shot = bytearray(100)
            salvo = seed & 1
            turns = 0
            while not fleet.defeated():
                turns += 1
                assert turns <= 100
                cells = ai.salvo(5 - sum(1 for s in range(5) if fleet.sunk(s))) if salvo else [ai.next_shot()]
                assert len(set(cells)) == len(cells)
                for c in cells:
                    assert not shot[c] and ai.known[c] != K_WATER, (touching, seed, c)
                    shot[c] = 1
                for c in cells:
                    if fleet.defeated():
                        break
                    ai.observe(c, *fleet.receive(c))
