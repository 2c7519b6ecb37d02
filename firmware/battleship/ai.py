"""CPU opponents for Battleship: the easy and medium levels, and make_ai/load_ai for every
level (the hard one, battleship.ai_hard, is imported only when a game needs it).

    ai = make_ai(level, rng, touching=True)
    cell = ai.next_shot()              # a cell never shot before (row * 10 + col)
    ai.observe(cell, result, sunk)     # result HIT/MISS, sunk = ship index or -1
    cells = ai.salvo(n)                # n shots chosen before any is answered
    data = ai.to_bytes(); ai2 = load_ai(data, rng, touching)

What every level knows and how it learns from answers: battleship.shooter.
"""

from battleship.rules import CELLS, EASY, HARD, MEDIUM, SHIP_SIZES, SIZE
from battleship.shooter import UNKNOWN, Shooter


def _odd(cell):
    return (cell // SIZE + cell % SIZE) & 1


class EasyAI(Shooter):
    """Random shots, never the same cell twice."""

    level = EASY

    def next_shot(self):
        return self.random_unknown()


class MediumAI(Shooter):
    """Hunt at random on a checkerboard, then target: shoot next to a hit until its ship sinks."""

    level = MEDIUM

    def next_shot(self):
        known = self.known
        hits = self.open_hits()
        if hits:
            # target: any unshot neighbour of a hit not yet known to be sunk
            near = []
            for h in hits:
                r, c = h // SIZE, h % SIZE
                for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < SIZE and 0 <= cc < SIZE and known[rr * SIZE + cc] == UNKNOWN:
                        near.append(rr * SIZE + cc)
            if near:
                return self.rng.choice(near)
        # hunt: only the "black squares" (row + column even); every ship covers one
        n = 0
        for c in range(CELLS):
            if known[c] == UNKNOWN and not _odd(c):
                n += 1
        if not n:
            return self.random_unknown()
        k = self.rng.below(n)
        for c in range(CELLS):
            if known[c] == UNKNOWN and not _odd(c):
                if not k:
                    return c
                k -= 1


def make_ai(level, rng, touching=True, habits=None, sizes=SHIP_SIZES):
    """A fresh shooter of the given level; the hard level learns from `habits` if given."""
    if level == EASY:
        return EasyAI(rng, touching, sizes)
    if level == MEDIUM:
        return MediumAI(rng, touching, sizes)
    if level == HARD:
        from battleship.ai_hard import HardAI

        return HardAI(rng, touching, sizes, habits)
    raise ValueError("no such level")


def load_ai(data, rng, touching=True, sizes=SHIP_SIZES):
    """A shooter restored from to_bytes(); rng is reseeded from the saved state."""
    level = data[0]
    if level == HARD:
        from battleship.ai_hard import HardAI

        ai = HardAI(rng, touching, sizes, None)
    elif level in (EASY, MEDIUM):
        ai = make_ai(level, rng, touching, None, sizes)
    else:
        raise ValueError("bad level")
    ai.load(data)
    return ai

