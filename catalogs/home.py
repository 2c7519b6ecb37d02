"""The main menu's screens in representative states."""

from core import modes
from core.home import GroupMenu, Home, SettingsScreen
from core.saved import Ask, ContinueMenu
from host_tools.duel.storage import DictStorage


def catalog(app):
    yield "menu", Home()
    s = SettingsScreen()
    s.sel = 4
    yield "settings", s
    for label, members in modes.main_rows():
        if label == "express_menu":
            yield "express_menu", GroupMenu(label, members)
    kept, app.hw.storage = app.hw.storage, DictStorage()
    app.save_game("salvo", b"B", 31, unit="u_shots")
    app.save_game("link_battle", b"L", 12, "link_salvo", "u_turn")
    app.save_game("express", b"E", 3, unit="u_sunk")
    app.save_game("link_express", b"X", 27, "lx_saved", "u_rolls")
    app.save_game("cards", b"C", 14, unit="u_turn")
    app.save_game("link_cards", b"D", 6, "link_cards", "u_turn")
    app.save_game("torpedo_link", b"T", 9, unit="u_turn")
    m = ContinueMenu(app)
    app.hw.storage = kept
    yield "continue", m
    yield "replace", Ask("cards", None)
