"""How much could the hard CPU gain by looking one shot ahead? A measurement, not firmware.

    python docs/review/issue-31/headroom_probe.py LO HI OUT.json [SEED]   # games LO..HI-1
    python docs/review/issue-31/headroom_probe.py --report OUT.json [OUT2.json ...]

At every 6th move of games the hard CPU plays against exactly uniform fleets
(host_tools.bench.ai.exact_fleet), it estimates for its five best-ranked cells c
    Q(c) = E[shots to sink the fleet | fire at c now, then play as the hard CPU does]
by playing the game out against fleets drawn from the posterior (every fleet that
fits every answer so far, equally likely). The draws are a Markov chain (move one
ship to a uniformly random spot, kept if every answer still fits) started at the
true fleet: the true fleet is itself an exact posterior draw, so the chain is
stationary from its first step and needs no burn-in. Every candidate is played
out against the same fleets and the same random stream (paired).

The report: the cell one-step rollout would pick is chosen on the first block of
draws (A) and scored on a second block (B) drawn after a long gap, so that the
choice cannot be scored on the draws it was chosen by (interleaving A and B, the
chain's correlation made a gain of 0.036 shots a decision out of nothing). The
gain per decision times ~44 decisions a game is what one-step rollout over the
top five cells would save a game, to first order.
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, ROOT)  # run as a script from anywhere: the checkout's host_tools

from host_tools.bench.ai import exact_fleet, game_seeds  # noqa: E402  (puts firmware/ on the path)

# isort: split
from battleship.ai_hard import _ODD, HardAI  # noqa: E402
from battleship.rules import CELLS, HIT, MISS, SHIP_SIZES, SIZE  # noqa: E402
from core.prng import Rng  # noqa: E402

K_CANDS, BLOCK, THIN, GAP, EVERY = 5, 80, 40, 2000, 6

SPOTS = {}
for _n in set(SHIP_SIZES):
    SPOTS[_n] = [
        tuple((s + i) * SIZE + line if v else line * SIZE + s + i for i in range(_n))
        for v in (0, 1)
        for line in range(SIZE)
        for s in range(SIZE - _n + 1)
    ]


def ranked(ai):
    """[(score, cell)] best first, scored exactly as HardAI.next_shot scores them."""
    known, D = ai.known, ai.D
    target = ai.open and ai._target()
    if target:
        T = ai.T
        top_t = max(T[c] for c in range(CELLS) if not known[c])
        top_d = max(D[c] for c in range(CELLS) if not known[c])
        sh_t = sh_d = 0
        while top_t >> sh_t >= 2048:
            sh_t += 1
        while top_d >> sh_d >= 1024:
            sh_d += 1
        top_t >>= sh_t
        top_d >>= sh_d
    out = []
    for c in range(CELLS):
        if known[c]:
            continue
        if target:
            v = ((T[c] >> sh_t) * top_d << 3) + (D[c] >> sh_d) * top_t
        else:
            v = (D[c] << 3) - (D[c] if _ODD[c] != ai.parity else 0)
        out.append((v, c))
    out.sort(reverse=True)
    return out


def clone(ai):
    b = object.__new__(HardAI)
    for k, v in ai.__dict__.items():
        b.__dict__[k] = v[:] if isinstance(v, (list, bytearray)) else v
    b.rng = Rng(1)
    b.rng.setstate(ai.rng.getstate())
    return b


class SimFleet:
    """A drawn fleet answering shots (cells already shot count as hit)."""

    def __init__(self, ships, shot):
        self.owner = [-1] * CELLS
        self.left = []
        for s, cells in enumerate(ships):
            for c in cells:
                self.owner[c] = s
            self.left.append(sum(1 for c in cells if c not in shot))
        self.afloat = sum(1 for k in self.left if k)

    def receive(self, c):
        s = self.owner[c]
        if s < 0:
            return MISS, -1
        self.owner[c] = -1
        self.left[s] -= 1
        if not self.left[s]:
            self.afloat -= 1
            return HIT, s
        return HIT, -1


class Chain:
    """Fleets that fit the answers: misses empty, hits covered, each sunk ship wholly hit by
    its sinking shot (which is one of its cells), each ship afloat not wholly hit."""

    def __init__(self, ships, hist, rng):
        self.ships = list(ships)
        self.rng = rng
        self.t, self.miss, self.sink = {}, set(), {}
        for t, (c, r, s) in enumerate(hist):
            self.t[c] = t
            if r != HIT:
                self.miss.add(c)
            if s >= 0:
                self.sink[s] = (t, c)

    def fits(self, s, cells, occ):
        for c in cells:
            if c in self.miss or occ[c]:
                return False
        if s in self.sink:
            ts, cs = self.sink[s]
            return cs in cells and all(c in self.t and self.t[c] <= ts for c in cells)
        return not all(c in self.t for c in cells)

    def step(self, n):
        ships, rng = self.ships, self.rng
        occ = bytearray(CELLS)
        for cells in ships:
            for c in cells:
                occ[c] = 1
        for _ in range(n):
            s = rng.below(len(ships))
            old = ships[s]
            new = SPOTS[len(old)][rng.below(len(SPOTS[len(old)]))]
            for c in old:
                occ[c] = 0
            ok = self.fits(s, new, occ) and all(c not in self.t or c in self.miss or c in new for c in old)
            if ok:
                ships[s] = new
            for c in ships[s]:
                occ[c] = 1


def play_out(ai, fleet, first):
    b = clone(ai)
    shots, c = 0, first
    while True:
        r, s = fleet.receive(c)
        b.observe(c, r, s)
        shots += 1
        if not fleet.afloat:
            return shots
        c = b.next_shot()


def probe(lo, hi, seed, out):
    recs = []
    for g in range(lo, hi):
        ps, ais = game_seeds(seed, g, 0)
        ships = [
            tuple((r + i) * SIZE + c if v else r * SIZE + c + i for i in range(n))
            for (r, c, v), n in zip(exact_fleet(Rng(ps), True), SHIP_SIZES)
        ]
        ai = HardAI(Rng(ais))
        fleet = SimFleet(ships, set())
        hist, move, crng = [], 0, Rng(ps ^ 0x1234567)
        while fleet.afloat:
            if move % EVERY == g % EVERY:
                full = ranked(ai)
                top = full[:K_CANDS]
                # ranked() copies the firmware's scoring: the firmware's shot must be one of its best
                assert clone(ai).next_shot() in [c for v, c in full if v == full[0][0]], "ranked() drifted"
                ch = Chain(ships, hist, crng)
                shot = set(ch.t)
                q = [[] for _ in top]
                for j in range(2 * BLOCK):
                    ch.step(GAP if j == BLOCK else THIN)
                    st = ai.rng.getstate()
                    for i, (_v, c) in enumerate(top):
                        q[i].append(play_out(ai, SimFleet(ch.ships, shot), c))
                    ai.rng.setstate(st)
                recs.append(
                    {
                        "g": g,
                        "move": move,
                        "target": bool(ai.open),
                        "afloat": sum(ai.afloat),
                        "vals": [v for v, c in top],
                        "Q": q,
                    }
                )
            c = ai.next_shot()
            r, s = fleet.receive(c)
            ai.observe(c, r, s)
            hist.append((c, r, s))
            move += 1
        with open(out, "w") as f:
            json.dump(recs, f)


def _mean(x):
    return sum(x) / len(x)


def report(files):
    rows = []
    for fn in files:
        with open(fn) as f:
            recs = json.load(f)
        for r in recs:
            q, vals = r["Q"], r["vals"]
            tied = [i for i, v in enumerate(vals) if v == vals[0]]  # the CPU draws among these
            greedy = [_mean([q[i][j] for i in tied]) for j in range(len(q[0]))]
            gains = []
            for a, b in ((0, 1), (1, 0)):
                A = range(a * BLOCK, a * BLOCK + BLOCK)
                B = range(b * BLOCK, b * BLOCK + BLOCK)
                best = min(range(len(q)), key=lambda i: _mean([q[i][j] for j in A]))
                if _mean([q[best][j] for j in A]) >= _mean([greedy[j] for j in A]):
                    gains.append(0.0)
                else:
                    gains.append(_mean([greedy[j] - q[best][j] for j in B]))
            alt = [_mean([greedy[j] - q[i][j] for j in range(len(q[0]))]) for i in range(1, len(q))]
            rows.append((r["target"], _mean(gains), alt))
    for name, sel in (("all", lambda t: True), ("hunting", lambda t: not t), ("targeting", lambda t: t)):
        x = [g for t, g, a in rows if sel(t)]
        m = _mean(x)
        se = (sum((y - m) ** 2 for y in x) / (len(x) - 1) / len(x)) ** 0.5
        line = "%-9s states %5d  one-step rollout gain %+.4f +- %.4f shots a decision" % (name, len(x), m, se)
        for k in range(4):
            ak = [a[k] for t, g, a in rows if sel(t) and len(a) > k]
            line += "  rank%d %+.3f" % (k + 1, _mean(ak))
        print(line)


if __name__ == "__main__":
    if sys.argv[1] == "--report":
        report(sys.argv[2:])
    else:
        probe(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[4]) if len(sys.argv) > 4 else 7, sys.argv[3])
