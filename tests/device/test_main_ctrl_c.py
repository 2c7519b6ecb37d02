# interpreters: cpython
"""firmware/main.py on Ctrl-C, run as a program (the unix port: the
simulator). How it ends on a board, where it must leave the REPL, is tested
on the fake handheld (tests/device/test_flash.py, tests/kit/fakedev_vm.py)."""

import signal

from host_tools.sim.handheld import Handheld


def test_ctrl_c_ends_the_simulated_handheld_with_status_130():
    h = Handheld()
    try:
        for _ in range(5):
            h.frame()
        h.proc.send_signal(signal.SIGINT)  # it waits for the next frame's reply
        assert h.proc.wait(timeout=30) == 130
        assert "broadside: stopped by Ctrl-C" in h.console_text()
    finally:
        h.close()


def test_ctrl_c_during_a_sound_leaves_the_piezo_silent():
    from host_tools.sim.handheld import BUTTONS, FirmwareCrashed, run_script

    h = Handheld()
    try:
        run_script([h], "UP,A,DOWN,DOWN")  # Settings, on the Sound row
        h.frame(BUTTONS["RIGHT"])  # Sound on: the click starts
        h.run_to_frame()
        assert h.tones and h.tones[-1] != 0, h.tones
        h.proc.send_signal(signal.SIGINT)
        try:
            while True:
                h.run_to_frame()
        except FirmwareCrashed:
            pass  # the firmware ended: everything it sent is read
        assert h.proc.wait(timeout=30) == 130
        assert h.tones[-1] == 0, h.tones
    finally:
        h.close()
