"""Boot: pick the board, build its hardware, run the app.

The board's name comes from the BROADSIDE_BOARD environment variable (unix
port / simulator) or the file board.txt next to this one (the flashing tool
writes it); the default is pico_oled. Board modules live in boards/ (on the
device, /boards). An unknown name is reported on the console and, through
the first board that can start, on the screen.

Ctrl-C (from mpremote, Thonny, a console) stops the game and leaves the
REPL, so a handheld can always be flashed: main.py never ends a board's boot
with SystemExit, because MicroPython then soft-reboots and runs main.py again
(ports/rp2/main.c, shared/runtime/pyexec.c). Only run as a program (the unix
port: the simulator, tests) does it exit with a status.
"""

import os
import sys

DEFAULT_BOARD = "pico_oled"


def _here():
    f = globals().get("__file__", "")
    i = f.rfind("/")
    return f[:i] if i > 0 else "."


def _boards_dir():
    for d in (_here() + "/../boards", _here() + "/boards", "/boards"):
        try:
            os.stat(d)
            return d
        except OSError:
            pass
    return None


def known_boards():
    d = _boards_dir()
    if d is None:
        return []
    names = []
    for n in os.listdir(d):
        for ext in (".py", ".mpy"):
            if n.endswith(ext) and not n.startswith("_"):
                names.append(n[: -len(ext)])
    return sorted(set(names))


def board_name():
    name = None
    try:
        name = os.getenv("BROADSIDE_BOARD")  # the unix port only; rp2 raises AttributeError  # pyright: ignore[reportAttributeAccessIssue]
    except AttributeError:
        pass
    if not name:
        try:
            with open(_here() + "/board.txt") as f:
                name = f.read().strip()
        except OSError:
            name = DEFAULT_BOARD
    return name


def load_board(name):
    d = _boards_dir()
    if d is not None and d not in sys.path:
        sys.path.append(d)
    if name not in known_boards():
        return None
    return __import__(name)


def report_unknown(name):
    known = known_boards()
    msg = "broadside: unknown board '%s'; known boards: %s" % (name, ", ".join(known) or "none")
    print(msg)
    # Show it on the first board that can start, so a person with only the
    # handheld in front of them sees it too.
    for other in known:
        try:
            hw = load_board(other).make_hw()
        except Exception:
            continue
        from core import ui
        from core.strings import t

        fb = hw.display
        fb.fill(0)
        ui.title(fb, t("bad_board"))
        from core import font

        font.text(fb, font.fit("'%s'" % name, 128), 0, 12, 1)
        font.text(fb, t("boards_known"), 0, 24, 1)
        font.text(fb, font.fit(", ".join(known), 128), 0, 34, 1)
        fb.show()
        if hasattr(hw.clock, "wait_frame"):
            for _ in range(3):
                hw.clock.wait_frame()
        return hw
    return None


def show_crash(hw, exc):
    try:
        from core import font, ui
        from core.strings import t

        fb = hw.display
        fb.fill(0)
        ui.title(fb, t("crash"))
        y = 12
        for line in ui.wrap("%s: %s" % (type(exc).__name__, exc), 128):
            if y > 56 - font.HEIGHT:
                break
            ui.text(fb, line, 0, y, 1)
            y += font.LINE
        fb.show()
    except Exception as e2:  # the screen itself failed: the console has it
        print("could not show the error on screen:", e2)


def main():
    name = board_name()
    board = load_board(name)
    if board is None:
        report_unknown(name)
        return 2
    hw = board.make_hw()
    drive = getattr(board, "drive", None)
    if drive is not None:  # the board's own clock runs the frames (the web page): hand it over
        return drive(hw, show_crash)
    from core.app import App

    while True:
        try:
            app = App(hw)
            app.home()
            app.run()
            return 0
        except KeyboardInterrupt:
            hw.sound.silence()
            print("broadside: stopped by Ctrl-C")
            return 130
        except Exception as e:
            hw.sound.silence()
            sys.print_exception(e)
            show_crash(hw, e)
            # The simulator exits so its front end shows the traceback; a
            # device waits for a button, then starts the app again.
            if getattr(board, "EXIT_ON_CRASH", False):
                return 1
            wait_any_button(hw)


def wait_any_button(hw):
    btn = hw.buttons
    while True:
        btn.poll(hw.clock.wait_frame())
        if btn.any_pressed():
            return


rc = main()
# A program (sys.argv names the script) reports how it ended to whoever
# started it. A board's boot has no argv: there main.py returns, and the
# REPL follows (a KeyboardInterrupt raised outside main()'s loop also ends
# in the REPL, after its traceback).
if rc and sys.argv:
    sys.exit(rc)
