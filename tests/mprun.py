"""Run test modules under the MicroPython unix port (pytest is not there).

Usage: micropython -X heapsize=192K tests/mprun.py ROOT [--mpy DIR] tests/battleship/test_engine.py ...
       micropython -X heapsize=H host_tools/sim/romboot.py IMAGE tests/mprun.py ROOT --mpy DIR --rom FILES...
With --mpy, the firmware, board and catalogue modules come from DIR/firmware,
DIR/boards and DIR/catalogs (host_tools.check.mpycheck compiles them there); with --rom
too, the firmware and the boards come from the game's ROMFS image, which the launcher
mounted at /rom (its /rom/lib and /rom/boards go first on the path: they run in place, as on
the device), and only the catalogues from DIR; without either, all from the sources.
Imports each module, calls every test_* function, prints failures with their
traceback and ends with a line `#RESULT passed failed skipped` that
host_tools/check/mptest.py adds up.
"""

import sys


def _setup(root, mpy=None, rom=False):
    subs = ("/tests/kit/fake", "/tests/kit")
    if not rom:  # the image has the firmware, the boards and the OLED driver
        subs += ("/boards", "/firmware", "/build/mplib")
    for sub in subs:
        sys.path.insert(0, root + sub)
    sys.path.insert(0, root)
    if mpy:
        sys.path.insert(0, mpy)  # its catalogs package
        if not rom:
            sys.path.insert(0, mpy + "/boards")
            sys.path.insert(0, mpy + "/firmware")
    if rom:  # the image's modules before any folder (the launcher put them on the path)
        for d in ("/rom/boards", "/rom/lib"):
            sys.path.remove(d)
            sys.path.insert(0, d)


def run_file(path):
    from support import SkipTest

    slash = path.rfind("/")
    folder, name = path[:slash], path[slash + 1 : -3]
    if folder not in sys.path:
        sys.path.insert(0, folder)
    passed = failed = skipped = 0
    mod = __import__(name)
    names = sorted(n for n in dir(mod) if n.startswith("test_"))
    for n in names:
        fn = getattr(mod, n)
        try:
            fn()
            passed += 1
        except SkipTest as e:
            skipped += 1
            print("SKIP %s.%s: %s" % (name, n, e))
        except Exception as e:  # report and go on
            failed += 1
            print("FAIL %s.%s" % (name, n))
            sys.print_exception(e)
    return passed, failed, skipped


def main():
    root = sys.argv[1]
    files = sys.argv[2:]
    mpy = None
    if files and files[0] == "--mpy":
        mpy = files[1]
        files = files[2:]
    rom = bool(files) and files[0] == "--rom"
    if rom:
        files = files[1:]
    _setup(root, mpy, rom)
    total = [0, 0, 0]
    for path in files:
        try:
            r = run_file(path)
        except Exception as e:
            print("FAIL %s (import)" % path)
            sys.print_exception(e)
            r = (0, 1, 0)
        for i in range(3):
            total[i] += r[i]
    print("#RESULT %d %d %d" % (total[0], total[1], total[2]))


main()
