"""Link battle screens in representative states, for the layout tests and the PNG review
(python -m host_tools.screens lk_ui). Loaded only by lk_ui.catalog(), never during a game:
the games here are set up by hand over a stand-in link that reports what each screen shows."""

from bs_fleet import Fleet
from bs_rules import CLASSIC, SALVO
from link_commit import C_ANSWER, C_ILLEGAL, C_PROTOCOL, C_SUNK_HIDDEN, MyFleet, PeerFleet
from link_session import (
    M_OTHER_GAME,
    M_OUT_OF_STEP,
    ST_CONNECTING,
    ST_MISMATCH,
    ST_OPEN,
    ST_RULES,
    ST_SYNCING,
    ST_UNPLUGGED,
    ST_VERSION,
)
from lk_battle import OWN, Battle, Paused
from lk_connect import Coin, Connect
from lk_end import End
from lk_game import (
    CHEAT,
    COIN,
    FORFEIT,
    ME,
    OVER,
    PEER,
    PLACING,
    PLAYING,
    VERIFIED,
    W_REPEAT,
    W_SAID_MISS,
    LkGame,
    rules_bytes,
)
from lk_place import Placing
from lk_ui import FW, Session
from prng import Rng


class _Link:
    """Stands in for a Link: a status and the peer's details, nothing on any wire."""

    def __init__(self, status):
        self.st = status
        self.fw = FW
        self.peer_fw = (2, 5, 1)
        self.peer_version = 2
        self.peer_rules = rules_bytes(SALVO, False)
        self.mismatch = M_OTHER_GAME
        self.peer_has_game = False
        self.needs_save = False
        self.role = 0
        self.stream = bytes(8)
        self.waiting = 0

    def status(self):
        return self.st

    def unacked(self):
        return self.waiting


def _zero(n):
    return bytes(n)


_PEER = []  # one PeerFleet for every screen here (each new game resets it): the heap stays whole


def _session(status=ST_OPEN, variant=CLASSIC, phase=PLAYING):
    if not _PEER:
        _PEER.append(PeerFleet(bytes(8), 1))
    g = LkGame(_Link(status), _zero, variant, True, _PEER[0])
    g.phase = phase
    g.role = 0
    g.game_id = b"\x3f\x2a\x11\x22\x33\x44\x55\x66"
    s = Session(g)
    s.status = status
    return s


def _play(s, turn=ME, mine=(), theirs=(), seed=7):
    """Both fleets committed; our shots at `mine` answered from a peer fleet, theirs landed on ours."""
    g = s.g
    g.fleet.shuffle(Rng(seed))
    g.my = MyFleet(g.game_id, 0, [(i + 1, g.fleet.ship_cells(i)) for i in range(5)], _zero)
    g.parts_sent = g.my.parts()
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
    b = Battle(s)
    if view is not None:
        b.view = view
    return b


def screens(app):
    yield "looking", Connect(_session(ST_CONNECTING, phase=0))
    yield "unplugged", Connect(_session(ST_UNPLUGGED, phase=0))
    yield "version", Connect(_session(ST_VERSION, phase=0))
    yield "rules", Connect(_session(ST_RULES, phase=0))
    s = _session(ST_MISMATCH)
    yield "mismatch_new", Connect(s)
    s = _session(ST_MISMATCH)
    s.g.link.peer_has_game = True
    yield "mismatch_saved", Connect(s)
    s = _session(ST_MISMATCH)
    s.g.link.mismatch = M_OUT_OF_STEP
    yield "out_of_step", Connect(s)
    yield "peer_saved", Connect(_session(ST_MISMATCH, phase=0))
    yield "syncing", Connect(_session(ST_SYNCING, phase=0))
    yield "tossing", Connect(_session(ST_OPEN, phase=COIN))

    s = _session(phase=PLACING)
    s.g.first = 0
    yield "coin_you_first", Coin(s)
    s = _session(phase=PLACING)
    s.g.first = 1
    yield "coin_they_first", Coin(s)
    yield "place", Placing(_session(phase=PLACING), 7)
    p = Placing(_session(phase=PLACING), 7)
    p.fleet.clear()
    p.take(0)
    p.col = 8
    p.judge()
    yield "place_off_grid", p
    p = Placing(_session(phase=PLACING), 7)
    p.take(3)
    p.judge()
    yield "place_by_hand", p

    s = _session()
    _play(s)
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
    _play(s, PEER, mine=(60, 61, 62), theirs=[c for c in range(30) if c % 3 == 0] + own.ship_cells(4))
    b = _battle(s, OWN)
    b.news = 2
    yield "their_turn_sank_ours", b

    s = _session(ST_UNPLUGGED)
    _play(s, PEER, mine=(70,), theirs=(71,))
    yield "cable_unplugged", _battle(s)

    s = _session()
    _play(s, ME, mine=(80, 81))
    s.g.aim = 82
    s.slow = True
    yield "waiting_other", _battle(s)

    s = _session()
    _play(s, -1, mine=(90,))
    s.g.phase = OVER
    yield "checking", _battle(s)

    yield "paused", Paused(_session())

    for name, winner in (("verified_win", ME), ("verified_lose", PEER)):
        s = _session()
        peer = _play(s, -1, mine=range(0, 100, 3), theirs=range(1, 100, 4))
        g = s.g
        g.phase = VERIFIED
        g.winner = winner
        g.peer_map = bytes(peer.occ)
        yield name, End(s)
    e = End(s)
    e.view = 1
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
