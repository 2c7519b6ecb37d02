"""Torpedo Attack over the link cable: the game's messages and how each side applies them.

Both handhelds hold the same Game (same seed from the link layer's fair coin
flip, same level, same first player); each knows only its own fleet. The link
session carries these payloads reliably and in order; this module only makes
and reads them, so it is pure and testable without a cable:

    CALL    1, cell                  the player to move calls a cell on the peer's fleet
    ANSWER  2, cell, announcement, ship (0xFF none)
    PRESS   3, key, frame lo, frame hi, claimed hit (0/1)
    REVEAL  4, five position bytes   at the end: our fleet, so the peer can check our answers

A press is sent as the frame of the press: the receiver replays the drift from
the shared seed and checks the claimed result (and the key: which ship,
torpedo or shoot-out round it was for) before applying it. Any disagreement
raises Desync: the two games are no longer the same.
"""

from bs_rules import Refused
from compat import const
from ta_engine import Game
from ta_rules import NO_PRESS, SHOOTOUT

CALL = const(1)
ANSWER = const(2)
PRESS = const(3)
REVEAL = const(4)


class Desync(Exception):
    """The peer's message does not fit this game (a bug, or a peer that lies)."""


def new_game(seed, me, first, level, touching=True):
    """The Game on this handheld: player `me` (0 or 1, from the link's roles) is local."""
    return Game(seed, level, first, (False, False), 1 - me, touching)


def press_key(g):
    """Which shot a press belongs to: ship * 4 + torpedo, or 0x80 + shoot-out round."""
    if g.phase == SHOOTOUT:
        return 0x80 | (g.sd_round & 0x7F)
    return (g.target * 4 + g.torpedo) & 0x7F


def call_msg(cell):
    return bytes((CALL, cell))


def local_press(g, frame, player):
    """Our player fired at `frame` (NO_PRESS: never): apply it and return (outcome, message)."""
    if not 0 <= frame < NO_PRESS:
        frame = NO_PRESS
    msg = bytes((PRESS, press_key(g), frame & 0xFF, frame >> 8, 1 if g.drift().hit(frame) else 0))
    return g.fire(frame, player), msg


def reveal_msg(g, me):
    return bytes((REVEAL,)) + g.fleets[me].to_bytes()[:5]


def receive(g, msg):
    """Apply one message from the peer. Returns (kind, result, reply or None):
    CALL -> ((announcement, ship), ANSWER message to send back); ANSWER -> (announcement, ship);
    PRESS -> (outcome, points); REVEAL -> True if the peer's fleet agrees with every answer."""
    try:
        kind = msg[0]
        if kind == CALL:
            if g.to_move() != g.remote:
                raise Desync("call out of turn")
            res = g.call(msg[1])
            return CALL, res, bytes((ANSWER, msg[1], res[0], res[1] & 0xFF))
        if kind == ANSWER:
            ship = -1 if msg[3] == 0xFF else msg[3]
            return ANSWER, g.record_call(msg[1], msg[2], ship), None
        if kind == PRESS:
            frame = msg[2] | (msg[3] << 8)
            if msg[1] != press_key(g) or not g.check_press(frame, msg[4]):
                raise Desync("press does not match the shared drift")
            return PRESS, g.fire(frame, g.remote), None
        if kind == REVEAL:
            return REVEAL, g.check_reveal(g.remote, msg[1:6]), None
    except IndexError:
        raise Desync("short message")
    except (ValueError, Refused) as e:
        raise Desync(str(e))
    raise Desync("unknown message")
