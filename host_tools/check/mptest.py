"""Run the tests that name micropython under the MicroPython unix port, heap capped.

Tests live in folders by subject (tests/battleship/, tests/link/, ...). A test file's first
line names the interpreters that run it, `# interpreters: micropython cpython` (both),
`# interpreters: micropython` or `# interpreters: cpython`: this runner takes every file under
tests/ that names micropython, pytest (tests/conftest.py) every one that names cpython.

The firmware and board modules are imported from the game's ROMFS image
(build/romfs/broadside.romfs, brought up to date first by host_tools.device.romfs), mounted
at /rom by host_tools/sim/romboot.py, which then hands over to tests/mprun.py: they run in
place, as on the Broadside firmware, and compiling sources in the test's own heap would take
memory the device never spends. The catalogues (never in the image) and the tests stay files:
the catalogues compiled (host_tools.check.mpycheck brings build/mpycheck up to date), the
tests from source. The image's own bytes are in the process's heap: it gets -X heapsize with
exactly their room added to HEAP (host_tools.paths.rom_heap), so a test has HEAP's pool.
`--sources` imports the sources instead, without the image, at HEAP.

Each test file runs in its own micropython process (so one file's modules don't eat another's
heap), through tests/mprun.py. Prints the failures and a closing line
`MicroPython: N passed, N failed, N skipped`. Exit status 1 on any failure or crash.

A test gets the same heap on every machine: the process runs in the checkout
with every path relative to it (MicroPython keeps each source file's name as
a qstr, so absolute paths would make the heap depend on where the checkout
lives), and with MICROPYPATH fixed (sys.path's own entries sit on the heap;
without it the unix port builds them from $HOME).
"""

import glob
import os
import subprocess
import sys

from host_tools.check import mpycheck
from host_tools.device import deps, romfs
from host_tools.paths import HEAP, ROOT, micropython, rom_command

ENV = dict(os.environ, MICROPYPATH=".frozen")
IMAGE = os.path.relpath(romfs.image_path(), ROOT)  # relative to the checkout, as every path here


MARK = "# interpreters:"


def interpreters(path):
    """The interpreters a test file's first line names: ("micropython", "cpython"), one of
    them, or () when the line is missing."""
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    return tuple(first[len(MARK) :].split()) if first.startswith(MARK) else ()


def test_files(patterns=None):
    if patterns:
        return patterns
    found = glob.glob(os.path.join(ROOT, "tests", "**", "test_*.py"), recursive=True)
    return sorted(f for f in found if "micropython" in interpreters(f))


def run_file(rel, heap=HEAP, timeout=600, root=ROOT, mpy="build/mpycheck", env=None, rom=IMAGE):
    """Run one test file (its path relative to the checkout) in its own
    process; return what it printed. mpy: where the compiled catalogues are (and the compiled
    firmware, with rom=None), relative to the checkout, or None to import the sources; rom: the
    game's ROMFS image the firmware and the boards come from (with mpy only)."""
    env = dict(env or ENV)
    args = ["."] + (["--mpy", mpy] if mpy else [])
    script = os.path.join("tests", "mprun.py")
    if mpy and rom:
        cmd, rom_env, _heap = rom_command(rom, heap, script, args + ["--rom", rel], root=root)
        env.update(rom_env)
    else:
        cmd = [micropython(), "-X", "heapsize=" + heap, script] + args + [rel]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=root, env=env)
        return proc.stdout + proc.stderr
    except subprocess.TimeoutExpired:
        return "timed out after %ds" % timeout


def run(files, heap=HEAP, timeout=600, compiled=True):
    deps.install()
    mpy = None
    if compiled:
        if mpycheck.compile_all(quiet=True):
            print("some modules did not compile (above): the image cannot be built")
        mpy = os.path.relpath(mpycheck.OUT, ROOT)
        from host_tools.device.bundle import BundleError
        from host_tools.sim.handheld import rom_image

        try:
            rom_image()  # compiles what changed
        except (BundleError, romfs.RomfsError) as e:
            print("romfs: %s\nMicroPython: 0 passed, 1 failed, 0 skipped" % e)
            return [0, 1, 0]
    totals = [0, 0, 0]
    for path in files:
        rel = os.path.relpath(path, ROOT)
        out = run_file(rel, heap, timeout, mpy=mpy)
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
    args = argv[1:]
    compiled = "--sources" not in args
    args = [a for a in args if a != "--sources"]
    totals = run(test_files(args), compiled=compiled)
    return 1 if totals[1] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
