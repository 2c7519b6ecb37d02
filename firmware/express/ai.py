"""Battleship Express CPU captains: exact sinking odds and the choices made from them.

Odds are computed by dynamic programming over the dice, one die at a time:
the value of a state is (value after a ship face + after a burst + 4 * after a
miss) / 6, so every intermediate stays below 7 * ONE (< 2**23) in fixed point
(ONE = 2**20). The same code run with ONE = 6**D (D = the most dice throws
the attack can make) divides exactly and returns the exact rational; the
tests and the closing notes use that (big ints, never on the hot path).

State of one attack: dice still to throw this roll, dice to reroll next roll,
hits still needed, rolls left. A die showing the target's symbol is 1 hit, a
burst counts per the attacker's rule (0, 1, 2, or sinks); hits are set aside
and the rest rerolled; stopping early never raises the odds, so the odds are
those of rolling every roll the rules allow.

Results are cached per (burst rule, dice, hits needed, rolls), per game type as
a 5x5 attacker-by-target matrix, and per set of target kinds for the Admiral's
Carrier (which sees its roll before declaring). A CPU decision is then table
look-ups (see DpCaptain). RandomCaptain picks uniformly among legal moves.
"""

from core.compat import const
from express.engine import AGAIN, ATTACKER, DECLARE, DONE, OVER, REROLL, ROLL, SETUP, TARGET
from express.rules import (
    BURST_NONE,
    BURST_ONE,
    BURST_TWO,
    CARRIER,
    F_ANY_TARGET,
    F_DECLARE_AFTER,
    F_STAYS,
    SHIP_TABLE,
    SHIPS,
)

ONE = const(1048576)  # 1 << 20: fixed-point 1.0
_SIX6 = const(46656)  # 6**6

_odds_memo = {}  # key -> fixed-point odds
_matrix = [None, None]  # per game type: 25 fixed-point odds, [attacker * 5 + target]
_carrier_memo = [{}, {}]  # per game type: target-kind mask -> fixed-point odds


# ---- the dynamic programme ----
# Bottom up, one die at a time, never by recursion over the dice: on the Pico every Python call
# nests in MicroPython's 8 KB C stack, and an attack's dice and rolls (the Admiral's game: up to
# 18 dice thrown) recursed deep enough to raise "maximum recursion depth" behind the game's own
# frames. Only the rolls recurse (through _value: at most 4 deep).
def _value(burst, dice, need, rolls, one, memo):
    """Odds (in units of `one`) to score `need` hits with `dice` dice in up to `rolls` rolls."""
    if need <= 0:
        return one
    if dice <= 0 or rolls <= 0:
        return 0
    key = ((burst * 9 + dice) * 6 + need) * 5 + rolls
    v = memo.get(key)
    if v is None:
        v = _attack(burst, dice, need, rolls, one, memo)
        memo[key] = v
    return v


def _attack(burst, dice, need, rolls, one, memo):
    """One roll of `dice` dice, the next rolls through _value. prev[m][h]: the odds with the
    dice of this roll thrown but i, m of them missed (to reroll), h hits still needed; built
    from i = 0 (the roll over: reroll the missed dice while a roll is left) up to i = dice."""
    prev = []
    for m in range(dice + 1):
        row = [one]
        for h in range(1, need + 1):
            row.append(_value(burst, m, h, rolls - 1, one, memo) if rolls > 1 and m > 0 else 0)
        prev.append(row)
    for i in range(1, dice + 1):
        cur = []
        for m in range(dice - i + 1):
            below, missing = prev[m], prev[m + 1]
            row = [one]
            for h in range(1, need + 1):
                hit = below[h - 1]  # the die shows the target's symbol
                missed = missing[h]  # a blank: set aside to reroll
                if burst == BURST_NONE:
                    b = missed
                elif burst == BURST_ONE:
                    b = hit
                elif burst == BURST_TWO:
                    b = below[h - 2] if h >= 2 else one
                else:  # BURST_SINKS
                    b = one
                row.append((hit + b + 4 * missed + 3) // 6)  # exact when one = 6**D
            cur.append(row)
        prev = cur
    return prev[0][need]


def odds(burst, dice, need, rolls):
    """Fixed-point (ONE) odds to score `need` hits with `dice` dice in up to `rolls`
    rolls, hits set aside, under burst rule `burst`."""
    return _value(burst, dice, need, rolls, ONE, _odds_memo)


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def _reduce(num, den):
    g = _gcd(num, den)
    return (num // g, den // g) if g else (0, 1)


def odds_exact(burst, dice, need, rolls):
    """The same odds as an exact fraction (num, den) in lowest terms (big ints)."""
    one = 6 ** (dice * rolls)
    return _reduce(_value(burst, dice, need, rolls, one, {}), one)


# ---- the Admiral's Carrier: roll, then declare, then reroll any once ----
def _carrier(game, mask, one, memo):
    dice, rolls, _, burst, _ = SHIP_TABLE[game][CARRIER]
    kinds = [t for t in range(SHIPS) if mask & (1 << t)]
    post = []  # post[j][h]: odds after declaring kinds[j] with h hits on the table
    for t in kinds:
        need = SHIP_TABLE[game][t][2]
        post.append([_value(burst, dice - h, need - h, rolls - 1, one, memo) for h in range(dice + 1)])
    others = SHIPS - len(kinds)
    acc = [0, 0]  # quotient and remainder of sum(weight * best) / 6**6, all < 2**30

    def add(weight, best, rest):
        # weight * best < 720 * 2**20 < 2**30; times others**rest in two steps
        q1, r1 = divmod(weight * best, _SIX6)
        f = others**rest
        q2, r2 = divmod(r1 * f, _SIX6)
        acc[0] += q1 * f + q2
        acc[1] += r2
        if acc[1] >= _SIX6:
            acc[0] += 1
            acc[1] -= _SIX6

    def walk(j, left, weight, bursts, best):
        # j: next kind to count; best: best odds over the kinds counted so far
        if j == len(kinds):
            if left == 0 or others:
                add(weight, best, left)
            return
        row = post[j]
        binom = 1
        for c in range(left + 1):  # c dice show kinds[j]
            v = row[c + bursts]
            walk(j + 1, left - c, weight * binom, bursts, v if v > best else best)
            binom = binom * (left - c) // (c + 1)

    binom = 1
    for b in range(dice + 1):  # b bursts
        walk(0, dice - b, binom, b, 0)
        binom = binom * (dice - b) // (b + 1)
    q, r = acc
    return q + (1 if 2 * r >= _SIX6 else 0)


def carrier_odds(game, mask):
    """Fixed-point odds for the Admiral's Carrier when the kinds in `mask` (bit per
    ship id) are the targets it may declare after seeing its first roll."""
    if not mask:
        return 0
    memo = _carrier_memo[game]
    v = memo.get(mask)
    if v is None:
        v = _carrier(game, mask, ONE, _odds_memo)
        memo[mask] = v
    return v


def carrier_odds_exact(game, mask):
    one = 6**12
    return _reduce(_carrier(game, mask, one, {}), one)


def carrier_post(game, ship, hits):
    """Fixed-point odds after the Carrier declares `ship` with `hits` on the table."""
    dice, rolls, _, burst, _ = SHIP_TABLE[game][CARRIER]
    return odds(burst, dice - hits, SHIP_TABLE[game][ship][2] - hits, rolls - 1)


def attack_odds(game, attacker, target):
    """Fixed-point odds that `attacker` sinks `target` (a single declared target)."""
    m = _matrix[game]
    if m is None:
        m = []
        for a in range(SHIPS):
            dice, rolls, _, burst, flags = SHIP_TABLE[game][a]
            for t in range(SHIPS):
                if flags & F_DECLARE_AFTER:
                    m.append(carrier_odds(game, 1 << t))
                else:
                    m.append(odds(burst, dice, SHIP_TABLE[game][t][2], rolls))
        _matrix[game] = m
    return m[attacker * SHIPS + target]


def warm(game):
    """Fill every table a game type can need (5x5 matrix, all 31 Carrier target
    sets), so no later CPU decision computes anything. Call it behind a title
    screen; the bench reports its cost."""
    attack_odds(game, 0, 0)
    if SHIP_TABLE[game][CARRIER][4] & F_DECLARE_AFTER:
        for mask in range(1, 1 << SHIPS):
            carrier_odds(game, mask)
        for t in range(SHIPS):
            for h in range(SHIP_TABLE[game][CARRIER][0] + 1):
                carrier_post(game, t, h)


def odds_now(g):
    """Fixed-point odds the attack in progress sinks its target (for the screen)."""
    if g.phase in (OVER, DONE):
        return ONE if g.result == 1 else 0
    if g.attacker == 255:
        return 0
    dice, rolls, _, burst, flags = SHIP_TABLE[g.game][g.attacker]
    if g.phase == DECLARE or (g.phase == ROLL and flags & F_DECLARE_AFTER):
        if g.phase == ROLL:
            return carrier_odds(g.game, _kinds(g.targets_for(g.attacker)))
        best = 0
        for _o, t in g.legal_targets():
            v = carrier_post(g.game, t, g.hits_against(t))
            best = v if v > best else best
        return best
    if g.target == 255:
        return 0
    if g.phase == REROLL:
        return carrier_post(g.game, g.target, g.hits())
    left = dice - bits(g.kept) if g.rolls_used else dice
    return odds(burst, left, g.need() - g.hits(), rolls - g.rolls_used)


def bits(m):
    """How many bits of m are set."""
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


def _kinds(pairs):
    m = 0
    for _, t in pairs:
        m |= 1 << t
    return m


# ---- the captains ----
def _threat(g, attacker, victim_fleet):
    """Best odds `attacker` (an enemy ship) has against a fleet row, front first."""
    flags = SHIP_TABLE[g.game][attacker][4]
    n = len(victim_fleet) if flags & F_ANY_TARGET else min(2, len(victim_fleet))
    if flags & F_DECLARE_AFTER:
        m = 0
        for i in range(n):
            m |= 1 << victim_fleet[i]
        return carrier_odds(g.game, m)
    best = 0
    for i in range(n):
        v = attack_odds(g.game, attacker, victim_fleet[i])
        best = v if v > best else best
    return best


def _exposure(g, me, row):
    """Best odds any enemy ship has against my fleet if it stands as `row`."""
    worst = 0
    for p in range(g.players):
        if g.is_opponent(p, me):
            for a in g.fleets[p]:
                v = _threat(g, a, row)
                worst = v if v > worst else worst
    return worst


def _moved(row, ship):
    out = bytearray(row)
    pos = 0
    while out[pos] != ship:
        pos += 1
    for i in range(pos, 0, -1):
        out[i] = out[i - 1]
    out[0] = ship
    return out


class DpCaptain:
    """Picks the attack with the highest exact odds of sinking. Ties go to (1) the
    move that leaves my front hardest for the enemy to sink, (2) the target that is
    the bigger threat to my fleet, (3) the enemy fleet with fewest ships afloat."""

    def __init__(self):
        self.plan = None

    def arrange(self, g, player):
        # Best guns at the back: weakest attacker in front (losing it costs least;
        # an attacker comes to the front when it fires anyway), and a ship that
        # fires from where it stands (Admiral's Carrier) at the very back. Measured
        # against the random captain this beats "hardest to sink in front" (notes in
        # seeds/002_battleship_express.md).
        keyed = []
        for s in range(SHIPS):
            power = 0
            for t in range(SHIPS):
                power += attack_odds(g.game, s, t)
            keyed.append((SHIP_TABLE[g.game][s][4] & F_STAYS, power, s))
        keyed.sort()
        return [k[2] for k in keyed]

    def attack(self, g):
        me = g.turn
        row = g.fleets[me]
        best = None
        for ship in row:
            flags = SHIP_TABLE[g.game][ship][4]
            targets = g.targets_for(ship)
            for to_front in (False, True) if flags & F_STAYS else (True,):
                expo = _exposure(g, me, _moved(row, ship) if to_front else row)
                if flags & F_DECLARE_AFTER:
                    cands = ((carrier_odds(g.game, _kinds(targets)), None),)
                else:
                    cands = [(attack_odds(g.game, ship, t), (o, t)) for o, t in targets]
                for p, tgt in cands:
                    if tgt is None:
                        threat = weak = 0
                    else:
                        threat = _threat(g, tgt[1], _moved(row, ship) if to_front else row)
                        weak = -len(g.fleets[tgt[0]])
                    key = (p, -expo, threat, weak)
                    if best is None or key > best[0]:
                        best = (key, ship, to_front, tgt)
        self.plan = best[3]  # a legal choice exists  # pyright: ignore[reportOptionalSubscript]
        return best[1], best[2]  # a legal choice exists  # pyright: ignore[reportOptionalSubscript]

    def target(self, g):
        if g.phase == TARGET and self.plan is not None:
            return self.plan
        best = None
        for o, t in g.legal_targets():
            key = (
                carrier_post(g.game, t, g.hits_against(t)),
                _threat(g, t, g.fleets[g.turn]),
                -len(g.fleets[o]),
            )
            if best is None or key > best[0]:
                best = (key, (o, t))
        return best[1]  # a legal choice exists  # pyright: ignore[reportOptionalSubscript]

    def again(self, g):
        return True  # another roll never lowers the odds

    def reroll(self, g):
        return g.reroll  # the engine's default: every die that is not a hit


class RandomCaptain:
    """Uniform choice among the legal attackers, then the legal targets; rolls on."""

    def __init__(self, rng):
        self.rng = rng

    def arrange(self, g, player):
        return self.rng.shuffle(list(range(SHIPS)))

    def attack(self, g):
        return self.rng.choice(g.legal_attackers()), None

    def target(self, g):
        return self.rng.choice(g.legal_targets())

    def again(self, g):
        return True

    def reroll(self, g):
        return g.reroll


def step(g, captains):
    """Make one move for whoever is to move (captains: one per player)."""
    ph = g.phase
    if ph == SETUP:
        for p in range(g.players):
            if not g.ready & (1 << p):
                g.set_fleet(p, captains[p].arrange(g, p))
                return
    c = captains[g.turn]
    if ph == ATTACKER:
        ship, to_front = c.attack(g)
        g.pick_attacker(ship, to_front)
    elif ph in (TARGET, DECLARE):
        o, t = c.target(g)
        g.pick_target(o, t)
    elif ph == ROLL:
        g.roll()
    elif ph == AGAIN:
        if c.again(g) or not g.can_stop():
            g.roll()
        else:
            g.stop()
    elif ph == REROLL:
        g.set_reroll(c.reroll(g))
        g.roll()
    elif ph == DONE:
        g.next_turn()
    else:
        raise ValueError("game over")


def play(g, captains, max_steps=100000):
    """Play to the end; returns the number of steps taken."""
    n = 0
    while g.phase != OVER:
        step(g, captains)
        n += 1
        if n >= max_steps:
            raise ValueError("game did not end")
    return n
