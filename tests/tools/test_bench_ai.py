# interpreters: cpython
"""The AI bench's fleets: the exact sampler is uniform over every legal fleet (checked on a
small board, where every fleet can be listed), sequential placement is not, and both give
complete legal fleets on the real board; the bench's row carries the statistics it promises."""

from battleship.fleet import Fleet
from battleship.rules import SHIP_SIZES
from core.prng import Rng
from host_tools.bench import ai as bench_ai


def _all_fleets(sizes, size, touching):
    """Every legal fleet on a size x size board, as tuples of (row, col, vertical)."""
    spots = {}
    for n in set(sizes):
        out = []
        for v in (False, True) if n > 1 else (False,):
            for r in range(size - (n - 1 if v else 0)):
                for c in range(size - (0 if v else n - 1)):
                    out.append((r, c, v))
        spots[n] = out
    fleets = [()]
    for n in sizes:
        fleets = [f + (s,) for f in fleets for s in spots[n]]
    return [f for f in fleets if bench_ai._legal(f, sizes, size, touching)]


def _chi2(counts, draws):
    k = len(counts)
    e = draws / k
    return sum((c - e) ** 2 / e for c in counts.values()) + (k - len(counts)) * e, k - 1


def _draws(sample, fleets, draws):
    counts = dict.fromkeys(fleets, 0)
    for _ in range(draws):
        f = tuple(sample())
        assert f in counts, f  # only legal fleets
        counts[f] += 1
    return counts


def test_exact_sampler_is_uniform_on_a_small_board():
    for touching, sizes, size in ((True, (3, 2, 2), 4), (False, (2, 2), 4)):
        fleets = _all_fleets(sizes, size, touching)
        draws = 40 * len(fleets)
        rng = Rng(7)
        args = (rng, touching, sizes, size)
        counts = _draws(lambda a=args: bench_ai.exact_fleet(*a), fleets, draws)
        x2, df = _chi2(counts, draws)
        # seeded, so not flaky; a uniform sampler lands near df (sd sqrt(2 df))
        assert x2 < df + 4 * (2 * df) ** 0.5, (touching, x2, df)
        assert min(counts.values()) > 0


def test_sequential_placement_is_not_uniform_there():
    # the same check has the power to see sequential placement's bias: a later ship
    # has fewer spots when an earlier one lies in the middle
    sizes, size = (3, 2, 2), 4
    fleets = _all_fleets(sizes, size, True)
    draws = 40 * len(fleets)
    rng = Rng(7)

    def sequential():
        placed = []
        for n in sizes:
            while True:
                spot = bench_ai.exact_fleet(rng, True, (n,), size)[0]
                if bench_ai._legal(placed + [spot], sizes[: len(placed) + 1], size, True):
                    placed.append(spot)
                    break
        return placed

    x2, df = _chi2(_draws(sequential, fleets, draws), draws)
    assert x2 > df + 10 * (2 * df) ** 0.5, (x2, df)


def test_exact_fleets_on_the_real_board_are_complete_and_legal():
    rng = Rng(3)
    for touching in (True, False):
        for _ in range(20):
            f = bench_ai.exact_uniform_fleet(rng, touching)  # Fleet.place refuses illegal spots
            assert isinstance(f, Fleet) and f.complete() and f.touching == touching
            assert sum(1 for c in range(100) if f.occ[c]) == sum(SHIP_SIZES)


def test_bench_row_has_the_statistics():
    from battleship.rules import HARD

    for fleets, touching in (("seq", True), ("exact", True), ("exact", False)):
        r = bench_ai.run(HARD, 12, 5, fleets=fleets, touching=touching, timing=False)
        assert r["fleets"] == fleets and r["touching"] == touching and r["games"] == 12
        assert 17 <= r["median"] <= r["p90"] <= r["max"] <= 100
        assert r["se"] > 0 and 17 <= r["mean"] <= r["max"]
