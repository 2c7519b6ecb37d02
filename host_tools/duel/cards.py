"""Two linked card-game handhelds, each side's player a CPU, messages handed across directly
(tests and the bench only, never on the device).

Duel(seed, mode).run() plays a whole game: each side's Game steps, its outbox goes to the
other's inbox, and a side whose player is to move asks cards.ai for a move from its own view.
`cheat` plants one cheater (side 1) of a kind in KINDS; `restart_every` rebuilds a side from
its save bytes (cards.cable.save) every so many steps, as a power cycle would.
"""


from cards import ai
from cards.cable.game import CHEAT, DONE, Game
from cards.rules import CARD_TYPE, CARD_TYPES
from cards.view import view_for
from core.prng import Rng
from host_tools.duel.clock import Clock, save_into
from link import deck


def rand_source(seed):
    """An os.urandom stand-in: rand(n) -> n bytes from a seeded Rng."""
    return Rng(seed).randbytes


_DISKS = []


def _disks(size=4096):
    """Each side's "flash", allocated once for every duel (a heap in pieces has no 4 KB block),
    and again, bigger, for a duel that asks for more than the first did (a save over the cable,
    WireDuel's, is longer than a Duel's: written into the smaller one it would have to grow
    under the memoryview kept of it)."""
    if not _DISKS or len(_DISKS[0][0]) < size:
        _DISKS[:] = [[bytearray(size), bytearray(size)]]
    return _DISKS[0]


WINDOW = 4  # messages in flight, as the link's window
# keys: withholds its keys at the end; marked: 1 or -1 in its stage 1, which would stay 1 under
# the other side's exponent and show where its card went in the final deck; related: a stage 1
# whose values it built with relations among them (RELATED), to find them again in the other
# side's stage 2 (protocol 3's single key kept them; the key a value of protocol 4 does not)
KINDS = ("search", "hand", "stacked", "deal", "keys", "marked", "related")
# the independent peer's three constructions (issue 42): S1[0] = S1[1]^2; S1[0] = S1[1] * S1[2];
# every S1[k] = 4^(k + 1)
RELATED = ("square", "product", "powers")


def related(blob, form):
    """A stage 1 (bytes) rebuilt by a cheater with relations among its values (RELATED[form])."""
    P, k = deck.P, deck.PLEN
    v = deck.values(blob)
    if form == 0:
        v[0] = v[1] * v[1] % P
    elif form == 1:
        v[0] = v[1] * v[2] % P
    else:
        v = [pow(4, i + 1, P) for i in range(len(v))]
    return b"".join(x.to_bytes(k, "big") for x in v)


def read_related(vals, form):
    """What a cheater that built its stage 1 by related() finds in the other side's stage 2 (a
    list of ints, the final deck): the deck positions where the values it related lie (by S1
    index: {index: position}), empty if the relation did not survive."""
    P, n = deck.P, len(vals)
    where = {}
    for i in range(n):
        where[vals[i]] = i
    if form == 0:
        for j in range(n):
            i = where.get(vals[j] * vals[j] % P, -1)
            if i >= 0:
                return {0: i, 1: j}
    elif form == 1:
        for j in range(n):
            for m in range(j + 1, n):
                i = where.get(vals[j] * vals[m] % P, -1)
                if i >= 0:
                    return {0: i, 1: j, 2: m}  # (1 and 2 up to a swap)
    else:
        for j in range(n):  # the value of S1[0] = 4: every other is its (k + 1)-th power
            found = {0: j}
            x = vals[j]
            for k in range(1, n):
                x = x * vals[j] % P
                i = where.get(x, -1)
                if i < 0:
                    break
                found[k] = i
            if len(found) == n:
                return found
    return {}


def _play_lie(g):
    """A cheater's move: a legal move, but naming a card of the same kind it does not hold."""
    t = g.table
    for m in t.legal_moves():
        if m[1] < 0:
            continue
        kind = CARD_TYPES[CARD_TYPE[m[1]]][:2]
        for k in t.draw[g.me]:  # not in its hand: still in its draw pile
            if CARD_TYPES[CARD_TYPE[k]][:2] == kind:
                return m, k
    return None, -1


class Liar:
    """One planted cheat of a kind (KINDS), told once by the side it is given to."""

    def __init__(self, kind, rng):
        self.kind = kind
        self.rng = rng
        self.lied = False
        self.form = -1  # kind "related": which construction (drawn when it lies, or set)

    def lie(self, kind, value):
        if self.lied:
            return value
        if kind == "reveal" and self.kind == "search":
            self.lied = True
            b = bytearray(value)
            b[2] = (b[2] + 1) % 6  # another identity
            return bytes(b)
        if kind == "stage" and self.kind == "stacked":
            self.lied = True
            b = bytearray(value)
            if self.rng.below(2):
                b[0:32] = bytes(31) + b"\x02"  # a non-residue, no card's: shows only at the end
            else:
                b[0:32] = b[32:64]  # one card twice: refused at once
            return bytes(b)
        if kind == "stage" and self.kind == "related":
            self.lied = True
            if self.form < 0:
                self.form = self.rng.below(len(RELATED))
            return related(value, self.form)
        if kind == "stage" and self.kind == "marked":
            self.lied = True
            b = bytearray(value)
            b[0:32] = bytes(31) + b"\x01" if self.rng.below(2) else (deck.P - 1).to_bytes(32, "big")
            return bytes(b)
        if kind == "open" and self.kind == "keys":
            self.lied = True
            return None  # never sent: the other side's forfeit clock ends the game
        if kind == "deal" and self.kind == "deal":
            self.lied = True
            b = bytearray(value)
            b[-1] ^= 1
            return bytes(b)
        return value

    def move(self, g):
        """Play a move naming a card not in the hand (kind "hand"); False if not now."""
        if self.kind != "hand" or self.lied or g.table.turn <= 4:
            return False
        m, k = _play_lie(g)
        if m is None:
            return False
        self.lied = True
        g.play(m)
        b = bytearray(g.outbox[-1])  # what the peer sees names card k instead
        b[2] = k
        g.outbox[-1] = bytes(b)
        return True


class Duel:

    def __init__(self, seed, mode=0, cheat=None, units=8, restart_every=0):
        self.seed = seed
        self.rng = Rng(seed)
        self.g = [Game(s, mode, rand_source(seed * 10 + s)) for s in (0, 1)]
        self.cheat = cheat
        self.units = units
        self.restart_every = restart_every
        self.steps = 0
        self.wire = [[], []]
        self.disk = _disks()
        self.restarts = 0
        self.liar = Liar(cheat, self.rng) if cheat else None
        for g in self.g:
            g.start(b"lcduel%02d" % (seed % 100))
        if cheat:
            self.g[1].lie = self.liar.lie

    @property
    def lied(self):
        return self.liar is not None and self.liar.lied

    def _move(self, g):
        if self.liar is not None and g.me == 1 and self.liar.move(g):
            return
        v = view_for(g.table, g.me)
        g.play(ai.choose(v, self.rng) if self.rng.below(4) else ai.choose_random(v, self.rng))

    def over(self):
        """Both sides finished; with a planted cheater (side 1) the honest side's verdict is
        what counts (a modified handheld may show anything)."""
        if self.cheat:
            return self.g[0].phase in (DONE, CHEAT)
        return all(g.phase in (DONE, CHEAT) for g in self.g)

    def run(self, max_steps=200000):
        while not self.over() and self.steps < max_steps:
            self.steps += 1
            for g in self.g:
                g.work(self.units)
                if g.my_move() and g.phase != CHEAT:
                    self._move(g)
            for s in (0, 1):  # the cable: at most WINDOW messages wait at the receiver
                wire = self.wire[s]
                wire.extend(self.g[s].outbox)
                self.g[s].outbox = []
                rx = self.g[1 - s]
                while wire and len(rx.inbox) < WINDOW:
                    rx.take(wire.pop(0))
            if self.restart_every and self.steps % self.restart_every == 0 and self.restarts < 8:
                self.restart(self.steps // self.restart_every % 2)
        return self

    def restart(self, side):
        from cards.cable.restore import load
        from cards.cable.save import save

        old = self.g[side]
        blob = save(old, self.disk[side])
        g = load(blob, rand_source(self.seed * 10 + side + 100 * self.steps))
        g.lie = old.lie
        self.g[side] = g
        self.restarts += 1

    def result(self):
        return [(g.phase, g.cheat, g.winner) for g in self.g]


class WireDuel(Clock):
    """The same over a virtual cable (host_tools/duel/cable.py): each side a cards.cable.game.Game on a
    link.session.Link, stepped every `step` ms, saved whenever it asks (the handheld's rule);
    unplug()/plug() pull the cable, restart(side) boots a side from its last save."""

    def __init__(self, seed, mode=0, step=33, units=4, cable=None, cheat=None):
        from host_tools.duel.cable import Cable  # only here: the cable and the link layer cost 30 KB

        self.cable = cable or Cable(seed=seed)
        self.seed = seed
        self.mode = mode
        self.step = step
        self.units = units
        self.rng = Rng(seed)
        self.flash = [None, None]
        self.disk = _disks(8192)
        self.liar = Liar(cheat, Rng(seed + 7)) if cheat else None
        self.boots = [0, 0]
        self.w = [self._boot(0), self._boot(1)]

    def _boot(self, side):
        from cards.cable.game import rules
        from cards.cable.restore import load
        from link.match import split
        from link.session import Link

        self.boots[side] += 1
        rand = rand_source(self.seed * 1000 + side * 100 + self.boots[side])
        snap = None
        if self.flash[side] is None:
            w = Game(0, self.mode, rand)  # its role is the link's, once it opens
        else:
            state, snap = split(self.flash[side])
            w = load(state, rand)
            snap = bytes(snap)
        w.link = Link(self.cable.ends[side], rand, self.now, fw=(1, 0, 0), rules=rules(self.mode), saved=snap,
                      tx_slots=8)
        return w

    def restart(self, side):
        self.cable.ends[side].clear()
        self.w[side] = self._boot(side)

    def done(self):
        if self.liar is not None:
            return self.w[0].phase in (DONE, CHEAT)
        return all(w.phase in (DONE, CHEAT) for w in self.w)

    def run(self, ms, until=None):
        return Clock.run(self, ms, until or self.done)

    def step_all(self, now):
        for side in (0, 1):
            g = w = self.w[side]
            w.units = self.units
            w.step(now)
            if self.liar is not None and side == 1:
                g.lie = self.liar.lie
            if g.my_move():
                if not (self.liar is not None and side == 1 and self.liar.move(g)):
                    v = view_for(g.table, g.me)
                    g.play(ai.choose(v, self.rng) if self.rng.below(4) else ai.choose_random(v, self.rng))
            if w.needs_save():
                self.flash[side] = save_into(w, self.disk[side])
