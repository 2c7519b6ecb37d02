"""Link Express screens in representative states, for the layout tests and the PNG review
(python -m host_tools.screens linkexpress.ui): games set up by hand over a stand-in link that
reports a status and sends nothing."""

from linkexpress.game import (
    ARRANGE,
    CHEAT,
    CHEAT_TEXTS,
    COIN,
    FORFEIT,
    LINKING,
    PLAYING,
    SEALED,
    VERIFIED,
    LxGame,
    rules_bytes,
)
from linkexpress.ui import Play, Rules

from express.engine import Game
from express.rules import ADMIRAL, CAPTAIN


class _Link:
    mismatch = 1  # link.match.M_OTHER_GAME (2: the saves out of step)

    def __init__(self, status):
        self.st = status
        self.peer_rules = rules_bytes(ADMIRAL)
        self.peer_version = 2
        self.peer_fw = (2, 5, 1)
        self.peer_has_game = True
        self.behind = False  # out of step: this side's save is the newer one
        self.needs_save = False
        self.role = 0
        self.stream = bytes(8)

    def status(self):
        return self.st

    def unacked(self):
        return 0

    def poll(self, now):
        pass

    def recv(self):
        return None

    def send(self, msg):
        return True


def _play(status=6, phase=PLAYING, game=CAPTAIN):
    g = LxGame(_Link(status), lambda n: bytes(n), game)
    g.phase = phase
    g.row = b"\x04\x03\x02\x01\x00"
    if phase >= PLAYING:
        e = Game(game, 2, False, 0)
        e.set_fleet(0, b"\x04\x03\x02\x01\x00")
        e.set_fleet(1, b"\x00\x01\x02\x03\x04")
        g.g = e
    s = Play(g)
    g.status = status
    return s


def catalog(app):
    yield "rules", Rules()
    for name, st in (("connecting", 0), ("unplugged", 1), ("version", 2), ("other_rules", 3),
                     ("mismatch", 5)):  # fmt: skip
        yield name, _play(st, LINKING)
    s = _play(5, PLAYING)
    s.g.link.mismatch = 2
    yield "out_of_step", s
    yield "coin", _play(6, COIN)
    s = _play(6, ARRANGE, ADMIRAL)
    s.cur = 2
    yield "arrange", s
    yield "sealed", _play(6, SEALED)
    s = _play()
    yield "attacker", s
    s = _play()
    s.ship = 0
    s.cur = 1
    yield "target", s
    s = _play()
    e = s.g.g
    e.pick_attacker(0)
    e.pick_target(1, 1)
    e.dice[:] = b"\x01\x05\x02\x01\x03\x04\x00\x05"
    e.kept = 0b10000011
    e.rolls_used = 1
    e.phase = 4  # AGAIN
    yield "again", s
    s = _play(game=ADMIRAL)
    e = s.g.g
    e.pick_attacker(2, False)
    e.dice[:] = b"\x01\x05\x02\x01\x03\x04\xff\xff"
    e.rolls_used = 1
    e.phase = 5  # DECLARE
    yield "declare", s
    e = s.g.g
    s = _play(game=ADMIRAL)
    e = s.g.g
    e.pick_attacker(2, False)
    e.owner, e.target = 1, 1
    e.dice[:] = b"\x01\x05\x02\x01\x03\x04\xff\xff"
    e.kept = 0b11
    e.reroll = 0b111100
    s.mask = 0b111100
    e.phase = 6  # REROLL
    yield "reroll", s
    s = _play()
    s.g.g.turn = 1
    s.g.shown = (0, 0, 1, 1, 1, 0b1011, b"\x01\x05\x02\x01\x03\x04\x00\x05")
    yield "their_turn", s
    s = _play()
    s.g.phase = VERIFIED
    s.g.winner = 0
    yield "win", s
    s = _play()
    s.g.phase = VERIFIED
    s.g.winner = 1
    yield "lose", s
    s = _play()
    s.g.phase = FORFEIT
    yield "forfeit", s
    for why in range(len(CHEAT_TEXTS)):
        s = _play()
        s.g.phase = CHEAT
        s.g.cheat = why
        yield "cheat%d" % why, s
