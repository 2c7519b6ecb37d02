"""Link battle screens in representative states, for the layout tests and the PNG review
(python -m host_tools.sim.screens link_battle). Loaded only by the screen tests and that review,
never during a game: the games here are set up by hand over a stand-in link that reports what
each screen shows.
Like a game, it loads one stage's module at a time (battleship.cable.ui.stage), and its own screens
in two parts (catalogs.battleship_cable_start, catalogs.battleship_cable_play), one after the other: the
heap holds one of each."""

import gc

from battleship.cable.game import ME, PLAYING, Game, rules_bytes
from battleship.cable.ui import Session, words
from battleship.fleet import Fleet
from battleship.rules import CLASSIC, SALVO
from catalogs.stand_in import Link
from core.compat import load, unload
from core.prng import Rng
from link.commit import MyFleet, PeerFleet
from link.match import ST_OPEN


def _zero(n):
    return bytes(n)


_PEER = []  # one PeerFleet for every screen here (each new game resets it): the heap stays whole


def _session(status=ST_OPEN, variant=CLASSIC, phase=PLAYING):
    if not _PEER:
        _PEER.append(PeerFleet(bytes(8), 1))
    g = Game(Link(status, rules_bytes(SALVO, False)), _zero, variant, True, _PEER[0])
    g.phase = phase
    g.role = 0
    g.game_id = b"\x3f\x2a\x11\x22\x33\x44\x55\x66"
    s = Session(g)
    g.status = status
    return s


def _play(s, turn=ME, mine=(), theirs=(), seed=7):
    """Both fleets committed; our shots at `mine` answered from a peer fleet, theirs landed on ours."""
    g = s.g
    g.fleet.shuffle(Rng(seed))
    g.my = MyFleet(g.game_id, 0, [(i + 1, g.fleet.ship_cells(i)) for i in range(5)], _zero)
    g.parts = g.my.parts()  # every part queued
    g.peer.got = g.my.parts()
    g.first = 0
    peer = Fleet(True)
    peer.shuffle(Rng(seed + 1))
    for c in mine:
        hit, sunk = peer.receive(c)
        g.peer.answered[c] = 1
        g.last_mine = (c, hit, sunk + 1)
        g._note(c, hit, sunk + 1)
    for c in theirs:
        hit, sunk = g.fleet.receive(c)
        g.last_theirs = (c, hit, sunk + 1)
    g.turn = turn
    g.shots_left = g.shots_for(turn)
    return peer


def _ship_cells(fleet, ships):
    return [c for s in ships for c in fleet.ship_cells(s)]


def _battle(s, view=None):
    from battleship.cable import battle  # loaded by stage() before the battle's screens

    b = battle.Battle(s)
    if view is not None:
        b.view = view
    return b


def screens(app):
    for name in ("catalogs.battleship_cable_start", "catalogs.battleship_cable_play"):
        gc.collect()
        part = load(name)
        for item in part.screens(app):
            yield item
        part = None
        unload(name)


def catalog(app):
    gc.collect()
    words()
    return screens(app)
