"""Battleship and Salvo screens in representative states, for the layout
tests and the PNG review (python -m host_tools.sim.screens battleship). Loaded only
by battleship.ui.catalog(), never during a game."""

from battleship.battle import CPU_FIRES, END, OWN, Battle, Paused
from battleship.engine import CPU, PLAYER, Game
from battleship.place import Placement
from battleship.rules import CLASSIC, MEDIUM, SALVO
from battleship.ui import LevelMenu
from battleship.view import ship_index, words
from core.compat import load


def _game(variant=CLASSIC, seed=7, level=MEDIUM):
    g = Game(level=level, variant=variant, seed=seed, first=PLAYER)
    g.shuffle()
    g.start()
    return g


def _misses(g, n, skip=0):
    """n cells of the CPU's ocean with no ship, from the top left."""
    occ = g.fleets[CPU].occ
    out = []
    for c in range(100):
        if not occ[c] and not g.fleets[CPU].shots[c]:
            if skip:
                skip -= 1
            else:
                out.append(c)
                if len(out) == n:
                    break
    return out


def _shoot(g, cells, cpu=True):
    """The player fires at cells, the CPU answering each turn; the last answer."""
    last = None
    for c in cells:
        if g.turn == CPU and cpu:
            g.cpu_turn()
        if g.turn == PLAYER and not g.fleets[CPU].shots[c]:
            last = (c,) + g.fire(c // 10, c % 10)
    return last


def _told(b, last):
    """Show the answer to the player's last shot."""
    b.news = 1
    b.news_cell, b.news_hit, b.news_sunk = last[0], last[1], ship_index(last[2])
    return b


def screens(app):
    yield "level", LevelMenu(SALVO, "hard")

    g = Game(level=MEDIUM, seed=7)
    g.shuffle()
    yield "place_menu", Placement(g)

    p = Placement(Game(level=MEDIUM, seed=7))
    p.g.place(0, 2, 1, False)
    p.hand.take(1)
    p.hand.move(2, 3, p.hand.vert)
    yield "place_overlap", p

    p = Placement(Game(level=MEDIUM, seed=7, touching=False))
    p.g.place(0, 2, 1, False)
    p.g.place(1, 5, 6, True)
    p.hand.take(2)
    p.hand.move(6, 3, p.hand.vert)
    yield "place_touching", p

    p = Placement(Game(level=MEDIUM, seed=7))
    p.hand.take(0)
    p.hand.move(7, 8, True)
    yield "place_off", p

    g = _game()
    bs = g.fleets[CPU].ship_cells(1)
    _shoot(g, _misses(g, 6) + bs[:2])
    b = Battle(g)
    b.state = CPU_FIRES
    b.cpu_shot(app, quiet=True)  # the CPU's answer, then your turn
    b.to_aim(app)
    b.cur = 57
    b.coord = "F-8"
    yield "aim", b
    c = Battle(g)
    c.cur = 99
    c.coord = "J-10"
    yield "aim_corner", c

    g = _game(SALVO, seed=11)
    ds = g.fleets[CPU].ship_cells(4)
    _shoot(g, _misses(g, 9) + ds)
    while g.turn == PLAYER:  # finish this salvo
        _shoot(g, _misses(g, 1), cpu=False)
    g.cpu_turn()
    # two shots of this salvo fired: three left
    last = _shoot(g, _misses(g, 2, skip=3), cpu=False)
    b = _told(Battle(g), last)
    b.salvo = g.shots_for(PLAYER)
    b.cur = 33
    b.coord = "D-4"
    yield "salvo", b

    g = _game(seed=3)
    ds = g.fleets[CPU].ship_cells(2)
    last = _shoot(g, _misses(g, 4) + ds)
    yield "sunk", _told(Battle(g), last)

    g = _game(seed=5)
    _shoot(g, _misses(g, 15))
    g.cpu_turn()
    b = Battle(g)
    b.view = OWN
    yield "fleet", b

    g = _game(seed=5)
    _shoot(g, _misses(g, 12))
    b = Battle(g)
    b.state = CPU_FIRES
    b.view = OWN
    b.cpu_shot(app, quiet=True)
    yield "cpu", b

    g = _game(seed=9)
    cells = []
    for s in range(5):
        cells += g.fleets[CPU].ship_cells(s)
    last = _shoot(g, _misses(g, 20) + cells)
    b = _told(Battle(g), last)
    b.state = END
    yield "win", b

    g = _game(seed=9)
    while g.winner < 0:
        if g.turn == CPU:
            g.cpu_turn()
        else:
            _shoot(g, _misses(g, 1), cpu=False)
    b = Battle(g)
    b.state = END
    yield "lose", b
    b = Battle(g)
    b.state = END
    b.view = OWN
    yield "lose_fleet", b

    yield "paused", Paused(Battle(_game()))
    help_pages = load("battleship.help")._PAGES
    for k in range(len(help_pages)):  # the pause menu's help (loaded with its first page, as in play)
        yield "help_%d" % (k + 1), load("battleship.help").Help(k)


def catalog(app):
    words()
    return screens(app)
