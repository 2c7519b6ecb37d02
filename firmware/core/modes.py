"""The game modes in the main menu: one row per mode, so a new game is one line.

A mode's module is imported only when chosen and dropped from memory when
its screens close, so only the game being played is in RAM. The module's
start(app, arg) pushes its first screen; its resume(app, payload) continues a
saved game. Only modes that work are listed.

A row, in the main menu's order:
  key     the mode's label in the menus (a core.strings word)
  module  the module that starts it and resumes its saves
  arg     start's argument (the variant)
  group   the main-menu entry whose submenu lists it (a core.strings word), None: an
          entry of its own. The main menu then fits the screen without scrolling, so a
          cursor move redraws two marker boxes, not the whole list.
  slot    where its game in progress is saved (App.save_game: a save named "g_" + slot).
          The two link modes share one (the handhelds agree on the variant); a tuple: the
          mode's own menu picks one, and asks before replacing (Torpedo Attack: against the
          CPU, over the cable). Continue lists the slots in the rows' order.
  tag     the first byte of its saves (a capital letter): whose module resumes them
  name    what Continue and the question before a new game call its saved game (a word of
          core.strings or core.saved): the cable games say which game they are
"""

MODES = (
    # key, module, arg, group, slot, tag, name
    ("battleship", "battleship.ui", "classic", "battleship_menu", "battleship", 0x42, "battleship"),  # B
    ("salvo", "battleship.ui", "salvo", "battleship_menu", "salvo", 0x42, "salvo"),
    ("link_battle", "battleship.cable.ui", "classic", "battleship_menu", "link_battle", 0x4C, "link_battle"),
    ("link_salvo", "battleship.cable.ui", "salvo", "battleship_menu", "link_battle", 0x4C, "link_salvo"),
    ("express", "express.ui", None, "express_menu", "express", 0x45, "express"),  # E
    ("link_express", "express.cable.ui", None, "express_menu", "link_express", 0x58, "lx_saved"),  # X
    ("cards", "cards.ui", None, "cards_menu", "cards", 0x43, "cards"),  # C
    ("link_cards", "cards.cable.ui", None, "cards_menu", "link_cards", 0x44, "lc_saved"),  # D
    ("torpedo", "torpedo.ui", None, None, ("torpedo", "torpedo_link"), 0x54, "torpedo"),  # T
)  # fmt: skip
KEY, MODULE, ARG, GROUP, SLOT, TAG, NAME = 0, 1, 2, 3, 4, 5, 6

LEGACY = "game"  # the one save of every game before slots: read once, moved to its slot


def row(key):
    """The row of the mode `key`; KeyError when there is none."""
    for m in MODES:
        if m[KEY] == key:
            return m
    raise KeyError(key)


def main_rows():
    """The main menu's game rows in order: (label key, [modes under it])."""
    rows = []
    for mode in MODES:
        group = mode[GROUP]
        if group is None:
            rows.append((mode[KEY], [mode]))
            continue
        for r in rows:
            if r[0] == group:
                r[1].append(mode)
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
            if members[j][KEY] == key:
                return i, (j if label != key else -1)
    raise KeyError(key)


def slot_of(key):
    """The slot a main-menu mode saves in; None when the mode picks it later (Torpedo)."""
    slot = row(key)[SLOT]
    return slot if isinstance(slot, str) else None


def name(key):
    """The word Continue calls a saved game by: key is a mode's (a save's head names its mode)
    or a slot's; a key of neither (Torpedo's cable slot, an older save's word) is its own."""
    for m in MODES:
        if m[KEY] == key or m[SLOT] == key:
            return m[NAME]
    return key


def _slots():
    out = []
    for m in MODES:
        for s in (m[SLOT],) if isinstance(m[SLOT], str) else m[SLOT]:
            if s not in out:
                out.append(s)
    return tuple(out)


SLOTS = _slots()  # every slot, in Continue's order
RESUME = {m[TAG]: m[MODULE] for m in MODES}  # a save's first byte -> the module that resumes it
