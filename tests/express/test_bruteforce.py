# interpreters: cpython
"""Battleship Express odds, checked on CPython against brute force: every roll of
every die enumerated with exact fractions, and the engine's own dice play
(many seeded attacks) against the DP's numbers."""

import functools
import itertools
from fractions import Fraction

from core.prng import Rng
from express import ai as A
from express import engine as E
from express.rules import (
    ADMIRAL,
    BURST,
    BURST_NONE,
    BURST_ONE,
    BURST_SINKS,
    BURST_TWO,
    CAPTAIN,
    CARRIER,
    SHIP_TABLE,
)

TARGET = 0  # any ship: faces are symmetric


@functools.cache
def brute(burst, dice, need, rolls):
    """Enumerate every face of every die in every roll (memoised on the state)."""
    if need <= 0:
        return Fraction(1)
    if dice == 0 or rolls == 0:
        return Fraction(0)
    total = Fraction(0)
    for faces in itertools.product(range(6), repeat=dice):
        hits = kept = 0
        sunk = False
        for f in faces:
            if f == TARGET:
                hits += 1
                kept += 1
            elif f == BURST:
                if burst == BURST_SINKS:
                    sunk = True
                elif burst != BURST_NONE:
                    hits += burst
                    kept += 1
        p = Fraction(1) if sunk or hits >= need else brute(burst, dice - kept, need - hits, rolls - 1)
        total += p
    return total / 6**dice


def test_dp_equals_brute_force_for_small_attacks():
    for burst in (BURST_NONE, BURST_ONE, BURST_TWO, BURST_SINKS):
        for dice in range(1, 5):
            for need in range(1, 6):
                for rolls in range(1, 4):
                    n, d = A.odds_exact(burst, dice, need, rolls)
                    assert Fraction(n, d) == brute(burst, dice, need, rolls), (burst, dice, need, rolls)


def test_admirals_carrier_equals_brute_force_over_all_46656_rolls():
    for mask in ((1 << 4) | (1 << 2), (1 << 0) | (1 << 1) | (1 << 4)):
        kinds = [t for t in range(5) if mask & (1 << t)]
        total = Fraction(0)
        post = {}
        for faces in itertools.product(range(6), repeat=6):
            best = Fraction(0)
            for t in kinds:
                h = sum(1 for f in faces if f == t or f == BURST)
                need = SHIP_TABLE[ADMIRAL][t][2]
                key = (t, h)
                if key not in post:
                    post[key] = Fraction(*A.odds_exact(BURST_ONE, 6 - h, need - h, 1)) if h < need else 1
                best = max(best, post[key])
            total += best
        total /= 6**6
        assert Fraction(*A.carrier_odds_exact(ADMIRAL, mask)) == total


def _sink_rate(game, attacker, target, n, seed):
    rng = Rng(seed)
    wins = 0
    for _ in range(n):
        g = E.Game(game, 2, False, 0, rng)
        g.set_fleet(0, [0, 1, 2, 3, 4])
        g.set_fleet(1, [target] + [s for s in range(5) if s != target])
        g.pick_attacker(attacker)
        if g.phase == E.TARGET:
            g.pick_target(1, target)
        while g.phase not in (E.DONE, E.OVER):
            if g.phase == E.DECLARE:
                g.pick_target(1, target)
            else:
                g.roll()
        wins += g.result == E.SUNK
    return wins


def test_engine_dice_play_matches_the_dp():
    # 4000 seeded attacks per case; the DP value must lie within 4.5 sigma
    n = 4000
    for game, attacker, target in (
        (CAPTAIN, 2, 0),  # the seed's example, Carrier vs Battleship
        (CAPTAIN, 3, 1),  # Sub vs Destroyer
        (ADMIRAL, 0, 1),  # the guide's 67%
        (ADMIRAL, 1, 1),  # Destroyer's double bursts
        (ADMIRAL, 3, 0),
        (ADMIRAL, CARRIER, 0),
    ):
        p = A.attack_odds(game, attacker, target) / A.ONE
        got = _sink_rate(game, attacker, target, n, 1000 + attacker * 7 + target)
        sigma = (n * p * (1 - p)) ** 0.5
        assert abs(got - n * p) < 4.5 * sigma, (game, attacker, target, got, n * p)
