"""Helpers for the Link battle screen tests under MicroPython: our handheld (an App, its flash in
a dict) and another handheld played by a bot (a Game, no screens), joined by a message-level
stand-in for the link. Two whole handhelds, each with its Link and the cable between them, do
not fit one 192 KB heap compiled from source: the real ones are in tests/battleship/ (test_cable_*)
(test_game.py the game layer, test_handheld.py two simulated handhelds)."""

from lkui_heap import COMMITMENTS, PEERS  # noqa: I001  (first: the big blocks, the heap whole)

# isort: split
from battleship.cable import ui as lk_ui  # (next: its modules compile best in a heap still empty)

# isort: split
from fakehw import make_hw, texts  # noqa: F401  (the screen tests take texts from here)
from stublink import StubLink

from battleship.cable.game import PLACING, Game
from battleship.rules import CLASSIC
from core import strings
from core.app import App
from core.hal import A
from core.prng import Rng
from host_tools.duel import storage as dictstorage


def rand_source(seed):
    """An os.urandom stand-in: rand(n) -> n bytes from a seeded Rng."""
    return Rng(seed).randbytes


class DictStorage(dictstorage.DictStorage):
    def keep(self, name, parts):
        if name == "lkpeer":  # 3.2 KB: into its own buffer, not a new block each time
            n = 0
            for x in parts:
                COMMITMENTS[n : n + len(x)] = x
                n += len(x)
            return memoryview(COMMITMENTS)[:n]
        return super().keep(name, parts)


class Pair:
    """Our handheld and the bot's; frame() runs a frame of each."""

    def __init__(self, seeds=(3, 4), variant=CLASSIC):
        strings.set_lang("en")
        self.now = 0
        self.seeds = seeds
        self.ours = StubLink(0)
        theirs = StubLink(1)
        self.ours.other, theirs.other = theirs, self.ours
        self.flash = DictStorage()
        hw = make_hw(self.flash)
        hw.link = self.ours  # a port is there (battleship.cable.ui._link hands the game this stand-in)
        self.app = App(hw)
        self.bot = Game(theirs, rand_source(seeds[1]), variant, True, PEERS[1])
        self.bot_on = True
        self.bot_fires = True  # False: it answers, and thinks on its turn
        self.lie = None  # lie(answer message) -> message the bot sends instead
        self.order = Rng(seeds[1]).shuffle(list(range(100)))

    def start(self, arg="classic"):
        self.patch()
        self.app.start_mode("battleship.cable.ui", arg)

    def patch(self):
        """Our handheld's randomness, our end of the stand-in link, our PeerFleet."""
        self.app.rand_bytes = lambda: rand_source(self.seeds[0])
        lk_ui._link = lambda app, rand, rules, saved=None: self.ours
        lk_ui.Game = lambda link, rand, variant, touching: Game(link, rand, variant, touching, PEERS[0])
        lk_ui.PeerFleet = lambda game_id, role: PEERS[0]

    def plug(self, on):
        self.ours.plugged = self.ours.other.plugged = on

    def frame(self, mask=0):
        self.now += 33
        self.app.hw.keys.mask = mask
        self.app.step()
        if self.bot_on:
            self.bot_step()

    def bot_step(self):
        g = self.bot
        g.step(self.now)
        if g.phase == PLACING:
            g.fleet.shuffle(Rng(self.seeds[1]))
            g.commit()
            if self.lie is not None:
                real = g.my.answer

                def answer(cell):
                    msg, hit, sunk = real(cell)
                    return self.lie(msg), hit, sunk

                g.my.answer = answer
        if g.my_turn() and self.bot_fires:
            k = 0
            while g.peer.answered[self.order[k]]:
                k += 1
            g.fire(self.order[k])
        g._dirty = g.link.needs_save = False  # the bot keeps no flash

    def press(self, mask, after=2):
        self.frame(mask)
        for _ in range(after):
            self.frame()

    def run(self, frames, until=None):
        for _ in range(frames):
            self.frame()
            if until is not None and until():
                return True
        return until is None

    def game(self):
        return self.app.top().s.g

    def kind(self):
        top = self.app.top()
        return type(top).__name__ if top is not None else ""

    def to_battle(self, arg="classic"):
        self.start(arg)
        assert self.run(60, lambda: self.kind() == "Coin"), self.kind()
        self.press(A)  # the coin: on to placing (the fleet comes shuffled)
        assert self.kind() == "Placing"
        self.press(A)  # Start: the fleet is committed, the battle comes once no save is due
        assert self.run(20, lambda: self.kind() == "Battle"), self.kind()
        assert self.run(100, lambda: self.game().ready())

    def sweep(self, limit=3000):
        """A, again and again, until the end shows."""
        for _ in range(limit):
            if self.kind() == "End":
                return True
            self.press(A, after=1)
        return False

