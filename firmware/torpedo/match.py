"""A Torpedo Attack game against the CPU, as the screens drive it.

The screens talk to a match, never to the opponent: CpuMatch here, and
torpedo.cable.match.CableMatch for a game over the link cable (a link.match.Match: the app
ticks it once a frame, before the screens), with the same calls:

    m.g, m.me, m.cable          the engine's Game; our player index; False here
    m.call(cell)                we call a cell; the answer comes from event()
    m.fire(frame)               we fire (ta_rules.NO_PRESS: never) -> (outcome, points)
    m.event()                   the next thing to show, or None: (_EV_ANSWER, cell, ann, ship),
                                (_EV_CALL, cell, ann, ship) or (_EV_PRESS, frame, outcome, points)
    m.save(app)                 keep the game in its slot ("torpedo"), with m.cursor
    m.finish(app)               the game is over: forget the save
    m.ready(), m.verified()     both fleets in / the result is checked (always, here)
    m.trouble()                 a word while the cable is out (None here), shown as the title

The CPU's moves come from the engine (its Battleship search and its aim by
level) the moment a screen asks for them; the screens pace them.
"""

from battleship.rules import AIM_START
from core.compat import const
from torpedo.rules import FIRE, LOCATE, SHOOTOUT

_TAG = const(0x54)  # a save: b"T", 0 (against the CPU), the cursor, the engine's bytes
_CPU = const(0)
_HEAD = const(3)
_EV_ANSWER = const(1)  # match events (see torpedo.view)
_EV_CALL = const(2)
_EV_PRESS = const(3)


class CpuMatch:
    cable = False
    last = None  # the last call shown (torpedo.locate), kept while the periscope is up

    def __init__(self, game):
        self.g = game
        self.me = 0
        self.cpu = 1
        self._answer = None
        self.cheat = None
        self.cursor = AIM_START  # the locating screen's cursor, kept in the save

    def ready(self):
        return True

    def verified(self):
        return True

    def shuffle(self, rng=None):
        self.g.shuffle_fleet(self.me, rng)

    def begin(self, app):
        """The fleet is placed: the game starts."""
        self.g.start()

    def call(self, cell):
        ann, ship = self.g.call(cell)
        self._answer = (_EV_ANSWER, cell, ann, ship)

    def fire(self, frame):
        return self.g.fire(frame, self.me)

    def event(self):
        e = self._answer
        if e is not None:
            self._answer = None
            return e
        g = self.g
        c = self.cpu
        if g.phase == LOCATE and g.turn == c:
            cell = g.cpu_cell()
            ann, ship = g.call(cell)
            return (_EV_CALL, cell, ann, ship)
        if (g.phase == FIRE and g.turn == c) or (g.phase == SHOOTOUT and g.to_move() == c):
            f = g.cpu_frame()
            out, pts = g.fire(f, c)
            return (_EV_PRESS, f, out, pts)
        return None

    def trouble(self):
        return None

    # -- saving ---------------------------------------------------------------
    def save(self, app):
        g = self.g
        turn = g.turns[0] + g.turns[1] + 1
        app.save_game("torpedo", bytes((_TAG, _CPU, self.cursor)) + g.to_bytes(), turn, unit="u_turn")

    def finish(self, app):
        app.clear_game("torpedo")

    @classmethod
    def load(cls, payload):
        """The match saved by save(); ValueError when the payload is not one."""
        from torpedo.engine import Game

        if len(payload) <= _HEAD or payload[0] != _TAG or payload[1] != _CPU:
            raise ValueError("not a Torpedo Attack game against the CPU")
        m = cls(Game.from_bytes(bytes(payload[_HEAD:])))
        m.cursor = payload[2] % 100
        return m
