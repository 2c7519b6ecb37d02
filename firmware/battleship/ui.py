"""Battleship and Salvo against the CPU on the handheld: the mode's entry points.

start(app, arg) asks the CPU level ("classic" or "salvo" from core/modes.py),
then the fleet is placed (battleship.place) and the battle fought
(battleship.battle). resume(app, payload) continues a game saved in the slot
"battleship" or "salvo" (see battleship.view). Every screen for the layout
tests and the PNG review: catalogs/battleship.py.

Every module the mode uses is imported here, with it, so that the app
unloads them all when the mode's screens close (it drops the modules that
arrived with this one). The hard CPU is the exception: the engine imports it
when a game needs it (it is the biggest module, and the heap of a device
running sources may not have room to compile it early), so it is added to
the app's list then.
"""


from battleship import battle, place
from battleship.engine import Game
from battleship.rules import CLASSIC, LEVEL_NAMES, SALVO
from battleship.view import load_habits, unpack, variant_key, words
from core import ui


# -- entry points ----------------------------------------------------------
class LevelMenu(ui.Menu):
    """Easy / Medium / Hard, the settings' level first in line."""

    def __init__(self, variant, level_name):
        self.variant = variant
        items = [(name, self._pick(i)) for i, name in enumerate(LEVEL_NAMES)]
        ui.Menu.__init__(self, variant_key(variant), items)
        self.sel = LEVEL_NAMES.index(level_name) if level_name in LEVEL_NAMES else 1

    def _pick(self, level):
        return lambda app: new_game(app, self.variant, level)


def new_game(app, variant, level):
    touching = bool(app.settings.get("touching"))
    game = Game(level=level, variant=variant, touching=touching, seed=app.new_seed(), habits=load_habits(app))
    game.shuffle()  # a fleet ready to go; the player may shuffle again or place by hand
    app.replace(place.Placement(game))


def start(app, arg):
    words()
    variant = SALVO if arg == "salvo" else CLASSIC
    app.push(LevelMenu(variant, app.settings.get("level")))


def resume(app, payload):
    words()
    game, state = unpack(payload, load_habits(app))
    app.push(battle.Battle(game, state))
