"""The game modes in the main menu: (label key, module, argument).

A mode's module is imported only when chosen and dropped from memory when
its screens close, so only the game being played is in RAM. The module's
start(app, arg) pushes its first screen. Only modes that work are listed.

A new game is a line in each of MODES, GROUPS (if under a submenu), SLOTS and
RESUME; tests/core/test_modes.py checks the four agree. One row per mode
holding all five fields was tried and measured (bench memory, 2026-12-02):
+1,216 bytes of live heap at the menu and in every game as tuples (each
field of a row costs 40-75 bytes on the unix port), +4,350 as rows of text
(the menu keeps the pieces it parses), and the first tipped the soak bench's
Torpedo Attack cable game into a MemoryError. These tables cost the least.
"""

MODES = (
    ("battleship", "battleship.ui", "classic"),
    ("salvo", "battleship.ui", "salvo"),
    ("link_battle", "linkbattle.ui", "classic"),
    ("link_salvo", "linkbattle.ui", "salvo"),
    ("express", "express.ui", None),
    ("link_express", "linkexpress.ui", None),
    ("cards", "cards.ui", None),
    ("link_cards", "linkcards.ui", None),
    ("torpedo", "torpedo.ui", None),
)

# Modes listed under one main-menu entry that opens a submenu (label key of
# the entry). The main menu then fits the screen without scrolling, so a
# cursor move redraws two marker boxes, not the whole list.
GROUPS = {
    "battleship": "battleship_menu",
    "salvo": "battleship_menu",
    "link_battle": "battleship_menu",
    "link_salvo": "battleship_menu",
    "express": "express_menu",
    "link_express": "express_menu",
    "cards": "cards_menu",
    "link_cards": "cards_menu",
}


def main_rows():
    """The main menu's game rows in order: (label key, [modes under it])."""
    rows = []
    for mode in MODES:
        group = GROUPS.get(mode[0])
        if group is None:
            rows.append((mode[0], [mode]))
            continue
        for row in rows:
            if row[0] == group:
                row[1].append(mode)
                break
        else:
            rows.append((group, [mode]))
    return rows


def menu_path(key):
    """(row in the main menu without Continue, row in the submenu or -1)."""
    rows = main_rows()
    for i in range(len(rows)):
        label, members = rows[i]
        for j in range(len(members)):
            if members[j][0] == key:
                return i, (j if label != key else -1)
    raise KeyError(key)

# Every game in progress has its own slot (App.save_game): a save named "g_" + its key.
# Continue lists them in this order. The two link modes share one slot (the handhelds
# agree on the variant), and Torpedo Attack has one against the CPU and one over the cable.
SLOTS = (
    "battleship", "salvo", "link_battle", "express", "link_express", "cards", "link_cards", "torpedo",
    "torpedo_link",
)  # fmt: skip


def slot_of(key):
    """The slot a main-menu mode saves in; None when the mode picks it later (Torpedo)."""
    if key == "link_salvo":
        return "link_battle"
    return None if key == "torpedo" else key


# A game's payload starts with a tag byte saying whose it is:
# tag byte -> module whose resume(app, payload) continues it exactly.
RESUME = {
    0x42: "battleship.ui",  # B: Battleship and Salvo
    0x54: "torpedo.ui",  # T: Torpedo Attack
    0x45: "express.ui",  # E: Battleship Express
    0x43: "cards.ui",  # C: the card game
    0x4C: "linkbattle.ui",  # L: Link battle / Link salvo
    0x58: "linkexpress.ui",  # X: Express over the cable
    0x44: "linkcards.ui",  # D: the card game over the cable
}
LEGACY = "game"  # the one save of every game before slots: read once, moved to its slot
