"""Torpedo Attack between two handhelds on a virtual cable (tests only, never on the device).

Each Side plays what the cable screens will: the coin flip, its fleet's
commitment, calls in a seeded order, presses at a scripted frame, the
shoot-out (both sides fire at once), and the fleet reveal at the end.
"""

from ta_play import LAYOUT, LAYOUT_B, hit_frame, miss_frame

from core.prng import Rng
from host_tools.duel.cable import rand_source
from link.commit import M_COIN_COMMIT, M_COIN_REVEAL, CheatError, CoinFlip
from link.session import ST_OPEN
from torpedo.cable.game import LinkGame
from torpedo.rules import FIRE, LOCATE, OVER, SHOOTOUT

LAYOUT_A = LAYOUT


class Side:
    def __init__(self, pair, side, layout, seed, level=1):
        self.pair = pair
        self.side = side
        self.layout = layout
        self.level = level
        self.rand = rand_source(seed)
        self.order = Rng(seed).shuffle(list(range(100)))
        self.calls = 0
        self.presses = 0
        self.coin = None
        self.lg = None
        self.out = []
        self.revealed = False
        self.cheat = None
        self.started = False

    def done(self):
        return self.cheat is not None or (self.lg is not None and self.lg.peer_ships is not None)

    def step(self):
        link = self.pair.links[self.side]
        if self.coin is None:
            if link.status() != ST_OPEN:
                return
            self.coin = CoinFlip(link.role, link.stream, self.rand)
            self.out.append(self.coin.commit_msg())
        while self.cheat is None:
            m = link.recv()
            if m is None:
                break
            try:
                self._on(m)
            except CheatError as e:
                self.cheat = e
        if self.cheat is None and self.lg is not None:
            self._act()
        while self.out and link.send(self.out[0]):
            self.out.pop(0)

    def _on(self, m):
        if m[0] == M_COIN_COMMIT:
            self.coin.take_commit(m)
            self.out.append(self.coin.reveal_msg())
        elif m[0] == M_COIN_REVEAL:
            first = self.coin.take_reveal(m)
            self.lg = LinkGame(self.coin.role, self.coin.game_id, first, self.level, True, self.rand)
            me = self.lg.me
            for ship, r, c, v in self.layout:
                self.lg.game.fleets[me].place(ship, r, c, v)
            self.out.extend(self.lg.commit_msgs())
        else:
            kind, res, reply = self.lg.take(m)
            if reply is not None:
                self.out.append(reply)

    def _aim(self):
        self.presses += 1
        d = self.lg.game.drift()
        return hit_frame(d) if self.presses % 3 == 1 else miss_frame(d)

    def _act(self):
        lg, g, me = self.lg, self.lg.game, self.lg.me
        if g.phase == LOCATE and g.turn == me and lg.ready() and lg.pending < 0:
            while g.marks[me][self.order[self.calls]]:
                self.calls += 1
            self.out.append(lg.call_msg(self.order[self.calls]))
        elif g.phase == FIRE and g.turn == me:
            self.out.append(lg.press(self._aim())[1])
        elif g.phase == SHOOTOUT and not g.fired(me):
            self.out.append(lg.press(self._aim())[1])
        elif g.phase == OVER and not self.revealed:
            self.revealed = True
            self.out.append(lg.reveal_msg())


def duel(pair, seeds=(1, 2), layouts=(LAYOUT_A, LAYOUT_B), ms=600000, level=1):
    """Play until both sides checked the other's fleet (or caught a cheat); returns the Sides."""
    pair.auto_take = [False, False]
    sides = [Side(pair, 0, layouts[0], seeds[0], level), Side(pair, 1, layouts[1], seeds[1], level)]
    t = 0
    while t < ms and not (sides[0].done() and sides[1].done()):
        t += pair.run(pair.step)
        for s in sides:
            s.step()
    return sides
