"""One side's fleet: where each ship lies, legal placement, and the shots it receives.

Shared by classic Battleship, Salvo, Torpedo Attack and the link game: a
Fleet knows nothing of turns. Ships are indexed as in battleship.rules.FLEET; a
ship's position is its bow cell (the top or left end) and its direction.
Placement is refused with a reason (battleship.rules.Refused), never fixed up.
"""

from battleship.rules import (
    BAD_SHIP,
    CELLS,
    HIT,
    MISS,
    OFF_GRID,
    OK,
    OVERLAP,
    REPEAT,
    SHIP_SIZES,
    SIZE,
    TOUCHING,
    Refused,
)
from core.compat import const

_UNPLACED = const(0xFF)
_VERT = const(0x80)
_RETRIES = const(4000)  # random placement: tries before starting the fleet over


class Fleet:
    """Ships on a 10x10 ocean grid plus the shots received there."""

    def __init__(self, touching=True, sizes=SHIP_SIZES):
        self.sizes = sizes
        self.touching = touching  # False: ships may not touch, not even at a corner
        n = len(sizes)
        self.pos = bytearray(b"\xff" * n)  # bow cell, +0x80 when vertical; 0xFF unplaced
        self.occ = bytearray(CELLS)  # 0 water, else ship index + 1
        self.shots = bytearray(CELLS)  # 1 where a shot has landed
        self.hits = bytearray(n)  # hits taken per ship

    # -- placement -------------------------------------------------------
    def placed(self, ship):
        return self.pos[ship] != _UNPLACED

    def complete(self):
        for p in self.pos:
            if p == _UNPLACED:
                return False
        return True

    def where(self, ship):
        """(row, col, vertical) of a placed ship, or None."""
        p = self.pos[ship]
        if p == _UNPLACED:
            return None
        c = p & 0x7F
        return c // SIZE, c % SIZE, bool(p & _VERT)

    def ship_cells(self, ship):
        p = self.pos[ship]
        if p == _UNPLACED:
            return []
        c = p & 0x7F
        step = SIZE if p & _VERT else 1
        return [c + i * step for i in range(self.sizes[ship])]

    def first_fit(self, ship, start=42):
        """(row, col, vertical): the first spot where the ship may go, looking cell by cell from
        `start` lying flat, then standing; `start` lying flat when there is none."""
        for k in range(2 * CELLS):
            cell = (k + start) % CELLS
            vert = k >= CELLS
            if self.check(ship, cell // SIZE, cell % SIZE, vert) == OK:
                return cell // SIZE, cell % SIZE, vert
        return start // SIZE, start % SIZE, False

    def blocker(self, ship, row, col, vertical, why):
        """The ship in the way of `ship` at (row, col), as check() found it (why OVERLAP or
        TOUCHING): the first one row by row, -1 for none."""
        if why != OVERLAP and why != TOUCHING:
            return -1
        reach = 1 if why == TOUCHING else 0
        n = self.sizes[ship]
        r1 = min(row + (n if vertical else 1) - 1 + reach, SIZE - 1)
        c1 = min(col + (1 if vertical else n) - 1 + reach, SIZE - 1)
        for r in range(max(row - reach, 0), r1 + 1):
            for c in range(max(col - reach, 0), c1 + 1):
                o = self.occ[r * SIZE + c]
                if o and o - 1 != ship:
                    return o - 1
        return -1

    def check(self, ship, row, col, vertical):
        """Why the ship may not go there (battleship.rules reason code), or OK."""
        if not 0 <= ship < len(self.sizes):
            return BAD_SHIP
        n = self.sizes[ship]
        if row < 0 or col < 0 or row >= SIZE or col >= SIZE:
            return OFF_GRID
        if (row if vertical else col) + n > SIZE:
            return OFF_GRID
        occ = self.occ
        mine = ship + 1
        step = SIZE if vertical else 1
        c = row * SIZE + col
        for _ in range(n):
            o = occ[c]
            if o and o != mine:
                return OVERLAP
            c += step
        if not self.touching:
            # every neighbour (corners too) of every cell must be free of other ships
            r0, r1 = max(row - 1, 0), min(row + (n if vertical else 1), SIZE - 1)
            c0, c1 = max(col - 1, 0), min(col + (1 if vertical else n), SIZE - 1)
            for r in range(r0, r1 + 1):
                for k in range(c0, c1 + 1):
                    o = occ[r * SIZE + k]
                    if o and o != mine:
                        return TOUCHING
        return OK

    def place(self, ship, row, col, vertical):
        """Put (or move) a ship; raises Refused(reason) when illegal."""
        why = self.check(ship, row, col, vertical)
        if why:
            raise Refused(why)
        self.remove(ship)
        self._put(ship, row * SIZE + col, vertical)

    def _put(self, ship, cell, vertical):
        self.pos[ship] = cell | (_VERT if vertical else 0)
        for c in self.ship_cells(ship):
            self.occ[c] = ship + 1

    def remove(self, ship):
        for c in self.ship_cells(ship):
            self.occ[c] = 0
        self.pos[ship] = _UNPLACED

    def rotate(self, ship):
        """Turn a placed ship about its bow; raises Refused(reason) when illegal."""
        r, c, v = self.where(ship)  # the menu offers turning a placed ship only  # pyright: ignore[reportGeneralTypeIssues]
        self.place(ship, r, c, not v)

    def clear(self):
        for s in range(len(self.sizes)):
            self.remove(s)

    def random_place(self, ship, rng):
        """Put one unplaced ship at a uniformly random legal spot; False if none was found."""
        n = self.sizes[ship]
        span = SIZE - n + 1
        per = SIZE * span  # placements of one direction
        for _ in range(_RETRIES):
            k = rng.below(2 * per)
            vertical = k >= per
            k %= per
            if vertical:
                row, col = k // SIZE, k % SIZE
            else:
                row, col = k // span, k % span
            if self.check(ship, row, col, vertical) == OK:
                self._put(ship, row * SIZE + col, vertical)
                return True
        return False

    def shuffle(self, rng):
        """Place the whole fleet anew, each ship in turn uniformly among its legal spots."""
        while True:
            self.clear()
            ok = True
            for s in range(len(self.sizes)):
                if not self.random_place(s, rng):
                    ok = False
                    break
            if ok:
                return

    # -- shots -----------------------------------------------------------
    def receive(self, cell):
        """A shot lands: (HIT or MISS, index of the ship it sank or -1). Repeats are refused."""
        if not 0 <= cell < CELLS:
            raise Refused(OFF_GRID)
        if self.shots[cell]:
            raise Refused(REPEAT)
        self.shots[cell] = 1
        o = self.occ[cell]
        if not o:
            return MISS, -1
        s = o - 1
        self.hits[s] += 1
        return HIT, (s if self.hits[s] == self.sizes[s] else -1)

    def sunk(self, ship):
        return self.hits[ship] >= self.sizes[ship]

    def afloat(self):
        n = 0
        for s in range(len(self.sizes)):
            if self.hits[s] < self.sizes[s]:
                n += 1
        return n

    def defeated(self):
        return self.afloat() == 0

    # -- saving ----------------------------------------------------------
    def to_bytes(self):
        """Positions then the shot grid as 13 bytes of bits: 5 + 13 bytes for the standard fleet."""
        bits = bytearray(13)
        for c in range(CELLS):
            if self.shots[c]:
                bits[c >> 3] |= 1 << (c & 7)
        return bytes(self.pos) + bytes(bits)

    def load(self, data):
        """Restore from to_bytes(); returns the number of bytes used."""
        n = len(self.sizes)
        self.clear()
        for s in range(n):
            p = data[s]
            if p != _UNPLACED:
                c = p & 0x7F
                if self.check(s, c // SIZE, c % SIZE, p & _VERT) or c >= CELLS:
                    raise ValueError("bad fleet")
                self._put(s, c, p & _VERT)
        for c in range(CELLS):
            self.shots[c] = (data[n + (c >> 3)] >> (c & 7)) & 1
        for s in range(n):
            self.hits[s] = 0
        for c in range(CELLS):
            if self.shots[c] and self.occ[c]:
                self.hits[self.occ[c] - 1] += 1
        return n + 13

    def hit_at(self, cell):
        return HIT if self.occ[cell] else MISS
