"""Battleship Card Game against the CPU: the entry points of the card game's screens.

start(app, arg) opens it (arg None: a Standard/Beginner menu; or
cards.rules.STANDARD / BEGINNER to deal at once); resume(app, payload) opens a
game saved in the slot SLOT (payloads start with TAG, b"C"). The game screen is
cards.game.GameScreen (turn flow, the CPU's turn; its save bytes: cards.save) with cards.pick
(choosing cards and targets) and cards.paint (its draw) mixed in; the other
screens are in cards.menus (pause menu, log, help, result), the words in
cards.text, the drawing parts in cards.draw. After the rules, "Who starts?"
You / CPU / Random (the rule sheet lets the younger player start; Random is
the default); the CPU level comes from Settings when a game is dealt and is
kept in its save.
"""

# The order matters on a small heap: the modules that take most memory to compile come
# first, while the heap is emptiest; the menus are compiled now rather than mid-game.
from cards.engine import Game  # noqa: F401  (compiled first, see above)

# isort: split
from cards import (
    ai,  # noqa: F401  (cards.game loads the CPU's code only when it plays: here, for the CPU game)
    draw,  # noqa: F401
    menus,  # noqa: F401
    save,  # noqa: F401
)
from cards.game import SLOT, GameScreen, new_game  # noqa: F401  (SLOT: the save API)
from cards.pick import CPU, HUMAN
from cards.rules import BEGINNER, STANDARD
from cards.save import TAG, load, payload  # noqa: F401  (the save: API)
from cards.text import EN, HU
from core import strings, ui

strings.add(EN, HU)


def _mode_item(mode):
    def run(app):
        menu = ui.Menu("cg_who", [("cg_you", _first(mode, HUMAN)), ("cg_cpu", _first(mode, CPU)),
                                  ("cg_random", _first(mode, -1))])
        menu.sel = 2  # Random unless the player says otherwise (the rule sheet: the younger starts)
        app.push(menu)

    return run


def _first(mode, who):
    def run(app):
        app.pop()  # the question; the rules menu under it stays until the deal replaces it
        new_game(app, mode, replace=True, first=who)  # pop() would bring Home back, which unloads this module

    return run


def start(app, arg=None):
    """Open the card game: arg None asks Standard or Beginner; else the mode to play."""
    if arg is None:
        items = [("cg_standard", _mode_item(STANDARD)), ("cg_beginner", _mode_item(BEGINNER))]
        app.push(ui.Menu("cg_title", items))
    else:
        new_game(app, arg)


def resume(app, data):
    """Continue a saved game exactly (a payload as saved in SLOT, tag b"C"); returns
    its screen. ValueError if the save is damaged (app.resume_mode reports it)."""
    g, level, rng = load(data)
    scr = GameScreen(g, level, rng)
    app.push(scr)
    return scr
