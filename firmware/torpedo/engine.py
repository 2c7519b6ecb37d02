"""Torpedo Attack: turns, locating, the firing sequence, scores, the end of the game and the shoot-out.

A pure, step-by-step state machine a screen (or a test, or the cable) drives:

    g = Game(seed, level, first=-1, cpu=(False, True))   # first -1: a coin toss from the seed
    g.fleets[0].place(...) / g.shuffle_fleet(0)        # SETUP: the player's own fleet
    g.start()                                          # -> LOCATE
    LOCATE: g.call(cell) -> (announcement, ship)       # ship >= 0 only with SHIP_LOCATED
            (a CPU's cell: g.cpu_cell(); a cable peer's fleet: g.record_call(cell, ann, ship),
            which ta_link.LinkGame does from the link's checked answers)
    FIRE:   d = g.drift(); d.x(frame) per frame; g.fire(frame) -> (T_MISS | T_HIT | T_ESCAPED, points)
            (a CPU's press: g.cpu_frame())
    SHOOTOUT: the same with g.fire(frame, player) for each player, any order
    OVER:   g.winner (0, 1 or DRAW), g.end_reason

The fleets and the CPU's locating are classic Battleship's (bs_fleet, battleship.ai):
a ship "sunk" there is a ship located here. Every state saves to a few
hundred bytes (to_bytes / from_bytes) and the same seed and inputs replay the
same game on CPython and MicroPython.
"""

from battleship.fleet import Fleet
from battleship.rules import (
    BAD_SHIP,
    CELLS,
    GAME_OVER,
    HIT,
    MISS,
    NOT_PLACED,
    NOT_YOUR_TURN,
    OFF_GRID,
    REPEAT,
    SHIP_SIZES,
    WRONG_PHASE,
    Refused,
)
from core.compat import const
from core.prng import Rng
from torpedo.rules import (
    DRAW,
    END_DECIDED,
    END_RESOLVED,
    END_SHOOTOUT,
    END_TARGET,
    END_WHEN_DECIDED,
    FIRE,
    FIRING,
    FIRST_PLAYER,
    GONE,
    HIDDEN,
    HIT1,
    LOCATE,
    NO_PRESS,
    NO_WINNER,
    OPEN_WATER,
    OVER,
    SCORES,
    SD_CLOSEST_AFTER,
    SD_MAX_ROUNDS,
    SETUP,
    SHIP_LOCATED,
    SHOOTOUT,
    T_ESCAPED,
    T_HIT,
    T_MISS,
    TARGET_LOCATED,
    TARGET_SCORE,
    TORPEDOES,
)

VERSION = const(1)
_M30 = const(0x3FFFFFFF)
_UNSET = const(0xFFFE)  # shoot-out: this player has not fired this round
# drift_seed() tags: one stream per purpose, never shared
_TAG_TORPEDO = const(1)  # + shooter
_TAG_SHOOTOUT = const(3)
_TAG_AIM = const(4)
_TAG_AI = const(5)
_TAG_FLEET = const(6)
_TAG_FIRST = const(7)


def drift_seed(game_seed, a, b=0, c=0):
    """A 30-bit seed for one torpedo's drift (torpedo.scope), from the game seed and small ints."""
    x = game_seed & _M30
    for v in (a, b, c):
        x = ((x ^ (v & 0xFFFF)) * 0x2C1B3 + 0x3D4F) & _M30
        x ^= x >> 13
    return x


class Game:
    """The whole game as both players' handhelds (or one handheld vs the CPU) see it.

    cpu: which players the CPU plays. remote: the player whose fleet and
    presses are on the other handheld (-1: none); calls on that fleet are
    answered with record_call() from the cable's answer.
    """

    end_when_decided = END_WHEN_DECIDED  # the rule table's default; a game may turn it off

    def __init__(self, seed, level=1, first=FIRST_PLAYER, cpu=(False, True), remote=-1, touching=True,
                 fresh=True):  # fmt: skip
        self.seed = seed & 0x3FFFFFFF
        if first < 0:
            first = Rng(drift_seed(self.seed, _TAG_FIRST)).below(2)
        self.level = level
        self.first = first
        self.cpu = (bool(cpu[0]), bool(cpu[1]))
        self.remote = remote
        self.touching = touching
        n = len(SHIP_SIZES)
        self.fleets = [Fleet(touching), Fleet(touching)]
        self.marks = [bytearray(CELLS), bytearray(CELLS)]  # marks[p]: p's calls: 0, 1 + announcement
        self.status = [bytearray(n), bytearray(n)]  # status[p][s]: enemy ship s as p sees it
        self.turns = [0, 0]
        self.phase = SETUP
        self.turn = first
        self.target = -1  # ship being fired at
        self.torpedo = 0  # index of the torpedo being aimed
        self.last_cell = -1
        self.sd_round = 0
        self.sd_press = [_UNSET, _UNSET]
        self.sd_prev = [NO_PRESS, NO_PRESS]  # presses of the last settled shoot-out round
        self.winner = NO_WINNER
        self.end_reason = 0
        self.rng = Rng(drift_seed(self.seed, _TAG_AIM))
        self.ais = [None, None]  # type: list
        self._drift = None
        self._drift_key = -1
        for p in (0, 1):
            if self.cpu[p] and fresh:  # (from_bytes loads these instead)
                from battleship.ai import make_ai  # only games with a CPU player load the search

                self.ais[p] = make_ai(level, Rng(drift_seed(self.seed, _TAG_AI, p)), touching)
                self.fleets[p].shuffle(Rng(drift_seed(self.seed, _TAG_FLEET, p)))

    # -- setting up -----------------------------------------------------
    def shuffle_fleet(self, p, rng=None):
        """Place player p's whole fleet at random (the game's rng unless one is given)."""
        self._need(SETUP)
        self.fleets[p].shuffle(rng or self.rng)

    def start(self):
        """Begin locating; every fleet on this handheld must be complete."""
        self._need(SETUP)
        for p in (0, 1):
            if p != self.remote and not self.fleets[p].complete():
                raise Refused(NOT_PLACED)
        self.phase = LOCATE
        if not self.can_call(self.turn):  # cannot happen with a full fleet; kept for odd tables
            self._end_turn(False)

    # -- what the screens ask -----------------------------------------
    def to_move(self):
        """The player whose input the game waits for (-1 when over)."""
        if self.phase == SHOOTOUT:
            if self.sd_press[self.first] == _UNSET:
                return self.first
            return 1 - self.first
        if self.phase == OVER:
            return -1
        return self.turn

    def fired(self, p):
        """Shoot-out: player p has fired this round (and waits for the other)."""
        return self.phase == SHOOTOUT and self.sd_press[p] != _UNSET

    def score(self, p):
        s = 0
        for st in self.status[p]:
            if st >= HIT1:
                s += SCORES[st - HIT1]
        return s

    def can_call(self, p):
        """Player p still has an enemy ship to locate, and a ship cell to find: over the cable a
        ship still hidden once all of them are found was hidden by a lie (its last cell answered
        "target located"), and the game must end for the reveal to name it, not wait for ever."""
        for st in self.status[p]:
            if st == HIDDEN:
                red = 0
                for m in self.marks[p]:
                    if m > 1 + OPEN_WATER:
                        red += 1
                return red < sum(SHIP_SIZES)  # 17: every ship cell found
        return False

    def potential(self, p):
        """The most points player p can still add (each ship left hit with a first torpedo)."""
        n = 0
        for st in self.status[p]:
            if st == HIDDEN or st == FIRING:
                n += 1
        return n * SCORES[0]

    def torpedoes_left(self):
        return TORPEDOES - self.torpedo if self.phase == FIRE else 0

    # -- locating -------------------------------------------------------
    def call(self, cell):
        """The player to move calls a cell; the defender's fleet (on this handheld) answers."""
        self._need(LOCATE)
        d = 1 - self.turn
        if d == self.remote:
            raise Refused(WRONG_PHASE)  # that fleet is on the other handheld: record_call()
        self.check_call(cell)
        res, ship = self.fleets[d].receive(cell)
        if res == MISS:
            return self._called(cell, OPEN_WATER, -1)
        return self._called(cell, SHIP_LOCATED if ship >= 0 else TARGET_LOCATED, ship)

    def record_call(self, cell, ann, ship=-1):
        """The cable's answer to our call on the remote fleet."""
        self._need(LOCATE)
        if 1 - self.turn != self.remote:
            raise Refused(NOT_YOUR_TURN)
        self.check_call(cell)
        p = self.turn
        if ann == SHIP_LOCATED:
            if not 0 <= ship < len(SHIP_SIZES) or self.status[p][ship] != HIDDEN:
                raise Refused(BAD_SHIP)
        elif ann != OPEN_WATER and ann != TARGET_LOCATED:
            raise Refused(BAD_SHIP)
        if ann != OPEN_WATER:
            # red pegs must be able to hold every ship located so far, and no more than the fleet
            red = 1
            for m in self.marks[p]:
                if m > 1 + OPEN_WATER:
                    red += 1
            need = SHIP_SIZES[ship] if ann == SHIP_LOCATED else 0
            for s in range(len(SHIP_SIZES)):
                if self.status[p][s] != HIDDEN:
                    need += SHIP_SIZES[s]
            if red < need or red > sum(SHIP_SIZES):
                raise Refused(BAD_SHIP)
        return self._called(cell, ann, ship if ann == SHIP_LOCATED else -1)

    def cpu_cell(self):
        """The cell the CPU to move calls (then pass it to call())."""
        return self.ais[self.turn].next_shot()

    def check_call(self, cell):
        """Raise Refused unless the player to move may call this cell (on the grid, not called yet)."""
        if not 0 <= cell < CELLS:
            raise Refused(OFF_GRID)
        if self.marks[self.turn][cell]:
            raise Refused(REPEAT)

    def _called(self, cell, ann, ship):
        p = self.turn
        self.marks[p][cell] = 1 + ann
        self.last_cell = cell
        ai = self.ais[p]
        if ai is not None:
            ai.observe(cell, MISS if ann == OPEN_WATER else HIT, ship)
        if ann == SHIP_LOCATED:
            self.status[p][ship] = FIRING
            self.target = ship
            self.torpedo = 0
            self.phase = FIRE
        else:
            self._end_turn(True)
        return ann, ship

    # -- firing -----------------------------------------------------------
    def drift(self):
        """The periscope's drift for the torpedo (or shoot-out round) now being aimed."""
        if self.phase == FIRE:
            key = (self.turn * 8 + self.target) * 4 + self.torpedo
        elif self.phase == SHOOTOUT:
            key = 1000 + self.sd_round
        else:
            raise Refused(WRONG_PHASE)
        if key != self._drift_key:
            from torpedo.scope import Drift, period_for  # loaded while a periscope is up (see forget_drift)

            self._drift = None
            if self.phase == FIRE:
                s = drift_seed(self.seed, _TAG_TORPEDO + self.turn, self.target, self.torpedo)
                self._drift = Drift(s, period_for(self.level))
            else:
                s = drift_seed(self.seed, _TAG_SHOOTOUT, self.sd_round)
                self._drift = Drift(s, period_for(self.level, self.sd_round))
            self._drift_key = key
        return self._drift

    def forget_drift(self):
        """The periscope is down: its drift is made again when asked (torpedo.scope may leave the heap)."""
        self._drift = None
        self._drift_key = -1

    def cpu_frame(self):
        """The frame at which the CPU to move fires (then pass it to fire())."""
        from torpedo.ai import press_frame  # only the CPU aims: a cable game never loads it

        return press_frame(self.drift(), self.level, self.rng)

    def check_press(self, frame, claimed_hit):
        """Does a cable peer's press at `frame` give the result it claims, on the shared drift?"""
        if not 0 <= frame <= NO_PRESS:
            return False
        return self.drift().hit(frame) == bool(claimed_hit)

    def fire(self, frame, player=-1):
        """A torpedo pressed at `frame` of the drift (NO_PRESS: never fired). -> (outcome, points)."""
        if self.phase == SHOOTOUT:
            return self._shootout_fire(frame, player)
        self._need(FIRE)
        if player >= 0 and player != self.turn:
            raise Refused(NOT_YOUR_TURN)
        p = self.turn
        if self.drift().hit(frame):
            self.status[p][self.target] = HIT1 + self.torpedo
            pts = SCORES[self.torpedo]
            self._end_turn(True)
            return T_HIT, pts
        self.torpedo += 1
        if self.torpedo < TORPEDOES:
            return T_MISS, 0
        self.status[p][self.target] = GONE
        self._end_turn(True)
        return T_ESCAPED, 0

    def _shootout_fire(self, frame, player):
        if player < 0:
            player = self.to_move()
        if self.sd_press[player] != _UNSET:
            raise Refused(NOT_YOUR_TURN)
        hit = self.drift().hit(frame)
        self.sd_press[player] = frame if 0 <= frame < _UNSET else NO_PRESS
        if _UNSET not in self.sd_press:
            self._settle_round()
        return (T_HIT if hit else T_MISS), 0

    def _settle_round(self):
        d = self.drift()
        a, b = self.sd_press
        ha, hb = d.hit(a), d.hit(b)
        w = NO_WINNER
        if ha != hb:
            w = 0 if ha else 1
        elif self.sd_round >= SD_CLOSEST_AFTER:
            da, db = d.distance(a), d.distance(b)
            if da != db:
                w = 0 if da < db else 1
        self.sd_prev = [a, b]
        self.sd_press = [_UNSET, _UNSET]
        if w == NO_WINNER and self.sd_round + 1 >= SD_MAX_ROUNDS:
            w = DRAW
        if w == NO_WINNER:
            self.sd_round += 1
        else:
            self.winner = w
            self.end_reason = END_SHOOTOUT
            self.phase = OVER

    # -- turns and the end ---------------------------------------------------
    def _end_turn(self, counted):
        """The turn passes; a player with nothing left to locate passes at once."""
        self.target = -1
        self.torpedo = 0
        self.phase = LOCATE
        if counted:
            self.turns[self.turn] += 1
        while True:
            if self.turns[0] == self.turns[1] and self._round_end():
                return
            self.turn = 1 - self.turn
            if self.can_call(self.turn):
                return
            self.turns[self.turn] += 1

    def _round_end(self):
        """Both have had the same number of turns: is the game over?"""
        s0, s1 = self.score(0), self.score(1)
        if s0 >= TARGET_SCORE or s1 >= TARGET_SCORE:
            why = END_TARGET
        elif not self.can_call(0) and not self.can_call(1):
            why = END_RESOLVED
        elif self.end_when_decided and (s0 > s1 + self.potential(1) or s1 > s0 + self.potential(0)):
            why = END_DECIDED
        else:
            return False
        self.end_reason = why
        if s0 == s1:
            self.phase = SHOOTOUT
            self.sd_round = 0
        else:
            self.winner = 0 if s0 > s1 else 1
            self.phase = OVER
        return True

    def _need(self, phase):
        if self.phase != phase:
            raise Refused(GAME_OVER if self.phase == OVER else WRONG_PHASE)

    # -- saving ---------------------------------------------------------------
    def to_bytes(self):
        flags = (1 if self.touching else 0) | (2 if self.cpu[0] else 0) | (4 if self.cpu[1] else 0)
        if self.remote >= 0:
            flags |= 8 | (16 * self.remote)
        if self.end_when_decided:
            flags |= 32
        out = bytearray([VERSION])
        _put(out, self.seed, 4)
        out += bytes((self.level, flags, self.first, self.phase, self.turn))
        for v in self.turns + [self.target & 0xFF, self.torpedo, self.sd_round]:
            _put(out, v, 2)
        for v in self.sd_press + self.sd_prev + [self.winner, self.end_reason, self.last_cell & 0xFF]:
            _put(out, v, 2)
        for p in (0, 1):
            out += self.status[p]
        for p in (0, 1):
            m = self.marks[p]
            for c in range(0, CELLS, 4):
                out.append(m[c] | (m[c + 1] << 2) | (m[c + 2] << 4) | (m[c + 3] << 6))
        for p in (0, 1):
            if p != self.remote:
                out += self.fleets[p].to_bytes()
        for v in self.rng.getstate():
            _put(out, v, 4)
        for p in (0, 1):
            if self.ais[p] is not None:
                b = self.ais[p].to_bytes()
                _put(out, len(b), 2)
                out += b
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """The game saved by to_bytes(); ValueError for anything else."""
        if not data or data[0] != VERSION:
            raise ValueError("not a Torpedo Attack save")
        try:
            return cls._load(data)
        except IndexError:
            raise ValueError("truncated Torpedo Attack save")

    @classmethod
    def _load(cls, data):
        i = 1
        seed = _get(data, i, 4)
        level, flags, first, phase, turn = data[5], data[6], data[7], data[8], data[9]
        remote = (flags >> 4) & 1 if flags & 8 else -1
        g = cls(seed, level, first, (flags & 2, flags & 4), remote, bool(flags & 1), False)
        g.phase, g.turn = phase, turn
        g.end_when_decided = bool(flags & 32)
        i = 10
        v = []
        for _ in range(12):
            v.append(_get(data, i, 2))
            i += 2
        g.turns = v[0:2]
        g.target = -1 if v[2] == 0xFF else v[2]
        g.torpedo, g.sd_round = v[3], v[4]
        g.sd_press, g.sd_prev = v[5:7], v[7:9]
        g.winner, g.end_reason = v[9], v[10]
        g.last_cell = -1 if v[11] == 0xFF else v[11]
        n = len(SHIP_SIZES)
        for p in (0, 1):
            for s in range(n):
                g.status[p][s] = data[i]
                i += 1
        for p in (0, 1):
            m = g.marks[p]
            for c in range(0, CELLS, 4):
                b = data[i]
                i += 1
                for k in range(4):
                    m[c + k] = (b >> (2 * k)) & 3
        for p in (0, 1):
            if p != remote:
                i += g.fleets[p].load(data[i:])
        g.rng.setstate((_get(data, i, 4), _get(data, i + 4, 4)))
        i += 8
        for p in (0, 1):
            if g.cpu[p]:
                from battleship.ai import load_ai

                k = _get(data, i, 2)
                g.ais[p] = load_ai(data[i + 2 : i + 2 + k], Rng(1), g.touching)
                i += 2 + k
        bad = phase > OVER or turn > 1 or level > 2 or i != len(data)
        for p in (0, 1):
            for st in g.status[p]:
                bad = bad or st > HIT1 + TORPEDOES - 1
        if bad:
            raise ValueError("bad Torpedo Attack save")
        return g


def _put(out, v, n):
    for _ in range(n):
        out.append(v & 0xFF)
        v >>= 8


def _get(data, i, n):
    v = 0
    for k in range(n - 1, -1, -1):
        v = (v << 8) | data[i + k]
    return v
