"""The card game over the cable on a fake handheld whose link reaches a bot's game (a
cards.cable.game.Game, no screens) through a message-level stand-in (tests/kit/stublink.py): our
side plays on the card game's screens (cards.cable.ui.Cable) with its keys, the bot's CPU chooses
with cards.ai from its own view. Used by tests/cards/test_cable_ui.py and the press counts."""

import gc

from stublink import BotPair

from cards.cable import ui as lc_ui
from cards.cable.game import Game
from cards.view import view_for
from core.prng import Rng
from host_tools.duel import storage as dictstorage


class _Flash(dictstorage.DictStorage):
    """The dict flash, each name's bytes in a block allocated once (a save is 3-5 KB: a heap
    holding two handhelds' games has no such block after a while)."""

    blocks = {}

    def __init__(self):
        dictstorage.DictStorage.__init__(self)
        if not self.blocks:  # the game's slot's block first, while the heap is whole
            self.blocks["g_link_cards"] = bytearray(8192)

    def keep(self, name, parts):
        b = self.blocks.get(name)
        if b is None:
            b = self.blocks[name] = bytearray(8192)
        n = 0
        for x in parts:
            b[n : n + len(x)] = x
            n += len(x)
        return memoryview(b)[:n]


def _rand(seed):
    return Rng(seed).randbytes


class Pair(BotPair):
    def __init__(self, seeds=(3, 4), mode=0, bot_mode=None):
        BotPair.__init__(self, seeds, _Flash())
        self.bot = Game(1, mode if bot_mode is None else bot_mode, _rand(seeds[1]))
        self.bot.link = self.theirs
        self.rng = Rng(seeds[1])
        self.level = 2  # the bot's CPU: 2 sensible (cards.ai.choose), 0 any legal move

    def link_to(self, app, link):
        lc_ui._link = lambda app, rand, mode, saved=None: link

    def frame(self, mask=0):
        gc.collect()  # two handhelds' games in one 192 KB heap: no room for the pieces between
        BotPair.frame(self, mask)

    def bot_step(self):
        g = self.bot
        g.step(self.now)
        if g.my_move():
            from cards import ai

            v = view_for(g.table, g.me)
            g.play(ai.choose(v, self.rng) if self.level else ai.choose_random(v, self.rng))
        g._dirty = g.link.needs_save = False

    def game(self):
        """Our match (the app ticks it)."""
        return self.app.match

    def top(self):
        return self.app.top()

    def to_play(self):
        """From the mode's entry: Standard, the link, the coin, the shuffle and the deal, until
        the table is in play (either side's turn)."""
        from core.hal import A

        self.app.start_mode("cards.cable.ui", None)
        self.press(A)  # Standard
        for _ in range(6000):
            self.frame()
            if self.game().phase >= 2:  # cards.cable.game.PLAY
                return
        raise AssertionError("no play")

    def player(self, limit=30000, until=None):
        """Our player: A on every choice (the first playable card, its first target, the first
        option of a menu), nothing on a wait, until until() or the end is up. Returns the
        presses."""
        from core.hal import A

        n = 0
        for _ in range(limit):
            top = self.top()
            if until is not None and until():
                break
            if self.kind() == "Menu":
                self.press(A)
                n += 1
            elif self.kind() != "Cable" or top.end:
                break
            elif top.focus != 4:  # cards.pick.F_WAIT: the player waits
                self.press(A)
                n += 1
            else:
                self.frame()
        return n
