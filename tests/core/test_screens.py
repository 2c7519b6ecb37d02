# interpreters: micropython
"""Every screen, in English and in Hungarian: no text runs off the 128x64
display, no two texts overlap, and every word drawn comes from the language's word
table (a text written in code, or a key the language lacks, shows English).

A game's modules leave a 192 KB heap too fragmented to load the next game,
so each test file (one process each) checks one module: this one the main
menu, and tests/<package>/test_screens.py each game (they call screens.check())."""

import os

from screens import check, foreign, keys_drawn, new_app, problems, render

from core.modes import MODES, MODULE


def test_main_menu_screens_fit_in_both_languages():
    count, bad = check("home")
    assert count >= 4, count
    assert not bad, "\n".join(bad)


def test_every_game_has_its_screen_test():
    tests = __file__[: __file__.rfind("/core/")]  # the tests/ folder
    missing = []
    for m in MODES:
        parts = m[MODULE].split(".")  # battleship.ui, battleship.cable.ui
        package = parts[0]
        name = "_".join(["test"] + parts[1:-1] + ["screens.py"])  # test_screens.py, test_cable_screens.py
        if name not in os.listdir(tests + "/" + package):
            missing.append(package + "/" + name)
    assert not missing, "add the screen tests %r" % missing


def test_checker_catches_overflow_and_overlap():
    boxes = [(120, 0, 20, 8, "runs off"), (0, 20, 10, 8, "a"), (5, 22, 10, 8, "b"), (0, 40, 5, 8, "alone")]
    found = problems(boxes)
    assert len(found) == 2, found
    assert "off screen" in found[0] and "overlap" in found[1]


def test_checker_catches_a_word_from_no_table():
    from core import strings, ui

    app = new_app()
    msg = ui.Message(strings.HU.get("settings"), ["Opponent lied"])  # a text written in code
    for lang in ("hu", "en"):
        asked = []
        found = foreign(render(app, msg, lang, asked), asked, lang)
        assert any("'Opponent'" in f for f in found) and any("'lied'" in f for f in found), found
        assert len(found) == (2 if lang == "hu" else 3), found  # the Hungarian title is HU's word


def test_checker_catches_a_word_key_drawn():
    """A key whose table is not loaded shows as the key itself (strings.t): the check names it
    whole, a piece of it, or a shape no word has (prefix, underscore), loaded table or none."""
    from core import strings, ui

    app = new_app()
    lines = ["settings", "B: hint_menu", "hint_me", "ln_hint_leave", "_leave", "Sound: On"]
    found = keys_drawn(render(app, ui.Message(strings.EN.get("settings"), lines), "en"))
    assert len(found) == 5, found
    assert "a word key drawn as text: 'settings'" in found[0]
    assert "'hint_menu' in 'B: hint_menu'" in found[1]
    assert "a piece of the word key 'hint_menu'" in found[2]
    assert "in no loaded table: 'ln_hint_leave'" in found[3] and "'_leave'" in found[4]
