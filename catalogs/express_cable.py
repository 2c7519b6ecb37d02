"""Link Express screens in representative states, for the layout tests and the PNG review
(python -m host_tools.sim.screens link_express): games set up by hand over a stand-in link that
reports a status and sends nothing. In play the screens are Express's own (express.game's
GameScreen as express.cable.ui.Cable); what only the cable has is catalogued beside them: the link's
screens, the coin and its result, waiting for the other fleet, the other side's turn, the cable
unplugged or the other handheld slow on the hint line, the end."""

from catalogs.stand_in import Link
from core.compat import load
from express.cable.game import (
    ARRANGE,
    CHEAT,
    CHEAT_TEXTS,
    COIN,
    FORFEIT,
    LINKING,
    PLAYING,
    SEALED,
    VERIFIED,
    Game,
    rules_bytes,
)
from express.cable.ui import Cable, Rules
from express.engine import DONE, OVER, SUNK
from express.engine import Game as Engine
from express.rules import ADMIRAL, CAPTAIN


def _cable(status=6, phase=PLAYING, game=CAPTAIN, first=0):
    g = Game(Link(status, rules_bytes(ADMIRAL), True), lambda n: bytes(n), game)
    g.phase = phase
    g.first = first
    g.row = b"\x04\x03\x02\x01\x00"
    if phase >= PLAYING:
        e = Engine(game, 2, False, first)
        e.set_fleet(0, b"\x04\x03\x02\x01\x00")
        e.set_fleet(1, b"\x00\x01\x02\x03\x04")
        g.g = e
    g.status = status
    return Cable(g)


class _Faces:
    """A dice source that throws the given faces in order: the catalogue's rolls, played by the
    engine (it sets the hits aside; a mask set by hand once left a hit die out)."""

    def __init__(self, faces):
        self.faces = list(faces)

    def below(self, n):
        return self.faces.pop(0)


def _rolled(s, attacker, owner, target, faces):
    """The attack of the seat whose turn it is, after its first roll of these faces."""
    e = s.g
    e.pick_attacker(attacker)
    e.pick_target(owner, target)
    e.rng = _Faces(faces)
    e.roll()
    return s


def _carrier_rolled():
    """An Admiral's game: the Carrier (attacking from its place) has rolled, its target not yet named."""
    s = _cable(game=ADMIRAL)
    e = s.g
    e.pick_attacker(2, False)
    e.rng = _Faces(b"\x01\x05\x02\x01\x03\x04")
    e.roll()
    return s


def _ended(s, result):
    """s showing the attack that has just ended (the match has moved on)."""
    e = s.g
    e.phase = OVER if result == OVER else DONE
    e.result = SUNK if result != DONE else 2
    if result != DONE:
        e.fleets[e.owner] = bytearray([x for x in e.fleets[e.owner] if x != e.target])
        e.sank[e.turn].append(e.owner * 8 + e.target)
    s.view = e
    return s


def _shown(app, s):
    """s after a frame on top of the handheld, with no key pressed: what the screen unloads as it
    comes up (the coin's module, the link's screens and words once the coin is done) is gone, as
    a player meets it."""
    app.stack = [s]
    s.update(app)
    return s


def catalog(app):
    yield "rules", Rules()
    for name, st in (("connecting", 0), ("unplugged", 1), ("version", 2), ("other_rules", 3),
                     ("mismatch", 5)):  # fmt: skip
        yield name, _cable(st, LINKING)
    s = _cable(5, PLAYING)
    s.m.link.mismatch = 2
    yield "out_of_step", s
    yield "coin", _cable(6, COIN)
    yield "coin_you", _shown(app, _cable(6, ARRANGE))
    yield "coin_them", _shown(app, _cable(6, ARRANGE, ADMIRAL, 1))
    s = _cable(6, ARRANGE, ADMIRAL)
    yield "arrange", load("express.menus").Arrange(s, 0, b"\x03\x04\x00\x01\x02")
    yield "sealed", _shown(app, _cable(6, SEALED))
    yield "attacker", _cable()
    s = _cable()
    s.g.pick_attacker(0)
    s.tsel = 1
    yield "target", s
    yield "again", _rolled(_cable(), 0, 1, 1, b"\x01\x05\x02\x01\x03\x04\x00\x05")
    yield "declare", _carrier_rolled()  # the Admiral's Carrier names its target after the roll
    s = _carrier_rolled()
    s.g.pick_target(1, 1)  # the hits set aside, every other die offered for the second roll
    yield "reroll", s
    yield "sunk", _ended(_rolled(_cable(), 0, 1, 1, b"\x01\x05\x01\x01\x03\x05\x00\x05"), SUNK)
    yield "their_turn", _cable(first=1)
    yield "their_roll", _rolled(_cable(first=1), 4, 0, 3, b"\x03\x05\x02\x01\x00")
    s = _ended(_rolled(_cable(first=1), 4, 0, 3, b"\x03\x05\x02\x01\x00"), DONE)
    yield "their_result", s
    s = _rolled(_cable(1), 0, 1, 1, b"\x01\x05\x02\x01\x03\x04\x00\x05")
    s.m.status = 1  # ST_UNPLUGGED: the game waits for the cable, said on the hint line
    yield "unplugged_in_play", s
    s = _cable(first=1)
    s.m.slow = True
    yield "waiting", s
    for name, won in (("win", 0), ("lose", 1)):
        s = _cable()
        e = s.g
        for t in (0, 1, 2, 3, 4):
            e.sank[won].append((1 - won) * 8 + t)
        e.sank[1 - won] += bytes((won * 8 + 2, won * 8 + 4))
        e.fleets[1 - won] = bytearray()
        e.winner = won
        e.phase = OVER
        s.m.phase = VERIFIED
        s.m.winner = won
        s.end = True
        yield name, s
    s = _cable()
    s.m.phase = FORFEIT
    yield "forfeit", s
    for why in range(len(CHEAT_TEXTS)):
        s = _cable()
        s.m.phase = CHEAT
        s.m.cheat = why
        yield "cheat%d" % why, s
