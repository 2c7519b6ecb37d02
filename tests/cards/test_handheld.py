# interpreters: cpython
"""The card game on the simulated handheld (real firmware, MicroPython, 192 KB heap): opened
from the main menu by keys, a whole game against the CPU played to its end by a loop that
presses keys, the screens compared with golden images, the save on flash read back."""

import os

from simtest import assert_golden, open_mode, play

from core.saved import split_game
from core.storage import unpack
from host_tools.sim.handheld import run_script

SEED = {"BROADSIDE_SEED": "7"}
# the keys that open the card game from the main menu (the cursor starts on the first row)
OPEN = open_mode("cards").rstrip(",")
YOU_FIRST = "UP,UP,A"


def _saved(saves):
    """The card game's own save bytes in its slot, or None."""
    path = os.path.join(saves, "g_cards")
    if not os.path.exists(path):
        return None
    with open(path, "rb") as f:
        return split_game(unpack(f.read()))[3]


def test_card_game_opens_from_the_main_menu(tmp_path):
    h = play(OPEN, env=SEED, saves=str(tmp_path))
    try:
        assert_golden(h, "cg_mode_menu", tmp_path)
        run_script([h], "A")  # Standard game
        assert_golden(h, "cg_who", tmp_path)  # Who starts? Random, unless chosen
        run_script([h], YOU_FIRST)
        assert_golden(h, "cg_game", tmp_path)
        assert _saved(str(tmp_path))[:1] == b"C"  # saved from the first turn on
        run_script([h], "RIGHT,RIGHT")  # the hand row scrolls through the cards
        assert_golden(h, "cg_game_card", tmp_path)
    finally:
        h.close()


def test_whole_game_against_the_cpu(tmp_path):
    """A key-driving player: A plays the selected card on the first target offered (and a
    two-power card's first choice) and skips through the CPU's plays, until the game is over
    (the save is cleared then). The heap is measured live (garbage collected every frame)."""
    saves = str(tmp_path / "saves")
    h = play(OPEN + ",A," + YOU_FIRST, env=SEED, saves=saves)
    try:
        presses = 0
        while _saved(saves) is not None:
            run_script([h], "A", tail_frames=0, flags=2)
            presses += 1
            assert presses < 1500, "the game did not end"
        run_script([h], "", tail_frames=60)  # the last play, then the result
        assert_golden(h, "cg_result", tmp_path)
        assert "lose" in h.cues[-1] or "win" in h.cues[-1]
        assert any("sunk" in c for c in h.cues) and any("miss" in c for c in h.cues)
        mem = h.memory()
        assert int(mem["peak_live"]) < 176 * 1024, mem  # 16 KB to spare in the 192 KB heap
        run_script([h], "B")  # back to the main menu, the cursor on Card game, no Continue
        assert_golden(h, "cg_menu_after", tmp_path)
    finally:
        h.close()


def test_save_and_quit_keeps_the_game_on_flash(tmp_path):
    from cards import ui

    saves = str(tmp_path)
    h = play(OPEN + ",A," + YOU_FIRST, env=SEED, saves=saves)
    try:
        while ui.load(_saved(saves))[0].turn < 3:  # play on with A, as above
            run_script([h], "A", tail_frames=0)
        # let the CPU finish its turn, then B: the pause menu, UP: its last row, Save and quit
        run_script([h], "WAIT12000,B,UP")
        assert_golden(h, "cg_pause", tmp_path)
        run_script([h], "A")
        assert h.screen()[0][0] == 1  # back on a titled menu: the main menu
    finally:
        h.close()
    data = _saved(saves)
    g, level, _rng = ui.load(data)  # CPython reads what MicroPython wrote
    assert g.turn >= 3 and not g.over and level == 1
    assert g.mode == 0 and g.cur == 0
    # power on again: Continue brings the same game back, at the same turn
    h = play("", env=SEED, saves=saves)
    try:
        assert_golden(h, "cg_menu_continue", tmp_path)  # the main menu offers Continue first
        run_script([h], "A")
        assert_golden(h, "cg_continue_list", tmp_path)  # the saved games, by name and how far
        run_script([h], "A")
        assert_golden(h, "cg_continued", tmp_path)
        run_script([h], "B,UP,A")  # Save and quit again: the same bytes
    finally:
        h.close()
    assert _saved(saves) == data
