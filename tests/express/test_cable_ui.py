# interpreters: micropython
"""Link Express on a fake handheld whose link reaches a bot's game (a Game, no screens) through a
message-level stand-in: the rules menu, the coin, arranging, a whole game played with A and B to
the checked end, a cheat named on the end screen, and a power cycle resumed from flash. The real
Link and cable are in tests/express/test_cable_game.py."""

import sys

from fakehw import saved_game, texts
from stublink import BotPair

from core import strings, ui
from core.hal import DOWN, A, B
from core.prng import Rng
from express.cable import ui as lx_ui
from express.cable.game import ARRANGE, CHEAT, M_X_ROLL, PLAYING, VERIFIED, W_ROLL, Game
from express.engine import AGAIN, ATTACKER, DECLARE, REROLL
from express.engine import Game as Engine
from express.rules import F_DECLARE_AFTER
from host_tools.duel import storage as dictstorage


class Captain:
    """The bot's choices, uniform among the legal ones (express.ai's RandomCaptain's, without its
    module: this process holds both handhelds' games in one 192 KB heap)."""

    def __init__(self, rng):
        self.rng = rng

    def arrange(self, g, player):
        return self.rng.shuffle([0, 1, 2, 3, 4])

    def attack(self, g):
        return self.rng.choice(g.legal_attackers()), None

    def target(self, g):
        return self.rng.choice(g.legal_targets())


def _rand(seed):
    return Rng(seed).randbytes


class Pair(BotPair):
    def __init__(self, seeds=(3, 4)):
        BotPair.__init__(self, seeds, dictstorage.DictStorage())
        self.bot = Game(self.theirs, _rand(seeds[1]), 0)
        self.cap = Captain(Rng(seeds[1]))
        self.tamper = None
        self.held = False  # the bot's handheld takes nothing (a slow cable: our roll waits)

    def link_to(self, app, link):
        lx_ui._link = lambda app, rand, rules, saved=None: link

    def bot_step(self):
        if self.held:
            return
        g = self.bot
        g.step(self.now)
        if g.phase == ARRANGE:
            g.arrange(self.cap.arrange(Engine(0), 1))
            if self.tamper is not None:
                real = g.send

                def send(msg):
                    real(self.tamper(msg))

                g.send = send
        if g.phase == PLAYING and g.my_turn():
            e = g.g
            c = self.cap
            if e.phase == ATTACKER:
                ship = c.attack(e)[0]
                if e.row(ship)[4] & F_DECLARE_AFTER:
                    g.attack(ship)
                else:
                    o, t = c.rng.choice(e.targets_for(ship))
                    g.attack(ship, None, o, t)
            elif e.phase == AGAIN:
                g.again()
            elif e.phase == DECLARE:
                o, t = c.target(e)
                g.declare(o, t)
            elif e.phase == REROLL:
                g.reroll(e.reroll)
        g._dirty = g.link.needs_save = False

    def game(self):
        """Our match (the app ticks it)."""
        return self.app.match

    def to_play(self):
        self.app.start_mode("express.cable.ui", None)
        assert self.kind() == "Rules"
        self.press(A)  # Captain's
        assert self.kind() == "Cable"
        for _ in range(40):
            self.frame()
            if self.game().phase == ARRANGE:
                break
        assert self.game().phase == ARRANGE
        for _ in range(60):  # the coin's result, then Express's Arrange
            self.frame()
            if self.kind() == "Arrange":
                break
        assert self.kind() == "Arrange"
        self.press(DOWN)  # the fleet as offered: Ready
        self.press(A)
        for _ in range(40):
            self.frame()
            if self.game().phase == PLAYING:
                break
        assert self.game().phase == PLAYING

    def sweep(self, limit=4000):
        """A (B on the Carrier's reroll: the dice as they lie), until the end is on the screen."""
        for _ in range(limit):
            g = self.game()
            if g.done() and self.app.top().end:
                return True
            if g.my_turn() and g.g.phase == REROLL:
                self.press(B)
            else:
                self.press(A)
        return False



def _fits(app):
    ui.TRACE = []
    app.fb.fill(0)
    app.top().draw(app, app.fb)
    for x, y, w, h, s in ui.TRACE:
        assert x >= 0 and y >= 0 and x + w <= 128 and y + h <= 64, (s, x, y, w)
    ui.TRACE = None


def test_a_whole_game_with_a_and_b_to_the_checked_end():
    p = Pair((3, 4))
    p.to_play()
    _fits(p.app)
    words = texts(p.app)
    assert "You: attack with?" in words or "Opponent's turn" in words, words  # Express's own screen
    assert p.sweep()
    for _ in range(5):
        p.frame()
    g = p.game()
    assert g.phase == VERIFIED and p.bot.phase == VERIFIED and g.winner == p.bot.winner
    words = texts(p.app)
    assert ("You win!" in words) != ("You lose" in words) and "Every roll was checked" in words
    assert "Game over" in words and "A:menu" in words  # the CPU game's end: A (B too) leaves
    assert saved_game(p.flash, "link_express") is not None
    p.press(A)
    assert saved_game(p.flash, "link_express") is None  # the end clears it
    assert p.kind() != "Cable"


def test_every_frame_of_a_game_shows_words_not_word_keys():
    """Frame by frame as a player meets them, in both languages: the rules menu, the coin, its
    result, Arrange, waiting for the other fleet, play, the end. The link's words leave the heap as
    play begins: a screen asking for one then would show its key ("ln_hint_leave")."""
    p = Pair((9, 10))
    p.words_only()
    p.to_play()
    assert p.sweep()


def test_a_cheat_is_named_on_the_end_screen():
    p = Pair((5, 6))

    def tamper(msg):
        if msg[0] == M_X_ROLL:
            b = bytearray(msg)
            b[3] = (b[3] + 1) % 6
            return bytes(b)
        return msg

    p.tamper = tamper
    p.to_play()
    for _ in range(4000):
        if p.game().done():
            break
        p.press(B if p.game().my_turn() and p.game().g.phase == REROLL else A)
    p.frame()
    g = p.game()
    assert g.phase == CHEAT and g.cheat == W_ROLL
    words = texts(p.app)
    assert "Cheat caught!" in words and "The other's roll does not match the dice" in " ".join(words)
    assert "The game does not count." in words
    _fits(p.app)
    # play's screen modules left the heap before the link's end screen came (loaded on top of
    # them, it ran out of memory drawing in about 1 game in 20 from the install's files; issue 41)
    assert "express.draw" not in sys.modules and "express.human" not in sys.modules


def test_switched_off_it_goes_on_from_its_flash():
    p = Pair((7, 8))
    p.to_play()
    for _ in range(12):
        p.press(A)
    g = p.game()
    data = saved_game(p.flash, "link_express")
    assert data[0] == ord("X") and len(data) < 700
    state = (g.phase, g.rolls, bytes(g.g.sank[0]), bytes(g.g.sank[1]))  # (a pick not yet sent is ours)
    p.app = p._app()  # power cycle: a new app, the same flash
    p.app.resume_mode("express.cable.ui", data)
    g = p.game()
    assert (g.phase, g.rolls, bytes(g.g.sank[0]), bytes(g.g.sank[1])) == state
    assert p.sweep()
    for _ in range(5):
        p.frame()
    assert p.game().phase == VERIFIED and p.bot.phase == VERIFIED
    p.press(B)  # B on the end leaves as A does
    assert saved_game(p.flash, "link_express") is None and p.kind() != "Cable"


def test_the_fleet_rows_say_whose_they_are():
    p = Pair((3, 4))
    p.to_play()
    for lang, you, them in (("en", "You", "Them"), ("hu", "Te", "Ő")):
        strings.set_lang(lang)
        words = texts(p.app)
        assert you in words and them in words, words  # not the same icon numbered 1 and 2
    strings.set_lang("en")


def test_a_roll_on_its_way_says_so_and_a_waits_for_it():
    """Our roll goes to the other handheld; the dice come with its answer. Meanwhile the hint does
    not offer A (it said "A:roll again", and A buzzed), and A neither rolls nor buzzes."""
    p = Pair((3, 4))
    p.to_play()
    cues = []
    p.app.cue = cues.append
    for _ in range(200):
        g = p.game()
        if g.my_turn() and g.g.phase == AGAIN and not p.app.top().anim:
            break
        p.press(A)
    assert g.g.phase == AGAIN and "A:roll again" in texts(p.app)
    p.held = True
    p.press(A)
    sent = len(p.ours.out)
    assert g.pending >= 0  # our roll is on its way
    del cues[:]
    for _ in range(3):
        words = texts(p.app)
        assert "Rolling...  B:menu" in words and not [w for w in words if w.startswith("A:")], words
        p.press(A)
    assert cues == [] and len(p.ours.out) == sent  # no buzz, no second roll sent
    p.held = False
    for _ in range(3):
        p.frame()
    assert g.pending < 0 and "dice" in cues
