"""Link Express between two handhelds on a virtual cable, each side's captain a bot
(tests and the link benchmark only, never on the device).

A Hand is one handheld: a Link on one end of a host_tools.duel.cable.Cable, a Game, and
a "flash" copy of its save (link.match.Match.data), written whenever the
game asks. Its captain is express.ai's (DpCaptain, or RandomCaptain with a
seeded Rng). restart() rebuilds the Link and the game from flash, as a power
cycle would. `cheat` plants one lie of a kind in CHEATS: the first chance the
side gets, it changes one message it sends (and goes on as if it had not).
"""

import hashlib

from core.prng import Rng
from express.ai import DpCaptain, RandomCaptain
from express.cable.game import (
    A_ATTACK,
    ARRANGE,
    M_X_FLEET,
    M_X_MOVE,
    M_X_OPEN,
    M_X_ROLL,
    PLAYING,
    VERIFIED,
    W_ATTACKER,
    W_CHAIN,
    W_FLEET,
    W_KEPT,
    W_ROLL,
    W_TARGET,
    Game,
    rules_bytes,
)
from express.cable.save import restore, saved_rules
from express.engine import AGAIN, ATTACKER, DECLARE, REROLL
from express.engine import Game as Engine
from express.rules import F_ANY_TARGET, F_DECLARE_AFTER, F_STAYS
from host_tools.duel.cable import Cable, power_on
from host_tools.duel.clock import Clock, save_bytes
from link.match import split
from link.session import Link

FW = (1, 0, 0)
# planted lies: what the honest side must name (express.cable.game W_*)
CHEATS = ("chain", "roll", "kept", "attacker", "target", "fleet")
WANT = (W_CHAIN, W_ROLL, W_KEPT, W_ATTACKER, W_TARGET, W_FLEET)  # the code each of CHEATS is caught by


def record(g):
    """What both sides of a finished game must agree on: winner, rolls, fleets, sunk ships."""
    e = g.g
    return (g.winner, g.rolls, bytes(e.fleets[0]), bytes(e.fleets[1]), bytes(e.sank[0]), bytes(e.sank[1]))


def verified(d):
    """Both sides of duel d verified one game (the same record on each); its record."""
    a, b = d.hands[0].g, d.hands[1].g
    assert a.phase == VERIFIED and b.phase == VERIFIED, (a.phase, b.phase, a.cheat, b.cheat)
    assert record(a) == record(b)
    assert a.winner in (0, 1)
    return record(a)


def _tamper_chain(msg, g):
    # a side that, having seen the roller's link, opens another value for its own
    if msg[0] == M_X_OPEN:
        return msg[:3] + hashlib.sha256(b"better" + msg[3:]).digest()
    return None


def _tamper_roll(msg, g):
    if msg[0] == M_X_ROLL:
        b = bytearray(msg)
        b[3] = (b[3] + 1) % 6
        return bytes(b)
    return None


def _tamper_kept(msg, g):
    if msg[0] == M_X_ROLL:
        kept = msg[11]
        n = g.g.row(g.g.attacker)[0] if g.g.attacker < 5 else 0
        for i in range(n):
            if not kept & (1 << i):
                return msg[:11] + bytes((kept | (1 << i),))
    return None


def _tamper_attacker(msg, g):
    if msg[0] == M_X_MOVE and msg[3] == A_ATTACK:
        lost = g.g.lost(g.role)
        b = bytearray(msg)
        if lost:
            b[4] = lost[0]  # a ship already sunk
        elif not g.g.row(msg[4])[4] & F_STAYS:
            b[5] = 0  # fires from where it stands, which only the Admiral's Carrier may
        else:
            return None
        return bytes(b)
    return None


def _tamper_target(msg, g):
    if msg[0] == M_X_MOVE and msg[3] == A_ATTACK and msg[7] != 255:
        e = g.g
        if e.row(msg[4])[4] & F_ANY_TARGET:
            return None
        f = e.fleets[g.peer_seat]
        if len(f) < 3:
            return None
        b = bytearray(msg)
        b[7] = f[len(f) - 1]  # a ship behind the front two
        return bytes(b)
    return None


def _tamper_fleet(msg, g):
    if msg[0] == M_X_FLEET:
        b = bytearray(msg)
        b[17], b[18] = b[18], b[17]  # the first two ships swapped after committing
        return bytes(b)
    return None


TAMPER = (_tamper_chain, _tamper_roll, _tamper_kept, _tamper_attacker, _tamper_target, _tamper_fleet)


class Hand:
    def __init__(self, duel, side, seed, game, smart=True, flash=True):
        self.duel = duel
        self.side = side
        self.seed = seed
        self.game = game
        self.rng = Rng(seed + 7)
        self.captain = DpCaptain() if smart else RandomCaptain(self.rng)
        self.flash = None
        self.use_flash = flash
        self.boots = 0
        self.saves = 0
        self.biggest_save = 0
        self.on = True
        self.cheat = None  # index into CHEATS
        self.cheated = False
        self.auto = True  # the bot arranges its fleet and moves
        self.g = None
        self.boot()

    def boot(self):
        rand, end, now = power_on(self)
        if self.flash is None:
            g = Game(None, rand, self.game)
            g.link = Link(end, rand, now, fw=FW, rules=rules_bytes(self.game), tx_slots=8)
        else:
            state, snap = split(self.flash)
            g = restore(state, None, rand)
            g.link = Link(end, rand, now, fw=FW, rules=saved_rules(state), saved=snap, tx_slots=8)
        self.g = g
        self._wrap()

    def _wrap(self):
        if self.cheat is None or self.cheated:
            return
        g = self.g
        real = g.send
        tamper = TAMPER[self.cheat]
        hand = self

        def send(msg):
            if not hand.cheated:
                t = tamper(msg, g)
                if t is not None:
                    hand.cheated = True
                    msg = t
            real(msg)

        g.send = send

    def plant(self, kind):
        self.cheat = kind
        self._wrap()

    def restart(self):
        self.duel.cable.ends[self.side].clear()
        self.boot()

    def step(self, now):
        g = self.g
        g.step(now)
        if g.phase == ARRANGE and self.auto:
            g.arrange(self.captain.arrange(Engine(self.game), self.side))
        if g.phase == PLAYING and g.my_turn() and self.auto:
            self.move(g)
        if g.needs_save():
            if self.use_flash:
                self.flash = save_bytes(g)
                self.saves += 1
                if len(self.flash) > self.biggest_save:
                    self.biggest_save = len(self.flash)
            else:
                g._dirty = g.link.needs_save = False

    def move(self, g):
        e = g.g
        c = self.captain
        ph = e.phase
        if ph == ATTACKER:
            ship, to_front = c.attack(e)
            if e.row(ship)[4] & F_DECLARE_AFTER:
                g.attack(ship, to_front)
                return
            tgt = getattr(c, "plan", None)
            if tgt is None:
                tgt = self.rng.choice(e.targets_for(ship))
            g.attack(ship, to_front, tgt[0], tgt[1])
        elif ph == AGAIN:
            if c.again(e) or not e.can_stop():
                g.again()
            else:
                g.stop()
        elif ph == DECLARE:
            o, t = c.target(e)
            g.declare(o, t)
        elif ph == REROLL:
            g.reroll(c.reroll(e))


class Duel(Clock):
    def __init__(self, seeds=(1, 2), game=0, smart=(True, False), step=33, cable=None, flash=True):
        self.cable = cable or Cable()
        self.step = step
        self.hands = [Hand(self, i, seeds[i], game, smart[i], flash) for i in (0, 1)]

    def caught(self):
        return self.hands[0].g.cheat >= 0 or self.hands[1].g.cheat >= 0

    def over(self):
        """Both finished, or a cheat caught."""
        return self.done() or self.caught()

    def play(self, ms=900000):
        return self.run(ms, self.done)

    def restart(self, side):
        self.hands[side].restart()
