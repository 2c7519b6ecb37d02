"""The Torpedo Attack screens of a cable game, for the layout tests and the PNG review (the
games against the CPU: catalogs.torpedo_cpu; catalogs.torpedo loads one after the other, as in play).

The match here is a stand-in with the link's status set by hand (catalogs.stand_in): no cable,
and none of the link's modules but link.screen's (the link's screens of every cable game).
"""

from catalogs.stand_in import Link
from catalogs.torpedo_play import game, play
from core.compat import const
from torpedo.cable.cheat import CheatScreen
from torpedo.cable.ui import LinkScreen
from torpedo.locate import Locate
from torpedo.rules import LOCATE, SHIP_LOCATED
from torpedo.view import rules_name

_WAIT = const(1)  # torpedo.locate's states and views (private consts there)
_SHOW = const(2)
_OWN = const(1)
_PLACE = const(2)  # torpedo.cable.match stages
_COMMIT = const(3)
_PLAY = const(4)
_REVEAL = const(5)
_EV_ANSWER = const(1)  # match events
_EV_CALL = const(2)
_CONNECTING = const(0)  # link.session status codes and mismatch reasons
_UNPLUGGED = const(1)
_VERSION = const(2)
_RULES = const(3)
_MISMATCH = const(5)
_OPEN = const(6)
_OTHER_GAME = const(1)
_OUT_OF_STEP = const(2)
_C_ANSWER = const(5)  # link.commit CheatError codes
_C_SUNK_HIDDEN = const(9)
_C_PRESS = const(20)


class _Stub:
    """What the screens ask of torpedo.cable.match.CableMatch, with the link's status set by hand."""

    cable = True
    cheat = None
    cursor = 44
    last = None
    me = 0

    def __init__(self, st=_CONNECTING, g=None, stage=0):
        self.st = st
        self.g = g
        self.stage = stage
        self.link = Link(st)

    def ready(self):
        return self.stage >= _PLAY

    def verified(self):
        return False

    def has_game(self):
        return self.stage > 0

    def claimable(self):  # the cable silent where the rival owes a move (link.match.Match)
        return False

    def event(self):
        return None

    def rules_name(self, rules):  # as torpedo.cable.match.CableMatch's
        return rules_name(rules)

    def trouble(self):
        if self.st != _OPEN:
            return "ta_unplugged" if self.st == _UNPLUGGED else "ta_syncing"
        return None


class _Caught:
    def __init__(self, code, cell=-1):
        self.code = code
        self.cell = cell


def _locate(m, state, view=0, ev=None):
    s = Locate(m)
    s.state = state
    s.view = view
    s.ev = ev
    s.last = ev
    s.began = True
    return s


def screens(app):
    yield "looking", LinkScreen(_Stub())
    yield "version", LinkScreen(_Stub(_VERSION))
    st = _Stub(_RULES)
    st.link.peer_rules = bytes((2, 0, 2))
    yield "rules", LinkScreen(st)
    st = _Stub(_MISMATCH)
    st.link.mismatch = _OTHER_GAME
    yield "other_game", LinkScreen(st)
    st = _Stub(_MISMATCH, None, _PLAY)
    st.link.mismatch = _OUT_OF_STEP
    yield "out_of_step", LinkScreen(st)
    st = _Stub(_MISMATCH, None, _PLAY)
    st.link.mismatch = _OUT_OF_STEP
    st.link.behind = True
    yield "out_of_step_behind", LinkScreen(st)
    st = _Stub(_RULES)
    st.link.peer_rules = bytes((1, 0, 0))  # Link battle's
    yield "rules_other_game", LinkScreen(st)
    yield "coin", LinkScreen(_Stub(_OPEN, None, 1))
    yield "first", LinkScreen(_Stub(_OPEN, game(), _PLACE))
    g = game()
    g.phase = LOCATE
    yield "their_fleet", _locate(_Stub(_OPEN, g, _COMMIT), _WAIT)
    g = play(game(), lambda g: g.turns[1] >= 12 and g.phase == LOCATE and g.turn == 1)
    yield "rival_calls", _locate(_Stub(_OPEN, g, _PLAY), _SHOW, _OWN, (_EV_CALL, 66, SHIP_LOCATED, 0))
    yield "unplugged", _locate(_Stub(_UNPLUGGED, g, _PLAY), _WAIT, _OWN, (_EV_ANSWER, 3, 0, -1))
    g = play(game(), lambda g: False, 2000)
    yield "checking", _locate(_Stub(_OPEN, g, _REVEAL), _WAIT)
    yield "cheat_answer", CheatScreen(_Caught(_C_ANSWER, 47))
    yield "cheat_hidden", CheatScreen(_Caught(_C_SUNK_HIDDEN, 99))
    yield "cheat_press", CheatScreen(_Caught(_C_PRESS))
    yield "forfeit", CheatScreen(_Caught(26))  # torpedo.cable.match: the rival went silent (a forfeit)
