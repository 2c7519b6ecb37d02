"""Game positions for the Torpedo Attack screen catalogues (tests and
host_tools.sim.screens only): seeded games played forward by a fixed rule."""

from torpedo.engine import Game
from torpedo.rules import FIRE, LOCATE, OVER, SHOOTOUT, WINDOW


def hit_frame(d):
    for f in range(WINDOW):
        if d.hit(f):
            return f
    return 0


def miss_frame(d):
    for f in range(WINDOW):
        if not d.hit(f):
            return f
    return 0


def play(g, until, limit=400):
    """Both players: calls in a fixed order, every second torpedo hits; stop when until(g)."""
    order = [(c * 37) % 100 for c in range(100)]
    n = 0
    k = 0
    while not until(g) and g.phase != OVER and n < limit:
        n += 1
        if g.phase == LOCATE:
            marks = g.marks[g.turn]
            for c in order:
                if not marks[c]:
                    g.call(c)
                    break
        elif g.phase == FIRE or g.phase == SHOOTOUT:
            k += 1
            d = g.drift()
            g.fire(hit_frame(d) if k % 2 else miss_frame(d))
    return g


def game(seed=7, level=1):
    g = Game(seed, level, first=0, cpu=(False, False))
    g.shuffle_fleet(0)
    g.shuffle_fleet(1)
    g.start()
    return g
