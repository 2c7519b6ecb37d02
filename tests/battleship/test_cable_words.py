# interpreters: micropython
"""Link battle's words: the battle finds every word it shows in the battle's own
table, so no other stage's words come into the heap mid-battle (a missing short
ship name once loaded them at the battle's peak, and the heap ran out)."""

import sys

from battleship.cable import ui as lkui
from battleship.cable.view import ship_name
from core import strings


def test_ship_names_in_battle_need_no_other_stage_words():
    lkui.words()
    try:
        for lang in ("en", "hu"):
            strings.set_lang(lang)
            for ship in range(5):
                for px in (20, 40, 128):
                    assert ship_name(ship, px)
            for part in ("_start", "_end"):
                assert "battleship.cable." + lang + part not in sys.modules, lang + part
    finally:
        strings.drop()
        strings.set_lang("en")
