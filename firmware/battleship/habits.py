"""What the hard CPU learns about where a player likes to put ships, game after game.

Every placement falls into one of five classes by how close it lies to the
edge: along an edge (all its cells on the border), touching an edge, and
innermost ring 1, 2, or 3-4. After each game the player's revealed fleet is
recorded; a class's weight is how much more often the player uses it than
uniformly random placement would, shrunk towards 1 by a prior worth
_PRIOR_GAMES games, and exactly 1 while the count is within two standard
deviations of chance, so that a few games cannot mislead it (learning from
uniform players measured 0.1 shots a game dearer without that gate). Old games fade
(counts halve past MAX_GAMES) so a new player is learnt afresh.

The state is 12 bytes (to_bytes / from_bytes), stored with the saves.
"""

from battleship.rules import SIZE
from core.compat import const

CLASSES = const(5)
ONE = const(16)  # a multiplier of 1.0
_PRIOR_GAMES = const(3)
MAX_GAMES = const(40)
# Ships per game in each class under uniformly random placement of the standard
# fleet, times 1000 (200,000 simulated fleets, each ship placed in turn uniformly).
EXPECTED = (1090, 1075, 1524, 956, 354)
_VERSION = const(1)


def ring(cell):
    """Distance of a cell from the nearest edge, 0 (edge) .. 4 (centre)."""
    r, c = cell // SIZE, cell % SIZE
    return min(r, c, SIZE - 1 - r, SIZE - 1 - c)


def placement_class(cells):
    lo, hi = 9, 0
    for c in cells:
        d = ring(c)
        lo = min(lo, d)
        hi = max(hi, d)
    if hi == 0:
        return 0
    if lo == 0:
        return 1
    return min(lo + 1, CLASSES - 1)


class Habits:
    def __init__(self):
        self.games = 0
        self.seen = [0] * CLASSES  # ships seen in each class

    def record(self, fleet):
        """Learn from a revealed bs_fleet.Fleet (or any object with ship_cells)."""
        if self.games >= MAX_GAMES:
            self.games >>= 1
            for i in range(CLASSES):
                self.seen[i] >>= 1
        self.games += 1
        for s in range(len(fleet.sizes)):
            cells = fleet.ship_cells(s)
            if cells:
                self.seen[placement_class(cells)] += 1

    def multipliers(self):
        """Per-class weights (ONE = as likely as under uniform placement), 1..255."""
        g = self.games + _PRIOR_GAMES
        out = bytearray(CLASSES)
        for i in range(CLASSES):
            e = EXPECTED[i]
            d = self.seen[i] * 1000 - self.games * e  # surprise, in thousandths of a ship
            if d * d < 4 * self.games * e * 1000:
                out[i] = ONE  # within two standard deviations of chance: no habit
                continue
            m = (ONE * (self.seen[i] * 1000 + _PRIOR_GAMES * e) + (g * e >> 1)) // (g * e)
            out[i] = max(1, min(255, m))
        return bytes(out)

    def to_bytes(self):
        out = bytearray(2 + 2 * CLASSES)
        out[0] = _VERSION
        out[1] = self.games
        for i in range(CLASSES):
            v = min(self.seen[i], 0xFFFF)
            out[2 + 2 * i] = v & 0xFF
            out[3 + 2 * i] = v >> 8
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        h = cls()
        if len(data) < 2 + 2 * CLASSES or data[0] != _VERSION:
            raise ValueError("bad habits")
        h.games = data[1]
        for i in range(CLASSES):
            h.seen[i] = data[2 + 2 * i] | (data[3 + 2 * i] << 8)
        return h
