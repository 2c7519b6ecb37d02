"""Torpedo Attack over the cable between two handhelds on a virtual cable, each side a bot
playing through the real torpedo.cable.match.CableMatch (tests and the torpedolink benchmark only,
never on the device).

A Hand is one handheld: a small stand-in App (hw.link: one end of a host_tools.duel.cable.Cable, hw.storage:
a DictStorage as its flash, now, rand_bytes, save, save_game, clear_game, clear_save) and the
CableMatch the App ticks once a frame. After the tick the Hand plays what torpedo's screens do
(torpedo.cable.ui, place, locate, scope_ui): A on "start a new game" when the saves differ, begin()
once the fleet is placed, call() on our turn and event() while waiting, fire(frame) for our
torpedoes and the shoot-out (ours first, then the rival's press from event()), finish() once the
result is verified or a cheat caught. restart() is a power cycle: the Hand comes back from its
flash through CableMatch.load(), or as a fresh match when nothing was saved yet.

A Cheat (one per duel, so that it outlives restarts) makes one side lie once, of a kind in KINDS,
and tells the same lie again if a restart makes that side send the message again; the liar's own
game follows its lie (a false or hidden "ship located" is what its Game records too), so the two
games stay in step and the lie is found where the protocol says it is.
"""

from battleship.fleet import Fleet
from battleship.rules import HIT, SHIP_SIZES, SIZE
from core.prng import Rng
from host_tools.duel.cable import Cable, rand_source
from host_tools.duel.storage import DictStorage
from link.commit import (
    C_ANSWER,
    C_COIN_OPEN,
    C_REVEAL,
    C_SUNK_FALSE,
    C_SUNK_HIDDEN,
    M_ANSWER,
    M_COIN_REVEAL,
    M_FLEET_REVEAL,
)
from link.match import M_OUT_OF_STEP, ST_MISMATCH
from torpedo.cable.game import C_PRESS, M_PRESS, LinkGame
from torpedo.cable.match import SLOT, CableMatch
from torpedo.rules import FIRE, HIDDEN, LOCATE, NO_PRESS, OPEN_WATER, OVER, SHOOTOUT, WINDOW

STEP_MS = 33  # the handheld's frame
_PLACE = 2  # torpedo.cable.match's stages (private consts there)
_DONE = 6
C_SILENT = 26  # torpedo.cable.match: the rival went silent where it owed a message (a forfeit)

# the planted lies, and the CheatError code the honest side must name for each
KINDS = ("press", "answer", "located", "hidden", "fleet", "coin", "silent")
WANT = {
    "press": C_PRESS,  # a torpedo claimed as a hit (or a miss) the shared drift says it was not
    "answer": C_ANSWER,  # open water on a ship cell, or a ship on open water
    "located": C_SUNK_FALSE,  # "ship located" naming another ship than the one whose last cell it was
    "hidden": C_SUNK_HIDDEN,  # only "target located" on a ship's last cell
    "fleet": C_REVEAL,  # a legal fleet at the end, but not the committed one
    "coin": C_COIN_OPEN,  # a coin value that does not open its commitment
    "silent": C_SILENT,  # its fleet withheld at the end: the forfeit clock
}


class Cheat:
    """One lie of `kind` by handheld `side`. told: the lie went into the link at least once."""

    def __init__(self, kind, side):
        self.kind = kind
        self.side = side
        self.told = False
        self.key = None  # what the lie is about: the press (key, turns, round) or the answer's cell
        self.swap = {}  # located / hidden: ship index as answered -> as announced (-1: hidden)

    # -- the liar's own game: a "ship located" lie is what its Game records too ----------
    def rig(self, hand):
        """After a boot, a coin toss or a new game: the liar's fleet answers as its lie says."""
        m = hand.m
        if self.kind not in ("located", "hidden") or m.g is None or hand.side != self.side:
            return
        fleet = m.g.fleets[m.me]
        if getattr(fleet, "rigged", False):
            return
        real = fleet.receive
        g = m.g

        def receive(cell):
            res, ship = real(cell)
            if res == HIT and ship >= 0:
                ship = self._announce(g, cell, ship)
            return res, ship

        fleet.receive = receive
        fleet.rigged = True

    def _announce(self, g, cell, ship):
        """The ship our game announces located at `cell` (its real last cell of `ship`)."""
        if ship in self.swap:
            return self.swap[ship]
        if self.swap:  # the lie is told: every other ship as it is
            return ship
        caller = g.remote  # the rival, calling our fleet
        if self.kind == "hidden":
            self.swap[ship] = -1
            self.key = cell
            return -1
        # located: name another ship the caller has not located, no longer than this one (so
        # that the red pegs can hold it); the named ship's own last cell names this one later
        for s in range(len(SHIP_SIZES)):
            if s != ship and g.status[caller][s] == HIDDEN and SHIP_SIZES[s] <= SHIP_SIZES[ship]:
                self.swap[ship] = s
                self.swap[s] = ship
                self.key = cell
                return s
        return ship

    # -- the liar's messages -------------------------------------------------------
    def wrap(self, hand):
        m = hand.m
        if hand.side != self.side:
            return
        real = m.send

        def send(msg):
            msg = self.tamper(hand, msg)
            if msg is not None:
                real(msg)

        m.send = send

    def tamper(self, hand, msg):
        """The message as the liar sends it (None: not at all)."""
        k = self.kind
        t = msg[0]
        g = hand.m.g
        if k == "press" and t == M_PRESS:
            key = (msg[1], sum(1 for c in g.marks[0] if c) + sum(1 for c in g.marks[1] if c))
            if self.key is None or self.key == key:
                self.key = key
                self.told = True
                return msg[:4] + bytes((msg[4] ^ 1,))
        elif k == "answer" and t == M_ANSWER:
            if self.key is None or self.key == msg[1]:
                self.key = msg[1]
                self.told = True
                return msg[:2] + bytes((1 - msg[2], 0)) + msg[4:]
        elif k in ("located", "hidden") and t == M_ANSWER and msg[3]:
            ship = msg[3] - 1
            if ship in self.swap:
                if msg[1] == self.key:
                    self.told = True
                return msg[:3] + bytes((self.swap[ship] + 1,)) + msg[4:]
        elif k == "fleet" and t == M_FLEET_REVEAL:
            self.told = True
            return msg[:17] + other_fleet(msg[17:], hand.m.touching, hand.seed)
        elif k == "coin" and t == M_COIN_REVEAL:
            self.told = True
            return msg[:16] + bytes((msg[16] ^ 0x5A,))
        elif k == "silent" and t == M_FLEET_REVEAL:
            self.told = True
            return None
        return msg


def other_fleet(cmap, touching, seed):
    """A legal cell map (ship ids 1..5) other than cmap."""
    r = Rng(seed * 31 + 7)
    while True:
        f = Fleet(touching)
        f.shuffle(r)
        out = bytearray(100)
        for s in range(len(SHIP_SIZES)):
            for c in f.ship_cells(s):
                out[c] = s + 1
        if bytes(out) != bytes(cmap):
            return bytes(out)


class _Hw:
    link = None
    storage = None


class _Clock:
    """The App's clock: on virtual time, the frame's time (a save takes none)."""

    def __init__(self, app):
        self.app = app

    def now(self):
        return self.app.now


class App:
    """What a CableMatch asks of the handheld's App (torpedo.ui's real one draws screens too)."""

    def __init__(self, end, storage, rand):
        self.hw = _Hw()
        self.hw.link = end
        self.hw.storage = storage
        self.now = 0
        self.clock = _Clock(self)
        self._rand = rand
        self.saves = 0

    def rand_bytes(self):
        return self._rand

    def save(self, name, payload):
        self.hw.storage.save(name, payload)
        return True

    def save_game(self, slot, payload, n=0, label=None, unit="turn"):
        self.hw.storage.save("g_" + slot, payload)
        self.saves += 1
        return True

    def clear_game(self, slot):
        self.hw.storage.delete("g_" + slot)

    def clear_save(self, name):
        self.hw.storage.delete(name)

    def redraw(self):
        pass


class Hand:
    """One handheld: its App, its CableMatch, and the bot in place of its player and screens."""

    def __init__(self, duel, side, seed, level, touching, aim):
        self.duel = duel
        self.side = side
        self.seed = seed
        self.level = level
        self.touching = touching
        self.aim = aim  # the chance a torpedo of ours is pressed on a hittable frame
        self.rng = Rng(seed)
        self.flash = DictStorage()
        self.boots = 0
        self.renewals = 0  # new games started on a "saves differ" screen
        self.finished = False
        self.wait = 0  # frames the player still thinks before its next move
        self.retransmits = 0
        self.m = None
        self.boot()

    def boot(self):
        if self.m is not None:
            self.retransmits += self.m.link.arq.retransmits
        self.boots += 1
        rand = rand_source(self.seed * 100 + self.boots)
        self.app = app = App(self.duel.cable.ends[self.side], self.flash, rand)
        app.now = self.duel.now
        payload = self.flash.load("g_" + SLOT)[0]
        if payload is not None:
            self.m = CableMatch.load(app, payload)
        else:
            lg = LinkGame(0, bytes(8), 0, self.level, self.touching, rand)
            self.m = CableMatch(app, lg, rand)
        self.finished = False
        self.wait = 0
        cheat = self.duel.cheat
        if cheat is not None:
            cheat.wrap(self)
            cheat.rig(self)

    def restart(self):
        """A power cycle: what is not in flash is gone, and so are the bytes in its UART."""
        self.duel.cable.ends[self.side].clear()
        self.boot()

    def cut(self, now):
        """A power cut after this frame's first save and step, before its second save."""
        app, m = self.app, self.m
        app.now = now
        if m.needs_save():
            m.save(app)
        m.step(now)
        self.restart()

    # -- the frame -----------------------------------------------------------------
    def step(self, now):
        app, m = self.app, self.m
        app.now = now
        m.tick(app)  # the App ticks the match before the top screen's update
        if self.finished:
            return
        if self.duel.cheat is not None:
            self.duel.cheat.rig(self)  # the coin toss made the game anew
        if m.cheat is not None:  # the cheat screen (torpedo.cable.cheat.caught)
            m.finish(app)
            self.finished = True
            return
        if m.link.status() == ST_MISMATCH:
            # link.screen (torpedo.cable.ui.LinkScreen): out of step, the side with the newer save
            # starts a new game (RIGHT; the side behind only waits or leaves); other saves, A
            if (not m.link.behind) if m.link.mismatch == M_OUT_OF_STEP else m.has_game():
                m.new_game(app)
                self.renewals += 1
            return
        if m.stage < _PLACE:
            return
        if self.wait > 0:
            self.wait -= 1
            return
        if m.stage == _PLACE:  # torpedo.place: the fleet is shuffled already; Start
            if self.rng.below(2):
                m.shuffle(self.rng)
            m.begin(app)
            m.save(app)
            self.think()
            return
        g = m.g
        me = m.me
        ph = g.phase
        if ph == OVER:  # torpedo.locate: the result stands once the rival's fleet is checked
            if m.verified():
                m.finish(app)
                self.finished = True
            return
        if ph == LOCATE:
            if not m.ready():
                return
            if g.turn == me and m.lg.pending < 0:
                cell = self.choose(g, me)
                if cell >= 0:
                    m.call(cell)
                    self.think()
                return
        elif ph == FIRE and g.turn == me or ph == SHOOTOUT and not g.fired(me):
            m.fire(self.press(g.drift()))
            m.save(app)
            self.think()
            return
        e = m.event()  # the rival's call, the answer to ours, or its press
        if e is not None:
            m.save(app)
            self.think()

    def think(self):
        self.wait = 2 + self.rng.below(25)

    def choose(self, g, me):
        """A cell not called yet: next to a ship cell found, else on the checkerboard, else any."""
        marks = g.marks[me]
        near = []
        for c in range(SIZE * SIZE):
            if marks[c] > 1 + OPEN_WATER:
                r, k = c // SIZE, c % SIZE
                for dr, dk in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                    rr, kk = r + dr, k + dk
                    if 0 <= rr < SIZE and 0 <= kk < SIZE and not marks[rr * SIZE + kk]:
                        near.append(rr * SIZE + kk)
        if near:
            return near[self.rng.below(len(near))]
        free = [c for c in range(SIZE * SIZE) if not marks[c] and not (c // SIZE + c % SIZE) & 1]
        if not free:
            free = [c for c in range(SIZE * SIZE) if not marks[c]]
        if not free:
            return -1
        return free[self.rng.below(len(free))]

    def press(self, d):
        """The frame of our press: on the sight with chance `aim`, else off it (sometimes never)."""
        if self.rng.below(20) == 0:
            return NO_PRESS
        want = self.rng.below(100) < self.aim
        frames = [f for f in range(WINDOW) if d.hit(f) == want]
        if not frames:
            return NO_PRESS
        return frames[self.rng.below(len(frames))]

    # -- what the duel asks -------------------------------------------------------
    def over(self):
        """This side's game has ended: verified, or a cheat or a forfeit caught."""
        m = self.m
        return m.cheat is not None or (m.stage == _DONE and m.verified())


class Duel:
    def __init__(self, seeds=(1, 2), level=1, touching=True, aims=(60, 60), cable=None, cheat=None):
        self.cable = cable or Cable()
        self.now = 1000
        self.cheat = cheat
        self.hands = [Hand(self, i, seeds[i], level, touching, aims[i]) for i in (0, 1)]

    def run(self, ms, until=None):
        """Step both handhelds a frame at a time for up to `ms` of game time; returns ms run."""
        t = 0
        while t < ms:
            self.now += STEP_MS
            t += STEP_MS
            self.cable.tick(self.now)
            for h in self.hands:
                h.step(self.now)
            if until is not None and until():
                break
        return t

    def caught(self):
        return any(h.m.cheat is not None for h in self.hands)

    def over(self):
        """Both sides verified the game, or one caught a cheat (or a forfeit)."""
        return self.caught() or (self.hands[0].over() and self.hands[1].over())


def public(g):
    """What both handhelds must agree on at the end."""
    return (g.phase, g.winner, g.end_reason, tuple(g.turns), g.sd_round, bytes(g.marks[0]), bytes(g.marks[1]),
            bytes(g.status[0]), bytes(g.status[1]), g.score(0), g.score(1))  # fmt: skip
