"""What a CPU shooter knows: the base of every CPU level (battleship.ai, battleship.ai_hard).

A shooter sees only what a player may see: its own shots and their answers
(hit or miss, and the name of a ship when its last cell is hit). It never
sees the opponent's fleet. Every level has the same small API, so Torpedo
Attack and the link game can reuse it as a "search object":

    ai = make_ai(level, rng, touching=True)
    cell = ai.next_shot()              # a cell never shot before (row * 10 + col)
    ai.observe(cell, result, sunk)     # result HIT/MISS, sunk = ship index or -1
    cells = ai.salvo(n)                # n shots chosen before any is answered
    data = ai.to_bytes(); ai2 = load_ai(data, rng, touching)

make_ai and load_ai are in battleship.ai with the easy and medium levels; the hard
level (a probability model over ship placements) is in battleship.ai_hard.
"""

from battleship.rules import CELLS, HIT, SHIP_SIZES, SIZE
from core.compat import const

# What a shooter knows of each cell
UNKNOWN = const(0)
K_MISS = const(1)
K_HIT = const(2)  # hit, ship not yet known to be sunk
K_SUNK = const(3)  # hit, and surely part of a sunk ship
K_WATER = const(4)  # never shot, but known empty (no-touching rule, next to a sunk ship)
K_PENDING = const(5)  # chosen for a salvo, answer not yet in

_MAX_NODES = const(400)  # bound on the search that works out which hits a sunk ship covered


class Shooter:
    """Knowledge common to every level: the shot grid, the sinks, the ships left."""

    level = -1

    def __init__(self, rng, touching=True, sizes=SHIP_SIZES):
        self.rng = rng
        self.touching = touching
        self.sizes = sizes
        self.known = bytearray(CELLS)
        self.sinks = []  # [(cell of the sinking shot, ship index)] in order
        self.afloat = bytearray(b"\x01" * len(sizes))
        self.unknown = CELLS  # cells never shot and not known to be water

    # -- answers ---------------------------------------------------------
    def observe(self, cell, result, sunk=-1):
        """Take the answer to a shot at cell."""
        k = self.known[cell]
        if k == K_WATER and result != HIT:
            # a called salvo can land on water the no-touching rule revealed meanwhile
            self._set(cell, K_MISS)
            return
        if k not in (UNKNOWN, K_PENDING):
            raise ValueError("cell already answered")
        self.unknown -= 1
        if result == HIT:
            self._set(cell, K_HIT)
            if sunk >= 0:
                self.afloat[sunk] = 0
                self.sinks.append((cell, sunk))
                self._sunk(sunk)
        else:
            self._set(cell, K_MISS)

    def _set(self, cell, state):
        # subclasses watch every change of knowledge here
        self.known[cell] = state

    def _sunk(self, ship):
        """A ship sank: mark the hits that surely belong to sunk ships (and, without
        touching, the water around them)."""
        for c in self.sunk_cells():
            if self.known[c] == K_HIT:
                self._set(c, K_SUNK)
        if not self.touching:
            for c in range(CELLS):
                if self.known[c] == K_SUNK:
                    self._halo(c)

    def _halo(self, cell):
        r, c = cell // SIZE, cell % SIZE
        for rr in range(max(r - 1, 0), min(r + 2, SIZE)):
            for cc in range(max(c - 1, 0), min(c + 2, SIZE)):
                n = rr * SIZE + cc
                if self.known[n] == UNKNOWN:
                    self.unknown -= 1
                    self._set(n, K_WATER)

    def sunk_cells(self):
        """Hit cells that belong to a sunk ship in every way the sinks can be explained."""
        hit = bytearray(CELLS)
        for c in range(CELLS):
            if self.known[c] in (K_HIT, K_SUNK):
                hit[c] = 1
        cands = []
        for cell, ship in self.sinks:
            n = self.sizes[ship]
            r, c = cell // SIZE, cell % SIZE
            opts = []
            for vertical in (0, 1):
                line = r if vertical else c
                step = SIZE if vertical else 1
                for start in range(max(0, line - n + 1), min(line, SIZE - n) + 1):
                    first = cell - (line - start) * step
                    ok = True
                    for i in range(n):
                        if not hit[first + i * step]:
                            ok = False
                            break
                    if ok:
                        opts.append((first, step, n))
            cands.append(opts)
        # Depth-first over disjoint choices; keep the cells common to every full choice.
        common = [None]  # type: list
        nodes = [0]
        used = bytearray(CELLS)

        def walk(i):
            nodes[0] += 1
            if nodes[0] > _MAX_NODES:
                return
            if i == len(cands):
                if common[0] is None:
                    common[0] = bytearray(used)
                else:
                    cm = common[0]
                    for k in range(CELLS):
                        if not used[k]:
                            cm[k] = 0
                return
            for first, step, n in cands[i]:
                free = True
                for k in range(n):
                    if used[first + k * step]:
                        free = False
                        break
                if free:
                    for k in range(n):
                        used[first + k * step] = 1
                    walk(i + 1)
                    for k in range(n):
                        used[first + k * step] = 0

        walk(0)
        if common[0] is None or nodes[0] > _MAX_NODES:
            return []  # answers that cannot all be true, or too tangled: assume nothing
        return [c for c in range(CELLS) if common[0][c]]

    # -- choosing --------------------------------------------------------
    def next_shot(self):
        raise NotImplementedError

    def salvo(self, n):
        """n distinct cells for a salvo whose answers come only after all are called."""
        n = min(n, self.unknown)
        picks = []
        for _ in range(n):
            c = self.next_shot()
            picks.append(c)
            self._pend(c, True)
        for c in picks:
            self._pend(c, False)
        return picks

    def _pend(self, cell, on):
        self._set(cell, K_PENDING if on else UNKNOWN)
        self.unknown += -1 if on else 1

    def random_unknown(self):
        """A uniformly random cell not yet shot (and not known water)."""
        k = self.rng.below(self.unknown)
        known = self.known
        for c in range(CELLS):
            if known[c] == UNKNOWN:
                if not k:
                    return c
                k -= 1
        raise ValueError("no cell left")

    def open_hits(self):
        return [c for c in range(CELLS) if self.known[c] == K_HIT]

    # -- saving ----------------------------------------------------------
    def to_bytes(self):
        """Level, knowledge (4 bits a cell), sinks and the rng: about 70 bytes."""
        out = bytearray(1 + 50 + 1 + 2 * len(self.sinks) + 8)
        out[0] = self.level
        for c in range(0, CELLS, 2):
            out[1 + c // 2] = self.known[c] | (self.known[c + 1] << 4)
        out[51] = len(self.sinks)
        i = 52
        for cell, ship in self.sinks:
            out[i] = cell
            out[i + 1] = ship
            i += 2
        z, w = self.rng.getstate()
        for v in (z, w):
            for _ in range(4):
                out[i] = v & 0xFF
                v >>= 8
                i += 1
        return bytes(out) + self._extra_bytes()

    def _extra_bytes(self):
        return b""

    def load(self, data):
        """Restore this shooter from to_bytes()."""
        if data[0] != self.level:
            raise ValueError("wrong level")
        return self._load(data)

    def _load(self, data):
        """Restore from to_bytes() (level byte already checked); returns bytes used."""
        for c in range(0, CELLS, 2):
            b = data[1 + c // 2]
            self.known[c] = b & 15
            self.known[c + 1] = b >> 4
        for c in range(CELLS):
            if self.known[c] > K_WATER:
                raise ValueError("bad knowledge")
        self.sinks = []
        self.afloat = bytearray(b"\x01" * len(self.sizes))
        i = 52
        for _ in range(data[51]):
            cell, ship = data[i], data[i + 1]
            if cell >= CELLS or ship >= len(self.sizes):
                raise ValueError("bad sink")
            self.sinks.append((cell, ship))
            self.afloat[ship] = 0
            i += 2
        st = []
        for _ in range(2):
            v = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24)
            st.append(v)
            i += 4
        self.rng.setstate((st[0], st[1]))
        self.unknown = 0
        for c in range(CELLS):
            if self.known[c] == UNKNOWN:
                self.unknown += 1
        return i
