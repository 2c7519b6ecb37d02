# interpreters: micropython cpython
"""Battleship Express CPU: the DP odds against values worked by hand, the
published guide's Admiral's odds, the CPU's choices and tie-breaks, and
CPU-vs-CPU games of every type played to the end."""

from core.prng import Rng
from express import ai as A
from express import engine as E
from express.rules import (
    ADMIRAL,
    BATTLESHIP,
    BURST,
    BURST_NONE,
    BURST_ONE,
    BURST_SINKS,
    BURST_TWO,
    CAPTAIN,
    CARRIER,
    DESTROYER,
    PATROL,
    SHIP_TABLE,
    SUBMARINE,
)

BS, DD, CV, SS, PB, X = BATTLESHIP, DESTROYER, CARRIER, SUBMARINE, PATROL, BURST


def _binom(n, k):
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def _fixed(frac):
    num, den = frac
    return (num * A.ONE * 2 + den) // (2 * den)


def _percent(frac):
    num, den = frac
    return (200 * num + den) // (2 * den)


# ---- the DP against hand-worked values ----
def test_one_die_cases():
    assert A.odds_exact(BURST_ONE, 1, 1, 1) == (1, 3)  # symbol or burst: 2 faces of 6
    assert A.odds_exact(BURST_ONE, 1, 1, 2) == (5, 9)  # 1/3 + 2/3 * 1/3
    assert A.odds_exact(BURST_NONE, 1, 1, 4) == (671, 1296)  # 1 - (5/6)**4
    assert A.odds_exact(BURST_TWO, 1, 2, 1) == (1, 6)  # only a burst makes 2
    assert A.odds_exact(BURST_TWO, 1, 2, 2) == (5, 18)  # 1/6 + 4/6 * 1/6 (a symbol strands it)


def test_two_dice_cases():
    assert A.odds_exact(BURST_ONE, 2, 2, 1) == (1, 9)
    assert A.odds_exact(BURST_ONE, 2, 2, 2) == (25, 81)  # (5/9)**2
    assert A.odds_exact(BURST_ONE, 2, 1, 2) == (65, 81)  # 1 - (4/9)**2
    # Destroyer rule, 3 hits from 2 dice in one roll: XX, XS, SX -> 3/36
    assert A.odds_exact(BURST_TWO, 2, 3, 1) == (1, 12)
    # ... and in two rolls: 3/36 + XO 8/36*1/3 + SO 8/36*1/6 + OO 16/36*1/12
    assert A.odds_exact(BURST_TWO, 2, 3, 2) == (25, 108)


def test_submarine_cases():
    # Captain's Sub: 2 dice, 2 rolls; only a burst can sink (max 2 symbol hits < 4).
    # Each die bursts with 1/6 + 4/6 * 1/6 = 10/36: 1 - (26/36)**2 = 155/324
    assert A.odds_exact(BURST_SINKS, 2, 4, 2) == (155, 324)
    # Admiral's Sub, 3 dice once: 1 - (5/6)**3 = 91/216 against a 4- or 5-hit ship,
    # plus the single all-symbols roll (1/216) against a 3-hit ship
    assert A.odds_exact(BURST_SINKS, 3, 4, 1) == (91, 216)
    assert A.odds_exact(BURST_SINKS, 3, 3, 1) == (23, 54)


def test_standard_ship_matches_the_binomial_closed_form():
    # With hits set aside, each die gets up to `rolls` tries: P(hit) = 1 - (1-p)**rolls.
    for burst, p_num, dice, need, rolls in (
        (BURST_ONE, 2, 7, 4, 2),
        (BURST_ONE, 2, 5, 3, 3),
        (BURST_NONE, 1, 8, 5, 4),
        (BURST_ONE, 2, 8, 4, 2),
    ):
        den = 6**rolls
        miss = (6 - p_num) ** rolls
        hit = den - miss
        num = 0
        for k in range(need, dice + 1):
            num += _binom(dice, k) * hit**k * miss ** (dice - k)
        n, d = A.odds_exact(burst, dice, need, rolls)
        assert n * den**dice == num * d, (burst, dice, need, rolls)


def test_guide_admirals_odds_battleship_vs_destroyer_67_carrier_88():
    # RULE-FACTS.md: the strategy guide's published odds come out to the percent
    bs = SHIP_TABLE[ADMIRAL][BS]
    vs_dd = A.odds_exact(bs[3], bs[0], SHIP_TABLE[ADMIRAL][DD][2], bs[1])
    vs_cv = A.odds_exact(bs[3], bs[0], SHIP_TABLE[ADMIRAL][CV][2], bs[1])
    assert _percent(vs_dd) == 67 and _percent(vs_cv) == 88
    assert abs(A.attack_odds(ADMIRAL, BS, DD) - _fixed(vs_dd)) <= 16
    assert abs(A.attack_odds(ADMIRAL, BS, CV) - _fixed(vs_cv)) <= 16


def test_seed_turn_example_carrier_vs_battleship():
    # Captain's Carrier (7 dice, 2 rolls) against a Battleship (4 hits):
    # P(Bin(7, 5/9) >= 4) before rolling; after 3 hits, 4 dice for 1 more: 1 - (2/3)**4
    assert A.odds_exact(BURST_ONE, 7, 4, 2) == (2965625, 4782969)
    assert A.odds_exact(BURST_ONE, 4, 1, 1) == (65, 81)
    assert abs(A.attack_odds(CAPTAIN, CV, BS) - _fixed((2965625, 4782969))) <= 4
    # Admiral's Carrier against only a Battleship (5 hits): P(Bin(6, 5/9) >= 5)
    assert A.carrier_odds_exact(ADMIRAL, 1 << BS) == (90625, 531441)


def test_odds_now_follows_the_attack():
    g = E.Game(CAPTAIN, 2, False, 0, Scripted())
    g.set_fleet(0, [BS, DD, CV, SS, PB])
    g.set_fleet(1, [BS, DD, CV, SS, PB])
    g.pick_attacker(CV)
    g.pick_target(1, BS)
    assert A.odds_now(g) == A.attack_odds(CAPTAIN, CV, BS)
    g.rng.q = [BS, DD, X, PB, BS, SS, CV]
    g.roll()
    assert abs(A.odds_now(g) - _fixed((65, 81))) <= 2
    g.rng.q = [X, DD, BS, SS]
    g.roll()
    assert A.odds_now(g) == A.ONE


def test_carrier_with_one_kind_is_a_plain_two_roll_attack():
    for t in (BS, DD, CV, SS, PB):
        need = SHIP_TABLE[ADMIRAL][t][2]
        assert A.carrier_odds_exact(ADMIRAL, 1 << t) == A.odds_exact(BURST_ONE, 6, need, 2)


def test_carrier_choice_after_the_roll_is_worth_more_with_more_kinds():
    one = A.carrier_odds(ADMIRAL, 1 << PB)
    two = A.carrier_odds(ADMIRAL, (1 << PB) | (1 << CV))
    five = A.carrier_odds(ADMIRAL, 31)
    assert one < two < five
    assert A.carrier_odds_exact(ADMIRAL, (1 << PB) | (1 << CV)) == (1247, 1458)


def test_fixed_point_matches_exact_and_stays_small():
    for game in (CAPTAIN, ADMIRAL):
        for a in range(5):
            dice, rolls, _, burst, flags = SHIP_TABLE[game][a]
            for t in range(5):
                v = A.attack_odds(game, a, t)
                assert 0 <= v <= A.ONE < (1 << 30)
                if flags & 8:
                    exact = A.carrier_odds_exact(game, 1 << t)
                else:
                    exact = A.odds_exact(burst, dice, SHIP_TABLE[game][t][2], rolls)
                assert abs(v - _fixed(exact)) <= 16, (game, a, t)


# ---- the CPU's choices ----
class Scripted:
    def __init__(self):
        self.q = []

    def below(self, n):
        return self.q.pop(0)

    def getstate(self):
        return (1, 2)


def _game(game, players, fleets, team=False):
    g = E.Game(game, players, team, 0, Scripted())
    for p in range(players):
        g.set_fleet(p, [BS, DD, CV, SS, PB])
    for p, f in fleets.items():
        g.fleets[p] = bytearray(f)
    return g


def _plan(g):
    """The DP captain's whole plan: (attacker, to_front, (owner, target))."""
    cpu = A.DpCaptain()
    ship, to_front = cpu.attack(g)
    g.pick_attacker(ship, to_front)
    return ship, to_front, cpu.target(g)


def test_captains_cpu_attacks_with_the_battleship_at_the_easier_target():
    g = _game(CAPTAIN, 2, {1: [DD, PB, BS, CV, SS]})
    assert _plan(g) == (BS, True, (1, PB))  # 3 hits to sink beats the Destroyer's 5


def test_admirals_cpu_prefers_destroyer_against_patrol_boat():
    # Destroyer 6 dice x2 with double bursts (88.9%) beats Battleship 8 x4 (87.8%)
    g = _game(ADMIRAL, 2, {1: [SS, PB, BS, CV, DD]})
    assert _plan(g) == (DD, True, (1, PB))


def test_cpu_tie_break_sinks_the_bigger_threat():
    # Battleship and Carrier both need 4 in the Captain's game: same odds; the
    # enemy Battleship rolls 8 dice against me, so it goes first
    g = _game(CAPTAIN, 2, {1: [CV, BS, DD, SS, PB]})
    assert _plan(g) == (BS, True, (1, BS))


def test_cpu_tie_break_finishes_the_weaker_fleet():
    g = _game(CAPTAIN, 3, {1: [BS, DD, CV, SS, PB], 2: [BS, DD, PB]})
    assert _plan(g) == (BS, True, (2, BS))


def test_cpu_carrier_attacks_from_the_back_and_declares_from_the_roll():
    g = _game(ADMIRAL, 2, {0: [SS, PB, CV], 1: [CV, PB, BS, DD, SS]})
    cpu = A.DpCaptain()
    assert cpu.attack(g) == (CV, False)  # keeps its front: the Carrier stays put
    g.pick_attacker(CV, False)
    g.rng.q = [PB, PB, X, BS, BS, DD]
    g.roll()
    assert cpu.target(g) == (1, PB)  # 3 hits already: a sure sink


def test_cpu_arranges_best_guns_at_the_back():
    cpu = A.DpCaptain()
    # Captain's: the Patrol Boat (5 dice) is the weakest attacker, the Battleship (8) the best
    assert cpu.arrange(_game(CAPTAIN, 2, {}), 0) == [PB, DD, SS, CV, BS]
    # Admiral's: the Carrier fires from anywhere, so it waits at the very back
    order = cpu.arrange(_game(ADMIRAL, 2, {}), 0)
    assert order[0] == SS and order[-1] == CV and order[-2] == DD


# ---- whole games, headless ----
def test_cpu_games_of_every_type_play_to_the_end():
    for game in (CAPTAIN, ADMIRAL):
        for players, team in ((2, False), (3, False), (4, False), (4, True)):
            g = E.Game(game, players, team, 1, Rng(2024 + players))
            caps = [A.DpCaptain() if p % 2 == 0 else A.RandomCaptain(Rng(9 + p)) for p in range(players)]
            A.play(g, caps)
            assert g.phase == E.OVER
            won = g.winners()
            assert won and g.score(won[0]) >= g.needed_to_win()
            lost = sum(len(g.lost(p)) for p in range(players))
            sunk = sum(len(g.sunk_by(p)) for p in range(players))
            assert lost == sunk == sum(5 - g.afloat(p) for p in range(players))
            for p in range(players):
                if p not in won:
                    assert g.score(p) < g.needed_to_win()


def test_same_seed_same_game():
    def run():
        g = E.Game(ADMIRAL, 3, False, 0, Rng(77))
        A.play(g, [A.DpCaptain(), A.RandomCaptain(Rng(1)), A.DpCaptain()])
        return g.to_bytes()

    assert run() == run()


def test_the_screens_odds_and_suggested_fleets_are_what_the_cpu_works_out():
    # express.rules keeps them as data so that a screen needs no express.ai (Express over the
    # cable plays without the CPU's code in the heap)
    from express.rules import SINK_PERCENT, SUGGESTED_FLEET

    for game in (CAPTAIN, ADMIRAL):
        for a in range(5):
            for t in range(5):
                want = (A.attack_odds(game, a, t) * 100 + A.ONE // 2) >> 20
                assert SINK_PERCENT[game][a * 5 + t] == want, (game, a, t)
        assert list(SUGGESTED_FLEET[game]) == list(A.DpCaptain().arrange(E.Game(game), 0))
