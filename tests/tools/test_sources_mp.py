# interpreters: cpython
"""Every firmware and board module also imports from its source under the
MicroPython unix port with the 192K heap: the tests and the handheld use the
compiled bundle, but someone may copy the .py files onto a board as they are."""

import glob
import os
import subprocess

from host_tools.paths import HEAP, ROOT, micropython

_PATH = "firmware:boards:tests/kit/fake:build/mplib:.frozen"


def _modules():
    found = []
    for folder, pattern in (("firmware", os.path.join("**", "*.py")), ("boards", "*.py")):
        # boards/micropython/ is a MicroPython board definition (C build files, a frozen
        # main.py and a manifest), not modules of ours
        top = os.path.join(ROOT, folder)
        for path in sorted(glob.glob(os.path.join(top, pattern), recursive=True)):
            name = os.path.relpath(path, top)[:-3].replace(os.sep, ".")
            if name.endswith("__init__"):
                name = name[: -len(".__init__")]
            if name != "main":  # main runs the handheld when imported
                found.append(name)
    return found


def test_every_module_imports_from_source_at_192k():
    code = "import sys\n__import__(sys.argv[-1])\nprint('#IMPORTED', sys.argv[-1])\n"
    env = dict(os.environ, MICROPYPATH=_PATH)
    bad = []
    for name in _modules():
        # one process each: a module's compile is measured in a fresh heap, as on a board
        proc = subprocess.run(
            [micropython(), "-X", "heapsize=" + HEAP, "-c", code, name],
            capture_output=True, text=True, cwd=ROOT, env=env, timeout=60,
        )
        if proc.returncode or ("#IMPORTED " + name) not in proc.stdout:
            bad.append("%s: %s" % (name, (proc.stdout + proc.stderr).strip().splitlines()[-1:]))
    assert not bad, "\n".join(bad)
