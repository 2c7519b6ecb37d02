# interpreters: micropython cpython
"""The CPU's periscope aim: it fires inside the window after a reaction time, the same seed gives
the same press, and a higher level hits more often."""

from core.prng import Rng
from torpedo.ai import press_frame
from torpedo.engine import drift_seed
from torpedo.rules import AIM_REACT, WINDOW
from torpedo.scope import Drift, period_for


def _hit_rate(level, n=200):
    rng = Rng(11)
    hits = 0
    for k in range(n):
        d = Drift(drift_seed(404, level, k), period_for(level))
        hits += d.hit(press_frame(d, level, rng))
    return hits * 100 // n


def test_press_inside_the_window_after_reacting():
    rng = Rng(3)
    for level in range(3):
        for k in range(40):
            d = Drift(drift_seed(8, level, k), period_for(level))
            f = press_frame(d, level, rng)
            assert AIM_REACT[0] - 1 <= f < WINDOW


def test_same_seed_same_press():
    d = Drift(drift_seed(1, 2, 3), period_for(1))
    assert press_frame(d, 1, Rng(9)) == press_frame(d, 1, Rng(9))


def test_aim_gets_better_with_level():
    easy, medium, hard = _hit_rate(0), _hit_rate(1), _hit_rate(2)
    assert easy < medium < hard, (easy, medium, hard)
    assert 20 <= easy <= 50 and 60 <= hard <= 90, (easy, hard)
