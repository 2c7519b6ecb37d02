"""Link battle's screens before the battle, for catalogs.battleship_cable: finding the other handheld,
the coin,
placing the fleet. Loaded only by the catalogue."""

from battleship.cable.game import COIN, PLACING
from battleship.cable.ui import stage
from catalogs.battleship_cable import _session
from link import match as lm


def screens(app):
    m = stage("battleship.cable.connect")
    Connect, Coin = m.Connect, m.Coin
    m = None
    yield "looking", Connect(_session(lm.ST_CONNECTING, phase=0))
    yield "unplugged", Connect(_session(lm.ST_UNPLUGGED, phase=0))
    yield "version", Connect(_session(lm.ST_VERSION, phase=0))
    yield "rules", Connect(_session(lm.ST_RULES, phase=0))
    s = _session(lm.ST_MISMATCH)
    yield "mismatch_new", Connect(s)
    s = _session(lm.ST_MISMATCH)
    s.g.link.peer_has_game = True
    yield "mismatch_saved", Connect(s)
    s = _session(lm.ST_MISMATCH)
    s.g.link.mismatch = lm.M_OUT_OF_STEP
    yield "out_of_step", Connect(s)
    s = _session(lm.ST_MISMATCH)
    s.g.link.mismatch = lm.M_FORGED
    yield "forged", Connect(s)  # counters our own save contradicts: named (issue 41)
    s = _session(lm.ST_MISMATCH)
    s.g.link.mismatch = lm.M_CLAIMED
    s.g.link.peer_claimed = True
    yield "claimed", Connect(s)  # the other claimed the win while we were silent
    s = _session(lm.ST_UNPLUGGED, phase=COIN)
    s.g.link.quiet = 61000
    yield "left", Connect(s)  # silent a minute where the other owes: A claims the win
    yield "peer_saved", Connect(_session(lm.ST_MISMATCH, phase=0))
    yield "syncing", Connect(_session(lm.ST_SYNCING, phase=0))
    yield "tossing", Connect(_session(lm.ST_OPEN, phase=COIN))

    s = _session(phase=PLACING)
    s.g.first = 0
    yield "coin_you_first", Coin(s)
    s = _session(phase=PLACING)
    s.g.first = 1
    yield "coin_they_first", Coin(s)
    Connect = Coin = None
    Placing = stage("battleship.cable.place").Placing
    yield "place", Placing(_session(phase=PLACING), 7)
    p = Placing(_session(phase=PLACING), 7)
    p.fleet.clear()
    p.hand.take(0)
    p.hand.move(p.hand.row, 8, p.hand.vert)
    yield "place_off_grid", p
    p = Placing(_session(phase=PLACING), 7)
    p.hand.take(3)
    yield "place_by_hand", p
