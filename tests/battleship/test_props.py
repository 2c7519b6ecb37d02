# interpreters: cpython
"""Property tests (CPython only): random placements against a brute-force oracle,
random games saved and restored at random moments."""

from hypothesis import given, settings
from hypothesis import strategies as st

from battleship.engine import CPU, OVER, PLAYER, PLAYING, Game
from battleship.fleet import Fleet
from battleship.rules import HIT, MISS, OFF_GRID, OK, OVERLAP, REPEAT, SHIP_SIZES, TOUCHING, Refused


def oracle(fleet, ship, row, col, vertical):
    """The placement rules written the slow, obvious way."""
    n = SHIP_SIZES[ship]
    cells = [(row + i, col) if vertical else (row, col + i) for i in range(n)]
    if any(not (0 <= r < 10 and 0 <= c < 10) for r, c in cells):
        return OFF_GRID
    others = {}
    for s in range(5):
        if s != ship:
            for x in fleet.ship_cells(s):
                others[(x // 10, x % 10)] = s
    if any(rc in others for rc in cells):
        return OVERLAP
    if not fleet.touching:
        for r, c in cells:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (r + dr, c + dc) in others:
                        return TOUCHING
    return OK


moves = st.lists(
    st.tuples(st.integers(0, 4), st.integers(-2, 11), st.integers(-2, 11), st.booleans()), max_size=40
)


@settings(max_examples=300, deadline=None)
@given(st.booleans(), moves)
def test_placement_is_refused_exactly_when_the_rules_say_so(touching, tries):
    f = Fleet(touching)
    for ship, row, col, vertical in tries:
        want = oracle(f, ship, row, col, vertical)
        before = bytes(f.pos)
        try:
            f.place(ship, row, col, vertical)
            got = OK
        except Refused as e:
            got = e.reason
            assert bytes(f.pos) == before  # a refusal changes nothing
        assert got == want
        occupied = sorted(c for s in range(5) for c in f.ship_cells(s))
        assert occupied == [c for c in range(100) if f.occ[c]]  # no overlap ever


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**30 - 1), st.lists(st.integers(0, 99), min_size=1, max_size=150))
def test_shots_answer_hit_miss_and_name_a_ship_exactly_when_its_last_cell_is_hit(seed, shots):
    from core.prng import Rng

    f = Fleet()
    f.shuffle(Rng(seed))
    owner = {c: s for s in range(5) for c in f.ship_cells(s)}
    done = set()
    for c in shots:
        if c in done:
            try:
                f.receive(c)
                raise AssertionError("repeat accepted")
            except Refused as e:
                assert e.reason == REPEAT
            continue
        done.add(c)
        result, sunk = f.receive(c)
        if c not in owner:
            assert (result, sunk) == (MISS, -1)
        else:
            s = owner[c]
            last = all(x in done for x in f.ship_cells(s))
            assert result == HIT and sunk == (s if last else -1)
    assert f.defeated() == all(c in done for c in owner)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**30 - 1),
    st.integers(0, 2),
    st.integers(0, 1),
    st.booleans(),
    st.booleans(),
    st.integers(0, 120),
    st.randoms(use_true_random=False),
)
def test_a_game_saved_at_any_moment_restores_and_plays_on_identically(
    seed, level, variant, touching, called, save_at, rnd
):
    g = Game(level=level, variant=variant, touching=touching, seed=seed, called_salvo=called)
    g.shuffle()
    g.start()
    order = list(range(100))
    rnd.shuffle(order)
    twin = None
    step = 0
    while g.phase == PLAYING:
        if step == save_at:
            data = g.to_bytes()
            assert len(data) < 200
            twin = Game.from_bytes(data)
            assert twin.to_bytes() == data
            twin_order = list(order)
        for game, o in ((g, order), (twin, twin_order if twin else None)):
            if game is None:
                continue
            if game.turn == PLAYER:
                c = o.pop()
                game.fire(c // 10, c % 10)
            else:
                game.cpu_fire()
        if twin is not None:
            assert twin.to_bytes() == g.to_bytes()
        step += 1
    assert g.phase == OVER and g.winner in (PLAYER, CPU)
    if twin is not None:
        assert twin.winner == g.winner
