"""Battleship and Salvo between two handhelds on a virtual cable, each side's player a bot
(tests only, never on the device).

A Hand is one handheld: a Link on one end of a host_tools.duel.cable.Cable, a Game, and
a "flash" copy of its save, written whenever the game asks (the saving rule).
Its bot places a fleet (a fixed layout or a seeded shuffle), commits it and
fires at unshot cells in a seeded order on its turns. restart() rebuilds the
Link and the game from flash, as a power cycle would. Hooks let a test make a
side lie (change its answers) or break the rules.
"""


from battleship.cable.game import PLACING, TX_QUEUE, Game, commitments, rules_bytes
from battleship.cable.save import restore, saved_rules
from battleship.rules import CLASSIC
from core.prng import Rng
from host_tools.duel.cable import Cable, power_on
from host_tools.duel.clock import Clock, save_into
from link.commit import PeerFleet
from link.match import split
from link.session import Link

FW = (1, 0, 0)
TX_SLOTS = TX_QUEUE  # as on the handheld
# (ship index, row, col, vertical): a legal classic fleet with no two ships touching
LAYOUT_A = ((0, 0, 0, False), (1, 2, 0, True), (2, 6, 6, False), (3, 8, 1, False), (4, 9, 8, False))
LAYOUT_B = ((0, 1, 1, True), (1, 1, 4, False), (2, 7, 7, True), (3, 4, 4, False), (4, 0, 8, False))


# Each side's "flash" and the peer's commitments, allocated once for every duel, on first use:
# compiling the tests from source leaves MicroPython's heap in small pieces, where a 3.2 KB block
# is hard to find, and a test with one bot side needs one side's only.
_BUFFERS = [None, None]


def buffers(side, flash=True):
    """(the PeerFleet, the save's flash, the commitments' flash) of side, made once (no flash:
    a bot that is never restarted)."""
    if _BUFFERS[side] is None or (flash and _BUFFERS[side][1] is None):
        disks = (bytearray(2048), bytearray(3232)) if flash else (None, None)
        _BUFFERS[side] = (PeerFleet(bytes(8), 1),) + disks
    return _BUFFERS[side]


class Hand:
    def __init__(self, duel, side, seed, variant, touching, layout=None, flash=True):
        self.duel = duel
        self.side = side
        self.seed = seed
        self.variant = variant
        self.touching = touching
        self.layout = layout
        self.order = Rng(seed).shuffle(list(range(100)))
        self.boots = 0
        self.flash = None  # the save: a memoryview into its disk, or None
        self.peer, self.disk, self.peer_disk = buffers(side, flash)
        self.peer_flash = None  # the peer's commitments as saved (battleship.cable.save.commitments)
        self.saved_got = 0
        self.saves = 0
        self.biggest_save = 0
        self.events = 0
        self.on = True
        self.auto = True  # the bot fires on its turns
        self.fired = bytearray(512)  # turn number -> shots we fired in it (bytes: no heap growth)
        self.afloat = bytearray(512)  # turn number -> our ships afloat when we fired in it
        self.lie = None  # lie(answer message) -> message this side sends instead
        self.before_fire = None  # before_fire(hand): a hook run before each of our shots
        self.g = None
        self.boot()

    def boot(self):
        """Power on: a new game, or the game in flash."""
        rand, end, now = power_on(self)
        # the game first (its 3.2 KB block), then its Link, as the handheld does
        if self.flash is None:
            self.peer_flash = None
            g = Game(None, rand, self.variant, self.touching, self.peer)
            g.link = Link(
                end, rand, now, fw=FW, rules=rules_bytes(self.variant, self.touching), tx_slots=TX_SLOTS
            )
        else:
            state, snap = split(self.flash)
            g = restore(state, None, rand, self.peer, self.peer_flash)
            g.link = Link(end, rand, now, fw=FW, rules=saved_rules(state), saved=snap, tx_slots=TX_SLOTS)
        self.g = g
        self.saved_got = g.peer.got
        self._lying = False

    def restart(self):
        self.duel.cable.ends[self.side].clear()  # bytes in its UART are gone too
        self.boot()

    def place(self):
        f = self.g.fleet
        if self.layout is None:
            f.shuffle(Rng(self.seed + 99))
        else:
            for ship, r, c, v in self.layout:
                f.place(ship, r, c, v)

    def step(self, now):
        self.play(now)
        self.save()

    def play(self, now):
        """This side's frame but its save: the game's step, the fleet placed and committed, the
        lie set up, a shot fired on our turn."""
        g = self.g
        ev = g.step(now)
        self.events |= ev
        if g.phase == PLACING:
            self.place()
            g.commit()
        if self.lie is not None and g.my is not None and not self._lying:
            self._lying = True
            real = g.my.answer

            def answer(cell):
                msg, hit, sunk = real(cell)
                return self.lie(msg), hit, sunk

            g.my.answer = answer
        if self.auto and g.my_turn():
            if self.before_fire is not None:
                self.before_fire(self)
            k = 0
            while g.peer.answered[self.order[k]]:
                k += 1
            g.fire(self.order[k])
            self.fired[g.turn_no] += 1
            self.afloat[g.turn_no] = g.fleet.afloat()

    def save(self):
        """The save into this side's "flash", when the game asks (the saving rule)."""
        g = self.g
        if g.needs_save() and self.disk is None:
            g._dirty = g.link.needs_save = False  # no flash: nothing to write
        elif g.needs_save():
            if g.peer.got != self.saved_got:  # the commitments first, as the handheld saves them
                c = commitments(g)
                self.peer_disk[: len(c)] = c
                self.peer_flash = memoryview(self.peer_disk)[: len(c)]
                self.saved_got = g.peer.got
            self.flash = save_into(g, self.disk)
            self.saves += 1
            if len(self.flash) > self.biggest_save:
                self.biggest_save = len(self.flash)


class Duel(Clock):
    def __init__(
        self, seeds=(1, 2), variant=CLASSIC, touching=True, layouts=(None, None), step=33, cable=None
    ):
        self.cable = cable or Cable()
        self.step = step
        self.hands = [Hand(self, i, seeds[i], variant, touching, layouts[i]) for i in (0, 1)]

    def play(self, ms=900000):
        return self.run(ms, self.done)

    def restart(self, side):
        self.hands[side].restart()


def shots_taken(g):
    """The shots this side fired that were answered, and the shots it received."""
    return g.peer.n_log, sum(g.fleet.shots)
