"""The hard CPU level: a probability model over the placements of the ships still afloat.

Every answer is used. Misses, known water and the cells of sunk ships block
placements; a sunk ship's name removes its size from the fleet still to
find; open hits (not yet explained by a sink) pull the search onto the
placements that cover them, and a placement whose cells are all hits is
ruled out (that ship would have been announced sunk).

Hunting: each cell scores the weighted count of legal placements of every
ship afloat that cover it, 7/8 of it off this game's checkerboard colour.
The table D of those counts is kept incrementally: a miss only changes
placements in its own row and column.
Targeting: placements that cover open hits are scored afresh each move
(only a few dozen), each worth its prior chance (its weight over the total
weight of its ship's legal placements) times C**(hits covered - 1); a cell
adds 1/8 of its hunting count, as other ships may lie next to the hits.

Placements are tested as 10-bit row and column masks; all sums stay far
below 2**30 and the hot loops allocate nothing. Placement weights come from
battleship.habits (the opponent's learnt habits), uniform by default.
Every weight is at most 255, so D stays below 2**17 and the target scores
(chance of a placement times 2**14 times C**(hits - 1)) below 2**26.
"""

from battleship.habits import CLASSES, ONE, placement_class
from battleship.rules import CELLS, HARD, SHIP_SIZES, SIZE
from battleship.shooter import K_HIT, K_MISS, K_PENDING, K_SUNK, K_WATER, Shooter
from core.compat import const

_C = const(8)  # a placement covering one more open hit is worth this many times more
_POW = (0, 1, _C, _C * _C, _C * _C * _C, _C * _C * _C * _C)

_POP = bytearray(1 << SIZE)  # popcount of a 10-bit mask
for _i in range(1, 1 << SIZE):
    _POP[_i] = _POP[_i >> 1] + (_i & 1)

# Checkerboard colour of each cell. Hunting prefers one colour (every ship covers
# both): off it a cell's count is worth 7/8, which measured about 0.4 shots a game.
_ODD = bytes((i // SIZE + i % SIZE) & 1 for i in range(CELLS))

_BLOCKING = (K_MISS, K_SUNK, K_WATER, K_PENDING)


_last = [None, None]  # type: list  # (multipliers, weights) of the last table built


def placement_weights(mult):
    """bytearray(1200) of placement weights from the battleship.habits class multipliers.

    Index ((size * 2 + vertical) * 100 + line * 10 + start). Weights are scaled
    so the most likely class weighs 255 (only ratios matter), and are at least 1.
    The last table is kept (read-only) for the next game with the same habits.
    """
    if _last[0] == mult:
        return _last[1]
    top = max(mult)
    wt = bytearray(1200)
    for n in range(2, 6):
        for v in (0, 1):
            for line in range(SIZE):
                for s in range(SIZE - n + 1):
                    cells = [(s + i) * SIZE + line if v else line * SIZE + s + i for i in range(n)]
                    m = mult[placement_class(cells)]
                    wt[(n * 2 + v) * 100 + line * SIZE + s] = max(1, m * 255 // top)
    _last[0], _last[1] = bytes(mult), wt
    return wt


class HardAI(Shooter):
    level = HARD

    def __init__(self, rng, touching=True, sizes=SHIP_SIZES, habits=None):
        super().__init__(rng, touching, sizes)
        self.rowb = [0] * SIZE  # blocked cells (miss, water, sunk, pending) by row
        self.colb = [0] * SIZE  # ... and by column
        self.hitr = [0] * SIZE  # open hits by row
        self.hitc = [0] * SIZE  # ... and by column
        self.open = []  # open hit cells
        self.D = [0] * CELLS  # weighted count of legal placements covering each cell
        self.T = [0] * CELLS  # scratch: target scores
        self.cnt = bytearray(6)  # ships afloat of each size
        self.N = [0] * 6  # total weight of the legal placements of each size afloat
        self.tests = 0  # placement tests done (the move cost the bench reports)
        self.mult = habits.multipliers() if habits else bytes([ONE] * CLASSES)
        self.wt = placement_weights(self.mult)
        self.parity = rng.below(2)  # the checkerboard colour this game hunts on
        self._rebuild()

    # -- state kept in step with the knowledge grid ------------------------
    def _rebuild(self):
        """Recompute every derived table from self.known and self.afloat."""
        for i in range(SIZE):
            self.rowb[i] = self.colb[i] = self.hitr[i] = self.hitc[i] = 0
        self.open = []
        for c in range(CELLS):
            k = self.known[c]
            r, col = c // SIZE, c % SIZE
            if k in _BLOCKING:
                self.rowb[r] |= 1 << col
                self.colb[col] |= 1 << r
            elif k == K_HIT:
                self.open.append(c)
                self.hitr[r] |= 1 << col
                self.hitc[col] |= 1 << r
        for n in range(6):
            self.cnt[n] = 0
        for s in range(len(self.sizes)):
            if self.afloat[s]:
                self.cnt[self.sizes[s]] += 1
        D = self.D
        for c in range(CELLS):
            D[c] = 0
        for n in range(2, 6):
            self.N[n] = self._add_all(n, self.cnt[n]) if self.cnt[n] else 0

    def _add_all(self, n, k):
        """Add k times the weight of every legal placement of size n to D; returns their
        total weight."""
        D, wt = self.D, self.wt
        m0 = (1 << n) - 1
        span = SIZE - n + 1
        total = 0
        self.tests += 2 * SIZE * span
        for v in (0, 1):
            masks = self.colb if v else self.rowb
            step = SIZE if v else 1
            for line in range(SIZE):
                B = masks[line]
                wbase = (n * 2 + v) * 100 + line * SIZE
                for s in range(span):
                    if not (B >> s) & m0:
                        w = wt[wbase + s]
                        total += w
                        w *= k
                        i = s * SIZE + line if v else line * SIZE + s
                        for _ in range(n):
                            D[i] += w
                            i += step
        return total

    def _block(self, cell, sign):
        """Placements through cell leave (sign -1) or rejoin (+1) D; its bit must be clear."""
        r, c = cell // SIZE, cell % SIZE
        D, wt, cnt = self.D, self.wt, self.cnt
        R, Cm = self.rowb[r], self.colb[c]
        for n in range(2, 6):
            k = cnt[n]
            if not k:
                continue
            m0 = (1 << n) - 1
            k *= sign
            gone = 0
            # horizontal placements in row r through column c
            s, e = max(0, c - n + 1), min(c, SIZE - n)
            self.tests += e - s + 1
            wbase = n * 200 + r * SIZE
            while s <= e:
                if not (R >> s) & m0:
                    w = wt[wbase + s]
                    gone += w
                    w *= k
                    i = r * SIZE + s
                    for _ in range(n):
                        D[i] += w
                        i += 1
                s += 1
            # vertical placements in column c through row r
            s, e = max(0, r - n + 1), min(r, SIZE - n)
            self.tests += e - s + 1
            wbase = n * 200 + 100 + c * SIZE
            while s <= e:
                if not (Cm >> s) & m0:
                    w = wt[wbase + s]
                    gone += w
                    w *= k
                    i = s * SIZE + c
                    for _ in range(n):
                        D[i] += w
                        i += SIZE
                s += 1
            self.N[n] += gone if sign > 0 else -gone

    def _set(self, cell, state):
        old = self.known[cell]
        self.known[cell] = state
        r, c = cell // SIZE, cell % SIZE
        if old == K_HIT:
            self.open.remove(cell)
            self.hitr[r] &= ~(1 << c)
            self.hitc[c] &= ~(1 << r)
        blocked_before = old in _BLOCKING
        blocked_now = state in _BLOCKING
        if blocked_now and not blocked_before:
            self._block(cell, -1)
            self.rowb[r] |= 1 << c
            self.colb[c] |= 1 << r
        elif blocked_before and not blocked_now:
            self.rowb[r] &= ~(1 << c)
            self.colb[c] &= ~(1 << r)
            self._block(cell, 1)
        if state == K_HIT:
            self.open.append(cell)
            self.hitr[r] |= 1 << c
            self.hitc[c] |= 1 << r

    def _sunk(self, ship):
        n = self.sizes[ship]
        self.cnt[n] -= 1
        self._add_all(n, -1)  # that ship's placements leave the table
        if not self.cnt[n]:
            self.N[n] = 0
        super()._sunk(ship)

    # -- choosing --------------------------------------------------------
    def _target(self):
        """Score placements through open hits into T; False if none is legal."""
        T, wt, cnt, N = self.T, self.wt, self.cnt, self.N
        for i in range(CELLS):
            T[i] = 0
        found = False
        for h in self.open:
            r, c = h // SIZE, h % SIZE
            R, H = self.rowb[r], self.hitr[r]
            Cm, V = self.colb[c], self.hitc[c]
            below_c = (1 << c) - 1
            below_r = (1 << r) - 1
            for n in range(2, 6):
                k = cnt[n]
                if not k or not N[n]:
                    continue
                # w * f >> 8 is k * 2**14 times the prior chance of that placement
                f = (k << 22) // N[n]
                m0 = (1 << n) - 1
                s, e = max(0, c - n + 1), min(c, SIZE - n)
                self.tests += e - s + 1
                wbase = n * 200 + r * SIZE
                while s <= e:
                    m = m0 << s
                    # legal, and counted once: at the first open hit it covers
                    if not R & m and not H & m & below_c:
                        got = _POP[(H & m) >> s]
                        if got < n:
                            w = ((wt[wbase + s] * f) >> 8) * _POW[got]
                            i = r * SIZE + s
                            for _ in range(n):
                                T[i] += w
                                i += 1
                            found = True
                    s += 1
                s, e = max(0, r - n + 1), min(r, SIZE - n)
                self.tests += e - s + 1
                wbase = n * 200 + 100 + c * SIZE
                while s <= e:
                    m = m0 << s
                    if not Cm & m and not V & m & below_r:
                        got = _POP[(V & m) >> s]
                        if got < n:
                            w = ((wt[wbase + s] * f) >> 8) * _POW[got]
                            i = s * SIZE + c
                            for _ in range(n):
                                T[i] += w
                                i += SIZE
                            found = True
                    s += 1
        return found

    def next_shot(self):
        known, D = self.known, self.D
        target = self.open and self._target()
        if target:
            # chance through the open hits, plus 1/8 of the hunting count (other ships
            # may lie next to the hits too), each scaled to its own maximum
            T = self.T
            top_t = top_d = 0
            for c in range(CELLS):
                if not known[c]:
                    top_t = max(top_t, T[c])
                    top_d = max(top_d, D[c])
            sh_t = sh_d = 0
            while top_t >> sh_t >= 2048:
                sh_t += 1
            while top_d >> sh_d >= 1024:
                sh_d += 1
            top_t >>= sh_t
            top_d >>= sh_d
        best = -1
        ties = 0
        pick = -1
        par = self.parity
        for c in range(CELLS):
            if known[c]:
                continue
            if target:
                v = ((T[c] >> sh_t) * top_d << 3) + (D[c] >> sh_d) * top_t
            else:
                v = D[c] << 3
                if _ODD[c] != par:
                    v -= D[c]  # off this game's checkerboard colour: 7/8
            if v > best:
                best, pick, ties = v, c, 1
            elif v == best:
                ties += 1
                if not self.rng.below(ties):
                    pick = c
        if pick < 0 or best <= 0:
            return self.random_unknown()  # answers that fit no fleet: shoot anywhere new
        return pick

    # -- saving ----------------------------------------------------------
    def _extra_bytes(self):
        return bytes(self.mult) + bytes((self.parity,))

    def load(self, data):
        i = super().load(data)
        self.mult = bytes(data[i : i + CLASSES])
        self.parity = data[i + CLASSES] & 1
        self.wt = placement_weights(self.mult)
        self._rebuild()
        return i + CLASSES + 1
