"""A linked card game on the cable: LcGame over a link.session.Link, on the one harness
(link.match.Match: the loop, the forfeit clock, the save).

    w = Wired(mode, rand)                                 # a fresh game, or Wired.load(save, rand)
    w.link = link.match.link(app, rand, rules(mode), snapshot or None, tx_slots)
    the app, every frame: w.tick(app)                     # save, poll, take, work, send, save

The game itself (LcGame) is made when the link first opens: its role is the link's. What the
game sent and the link's queue could not take yet waits in the game's outbox, in the save.
"""

from core.compat import const
from link.match import Match, split
from linkcards.game import CHEAT, DONE, LcGame
from linkcards.save import load, save

GAME_CARDS = const(4)  # link.session.GAME_CARDS (tests/both/test_lc_game.py checks)
SLOT = "link_cards"
TAG = b"D"
UNITS = const(4)  # exponentiations a frame: about 0.2 s on the device (docs 9.8)


def rules(mode):
    """HELLO rules bytes: the card game, then its mode (0 standard, 1 beginner)."""
    return bytes((GAME_CARDS, mode))


class Wired(Match):
    tag = TAG

    def __init__(self, mode, rand, game=None):
        self._init_match()
        self.mode = mode
        self.rand = rand
        self.units = UNITS
        self.g = game
        if game is not None:
            self.out = game.outbox

    # -- the protocol, for link.match ------------------------------------------------
    def started(self):
        return self.g is not None

    def over(self):
        g = self.g
        return g is not None and g.phase in (DONE, CHEAT)

    def _open(self):
        g = self.g = LcGame(self.link.role, self.mode, self.rand)
        g.start(self.link.stream)
        self.out = g.outbox
        return 1

    def _take(self, m):
        self.g.take(m)  # into the game's inbox: its agenda checks it in turn
        return 1

    def _caught(self, e):  # LcGame catches its own (in step): never reached
        raise e

    def _work(self):
        g = self.g
        if g is None:
            return 0
        over = self.over()
        if g.step(self.units):
            self.dirty = True
            return 1 | (2 if self.over() != over else 0)
        return 0

    def owed(self):
        return self.g is not None and self.g.owed()

    def _forfeit(self):
        self.g.forfeit()
        return 2

    def taking(self):
        return self.g is not None and not self.over()

    def write_state(self, sink):
        if self.g is not None:
            save(self.g, sink)

    def save_as(self):
        tb = self.g.table if self.g is not None else None
        return SLOT, "link_cards", tb.turn if tb is not None else 0, "u_turn"

    @classmethod
    def load(cls, data, mode, rand):
        """(Wired, link snapshot) from a save (tag b"D" first); ValueError when damaged."""
        if bytes(data[:1]) != TAG:
            raise ValueError("not a link card save")
        state, snap = split(data)
        g = load(state, rand) if len(state) else None
        w = cls(g.mode if g is not None else mode, rand, g)
        return w, bytes(snap)
