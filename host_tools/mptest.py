"""Run tests/both and tests/mp under the MicroPython unix port, heap capped.

Each test file runs in its own `micropython -X heapsize=...` process (so one
file's modules don't eat another's heap), through tests/mprun.py. Prints the
failures and a closing line `MicroPython: N passed, N failed, N skipped`.
Exit status 1 on any failure or crash.
"""

import glob
import os
import subprocess
import sys

from host_tools import deps
from host_tools.paths import HEAP, ROOT, micropython


def test_files(patterns=None):
    if patterns:
        return patterns
    files = sorted(glob.glob(os.path.join(ROOT, "tests", "both", "test_*.py")))
    files += sorted(glob.glob(os.path.join(ROOT, "tests", "mp", "test_*.py")))
    return files


def run(files, heap=HEAP, timeout=600):
    deps.install()
    mp = micropython()
    totals = [0, 0, 0]
    for path in files:
        # Paths relative to the checkout: MicroPython keeps each source file's
        # name as a qstr, so absolute paths would make the heap a test has
        # depend on where the checkout lives.
        rel = os.path.relpath(path, ROOT)
        cmd = [mp, "-X", "heapsize=" + heap, os.path.join("tests", "mprun.py"), ".", rel]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
            out = proc.stdout + proc.stderr
        except subprocess.TimeoutExpired:
            out = "timed out after %ds" % timeout
            proc = None
        result = None
        for line in out.splitlines():
            if line.startswith("#RESULT "):
                result = [int(x) for x in line.split()[1:4]]
        if result is None:
            print("CRASH %s\n%s" % (rel, out))
            result = [0, 1, 0]
        else:
            shown = "\n".join(x for x in out.splitlines() if not x.startswith("#RESULT"))
            if shown.strip():
                print(shown)
        print("  %-40s %d passed, %d failed, %d skipped" % (rel, result[0], result[1], result[2]))
        for i in range(3):
            totals[i] += result[i]
    print("MicroPython: %d passed, %d failed, %d skipped" % tuple(totals))
    return totals


def main(argv):
    totals = run(test_files(argv[1:]))
    return 1 if totals[1] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
