"""A game of Battleship or Salvo against the CPU: phases, turns, salvos, the end, saves.

The UI drives it and draws from it; it does no I/O and keeps no clock.

    g = Game(level=HARD, variant=SALVO, touching=True, seed=1234, habits=h)
    g.place(ship, row, col, vertical)   # or g.shuffle(); g.rotate(ship); g.check_place(...)
    g.start()                           # the CPU hides its fleet; who shoots first is set
    g.fire(row, col) -> (HIT|MISS, sunk ship name or None)   # the player's shot
    g.cpu_fire() -> (cell, HIT|MISS, sunk ship name or None)  # one CPU shot
    g.turn, g.shots_left, g.phase, g.winner
    g.view(side, row, col) -> EMPTY|SHIP|SHOT_MISS|SHOT_HIT|SHOT_SUNK for drawing
    data = g.to_bytes(); g = Game.from_bytes(data, habits=h)

Side PLAYER (0) owns fleets[0], CPU (1) owns fleets[1]. In Salvo a side fires as
many shots as it has ships afloat when its turn begins, one at a time, each
answered before the next (the rule sheet). With called_salvo=True the whole
salvo is chosen before any answer is given (the older rule; the CPU then picks
each shot knowing the earlier ones are pending, and the UI shows the answers
when the salvo is complete).
"""

from battleship.ai import load_ai, make_ai
from battleship.fleet import Fleet
from battleship.rules import (
    CELLS,
    CLASSIC,
    FIRST_SHOOTER,
    GAME_OVER,
    HARD,
    NOT_PLACED,
    NOT_YOUR_TURN,
    OFF_GRID,
    SALVO,
    SALVO_SHOTS_PER_SHIP,
    SHIP_NAMES,
    SIZE,
    TOUCHING_ALLOWED,
    WRONG_PHASE,
    Refused,
)
from core.compat import const
from core.prng import Rng

PLAYER = const(0)
CPU = const(1)

PLACING = const(0)
PLAYING = const(1)
OVER = const(2)

# What a cell shows (view)
EMPTY = const(0)  # water, or not shot yet
SHIP = const(1)  # a ship cell not hit (own fleet, or the enemy's revealed after the game)
SHOT_MISS = const(2)
SHOT_HIT = const(3)
SHOT_SUNK = const(4)  # a hit on a ship that has sunk

_VERSION = const(1)


def _name(ship):
    return SHIP_NAMES[ship] if ship >= 0 else None


class Game:
    def __init__(self, level=HARD, variant=CLASSIC, touching=TOUCHING_ALLOWED, seed=1, habits=None,
                 first=FIRST_SHOOTER, called_salvo=False):
        """first: PLAYER, CPU, or -1 for a coin toss at start()."""
        self.level = level
        self.variant = variant
        self.touching = touching
        self.called_salvo = called_salvo
        self.habits = habits
        self.rng = Rng(seed)
        self.fleets = [Fleet(touching), Fleet(touching)]
        self.ai = make_ai(level, Rng(seed ^ 0x2AAAAAAA), touching, habits)
        self.phase = PLACING
        self.first = first
        self.turn = PLAYER
        self.shots_left = 0
        self.winner = -1
        self.queue = []  # CPU shots already chosen for a called salvo

    # -- placing the player's fleet ----------------------------------------
    def _placing(self):
        if self.phase != PLACING:
            raise Refused(WRONG_PHASE)

    def check_place(self, ship, row, col, vertical):
        """Reason code (battleship.rules.REASONS) why the ship may not go there, or OK."""
        return self.fleets[PLAYER].check(ship, row, col, vertical)

    def place(self, ship, row, col, vertical):
        self._placing()
        self.fleets[PLAYER].place(ship, row, col, vertical)

    def rotate(self, ship):
        self._placing()
        self.fleets[PLAYER].rotate(ship)

    def remove(self, ship):
        self._placing()
        self.fleets[PLAYER].remove(ship)

    def shuffle(self):
        """Place the player's whole fleet at random (each ship uniformly among legal spots)."""
        self._placing()
        self.fleets[PLAYER].shuffle(self.rng)

    def start(self):
        self._placing()
        if not self.fleets[PLAYER].complete():
            raise Refused(NOT_PLACED)
        self.fleets[CPU].shuffle(self.rng)
        first = self.first if self.first in (PLAYER, CPU) else self.rng.below(2)
        self.phase = PLAYING
        self._begin_turn(first)

    # -- playing -----------------------------------------------------------
    def shots_for(self, side):
        """Shots side fires in a turn starting now."""
        if self.variant == SALVO:
            return self.fleets[side].afloat() * SALVO_SHOTS_PER_SHIP
        return 1

    def _begin_turn(self, side):
        self.turn = side
        self.shots_left = self.shots_for(side)
        self.queue = []

    def _shot(self, side, cell):
        if self.phase == OVER:
            raise Refused(GAME_OVER)
        if self.phase != PLAYING:
            raise Refused(WRONG_PHASE)
        if self.turn != side:
            raise Refused(NOT_YOUR_TURN)
        target = self.fleets[1 - side]
        result, sunk = target.receive(cell)  # refuses a repeat
        self.shots_left -= 1
        if target.defeated():
            self.phase = OVER
            self.winner = side
            self.shots_left = 0
            if self.habits is not None:
                self.habits.record(self.fleets[PLAYER])
        elif self.shots_left <= 0:
            self._begin_turn(1 - side)
        return result, sunk

    def fire(self, row, col):
        """The player's shot: (HIT or MISS, name of the ship it sank or None)."""
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            raise Refused(OFF_GRID)
        result, sunk = self._shot(PLAYER, row * SIZE + col)
        return result, _name(sunk)

    def cpu_fire(self):
        """One CPU shot: (cell, HIT or MISS, name of the ship it sank or None)."""
        if self.phase != PLAYING:
            raise Refused(GAME_OVER if self.phase == OVER else WRONG_PHASE)
        if self.turn != CPU:
            raise Refused(NOT_YOUR_TURN)
        if self.called_salvo and not self.queue:
            self.queue = self.ai.salvo(self.shots_left)
        cell = self.queue.pop(0) if self.queue else self.ai.next_shot()
        result, sunk = self._shot(CPU, cell)
        self.ai.observe(cell, result, sunk)
        return cell, result, _name(sunk)

    def cpu_turn(self):
        """The CPU's whole turn: [(cell, result, sunk name or None)]."""
        out = []
        while self.phase == PLAYING and self.turn == CPU:
            out.append(self.cpu_fire())
        return out

    # -- drawing -----------------------------------------------------------
    def view(self, side, row, col):
        """What the player may see at a cell of side's ocean (PLAYER: own, CPU: target)."""
        f = self.fleets[side]
        cell = row * SIZE + col
        occ = f.occ[cell]
        if f.shots[cell]:
            if not occ:
                return SHOT_MISS
            return SHOT_SUNK if f.sunk(occ - 1) else SHOT_HIT
        if occ and (side == PLAYER or self.phase == OVER):
            return SHIP
        return EMPTY

    def ships_afloat(self, side):
        return self.fleets[side].afloat()

    # -- saving ------------------------------------------------------------
    def to_bytes(self):
        """The whole game in about 130 bytes (the AI's knowledge and rng included)."""
        z, w = self.rng.getstate()
        head = bytearray(8)
        head[0] = _VERSION
        head[1] = ((self.variant & 1) | (2 if self.touching else 0) | (4 if self.called_salvo else 0)
                   | (self.phase << 3) | (self.turn << 5) | ((self.winner + 1) << 6))
        head[2] = self.level
        head[3] = self.shots_left
        head[4] = self.first & 0xFF
        head[5] = len(self.queue)
        ai = self.ai.to_bytes()
        head[6] = len(ai)
        out = bytes(head) + bytes(self.queue)
        for v in (z, w):
            out += bytes((v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, v >> 24))
        return out + self.fleets[0].to_bytes() + self.fleets[1].to_bytes() + ai

    @classmethod
    def from_bytes(cls, data, habits=None):
        """Restore a game saved by to_bytes(); raises ValueError on bad data."""
        if len(data) < 8 or data[0] != _VERSION:
            raise ValueError("bad save")
        f = data[1]
        g = cls(level=data[2], variant=f & 1, touching=bool(f & 2), habits=habits,
                called_salvo=bool(f & 4))
        g.phase = (f >> 3) & 3
        g.turn = (f >> 5) & 1
        g.winner = ((f >> 6) & 3) - 1
        g.shots_left = data[3]
        g.first = data[4] if data[4] != 0xFF else -1
        q = data[5]
        i = 8
        g.queue = list(data[i : i + q])
        i += q
        st = []
        for _ in range(2):
            st.append(data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24))
            i += 4
        g.rng.setstate((st[0], st[1]))
        for side in (0, 1):
            i += g.fleets[side].load(data[i:])
        n = data[6]
        if len(data) != i + n or g.phase > OVER or g.level > HARD or g.variant not in (CLASSIC, SALVO):
            raise ValueError("bad save")
        if any(c >= CELLS for c in g.queue):
            raise ValueError("bad save")
        g.ai = load_ai(data[i : i + n], Rng(1), g.touching)
        return g

