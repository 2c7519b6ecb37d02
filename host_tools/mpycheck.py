"""Compile every module in firmware/ and boards/ with mpy-cross.

A syntax the device's compiler rejects (or a module too big for it) fails
here rather than on the handheld. Output goes to build/mpycheck/.
"""

import glob
import os
import subprocess
import sys

from host_tools.paths import BUILD, ROOT, tool


def sources():
    files = []
    for folder in ("firmware", "boards"):
        files += sorted(glob.glob(os.path.join(ROOT, folder, "**", "*.py"), recursive=True))
    return files


def compile_all(out_dir=None):
    out_dir = out_dir or os.path.join(BUILD, "mpycheck")
    mpy = tool("mpy-cross")
    bad = 0
    for src in sources():
        rel = os.path.relpath(src, ROOT)
        dst = os.path.join(out_dir, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        proc = subprocess.run([mpy, "-o", dst, src], capture_output=True, text=True)
        if proc.returncode:
            bad += 1
            print("mpy-cross FAILED %s\n%s" % (rel, proc.stdout + proc.stderr))
    print("mpy-cross: %d compiled, %d failed" % (len(sources()) - bad, bad))
    return bad


if __name__ == "__main__":
    sys.exit(1 if compile_all() else 0)
