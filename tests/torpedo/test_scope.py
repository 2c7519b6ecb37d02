# interpreters: micropython cpython
"""The periscope: the rod's drift is reproducible from its seed, stays on the 128-pixel screen,
always passes the sight, gets faster with the level, and a press hits exactly when the rod is
within HIT_HALF pixels of the sight (the check a cable peer's press is verified with)."""

from torpedo.engine import drift_seed
from torpedo.rules import HIT_HALF, NO_PRESS, PERIOD, SD_PERIOD_MIN, SIGHT_X, WINDOW
from torpedo.scope import Drift, period_for, sine, verify

# Rod x for frames 0..11 of drift_seed(12345, 1, 2, 3) at the medium period. If this changes,
# saved games and cable play against older firmware change with it.
GOLDEN = [53, 56, 58, 61, 64, 67, 71, 73, 76, 79, 81, 84]


def test_sine_table_quarters():
    assert sine(0) == 0
    assert sine(4096) == 127  # a quarter turn
    assert sine(8192) == 0
    assert sine(12288) == -127
    assert sine(16384 + 1000) == sine(1000)  # periodic
    for ph in range(0, 16384, 97):
        assert sine(ph) == -sine(ph + 8192)


def test_golden_drift_same_on_every_interpreter():
    d = Drift(drift_seed(12345, 1, 2, 3), PERIOD[1])
    assert [d.x(f) for f in range(12)] == GOLDEN


def test_same_seed_same_drift_different_seed_differs():
    a, b = Drift(drift_seed(99, 1, 0, 0), 90), Drift(drift_seed(99, 1, 0, 0), 90)
    c = Drift(drift_seed(99, 1, 0, 1), 90)
    xa = [a.x(f) for f in range(WINDOW)]
    assert xa == [b.x(f) for f in range(WINDOW)]
    assert xa != [c.x(f) for f in range(WINDOW)]


def test_drift_seeds_differ_per_shooter_ship_and_torpedo():
    seen = {}
    for a in (1, 2, 3):
        for b in range(5):
            for c in range(3):
                seen[drift_seed(2024, a, b, c)] = 1
    assert len(seen) == 45


def test_rod_stays_on_screen_and_always_passes_the_sight():
    for level in range(3):
        for k in range(25):
            for period in (period_for(level), SD_PERIOD_MIN):
                d = Drift(drift_seed(k * 7919, level, k), period)
                hits = 0
                for f in range(WINDOW):
                    x = d.x(f)
                    assert 0 <= x < 128, (level, k, f, x)
                    if d.hit(f):
                        hits += 1
                assert hits > 0, (level, k)


def _mean_step(level):
    total = 0
    for k in range(20):
        d = Drift(drift_seed(31, k), period_for(level))
        prev = d.x(0)
        for f in range(1, 120):
            x = d.x(f)
            total += abs(x - prev)
            prev = x
    return total


def test_drift_speed_scales_with_level():
    easy, medium, hard = _mean_step(0), _mean_step(1), _mean_step(2)
    assert easy < medium < hard
    assert hard > easy * 3 // 2


def test_shootout_rounds_get_faster_down_to_a_floor():
    assert period_for(1, 0) == PERIOD[1]
    assert period_for(1, 1) < PERIOD[1]
    assert period_for(1, 3) < period_for(1, 1)
    assert period_for(2, 19) == SD_PERIOD_MIN


def test_hit_exactly_within_half_width_of_the_sight():
    d = Drift(drift_seed(5, 1), 90)
    for f in range(WINDOW):
        assert d.hit(f) == (abs(d.x(f) - SIGHT_X) <= HIT_HALF)
        assert d.distance(f) == abs(d.x(f) - SIGHT_X)


def test_no_press_and_out_of_window_presses_miss():
    d = Drift(drift_seed(5, 1), 90)
    assert not d.hit(NO_PRESS)
    assert not d.hit(WINDOW)
    assert not d.hit(-1)


def test_verify_a_peers_press():
    s = drift_seed(77, 2, 1, 0)
    d = Drift(s, 60)
    hit = miss = None
    for f in range(WINDOW):
        if d.hit(f) and hit is None:
            hit = f
        if not d.hit(f) and miss is None:
            miss = f
    assert verify(s, 60, hit, True)
    assert not verify(s, 60, hit, False)  # a hit reported as a miss
    assert verify(s, 60, miss, False)
    assert not verify(s, 60, miss, True)  # a miss claimed as a hit
    assert verify(s, 60, NO_PRESS, False)
    assert not verify(s, 60, WINDOW + 5, True)
