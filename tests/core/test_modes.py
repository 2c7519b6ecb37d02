# interpreters: micropython cpython
"""The main menu's modes, one row each: every mode opens from the menu, saves in a slot
Continue lists under the game's own name, and its saves come back to its own module."""

from core import modes
from core.modes import ARG, GROUP, KEY, MODULE, NAME, SLOT, TAG


def test_every_row_is_a_whole_mode():
    keys = [m[KEY] for m in modes.MODES]
    assert len(set(keys)) == len(keys)
    assert all(len(m) == 7 for m in modes.MODES)  # key, module, arg, group, slot, tag, name
    assert (KEY, MODULE, ARG, GROUP, SLOT, TAG, NAME) == tuple(range(7))


def test_every_mode_opens_from_one_entry_or_one_row_of_one_submenu():
    labels = [label for label, _members in modes.main_rows()]
    assert len(set(labels)) == len(labels)
    for m in modes.MODES:
        assert m[GROUP] is None or m[GROUP] in labels, m
        row, sub = modes.menu_path(m[KEY])
        assert labels[row] == (m[KEY] if m[GROUP] is None else m[GROUP])
        assert (sub == -1) == (m[GROUP] is None)


def test_every_mode_saves_in_a_slot_continue_lists():
    assert len(set(modes.SLOTS)) == len(modes.SLOTS)
    for m in modes.MODES:
        slot = modes.slot_of(m[KEY])
        assert slot is None or slot in modes.SLOTS, (m[KEY], slot)
    # the one mode that picks its slot later has its slots listed
    assert modes.slot_of("torpedo") is None and "torpedo" in modes.SLOTS and "torpedo_link" in modes.SLOTS
    # the two link modes share one: the handhelds agree on the variant
    assert modes.slot_of("link_salvo") == modes.slot_of("link_battle") == "link_battle"
    assert modes.SLOTS[0] == "battleship" and modes.SLOTS[-1] == "torpedo_link"  # the menu's order


def test_every_game_module_resumes_its_own_saves():
    games = {m[MODULE] for m in modes.MODES}
    assert set(modes.RESUME.values()) == games
    for m in modes.MODES:
        assert modes.RESUME[m[TAG]] == m[MODULE], m  # one module a tag
        assert 0x41 <= m[TAG] <= 0x5A  # a capital letter, as the saves are tagged


def test_saves_from_before_the_cable_moved_into_its_game_resume_in_the_game_now():
    """A save names its mode by its first byte, never by a module: the tags on flash before
    issue 44 (b"L" Link battle, b"X" Express, b"D" the card game over the cable, b"T" Torpedo
    Attack in both slots) are resumed by the modules the cable games live in now."""
    assert modes.RESUME[0x4C] == "battleship.cable.ui"
    assert modes.RESUME[0x58] == "express.cable.ui"
    assert modes.RESUME[0x44] == "cards.cable.ui"
    assert modes.RESUME[0x54] == "torpedo.ui"


def test_a_saved_game_is_called_by_its_modes_name():
    assert modes.name("link_cards") == modes.row("link_cards")[NAME] == "lc_saved"
    assert modes.name("link_express") == "lx_saved"
    assert modes.name("link_salvo") == "link_salvo" and modes.name("link_battle") == "link_battle"
    assert modes.name("torpedo_link") == "torpedo_link"  # a slot of no mode's own: its own word
