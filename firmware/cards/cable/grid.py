"""Coordinate cards over the cable: each side's 12 cards secret and committed per cell.

Like Battleship's fleet commitment (link.commit), but a leaf binds the card's identity (Miss or
which ship), since a search in the card game shows the card: a search answer carries the
identity and the cell's salt, and the searcher checks it against the committed leaf on the
spot. At the end the seed and the whole grid are revealed and checked: every leaf, and 5 ships
and 7 misses. Hash inputs: docs/link-protocol.md 9.3.
"""

import hashlib

from cards.cable.proto import HASH_LEN, SEED_LEN, CheatError
from cards.rules import CELLS, COORDINATE_DECK, IDENTS, cell_name
from core.compat import const

M_GRID = const(0x40)
M_REVEAL = const(0x43)
_SALT_LEN = const(16)
_PART = const(6)  # leaves per GRID message: 2 + 6 * 32 = 194 bytes
C_SEARCH = const(21)
C_GRID = const(25)

_T_SALT = b"BSv1cgsl"
_T_CELL = b"BSv1cgcl"


def _salt(seed, cell):
    return hashlib.sha256(_T_SALT + seed + bytes((cell,))).digest()[:_SALT_LEN]


def _leaf(gid, role, cell, ident, salt):
    h = hashlib.sha256(_T_CELL + gid)
    h.update(bytes((role, cell, ident)))
    h.update(salt)
    return h.digest()


def deal_grid(rand):
    """A random arrangement of the 12 Coordinate cards (the rule sheet shuffles them face down)."""
    g = bytearray(COORDINATE_DECK)
    r = rand(CELLS)
    for i in range(CELLS - 1, 0, -1):
        j = r[i] % (i + 1)
        g[i], g[j] = g[j], g[i]
    return g


class MyGrid:
    def __init__(self, gid, role, rand, grid=None, seed=None):
        self.gid = bytes(gid)
        self.role = role
        self.map = bytearray(grid) if grid is not None else deal_grid(rand)
        self.seed = bytes(seed) if seed is not None else bytes(rand(SEED_LEN))

    def part_msg(self, k):
        out = bytearray((M_GRID, k))
        for c in range(k * _PART, (k + 1) * _PART):
            out += _leaf(self.gid, self.role, c, self.map[c], _salt(self.seed, c))
        return bytes(out)

    def reveal_msg(self, cell):
        return bytes((M_REVEAL, cell, self.map[cell])) + _salt(self.seed, cell)


class PeerGrid:
    def __init__(self, gid, role):
        self.gid = bytes(gid)
        self.role = role
        self.leaves = bytearray(HASH_LEN * CELLS)

    def take_part(self, m, k):
        if len(m) != 2 + _PART * HASH_LEN or m[1] != k:
            raise CheatError(20, "Opponent sent a bad grid commitment")
        self.leaves[k * _PART * HASH_LEN : (k + 1) * _PART * HASH_LEN] = m[2:]

    def _leaf_ok(self, cell, ident, salt):
        o = cell * HASH_LEN
        return _leaf(self.gid, self.role, cell, ident, salt) == bytes(self.leaves[o : o + HASH_LEN])

    def take_reveal(self, m, cell):
        """The identity of the peer's searched card, checked against its commitment."""
        if len(m) != 3 + _SALT_LEN or m[1] != cell or m[2] >= len(IDENTS):
            raise CheatError(20, "Opponent sent a bad search answer")
        salt = bytes(m[3:])
        if self._leaf_ok(cell, m[2], salt):
            return m[2]
        said = IDENTS[m[2]][1]
        for ident in range(len(IDENTS)):
            if self._leaf_ok(cell, ident, salt):
                raise CheatError(C_SEARCH, "Opponent lied: %s is a %s, not a %s" % (
                    cell_name(cell), IDENTS[ident][1], said))
        where = cell_name(cell)
        raise CheatError(C_SEARCH, "Opponent's search answer at %s does not match its cards" % where)

    def check_open(self, seed, grid):
        """The peer's revealed grid: every leaf, and 5 ships and 7 misses."""
        for c in range(CELLS):
            if grid[c] >= len(IDENTS) or not self._leaf_ok(c, grid[c], _salt(bytes(seed), c)):
                where = cell_name(c)
                raise CheatError(C_GRID, "Opponent's Coordinate card %s is not the one it committed" % where)
        if sorted(grid) != sorted(COORDINATE_DECK):
            raise CheatError(C_GRID, "Opponent's Coordinate cards are not 5 ships and 7 misses")
