"""The main menu's screens in representative states."""

from core.home import Home, SettingsScreen


def catalog(app):
    yield "menu", Home()
    s = SettingsScreen()
    s.sel = 4
    yield "settings", s
