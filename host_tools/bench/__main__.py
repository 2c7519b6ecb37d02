"""The bench runner: `python -m host_tools.bench {all|NAME} [options]` (see __init__.py)."""

import importlib
import sys

from host_tools.bench import BENCHES, NOT_IN_ALL


def summary(name):
    """The first line of a bench's docstring."""
    doc = importlib.import_module("host_tools.bench." + name).__doc__ or ""
    return doc.strip().split("\n")[0]


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print("usage: python -m host_tools.bench {all|%s} [options]\n" % "|".join(BENCHES))
        for name in BENCHES:
            print("  %-12s %s" % (name, summary(name)))
        print("\n  all          every bench with its default options but %s" % ", ".join(NOT_IN_ALL))
        return 2
    what = argv[1]
    if what != "all" and what not in BENCHES:
        print("bench: no benchmark '%s' (have: %s)" % (what, ", ".join(BENCHES)))
        return 2
    names = [n for n in BENCHES if n not in NOT_IN_ALL] if what == "all" else [what]
    failed = []
    for name in names:
        mod = importlib.import_module("host_tools.bench." + name)
        if mod.main(argv[2:] if what != "all" else []):
            failed.append(name)  # report it, and still run the others
    if failed:
        print("bench: missed its target: %s" % ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
