"""Helpers for the card game screen tests under MicroPython: a dict for flash, a fake
handheld in the card game, game positions, and a key-driving player."""

from fakehw import make_hw, press

from cards import ui  # noqa: F401  (first: its modules compile best in an empty heap)
from cards.ai import choose
from cards.engine import Game
from cards.game import GameScreen
from cards.pick import CPU, F_TARGET, F_WAIT
from cards.rules import CARD_TYPE, STANDARD
from cards.ui import start
from cards.view import view_for
from core import strings
from core.app import App
from core.hal import RIGHT, A
from core.prng import Rng
from host_tools.duel.storage import DictStorage  # noqa: F401  (the card tests take it from here)


def position(seed, plies, mode=STANDARD):
    """Game `seed` after `plies` moves of the sensible CPU on both sides (as catalogs.cards)."""
    g = Game(seed, mode, 0)
    rng = Rng(seed)
    for _ in range(plies):
        if g.over:
            break
        g.apply(choose(view_for(g, g.cur), rng))
    return g


def new_app(storage=None):
    """A fake handheld that has just opened the card game from the main menu (which leaves
    the heap while a game runs, and comes back when the game's last screen closes)."""
    strings.set_lang("en")
    app = App(make_hw(storage))
    app._load_mode("cards.ui")
    return app


def game_screen(app, mode=STANDARD, game=None, level=2):
    """A game screen on top of the stack (a dealt game, or the given one)."""
    if game is None:
        start(app, mode)
        return app.top()
    s = GameScreen(game, level, Rng(3))
    app.push(s)
    return s


def select_type(app, s, ty):
    """Walk the hand row with RIGHT until a card of type ty is selected."""
    for _ in range(len(s.items())):
        k = s.items()[s.sel]
        if k >= 0 and CARD_TYPE[k] == ty:
            return True
        press(app, RIGHT)
    return False


def until_my_turn(app, s, limit=400):
    """Press A through the CPU's plays until it is the human's turn again (or the end)."""
    n = 0
    while (s.focus == F_WAIT or s.g.cur == CPU) and app.top() is s and n < limit:
        press(app, A, after=1)
        n += 1
    return n


def play_round(app, s):
    """One round of the key-driving player: the selected card on its first target (a two-power
    card's first choice), then A through the CPU's turn."""
    press(app, A)
    if app.top() is not s:
        press(app, A)
    while s.focus == F_TARGET:
        press(app, A)
    until_my_turn(app, s)
