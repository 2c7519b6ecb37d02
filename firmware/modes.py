"""The game modes in the main menu: (label key, module, argument).

A mode's module is imported only when chosen and dropped from memory when
its screens close, so only the game being played is in RAM. The module's
start(app, arg) pushes its first screen. Only modes that work are listed.
"""

MODES = (
    ("battleship", "bs_ui", "classic"),
    ("salvo", "bs_ui", "salvo"),
    ("express", "ex_ui", None),
    ("cards", "cg_ui", None),
    ("link_battle", "lk_ui", "classic"),
    ("link_salvo", "lk_ui", "salvo"),
    ("torpedo", "ta_ui", None),
)

# A game in progress is saved as "game": its first byte says whose it is.
# tag byte -> module whose resume(app, payload) continues it exactly.
RESUME = {
    0x42: "bs_ui",  # B: Battleship and Salvo
    0x45: "ex_ui",  # E: Battleship Express
    0x43: "cg_ui",  # C: the card game
    0x4C: "lk_ui",  # L: Link battle / Link salvo
}
SAVE_NAME = "game"
