"""Link battle's screens in the battle and at its end, for catalogs.battleship_cable. Loaded only by the
catalogue."""

from battleship.cable.game import CHEAT, FORFEIT, ME, OVER, PEER, VERIFIED, W_REPEAT, W_SAID_MISS
from battleship.cable.ui import stage
from battleship.fleet import Fleet
from battleship.rules import SALVO
from catalogs.battleship_cable import _battle, _play, _session, _ship_cells
from core.prng import Rng
from link.commit import C_ANSWER, C_ILLEGAL, C_PROTOCOL, C_SUNK_HIDDEN
from link.match import ST_UNPLUGGED


def screens(app):
    stage("battleship.cable.battle")

    s = _session()
    _play(s, -1)
    s.g.peer.got = 3
    yield "wait_fleet", _battle(s)

    s = _session()
    peer = _play(s, ME, mine=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), theirs=(44, 45))
    b = _battle(s)
    b.news = 1
    yield "your_turn", b

    s = _session()
    peer = _play(s, ME, mine=(11, 12, 13))
    peer_hits = _ship_cells(peer, (0,))
    for c in peer_hits:
        if peer.shots[c]:
            continue
        hit, sunk = peer.receive(c)
        s.g.peer.answered[c] = 1
        s.g.last_mine = (c, hit, sunk + 1)
        s.g._note(c, hit, sunk + 1)
    b = _battle(s)
    b.news = 1
    yield "you_sank_carrier", b

    s = _session(variant=SALVO)
    _play(s, ME, mine=(20, 21, 22, 23), theirs=(50, 51, 52))
    s.g.shots_left = 2
    b = _battle(s)
    b.news = 1
    yield "salvo_two_left", b

    s = _session()
    _play(s, ME, mine=(30, 31))
    s.g.aim = 55
    yield "firing", _battle(s)

    s = _session()
    own = Fleet(True)
    own.shuffle(Rng(7))
    boat = own.ship_cells(4)  # the patrol boat, sunk by their last shot
    _play(s, PEER, mine=(60, 61, 62), theirs=[c for c in range(0, 30, 3) if c not in boat] + boat)
    b = _battle(s, 1)  # our grid
    b.news = 2
    yield "their_turn_sank_ours", b

    s = _session(ST_UNPLUGGED)
    _play(s, PEER, mine=(70,), theirs=(71,))
    yield "cable_unplugged", _battle(s)

    s = _session()
    _play(s, ME, mine=(80, 81))
    s.g.aim = 82
    s.g.slow = True
    yield "waiting_other", _battle(s)

    s = _session()
    _play(s, -1, mine=(90,))
    s.g.phase = OVER
    yield "checking", _battle(s)

    yield "paused", stage("battleship.cable.battle").Paused(_session())
    b = None
    End = stage("battleship.cable.end").End

    for name, winner in (("verified_win", ME), ("verified_lose", PEER)):
        s = _session()
        peer = _play(s, -1, mine=range(0, 100, 3), theirs=range(1, 100, 4))
        g = s.g
        g.phase = VERIFIED
        g.winner = winner
        g.peer_map = bytes(peer.occ)
        yield name, End(s)
    e = End(s)
    e.view = 1  # ours
    yield "verified_own", e
    e = End(s)
    e.leaving = True
    yield "verified_sending", e

    for name, cheat in (
        ("cheat_said_miss", (C_ANSWER, 34, W_SAID_MISS)),
        ("cheat_illegal", (C_ILLEGAL, -1, 3)),
        ("cheat_hidden_sinking", (C_SUNK_HIDDEN, 99, 0)),
        ("cheat_shot_twice", (C_PROTOCOL, 9, W_REPEAT)),
    ):
        s = _session()
        s.g.phase = CHEAT
        s.g.cheat = cheat
        yield name, End(s)
    s = _session()
    s.g.phase = FORFEIT
    s.g.winner = ME
    yield "forfeit", End(s)
