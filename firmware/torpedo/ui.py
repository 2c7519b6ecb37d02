"""Battleship Torpedo Attack on the handheld: the mode's entry points and its menu.

start(app, arg) shows the mode's menu: play the CPU, a link cable game, and
the CPU level (the settings' own, changed here too: both handhelds on a
cable must choose the same, the drift speed depends on it). Then the fleet
is placed (torpedo.place), ships located (torpedo.locate) and fired at through the
periscope (torpedo.scope_ui). Over the cable, torpedo.cable.ui (with link.screen, the link's
screens of every cable game) and torpedo.cable.match link the two handhelds. A game's modules load
when it is chosen, the largest first (see cpu_modules, new_cable_game); the menu's own code is
dropped once a game is under way. resume(app, payload) continues a game saved in the slot "torpedo" or
"torpedo_link" (first byte b"T"). Every screen for the layout tests and the PNG
review: catalogs/torpedo.py.
"""


from battleship.rules import HARD
from core import ui
from core.compat import const, load, unload
from core.strings import t
from torpedo.view import Then, need, words
from torpedo.view import level as level_of

_TAG = const(0x54)  # a save's first byte (b"T"); the second: 0 against the CPU, 1 over the cable
_CABLE = const(1)


class Menu(ui.Menu):
    def __init__(self):
        items = [
            ("ta_vs_cpu", _new("torpedo", new_cpu_game)),
            ("ta_cable", _new("torpedo_link", new_cable_game)),
            (self.level_label, self.step),
        ]
        ui.Menu.__init__(self, "torpedo", items)

    def level_label(self):
        return t("ta_level") % t(self.level)

    def step(self, app):
        app.settings.step("level", 1)
        app.save_settings()
        app.redraw()

    def draw(self, app, fb):
        self.level = app.settings.get("level")
        ui.Menu.draw(self, app, fb)


def _new(slot, go):
    """go(app) starts a game that saves in `slot`: asked first when one is saved there."""

    def new(app):
        if app.has_game(slot):
            load("core.saved").ask_replace(app, slot, go)
        else:
            go(app)

    return new


def cpu_modules(app, level):
    """What a game against the CPU runs on, the largest first (on a heap that compiling sources
    cut up, the order decides whether it fits: this one does in 192 KB)."""
    need(app, "torpedo.engine", "torpedo.place", "battleship.ai", "torpedo.match", "torpedo.ai")
    if level == HARD:
        need(app, "battleship.ai_hard")


def new_cpu_game(app):
    level = level_of(app)
    cpu_modules(app, level)
    from torpedo.engine import Game
    from torpedo.match import CpuMatch

    m = CpuMatch(Game(app.new_seed(), level, touching=bool(app.settings.get("touching"))))
    m.shuffle()
    app.replace(load("torpedo.place").Placement(m))
    unload("torpedo.ui")  # the menu's work is done: its code can go


def _no_port(app):
    """A board without a cable port (hw.link None) cannot play over the cable: link.screen says so."""
    if app.hw.link is not None:  # (link.screen only to say there is none)
        return False
    from link.screen import no_port

    return no_port(app, t("ta_cable"))


def new_cable_game(app):
    if _no_port(app):
        return
    # The link's screens load on the next frame (torpedo.cable.ui.linking), once this menu's code has
    # left the heap: the two together, with the link's modules loading, did not fit in 192 KB.
    app.replace(Then(app, "torpedo.cable.ui", "linking"))
    unload("torpedo.ui")


def start(app, arg):
    """The mode's menu. A game's modules load when it is chosen: against the CPU, the CPU's;
    over the cable, the link's (the largest thing a game needs: nothing else is loaded yet)."""
    words()
    app.push(Menu())


def resume(app, payload):
    words()
    if len(payload) > 1 and payload[0] == _TAG and payload[1] == _CABLE:
        if _no_port(app):
            return
        need(app, "torpedo.cable.ui")
        load("torpedo.cable.ui").resume(app, payload)
        unload("torpedo.ui")
        return
    cpu_modules(app, payload[8] if len(payload) > 8 else HARD)  # the engine's level byte (torpedo.match save)
    from torpedo.match import CpuMatch

    app.push(load("torpedo.locate").Locate(CpuMatch.load(payload)))
    unload("torpedo.ui")
