"""A linked card game on the cable: LcGame over a link.session.Link, and its save.

    w = Wired(mode, rand)                                 # a fresh game, or Wired.load(bytes, rand)
    w.link = Link(port, rand, now, rules=rules(mode), saved=snapshot or None)
    every frame:  w.step(now, units)                      # poll, take, work, send
                  if w.needs_save: save(w.save_bytes())   # before the next step (5.2)

The game itself (LcGame) is made when the link first opens: its role is the link's. What the
game sent and the link's queue could not take yet waits in the game's outbox, in the save.
"""

from core.compat import const, ticks_diff
from linkcards.game import LcGame
from linkcards.save import Parts, _Out, load, save

_TYPING = const(0)  # `make typecheck` reads `if _TYPING:` as true; MicroPython compiles no byte of it
if _TYPING:
    from link.session import Link

GAME_CARDS = const(4)  # link.session.GAME_CARDS (tests/both/test_lc_game.py checks)
ST_OPEN = const(6)  # link.session.ST_OPEN
D_ORDER = const(6)  # link.frame.D_ORDER: a drop counter of the link's
FORFEIT_MS = 30000  # silent this long (link open, all ours taken) where it owes a message, as 6.1
_SAVE_MAX = const(8192)  # the game (about 3.5 KB) and the link's snapshot (up to 3.9 KB)


def rules(mode):
    """HELLO rules bytes: the card game, then its mode (0 standard, 1 beginner)."""
    return bytes((GAME_CARDS, mode))


class Wired:
    link: "Link | None"  # set by the caller (declared for the type checker)

    def __init__(self, mode, rand, game=None):
        self.mode = mode
        self.rand = rand
        self.g = game
        self.link = None
        self.needs_save = False
        self.silent = 0  # ms the peer has owed us a message with the link open (not saved)
        self._now = None
        self._heard = 0  # the link's out-of-order DATA so far (a peer whose data the line loses)

    def step(self, now, units=4):
        link = self.link
        link.poll(now)
        g = self.g
        changed = False
        if link.status() == ST_OPEN:
            if g is None:
                g = self.g = LcGame(link.role, self.mode, self.rand)
                g.start(link.stream)  # an open link has its stream  # pyright: ignore[reportArgumentType]
                changed = True
            while True:
                m = link.recv()
                if m is None:
                    break
                g.take(m)
                changed = True
                self.silent = 0  # the peer spoke: the clock starts again
        if g is not None:
            if g.step(units):
                changed = True
            while g.outbox and link.send(g.outbox[0]):
                g.outbox.pop(0)
                changed = True
            # DATA from the peer that arrived ahead of one the line lost: it is sending what it
            # owes (a keepalive or an ACK says nothing of the sort, so noise on them does not count)
            heard = link.drops[D_ORDER]
            if not g.owed() or g.outbox or heard != self._heard:
                self.silent = 0
                self._heard = heard
            elif link.status() == ST_OPEN and link.unacked() == 0 and self._now is not None:
                self.silent += ticks_diff(now, self._now)  # a pulled cable stops the clock
                if self.silent >= FORFEIT_MS:
                    g.forfeit()
                    changed = True
        self._now = now
        if changed or link.needs_save:
            self.needs_save = True

    def save_bytes(self, buf=None):
        """One save: the game's length and bytes, then the link's snapshot. buf: a bytearray of
        8 KB allocated once (a memoryview of it is returned), or None for new bytes."""
        self.needs_save = False
        out = buf if buf is not None else bytearray(_SAVE_MAX)
        n = len(save(self.g, memoryview(out)[2:])) if self.g is not None else 0  # returns the view  # pyright: ignore[reportArgumentType]
        out[0] = n & 255
        out[1] = n >> 8
        sink = _Out(memoryview(out)[2 + n :])
        self.link.write_snapshot(sink)
        view = memoryview(out)[: 2 + n + sink.n]
        return view if buf is not None else bytes(view)

    def save_parts(self, tag):
        """The same save as save_bytes() after `tag`, as a list of buffers for core.storage
        (no block of its own: linkcards.save.Parts); valid until the next step."""
        self.needs_save = False
        p = Parts()
        p.extend(tag)
        p.append(0)  # the game's length, below
        p.append(0)
        head = p.small
        o = len(head) - 2  # the game's head is a bytearray  # pyright: ignore[reportArgumentType]
        n = save(self.g, p).n - o - 2 if self.g is not None else 0  # save() into Parts returns the Parts  # pyright: ignore[reportAttributeAccessIssue]
        head[o] = n & 255  # the head is a bytearray  # pyright: ignore[reportOptionalSubscript]
        head[o + 1] = n >> 8  # the head is a bytearray  # pyright: ignore[reportOptionalSubscript]
        self.link.write_snapshot(p)
        return p.parts

    @classmethod
    def load(cls, data, mode, rand):
        """(Wired, link snapshot) from save_bytes()."""
        n = data[0] | (data[1] << 8)
        g = load(memoryview(data)[2 : 2 + n], rand) if n else None
        return cls(mode, rand, g), bytes(data[2 + n :])
