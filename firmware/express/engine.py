"""Battleship Express: the game state machine (pure; rules from express.rules).

Owns: fleets (one row per player, index 0 = the front, i.e. the rightmost
tile on the table), whose turn, the attack in progress (attacker, target,
the 8 dice, which are set aside, rolls used), sinking, scores, the winner,
and the compact save format. No I/O, no clock; dice come from the injected
`Rng` only.

A UI (or a CPU captain, see express.ai) drives it one step at a time:

  SETUP    set_fleet(player, ships)          every player, any order
  ATTACKER pick_attacker(ship[, to_front])   moves it to the front
  TARGET   pick_target(owner, ship) | back()
  ROLL     roll()                            first roll
  AGAIN    roll() | stop()                   stop() only where the ship "may" (F_MAY_STOP)
  DECLARE  pick_target(owner, ship)          Admiral's Carrier: after its first roll
  REROLL   toggle_reroll(i) / set_reroll(mask), then roll() | stop()
  DONE     next_turn()                       the result stays on show until then
  OVER     winner decided

Illegal steps raise ValueError and change nothing.
"""

from core.compat import const
from express.rules import (
    BURST,
    BURST_SINKS,
    DICE,
    F_ANY_TARGET,
    F_DECLARE_AFTER,
    F_MAY_STOP,
    F_STAYS,
    FACES,
    NO_FACE,
    SHIP_TABLE,
    SHIPS,
    TEAM_PLAYERS,
    hit_value,
    team_of,
    win_sinks,
)

SETUP = const(0)
ATTACKER = const(1)
TARGET = const(2)
ROLL = const(3)
AGAIN = const(4)
DECLARE = const(5)
REROLL = const(6)
DONE = const(7)
OVER = const(8)
PHASE_NAMES = ("setup", "attacker", "target", "roll", "again", "declare", "reroll", "done", "over")

NONE = const(255)
# Outcome of the attack on show in DONE/OVER
_PENDING = const(0)
SUNK = const(1)
MISSED = const(2)

_MAGIC = const(0x45)  # 'E'
_VERSION = const(1)


class Game:
    """One game of Battleship Express. See the module docstring for the steps."""

    def __init__(self, game=0, players=2, team=False, first=0, rng=None):
        if game not in (0, 1) or players not in (2, 3, 4):
            raise ValueError("bad game type or player count")
        if team and players != TEAM_PLAYERS:
            raise ValueError("the team game needs 4 players")
        if not 0 <= first < players:
            raise ValueError("bad first player")
        self.game = game
        self.players = players
        self.team = bool(team)
        self.first = first
        self.rng = rng
        self.table = SHIP_TABLE[game]
        self.fleets = [bytearray() for _ in range(players)]
        self.sank = [bytearray() for _ in range(players)]  # owner*8+ship, per sinking player
        self.dice = bytearray(DICE)
        self.ready = 0  # setup: bit per player whose fleet is placed
        self.winner = NONE  # player, or team id in the team game
        self.turn = first
        self.phase = SETUP
        self._clear_attack()

    # ---- per-turn state ----
    def _clear_attack(self):
        self.attacker = NONE
        self.owner = NONE  # target fleet's player
        self.target = NONE  # target ship id
        self.from_pos = NONE  # attacker's row position before it moved (for back())
        for i in range(DICE):
            self.dice[i] = NO_FACE
        self.kept = 0  # dice set aside as hits
        self.rolled = 0  # dice thrown by the latest roll
        self.reroll = 0  # Carrier: dice chosen for the second roll
        self.rolls_used = 0
        self.result = _PENDING

    # ---- setup ----
    def set_fleet(self, player, ships):
        """Place a player's 5 ships, front first (any order, one of each)."""
        if self.phase != SETUP:
            raise ValueError("fleets are set only before play")
        if not 0 <= player < self.players or len(ships) != SHIPS:
            raise ValueError("bad fleet")
        seen = 0
        for s in ships:
            if not 0 <= s < SHIPS or seen & (1 << s):
                raise ValueError("a fleet is one ship of each kind")
            seen |= 1 << s
        self.fleets[player] = bytearray(ships)
        self.ready |= 1 << player
        if self.ready == (1 << self.players) - 1:
            self.phase = ATTACKER

    # ---- queries a screen needs ----
    def fleet(self, player):
        """Ships afloat, front first."""
        return self.fleets[player]

    def position(self, player, ship):
        f = self.fleets[player]
        for i in range(len(f)):
            if f[i] == ship:
                return i
        return -1

    def afloat(self, player):
        return len(self.fleets[player])

    def sunk_by(self, player):
        """Ships this player has sunk, as (owner, ship) pairs in order."""
        return [(v >> 3, v & 7) for v in self.sank[player]]

    def lost(self, player):
        """This player's own ships that have been sunk (ship ids)."""
        out = []
        for p in range(self.players):
            for v in self.sank[p]:
                if v >> 3 == player:
                    out.append(v & 7)
        return out

    def score(self, player):
        """Ships sunk toward this player's win (the team's total in the team game)."""
        n = len(self.sank[player])
        if self.team:
            n += len(self.sank[player ^ 2])
        return n

    def needed_to_win(self):
        return win_sinks(self.players, self.team)

    def winners(self):
        """Players who won (two in the team game), or () while play goes on."""
        if self.winner == NONE:
            return ()
        if self.team:
            return (self.winner, self.winner + 2)
        return (self.winner,)

    def is_opponent(self, me, other):
        if me == other:
            return False
        return team_of(me, self.team) != team_of(other, self.team)

    def row(self, ship):
        """(dice, rolls, hits to sink, burst, flags) of a ship in this game type."""
        return self.table[ship]

    def flags(self):
        return self.table[self.attacker][4] if self.attacker != NONE else 0

    def active(self):
        """Dice this attack uses (the slots 0..active-1)."""
        return self.table[self.attacker][0] if self.attacker != NONE else 0

    def rolls_left(self):
        if self.attacker == NONE:
            return 0
        return self.table[self.attacker][1] - self.rolls_used

    def need(self):
        """Hits needed to sink the declared target (0 before one is declared)."""
        return self.table[self.target][2] if self.target != NONE else 0

    def hits_against(self, ship, mask=None):
        """Hits the dice in `mask` (default: all in play) score against `ship`."""
        burst = self.table[self.attacker][3]
        if mask is None:
            mask = (1 << self.active()) - 1
        h = 0
        for i in range(DICE):
            if mask & (1 << i) and self.dice[i] != NO_FACE:
                h += hit_value(self.dice[i], ship, burst)
        return h

    def hits(self):
        """Hits so far against the declared target (the dice set aside)."""
        if self.target == NONE:
            return 0
        return self.hits_against(self.target, self.kept)

    def can_stop(self):
        if self.phase == REROLL:
            return True
        return self.phase == AGAIN and bool(self.flags() & F_MAY_STOP)

    def legal_attackers(self):
        if self.phase != ATTACKER:
            return []
        return list(self.fleets[self.turn])

    def targets_for(self, ship):
        """(owner, ship) pairs `ship` may attack now: the first two of any enemy fleet
        (any ship for F_ANY_TARGET)."""
        out = []
        anyt = self.table[ship][4] & F_ANY_TARGET
        for p in range(self.players):
            if not self.is_opponent(self.turn, p):
                continue
            f = self.fleets[p]
            n = len(f) if anyt else min(2, len(f))
            for i in range(n):
                out.append((p, f[i]))
        return out

    def legal_targets(self):
        if self.phase not in (TARGET, DECLARE):
            return []
        return self.targets_for(self.attacker)

    # ---- steps ----
    def _need_phase(self, *phases):
        if self.phase not in phases:
            raise ValueError("not now: phase is " + PHASE_NAMES[self.phase])

    def pick_attacker(self, ship, to_front=None):
        """Choose the attacking ship; it moves to the front of the fleet. A ship with
        F_STAYS (Admiral's Carrier) stays put unless to_front=True."""
        self._need_phase(ATTACKER)
        f = self.fleets[self.turn]
        pos = self.position(self.turn, ship)
        if pos < 0:
            raise ValueError("not a ship of yours afloat")
        stays = self.table[ship][4] & F_STAYS
        if to_front is None:
            to_front = not stays
        elif not to_front and not stays:
            raise ValueError("this ship must move to the front")
        self.attacker = ship
        self.from_pos = pos
        if to_front:
            for i in range(pos, 0, -1):
                f[i] = f[i - 1]
            f[0] = ship
        self.phase = ROLL if self.table[ship][4] & F_DECLARE_AFTER else TARGET

    def back(self):
        """Undo pick_attacker before any die is rolled."""
        self._need_phase(TARGET, ROLL)
        if self.rolls_used:
            raise ValueError("dice already rolled")
        f = self.fleets[self.turn]
        pos = self.position(self.turn, self.attacker)
        for i in range(pos, self.from_pos):
            f[i] = f[i + 1]
        f[self.from_pos] = self.attacker
        self._clear_attack()
        self.phase = ATTACKER

    def pick_target(self, owner, ship):
        self._need_phase(TARGET, DECLARE)
        if (owner, ship) not in self.targets_for(self.attacker):
            raise ValueError("not a legal target")
        self.owner = owner
        self.target = ship
        if self.phase == TARGET:
            self.phase = ROLL
            return
        # Admiral's Carrier, declared after its first roll: set hits aside,
        # offer every other die for the second roll.
        self.kept = self._hit_mask((1 << self.active()) - 1)
        if self._sinks():
            self._sink()
        else:
            self.reroll = ((1 << self.active()) - 1) & ~self.kept
            self.phase = REROLL

    def toggle_reroll(self, i):
        self._need_phase(REROLL)
        if not 0 <= i < self.active():
            raise ValueError("no such die")
        self.reroll ^= 1 << i

    def set_reroll(self, mask):
        self._need_phase(REROLL)
        if mask & ~((1 << self.active()) - 1):
            raise ValueError("no such die")
        self.reroll = mask

    def roll(self):
        """Throw the dice: all of them first, then the ones not set aside (or, for
        the Carrier's second roll, the ones chosen)."""
        self._need_phase(ROLL, AGAIN, REROLL)
        n = self.active()
        if self.phase == ROLL:
            mask = (1 << n) - 1
        elif self.phase == AGAIN:
            mask = ((1 << n) - 1) & ~self.kept
        else:
            mask = self.reroll
        rng = self.rng
        for i in range(n):
            if mask & (1 << i):
                self.dice[i] = rng.below(FACES)
        self.rolled = mask
        self.rolls_used += 1
        if self.phase == ROLL and self.table[self.attacker][4] & F_DECLARE_AFTER:
            self.phase = DECLARE
            return
        if self.phase == REROLL:
            # every die now counts as it lies; the hits are the ones set aside
            self.kept = self._hit_mask((1 << n) - 1)
            if self._sinks():
                self._sink()
            else:
                self._miss()
            return
        self.kept |= self._hit_mask(mask)
        if self._sinks():
            self._sink()
        elif self.rolls_left() <= 0 or self.kept == (1 << n) - 1:
            self._miss()
        else:
            self.phase = AGAIN

    def stop(self):
        """End the attack without using the rolls left (only where the rules say 'may')."""
        if not self.can_stop():
            raise ValueError("this ship must roll")
        self._miss()

    def next_turn(self):
        """After an attack: the next player clockwise with ships afloat."""
        self._need_phase(DONE)
        p = self.turn
        for _ in range(self.players):
            p = (p + 1) % self.players
            if self.fleets[p]:
                break
        self.turn = p
        self._clear_attack()
        self.phase = ATTACKER

    # ---- resolution ----
    def _hit_mask(self, mask):
        burst = self.table[self.attacker][3]
        m = 0
        for i in range(self.active()):
            if mask & (1 << i) and hit_value(self.dice[i], self.target, burst):
                m |= 1 << i
        return m

    def _sinks(self):
        if self.table[self.attacker][3] == BURST_SINKS:
            for i in range(self.active()):
                if self.kept & (1 << i) and self.dice[i] == BURST:
                    return True
        return self.hits() >= self.need()

    def _sink(self):
        f = self.fleets[self.owner]
        pos = self.position(self.owner, self.target)
        self.fleets[self.owner] = f[:pos] + f[pos + 1 :]
        self.sank[self.turn].append(self.owner * 8 + self.target)
        self.result = SUNK
        if self.score(self.turn) >= self.needed_to_win():
            self.winner = team_of(self.turn, self.team)
            self.phase = OVER
        else:
            self.phase = DONE

    def _miss(self):
        self.result = MISSED
        self.phase = DONE

    # ---- save / restore ----
    def to_bytes(self):
        """Compact save: header, attack, dice, fleets, sinkings, then the Rng state."""
        out = bytearray(
            (
                _MAGIC,
                _VERSION,
                self.game,
                self.players,
                int(self.team),
                self.first,
                self.turn,
                self.phase,
                self.ready,
                self.winner,
                self.attacker,
                self.owner,
                self.target,
                self.from_pos,
                self.kept,
                self.rolled,
                self.reroll,
                self.rolls_used,
                self.result,
            )
        )
        out += self.dice
        for p in range(self.players):
            out.append(len(self.fleets[p]))
            out += self.fleets[p]
            out.append(len(self.sank[p]))
            out += self.sank[p]
        if self.rng is not None:
            for v in self.rng.getstate():
                out += bytes((v & 255, (v >> 8) & 255, (v >> 16) & 255, v >> 24))
        return bytes(out)


def from_bytes(data, rng=None):
    """Rebuild a Game from to_bytes(); the saved Rng state goes into `rng`."""
    if len(data) < 27 or data[0] != _MAGIC or data[1] != _VERSION:
        raise ValueError("not a Battleship Express save")
    g = Game(data[2], data[3], bool(data[4]), data[5], rng)
    (
        g.turn,
        g.phase,
        g.ready,
        g.winner,
        g.attacker,
        g.owner,
        g.target,
        g.from_pos,
        g.kept,
        g.rolled,
        g.reroll,
        g.rolls_used,
        g.result,
    ) = data[6:19]
    g.dice[:] = data[19:27]
    i = 27
    for p in range(g.players):
        n = data[i]
        g.fleets[p] = bytearray(data[i + 1 : i + 1 + n])
        i += 1 + n
        n = data[i]
        g.sank[p] = bytearray(data[i + 1 : i + 1 + n])
        i += 1 + n
    if rng is not None:
        if len(data) < i + 8:
            raise ValueError("save has no dice state")
        st = []
        for j in (i, i + 4):
            st.append(data[j] | data[j + 1] << 8 | data[j + 2] << 16 | data[j + 3] << 24)
        rng.setstate(tuple(st))
    if not _consistent(g):
        raise ValueError("corrupt save")
    return g


def _consistent(g):
    """Every ship of every player is either afloat in its own fleet or in exactly
    one enemy's pile; the turn, phase and dice are in range."""
    if g.phase > OVER or g.turn >= g.players or len(g.dice) != DICE:
        return False
    for f in g.dice:
        if f >= FACES and f != NO_FACE:
            return False
    if ATTACKER < g.phase < DONE and g.attacker >= SHIPS:
        return False
    for p in range(g.players):
        seen = 0
        for s in g.fleets[p]:
            if s >= SHIPS or seen & (1 << s):
                return False
            seen |= 1 << s
        for q in range(g.players):
            for v in g.sank[q]:
                if v >> 3 == p:
                    if not g.is_opponent(q, p) or (v & 7) >= SHIPS or seen & (1 << (v & 7)):
                        return False
                    seen |= 1 << (v & 7)
        if g.phase != SETUP and seen != (1 << SHIPS) - 1:
            return False
    return True
