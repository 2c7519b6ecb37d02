"""`make firmware`: Broadside's own MicroPython for the Pico, build/firmware/broadside-pico.uf2.

The board is boards/micropython/BROADSIDE_PICO: MicroPython's RPI_PICO with a ROMFS partition
for the game (host_tools/device/flashmap.py has the map) and a frozen main.py that boots
/rom/broadside.mpy, or a /main.py file when the filesystem has one. This module owns the build
and the checks of what it built:
1. the source: MICROPYTHON_SRC, the project's offline snapshot (a .tar.xz of MicroPython v1.28.0
   with its submodules, and picotool 2.2.0; unpacked once under build/mpsrc-<sha256>/), or an
   unpacked folder or a git checkout of the tag;
2. picotool for the host without libusb (once per source), which the pico-sdk build needs to
   write UF2 files, and mpy-cross, which freezes main.py;
3. `make -C ports/rp2 BOARD_DIR=... BOARD=BROADSIDE_PICO BUILD=build/firmware/<source>/build-...`
   with SOURCE_DATE_EPOCH fixed, so that two builds give the same bytes; make's own
   dependencies make a second run with nothing changed a matter of seconds;
4. the checks, since v1.28.0 makes none: the firmware ends below the ROMFS partition (else it
   would overwrite the game's first bytes), and its banner is the clean release,
   "MicroPython v1.28.0 on <date>; Raspberry Pi Pico (Broadside) with RP2040". A snapshot
   unpacked inside this checkout would otherwise take Broadside's git hash as its version
   (py/makeversionhdr.py runs `git describe`): MICROPY_GIT_TAG is set from the source's
   py/mpconfig.h unless the source is a git checkout of its own.
The .elf, .bin and .uf2 stay in the build folder; the UF2 alone is copied out.
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time

from host_tools.device import flashmap, names, romfs
from host_tools.paths import BUILD, ROOT

RELEASE = "v1.28.0"  # the MicroPython this board and its checks are written for
PICOTOOL = "2.2.0"  # the picotool pico-sdk 2.2.0 (v1.28.0's) asks for
SUBMODULES = ("lib/pico-sdk", "lib/tinyusb", "lib/micropython-lib", "lib/mbedtls")
SOURCE_DATE_EPOCH = "1796126400"  # 2026-12-01, as the shared RPI_PICO build (shared/firmware/README.md)
SHARED_SRC = os.path.normpath(
    os.path.join(ROOT, "..", "shared", "firmware", "micropython-1.28.0-rp2-src.tar.xz")
)
OUT_DIR = os.path.join(BUILD, "firmware")
UF2_NAME = "broadside-pico.uf2"

NO_SOURCE = (
    "make firmware: no MicroPython source%s: take the shared snapshot %s, or `git clone --branch %s"
    " https://github.com/micropython/micropython` with the submodules %s and picotool %s beside it"
    " (https://github.com/raspberrypi/picotool), then make firmware MICROPYTHON_SRC=<tarball or folder>"
)

_BANNER = re.compile(rb"MicroPython ([!-~]+) on (\d{4}-\d\d-\d\d)")
_CLEAN = re.compile(r"^v\d+\.\d+\.\d+$")  # no -preview, no -<n>.g<hash>, no -dirty


class FirmwareError(Exception):
    pass


class NoSource(FirmwareError):
    pass


def no_source_message(src):
    why = " (MICROPYTHON_SRC is empty)" if not src else " (%s does not exist)" % src
    return NO_SOURCE % (why, SHARED_SRC, RELEASE, " ".join(SUBMODULES), PICOTOOL)


# -- the source


class Source:
    """Where MicroPython (`mp`) and picotool's sources are, and the folder this source's
    builds are kept in (`work`, under build/firmware/)."""

    def __init__(self, mp, picotool, key):
        self.mp = mp
        self.picotool = picotool
        self.work = os.path.join(OUT_DIR, key)
        self.git = os.path.exists(os.path.join(mp, ".git"))


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def unpack(tarball, log=print, into=BUILD):
    """The folder a snapshot tarball is unpacked in (build/mpsrc-<sha256>/) and its name,
    unpacked the first time only; a half-unpacked folder is never taken for a whole one."""
    key = "mpsrc-" + _sha256(tarball)[:12]
    top = os.path.join(into, key)
    done = os.path.join(top, ".unpacked")
    if not os.path.exists(done):
        log("unpacking %s into %s" % (tarball, top))
        part = top + ".part"
        shutil.rmtree(part, ignore_errors=True)
        shutil.rmtree(top, ignore_errors=True)
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # Python 3.11.4 and later
        with tarfile.open(tarball) as tar:
            tar.extractall(part, **safe)
        os.rename(part, top)
        with open(done, "w") as f:
            f.write(tarball + "\n")
    return top, key


def _one(dirs, what):
    found = [d for d in dirs if os.path.isfile(os.path.join(d, what))]
    return found[0] if found else None


def _children(folder, prefix):
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names if n.startswith(prefix)]


def find_source(src, log=print, unpack_into=BUILD):
    """A Source for MICROPYTHON_SRC: a snapshot tarball, the folder one unpacks to
    (micropython-*/ and picotool-*/ in it), or a MicroPython checkout (picotool-*/ or
    picotool/ beside it is used when there; else the pico-sdk build fetches picotool)."""
    if not src or not os.path.exists(src):
        raise NoSource(no_source_message(src))
    src = os.path.abspath(src)
    if os.path.isfile(src):
        top, key = unpack(src, log, unpack_into)
    else:
        top = src
        key = "%s-%s" % (os.path.basename(src), hashlib.sha256(src.encode()).hexdigest()[:8])
    mp = _one([top] + _children(top, "micropython"), os.path.join("py", "mpconfig.h"))
    if mp is None:
        raise FirmwareError(
            "%s holds no MicroPython source (no py/mpconfig.h in it or in a micropython*/ folder)" % src
        )
    missing = [m for m in SUBMODULES if not _children(os.path.join(mp, m), "")]
    if missing:
        raise FirmwareError(
            "%s lacks the submodules %s: run `git submodule update --init %s` in it"
            % (mp, ", ".join(missing), " ".join(missing))
        )
    near = _children(top, "picotool") + _children(os.path.dirname(mp), "picotool")
    picotool = _one(near, "CMakeLists.txt")
    return Source(mp, picotool, key)


def source_version(mp):
    """A source's version, as "v1.28.0", from its py/mpconfig.h (as makeversionhdr.py without git)."""
    with open(os.path.join(mp, "py", "mpconfig.h")) as f:
        text = f.read()
    parts = []
    for name in ("MAJOR", "MINOR", "MICRO", "PRERELEASE"):
        m = re.search(r"^#define MICROPY_VERSION_%s (\d+)" % name, text, re.M)
        if m is None:
            raise FirmwareError("%s/py/mpconfig.h has no MICROPY_VERSION_%s" % (mp, name))
        parts.append(int(m.group(1)))
    return "v%d.%d.%d%s" % (parts[0], parts[1], parts[2], "-preview" if parts[3] else "")


# -- the build


def _run(cmd, log_path, env=None):
    """A build step, its output appended to log_path; on failure the log's last lines."""
    with open(log_path, "a") as f:
        f.write("\n$ %s\n" % " ".join(cmd))
        f.flush()
        code = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env).returncode
    if code:
        with open(log_path, errors="replace") as f:
            tail = f.read().splitlines()[-25:]
        raise FirmwareError(
            "`%s` failed (status %d); the end of %s:\n%s"
            % (" ".join(cmd), code, os.path.relpath(log_path, ROOT), "\n".join(tail))
        )


def toolchain_missing():
    return [t for t in ("arm-none-eabi-gcc", "cmake", "make", "cc") if shutil.which(t) is None]


def build_env(source, names_dir=None):
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
    if names_dir:
        env["BROADSIDE_NAMES_DIR"] = names_dir  # the board's manifest.py freezes bs_names.py from there
    env["PICOTOOL_FETCH_FROM_GIT_PATH"] = os.path.join(source.work, "picotool")
    if not source.git:
        # no .git of its own: `git describe` would read an enclosing repository (this one)
        env.setdefault("MICROPY_GIT_TAG", source_version(source.mp))
    return env


def build_picotool(source, jobs, log_path, log=print):
    """picotool for the host, no libusb, installed where the pico-sdk build looks for it
    (PICOTOOL_FETCH_FROM_GIT_PATH); built once per source."""
    prefix = os.path.join(source.work, "picotool")
    if os.path.exists(os.path.join(prefix, "picotool", "picotool")):
        return
    if source.picotool is None:
        log(
            "no picotool source beside %s: the pico-sdk build fetches picotool %s from GitHub"
            % (source.mp, PICOTOOL)
        )
        return
    log("building picotool for the host (once)")
    tmp = os.path.join(source.work, "picotool-build")
    sdk = os.path.join(source.mp, "lib", "pico-sdk")
    options = "-DPICOTOOL_NO_LIBUSB=1 -DPICOTOOL_FLAT_INSTALL=1 -DCMAKE_BUILD_TYPE=Release".split()
    paths = ["-DPICO_SDK_PATH=" + sdk, "-DCMAKE_INSTALL_PREFIX=" + prefix]
    _run(["cmake", "-S", source.picotool, "-B", tmp] + paths + options, log_path)
    _run(["make", "-C", tmp, "-j%d" % jobs, "install"], log_path)


def build(source, jobs=None, log=print, names_dir=None):
    """Build the firmware from a Source; the path of its build folder."""
    jobs = jobs or os.cpu_count() or 1
    os.makedirs(source.work, exist_ok=True)
    log_path = os.path.join(source.work, "build.log")
    with open(log_path, "w") as f:
        f.write("make firmware, %s\n" % time.strftime("%Y-%m-%d %H:%M:%S"))
    env = build_env(source, names_dir)
    build_picotool(source, jobs, log_path, log)
    _run(["make", "-C", os.path.join(source.mp, "mpy-cross"), "-j%d" % jobs], log_path, env)
    out = os.path.join(source.work, "build-" + flashmap.BOARD)
    log(
        "building MicroPython %s for %s (-j%d; log %s)"
        % (env.get("MICROPY_GIT_TAG", "(git)"), flashmap.BOARD, jobs, os.path.relpath(log_path, ROOT))
    )
    port = os.path.join(source.mp, "ports", "rp2")
    board = ["BOARD_DIR=" + flashmap.BOARD_DIR, "BOARD=" + flashmap.BOARD, "BUILD=" + out]
    _run(["make", "-C", port, "-j%d" % jobs] + board, log_path, env)
    return out


# -- the checks


def flash_end(image, base=flashmap.XIP_BASE):
    """The XIP address just past a firmware .bin (it is the flash from its first byte)."""
    return base + len(image)


def check_room(end, limit=flashmap.FIRMWARE_LIMIT, base=flashmap.XIP_BASE):
    """Bytes left between the firmware's end and the ROMFS base; FirmwareError past it."""
    if end > limit:
        raise FirmwareError(
            "the firmware ends at 0x%08x, past the ROMFS partition's base 0x%08x by %d bytes: flashing it\n"
            "  would overwrite the game. Make the firmware smaller, or the ROMFS partition smaller\n"
            "  (MICROPY_HW_ROMFS_BYTES in %s)"
            % (end, limit, end - limit, os.path.relpath(flashmap.HEADER, ROOT))
        )
    return limit - end


def banner(image):
    """(version, build date) of the banner text in a firmware image, or None."""
    m = _BANNER.search(image)
    return None if m is None else (m.group(1).decode(), m.group(2).decode())


def check_banner(image, release=RELEASE, machine=flashmap.MACHINE):
    """The banner: the clean release (no -dirty, no git hash) on this board; its text."""
    found = banner(image)
    if found is None:
        raise FirmwareError(
            "no 'MicroPython <version> on <date>' banner in the firmware: not a MicroPython build"
        )
    version, date = found
    if version != release or not _CLEAN.match(version):
        raise FirmwareError(
            "the firmware says it is MicroPython %s, not the clean %s: build from an unmodified %s\n"
            "  (a -dirty or -<n>.g<hash> version comes from git: a changed checkout, or a MICROPY_GIT_TAG)"
            % (version, release, release)
        )
    if machine.encode() not in image:
        raise FirmwareError("the firmware does not name its machine '%s' (MICROPY_HW_BOARD_NAME)" % machine)
    return "MicroPython %s on %s; %s" % (version, date, machine)


def check(image):
    """Both checks on a firmware .bin; the report's lines."""
    end = flash_end(image)
    room = check_room(end)
    text = check_banner(image)
    m = flashmap
    share = 100.0 * room / m.FIRMWARE_MAX
    return [
        text,
        "%d bytes at 0x%08x-0x%08x; ROMFS starts at 0x%08x: %d bytes (%.1f%%) of the firmware's %d KiB left"
        % (len(image), m.XIP_BASE, end, m.FIRMWARE_LIMIT, room, share, m.FIRMWARE_MAX // 1024),
        "flash map: ROMFS %d KiB at 0x%08x, littlefs %d KiB at 0x%08x"
        % (m.ROMFS_BYTES // 1024, m.ROMFS_ADDR, m.FS_BYTES // 1024, m.FS_ADDR),
    ]


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def make(src, jobs=None, out_dir=OUT_DIR, log=print):
    """The whole of `make firmware`; the UF2's path."""
    if not src or not os.path.exists(src):  # before the toolchain: this is the first thing to fix
        raise NoSource(no_source_message(src))
    missing = toolchain_missing()
    if missing:
        raise FirmwareError(
            "make firmware: %s not found: install Debian's gcc-arm-none-eabi libnewlib-arm-none-eabi\n"
            "  libstdc++-arm-none-eabi-newlib cmake build-essential (make firmware does, as root)"
            % ", ".join(missing)
        )
    source = find_source(src, log)
    version = source_version(source.mp)
    if version != RELEASE:
        raise FirmwareError(
            "%s is MicroPython %s; this board and its checks are written for %s"
            % (source.mp, version, RELEASE)
        )
    # the game's names, frozen (host_tools/device/names.py): from the ROMFS image as it is now
    image = romfs.build(log=log)
    names_path, held, left = names.write(image, os.path.join(out_dir, "names"))
    out = ", %d left out" % len(left) if left else ""
    log("names: %d of the game's names frozen into the firmware%s" % (held, out))
    folder = build(source, jobs, log, os.path.dirname(names_path))
    target = os.path.join(out_dir, UF2_NAME)
    try:
        lines = check(_read(os.path.join(folder, "firmware.bin")))
    except FirmwareError:
        if os.path.exists(target):
            os.remove(target)  # never leave an older UF2 that looks like this build's
        raise
    shutil.copyfile(os.path.join(folder, "firmware.uf2"), target + ".new")
    os.replace(target + ".new", target)
    log(
        "firmware: %s (the build, .elf and .bin: %s)"
        % (os.path.relpath(target, ROOT), os.path.relpath(folder, ROOT))
    )
    for line in lines:
        log("  " + line)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m host_tools.device.firmware", description=__doc__.split("\n")[0]
    )
    ap.add_argument(
        "--src",
        default=os.environ.get("MICROPYTHON_SRC", ""),
        help="MicroPython: the snapshot tarball, its unpacked folder or a checkout (MICROPYTHON_SRC)",
    )
    ap.add_argument("-j", "--jobs", type=int, default=None, help="parallel build jobs (default: every core)")
    ap.add_argument("--check", metavar="FIRMWARE.bin", help="only check a built firmware .bin")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    try:
        if args.check:
            for line in check(_read(args.check)):
                print(line)
            return 0
        make(args.src, args.jobs)
    except NoSource as e:
        print(e)
        return 2
    except FirmwareError as e:
        print("make firmware: %s" % e if not str(e).startswith("make firmware") else e)
        return 1
    print("  %.1f s" % (time.monotonic() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
