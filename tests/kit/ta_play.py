"""Scripted Torpedo Attack players shared by the tests/torpedo/ files (not a test module itself)."""

from core.prng import Rng
from torpedo.engine import Game
from torpedo.rules import LOCATE, OVER, SHOOTOUT, WINDOW

# One fixed fleet for both sides: ships along rows A, C, E, G, I from column 1.
# (ship, row, col, vertical) -> cells: Carrier 0-4, Battleship 20-23,
# Destroyer 40-42, Submarine 60-62, Patrol Boat 80-81.
LAYOUT = ((0, 0, 0, False), (1, 2, 0, False), (2, 4, 0, False), (3, 6, 0, False), (4, 8, 0, False))
# A second fleet for cable games: ships down columns 10, 8, 6, 4, 2.
LAYOUT_B = ((0, 0, 9, True), (1, 0, 7, True), (2, 0, 5, True), (3, 0, 3, True), (4, 0, 1, True))
SHIP_CELLS = ((0, 1, 2, 3, 4), (20, 21, 22, 23), (40, 41, 42), (60, 61, 62), (80, 81))
ALL_SHIP_CELLS = [c for cells in SHIP_CELLS for c in cells]
WATER = [c for c in range(100) if c not in ALL_SHIP_CELLS]


def rand_source(seed):
    """An os.urandom stand-in for salts and coins (tests only)."""
    return Rng(seed).randbytes


def two_players(seed=7, level=1, first=0):
    """A started game between two local players, both with LAYOUT."""
    g = Game(seed, level, first, (False, False))
    for p in (0, 1):
        for ship, r, c, v in LAYOUT:
            g.fleets[p].place(ship, r, c, v)
    g.start()
    return g


def hit_frame(d):
    for f in range(WINDOW):
        if d.hit(f):
            return f
    raise AssertionError("no hittable frame")


def miss_frame(d):
    for f in range(WINDOW):
        if not d.hit(f):
            return f
    raise AssertionError("no missable frame")


def fire_with(g, torpedo_hits):
    """Fire at the located ship: miss until the torpedo numbered torpedo_hits (1-3), or miss all (0)."""
    out = []
    for t in range(3):
        d = g.drift()
        f = hit_frame(d) if t + 1 == torpedo_hits else miss_frame(d)
        out.append(g.fire(f))
        if t + 1 == torpedo_hits:
            break
    return out


def play_calls(g, calls, hits=(1, 1)):
    """Alternate calls from the two lists calls[0], calls[1] (each player's own order); when a call
    locates a ship, fire so that the torpedo numbered hits[player] hits (0: all three miss)."""
    idx = [0, 0]
    while g.phase == LOCATE:
        p = g.turn
        if idx[p] >= len(calls[p]):
            return
        ann, ship = g.call(calls[p][idx[p]])
        idx[p] += 1
        if ship >= 0:
            fire_with(g, hits[p])


def tied_game(seed=7, level=1):
    """Both players locate all five ships and hit each with the first torpedo: 1000 - 1000."""
    g = two_players(seed, level)
    play_calls(g, (ALL_SHIP_CELLS, ALL_SHIP_CELLS))
    assert g.phase == SHOOTOUT, g.phase
    return g


def cpu_play(g, limit=2000):
    """Let the CPU make every move until the game is over; returns the number of moves."""
    n = 0
    while g.phase != OVER:
        if g.phase == LOCATE:
            g.call(g.cpu_cell())
        else:
            g.fire(g.cpu_frame(), g.to_move())
        n += 1
        assert n < limit
    return n


class QuietPort:
    """A UART with nothing on the other end (the tests hand a cable match its messages)."""

    def write(self, data):
        return len(data)

    def any(self):
        return 0

    def readinto(self, buf, n=None):
        return None
