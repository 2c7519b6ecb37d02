"""Run test modules under the MicroPython unix port (pytest is not there).

Usage: micropython -X heapsize=192K tests/mprun.py ROOT [--mpy DIR] tests/battleship/test_engine.py ...
With --mpy, the firmware, board and catalogue modules come from DIR/firmware,
DIR/boards and DIR/catalogs (host_tools.check.mpycheck compiles them there), as on the device;
without it, from the sources. Imports each module, calls every test_* function, prints failures with their
traceback and ends with a line `#RESULT passed failed skipped` that
host_tools/check/mptest.py adds up.
"""

import sys


def _setup(root, mpy=None):
    for sub in ("/tests/kit/fake", "/tests/kit", "/boards", "/firmware", "/build/mplib"):
        sys.path.insert(0, root + sub)
    sys.path.insert(0, root)
    if mpy:
        sys.path.insert(0, mpy)  # its catalogs package
        sys.path.insert(0, mpy + "/boards")
        sys.path.insert(0, mpy + "/firmware")


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
    _setup(root, mpy)
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
