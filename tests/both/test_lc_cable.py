"""Linked card game over the virtual cable (linkcards.wire on link.session): the game id in
HELLO, and a whole game with a pulled cable and a restart of each side, to the verified end."""

import sys

from lcduel import WireDuel
from support import skip

from linkcards.game import DONE


def test_game_ids_agree():
    from link import session
    from linkcards import wire

    assert wire.GAME_CARDS == session.GAME_CARDS == 4
    assert wire.ST_OPEN == session.ST_OPEN


def test_over_the_cable_with_a_pull_and_restarts():
    if sys.implementation.name == "micropython":
        # two handhelds, two links, the cable and this harness need about 110 KB of one 192 KB
        # heap: the restarts are tested under both (test_lc_resume), the cable under CPython
        skip("two linked handhelds do not fit one 192K heap")
    d = WireDuel(5, 0)
    d.run(60000, lambda: d.w[0].g is not None and d.w[0].g.table is not None and d.w[0].g.table.turn > 6)
    d.cable.unplug()
    d.run(4000, lambda: False)
    d.cable.plug()
    d.restart(1)
    d.run(60000, lambda: d.w[0].g.table.turn > 14)
    d.restart(0)
    d.run(900000)
    r = [(w.g.phase, w.g.winner) for w in d.w]
    assert r[0][0] == DONE and r[1][0] == DONE and r[0][1] == r[1][1], r
    assert d.w[0].g.log == d.w[1].g.log
