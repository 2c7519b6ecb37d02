# interpreters: cpython
"""The simulated handheld end to end: real firmware on the MicroPython unix
port, the real SSD1306 driver, our decoder. Screens are compared pixel for
pixel with committed golden images."""

import pytest
from simtest import assert_golden, lit, play

from host_tools.sim.handheld import FirmwareCrashed, Handheld, run_script


def test_boot_shows_main_menu(tmp_path):
    h = play("")
    try:
        assert_golden(h, "menu", tmp_path)
    finally:
        h.close()


def test_button_press_opens_settings(tmp_path):
    h = play("A")  # the cursor starts on the first entry; Settings is last
    try:
        # walk to Settings from wherever the cursor is: UP wraps to the last entry
        run_script([h], "B,UP,A")
        assert_golden(h, "settings", tmp_path)
    finally:
        h.close()


def test_language_switch_applies_at_once_and_persists(tmp_path):
    saves = str(tmp_path / "saves")
    h = play("UP,A,RIGHT", saves=saves)
    try:
        assert_golden(h, "settings_hu", tmp_path)
        run_script([h], "B")  # leaving settings saves them
    finally:
        h.close()
    h = play("", saves=saves)  # power cycle: same flash
    try:
        assert_golden(h, "menu_hu", tmp_path)
    finally:
        h.close()


def test_cursor_move_sends_few_bytes():
    h = play("UP,A")
    try:
        h.frame_bytes.clear()
        run_script([h], "DOWN", tail_frames=0)
        moved = max(h.frame_bytes)
        assert 0 < moved <= 256, moved  # at most two 128-byte pages' worth
    finally:
        h.close()


def test_unknown_board_named_on_console_and_screen():
    h = Handheld(board="no_such_board")
    try:
        for _ in range(3):
            h.frame()
        with pytest.raises(FirmwareCrashed):
            h.frame()
        text = h.console_text()
        assert "unknown board 'no_such_board'" in text and "pico_oled" in text and "sim" in text
        assert lit(h) > 200  # the message is on the screen too
    finally:
        h.close()


def test_firmware_crash_shows_traceback_not_hang():
    h = Handheld(env={"BROADSIDE_SIM_CRASH_AT": "5"})
    try:
        with pytest.raises(FirmwareCrashed) as e:
            for _ in range(20):
                h.frame()
        assert "Traceback" in str(e.value) and "simulated fault" in str(e.value)
    finally:
        h.close()


def test_compiled_install_boots_like_the_sources(tmp_path, capsys):
    from host_tools.sim import handheld as sim

    assert sim.main(["--headless", "--compiled", "--png", str(tmp_path / "c.png")]) == 0
    import os

    from simtest import GOLDEN

    from host_tools.sim.ssd1306 import from_png

    assert from_png(str(tmp_path / "c.png")) == from_png(os.path.join(GOLDEN, "menu.png"))


# The README's headless command, as written (compiled by default), into every mode at the
# default heap: each key script ends on the mode's first screen, or a few moves into it.
README_MODES = {
    "battleship": "A,A,WAIT300,A,WAIT300",  # the level menu, then placing the fleet
    "link_battle": "A,DOWN,DOWN,A,WAIT1500",  # looking for the other handheld
    "express": "DOWN,A,WAIT100,A,WAIT300,A,WAIT300,A,WAIT1500",  # Start, who starts: a game under way
    "cards": "DOWN,DOWN,A,WAIT300,A,WAIT1500,A,WAIT500",  # a card played
    "torpedo": "DOWN,DOWN,DOWN,A,WAIT300,A,WAIT300,A,WAIT1000",  # the CPU game, locating
    "settings": "UP,A,RIGHT",
}


@pytest.mark.parametrize("mode", sorted(README_MODES))
def test_readme_headless_command_enters_every_mode(mode, tmp_path, capsys):
    from host_tools.sim import handheld as sim
    from host_tools.sim.ssd1306 import from_png

    shot = tmp_path / "shot.png"
    rc = sim.main(["--headless", "--keys", README_MODES[mode], "--png", str(shot)])
    assert rc == 0, capsys.readouterr().err
    import os

    from simtest import GOLDEN

    assert from_png(str(shot)) != from_png(os.path.join(GOLDEN, "menu.png"))  # in the mode
    assert "wrote" in capsys.readouterr().out
