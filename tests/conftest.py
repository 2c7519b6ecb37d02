"""pytest setup: firmware/ and boards/ import as on the device (host_tools puts them on the
path), tests/kit/ holds the helpers every test folder shares.

Tests live in folders by subject; each test file's first line says which interpreters run it
(`# interpreters: micropython cpython`, host_tools.check.mptest.interpreters): pytest collects
the files that name cpython, host_tools.check.mptest those that name micropython."""

import os
import sys

from host_tools.check.mptest import interpreters
from host_tools.paths import ROOT

KIT = os.path.join(ROOT, "tests", "kit")
if KIT not in sys.path:
    sys.path.insert(0, KIT)

collect_ignore = ["mprun.py", "kit"]
# tests/web/ needs Chromium and the built page: make test-web runs it (BROADSIDE_WEB=1).
if os.environ.get("BROADSIDE_WEB") != "1":
    collect_ignore.append("web")
# tests/rp2/ needs the rp2040py emulator and the RPI_PICO firmware: make test-rp2 runs it (BROADSIDE_RP2=1).
if os.environ.get("BROADSIDE_RP2") != "1":
    collect_ignore.append("rp2")


def pytest_ignore_collect(collection_path, config):
    """A test file that CPython does not run: its first line names micropython only (a file
    that names none is collected, and tools/test_architecture.py names it)."""
    name = collection_path.name
    if name.startswith("test_") and name.endswith(".py"):
        named = interpreters(str(collection_path))
        return True if named and "cpython" not in named else None
    return None
