# Broadside's boot, frozen into the firmware. MicroPython runs a frozen main.py
# instead of a /main.py on the filesystem (shared/runtime/pyexec.c), so this one
# picks: a /main.py file (the files install, or a program of the user's own) runs
# as it always did; else the game boots from the ROMFS partition, /rom/broadside.mpy
# (firmware/main.py compiled; /rom is on sys.path). No try around either: Ctrl-C
# and errors end at the REPL with their traceback, as from a /main.py.
import os


def _file(path):
    try:
        return os.stat(path)[0] & 0x8000  # S_IFREG: a directory does not count
    except OSError:
        return 0


if _file("/main.py"):
    execfile("/main.py", {"__name__": "__main__", "__file__": "/main.py"})  # noqa: F821
elif _file("/rom/broadside.mpy"):
    import broadside  # noqa: F401
else:
    print(
        "broadside: no game in ROMFS (the /rom partition is empty): "
        "drag build/uf2/broadside.uf2 onto the Pico or run make flash"
    )
