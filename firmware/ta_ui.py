"""Battleship Torpedo Attack on the handheld: the mode's entry points and its menu.

start(app, arg) shows the mode's menu: play the CPU, a link cable game, and
the CPU level (the settings' own, changed here too: both handhelds on a
cable must choose the same, the drift speed depends on it). Then the fleet
is placed (ta_place), ships located (ta_locate) and fired at through the
periscope (ta_scope_ui). Over the cable, ta_cable links the two handhelds.
resume(app, payload) continues a game saved as "game" (first byte b"T").
catalog(app) yields every screen for the layout tests and the PNG review.
"""

import sys

import ta_locate  # noqa: F401  (every screen of the mode loads with it: see need())
import ta_place
import ta_scope_ui  # noqa: F401
import ui
from bs_rules import HARD, LEVEL_NAMES
from strings import t
from ta_engine import Game
from ta_match import CpuMatch
from ta_view import CABLE, TAG, words


def need(app, *names):
    """Import modules only one kind of game uses (the CPU's search, the cable's link)
    so that the app drops them with this mode: it unloads what arrived with ta_ui,
    and these arrive later."""
    mods = getattr(app, "_mode_modules", None)
    for name in names:
        if name in sys.modules:
            continue
        before = set(sys.modules)
        __import__(name)
        if mods is not None:
            for m in sys.modules:
                if m not in before and m not in mods:
                    mods.append(m)


class TaMenu(ui.Menu):
    def __init__(self):
        items = [("ta_vs_cpu", new_cpu_game), ("ta_cable", new_cable_game), (self.level_label, self.step)]
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


def _level(app):
    name = app.settings.get("level")
    return LEVEL_NAMES.index(name) if name in LEVEL_NAMES else 1


def new_cpu_game(app):
    level = _level(app)
    need(app, "bs_ai")
    if level == HARD:
        need(app, "bs_ai_hard")
    g = Game(app.new_seed(), level, touching=bool(app.settings.get("touching")))
    m = CpuMatch(g)
    m.shuffle()
    app.replace(ta_place.Placement(m))


def new_cable_game(app):
    need(app, "ta_cable")
    sys.modules["ta_cable"].start(app, _level(app), bool(app.settings.get("touching")))


def start(app, arg):
    words()
    app.push(TaMenu())


def resume(app, payload):
    words()
    if len(payload) > 1 and payload[0] == TAG and payload[1] == CABLE:
        need(app, "ta_cable")
        sys.modules["ta_cable"].resume(app, payload)
        return
    need(app, "bs_ai", "bs_ai_hard")  # the save says which level: load both
    app.push(ta_locate.Locate(CpuMatch.load(payload)))


def catalog(app):
    need(app, "ta_catalog")
    words()
    return sys.modules["ta_catalog"].screens(app)
