"""Benchmarks: `python -m host_tools.bench WHAT [options]`.

Each WHAT is a module host_tools/bench_WHAT.py with a `main(argv)` that prints
its numbers (JSON, one object per line). `all` runs every one with its
default, make-bench-sized options, except `rp2` (an hour in the RP2040 emulator:
make test-rp2 FULL=1, or ask for it by name).
"""

import glob
import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NOT_IN_ALL = ("rp2",)


def available():
    return sorted(os.path.basename(p)[6:-3] for p in glob.glob(os.path.join(HERE, "bench_*.py")))


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print("usage: python -m host_tools.bench {all|%s} [options]" % "|".join(available()))
        return 2
    what = argv[1]
    names = [n for n in available() if n not in NOT_IN_ALL] if what == "all" else [what]
    failed = []
    for name in names:
        if name not in available():
            print("bench: no benchmark '%s' (have: %s)" % (name, ", ".join(available())))
            return 2
        mod = importlib.import_module("host_tools.bench_" + name)
        if mod.main(argv[2:] if what != "all" else []):
            failed.append(name)  # report it, and still run the others
    if failed:
        print("bench: missed its target: %s" % ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
