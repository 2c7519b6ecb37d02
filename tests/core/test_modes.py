# interpreters: micropython cpython
"""The main menu's four mode tables agree: every mode opens from the menu, saves in a slot
Continue lists, and its saves come back to its own module."""

from core import modes


def test_every_grouped_mode_is_a_mode_and_every_group_an_entry():
    keys = [m[0] for m in modes.MODES]
    assert all(k in keys for k in modes.GROUPS), modes.GROUPS
    labels = [label for label, _members in modes.main_rows()]
    assert all(modes.GROUPS[k] in labels for k in modes.GROUPS)
    for key in keys:  # each mode is one entry or one row of one submenu
        modes.menu_path(key)


def test_every_mode_saves_in_a_slot_continue_lists():
    assert len(set(modes.SLOTS)) == len(modes.SLOTS)
    for key, _module, _arg in modes.MODES:
        slot = modes.slot_of(key)
        assert slot is None or slot in modes.SLOTS, (key, slot)
    # the one mode that picks its slot later has its slots listed
    assert modes.slot_of("torpedo") is None and "torpedo" in modes.SLOTS and "torpedo_link" in modes.SLOTS


def test_every_game_module_resumes_its_own_saves():
    games = {module for _key, module, _arg in modes.MODES}
    assert set(modes.RESUME.values()) == games
    assert len(modes.RESUME) == len(games)  # one tag a module
    assert all(0x41 <= tag <= 0x5A for tag in modes.RESUME)  # a capital letter, as the saves are tagged
