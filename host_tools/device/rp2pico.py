"""An emulated handheld on the real rp2 firmware: a Pico's flash and MicroPython in rp2040py.

`Pico(route, image)` is one RP2040 with board `pico_oled`'s parts (boards/pico_oled.py PINS):
- the OLED: an SSD1306 at 0x3C on I2C0, answering the hardware I2C block's bus events and
  decoded with host_tools/sim/ssd1306.py (`screen()`: 64 rows of 128 pixels);
- the six buttons: pressed drives the pin low, released leaves it to the pull-up;
- GP22, the probe's "keep the peak" input (host_tools/bench/probes/rp2probe.py);
- the link UART (UART1) with a 115200-baud PL011 model, see `LinkUart`; `Cable(a, b)` joins two;
- the USB console: `console` (what it printed), `write()`, `wait_for()`, and `open_pty()`,
  a pseudo-terminal for mpremote and `make flash PORT=...`;
- its flash (`FlashLog`: every erase and program the firmware sends), read back whole
  (`flash_bytes()`) or as its littlefs filesystem (`files()`).

The harness drives the emulator itself, one thread, no event loop: `run_ms()` executes until
the emulated clock reaches a time (an alarm ends the slice), then serves the console, the pty
and the cable. Two Picos on a cable run in lockstep slices shorter than one byte on the wire,
so each sees the other's bytes at the emulated time they were sent (`run_pair`).

A `Route` is how the game reaches the Pico, and owns what goes into its 2 MiB of flash (the
boot ROM's writes of its UF2s, `boot_rom_write`: a 4 KB sector erased where a block first
lands) and where its littlefs filesystem is, the one place a layout is named:
- `files_route()`: MicroPython's official RPI_PICO UF2 and the install `make flash` puts on a
  handheld as files (the bundle, its file list /.broadside as flash.py records it) with the
  probe as /boot.py, littlefs v2 at RPI_PICO's layout (flash offset 0xA0000, 352 blocks of 4096
  bytes: ports/rp2/boards/RPI_PICO/mpconfigboard.h, rp2_flash.c at v1.28.0);
- `romfs_route()`: Broadside's firmware (make firmware) with this checkout's ROMFS image in its
  partition, as make uf2's broadside.uf2 carries them, and a littlefs holding only the probe
  (and what a check adds, e.g. saves), where host_tools/device/flashmap.py puts it (read from
  boards/micropython/BROADSIDE_PICO/mpconfigboard.h).
`Pico(route, None, flash=...)` powers on a flash as it is: a Pico after a UF2 was dragged onto
it (`boot_rom_write` over a copy of another Pico's `flash_bytes()`).
"""

import collections
import importlib.util
import os
import re
import sys
import time

from host_tools.device import bundle as bundle_mod
from host_tools.paths import BOARDS, BUILD, PROBES, ROOT
from host_tools.sim import ssd1306

DEFAULT_FIRMWARE = os.path.join(
    os.path.dirname(ROOT), "shared", "firmware", "micropython-v1.28.0-RPI_PICO.uf2"
)
OFFICIAL = "https://micropython.org/download/RPI_PICO/ (v1.28.0 .uf2)"
FS_OFFSET = 0xA0000
FS_BLOCK = 4096
FS_BLOCKS = 352
PROBE = os.path.join(PROBES, "rp2probe.py")
RP2_BUILD = os.path.join(BUILD, "rp2")
PEAK_PIN = 22
BAUD = 115_200
BYTE_NS = 10 * 1e9 / BAUD  # 8N1: ten bits a byte, 86.8 us
NS = 1_000_000  # per ms
TRACE = os.environ.get("BROADSIDE_RP2_TRACE") == "1"  # each probe line on stderr


def board_module():
    spec = importlib.util.spec_from_file_location("_rp2_pico_oled", os.path.join(BOARDS, "pico_oled.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


BOARD = board_module()


def firmware_path(explicit=None):
    """The UF2 to boot: FIRMWARE=path, else the shared one; None when there is none."""
    path = explicit or os.environ.get("BROADSIDE_RP2_FIRMWARE") or DEFAULT_FIRMWARE
    return path if os.path.isfile(path) else None


# -- the routes: where the game lives in the Pico's flash -------------------------------------

FLASH_BYTES = 2 * 1024 * 1024  # the Pico's W25Q16JV (pico-sdk boards/pico.h PICO_FLASH_SIZE_BYTES)
XIP_BASE = 0x10000000
SECTOR = 4096
UF2_FLAG_NOT_MAIN_FLASH = 0x1
UF2_FLAG_FAMILY = 0x2000
UF2_FAMILY_RP2040 = 0xE48BFF56
BROADSIDE_FIRMWARE = os.path.join(BUILD, "firmware", "broadside-pico.uf2")  # make firmware
BROADSIDE_UF2 = os.path.join(BUILD, "uf2", "broadside.uf2")  # make uf2: firmware + ROMFS image
NO_BROADSIDE = (
    "no Broadside firmware (build/firmware/broadside-pico.uf2): make firmware "
    "(BROADSIDE_RP2_ROMFS_FIRMWARE=path.uf2 names another)"
)


def uf2_writes(data, name="the UF2"):
    """[(flash offset, bytes)] the RP2040's boot ROM programs from a UF2 file: its main-flash
    blocks of the RP2040's family (a block of another family is skipped, as the boot ROM does)."""
    import struct

    if len(data) % 512:
        raise ValueError("%s: %d bytes, not whole 512-byte UF2 blocks" % (name, len(data)))
    out = []
    for i in range(0, len(data), 512):
        m0, m1, flags, addr, size, _no, _n, family = struct.unpack_from("<8I", data, i)
        if (m0, m1, struct.unpack_from("<I", data, i + 508)[0]) != (0x0A324655, 0x9E5D5157, 0x0AB16F30):
            raise ValueError("%s: block %d is not a UF2 block" % (name, i // 512))
        if flags & UF2_FLAG_NOT_MAIN_FLASH or (flags & UF2_FLAG_FAMILY and family != UF2_FAMILY_RP2040):
            continue
        if not (XIP_BASE <= addr and addr + size <= XIP_BASE + FLASH_BYTES):
            raise ValueError("%s: block %d writes 0x%08x, outside the flash" % (name, i // 512, addr))
        out.append((addr - XIP_BASE, bytes(data[i + 32 : i + 32 + size])))
    return out


def boot_rom_write(flash, writes):
    """Program `writes` into `flash` (a bytearray) as the boot ROM's UF2 drive does: a 4 KB
    sector is erased the first time a block lands in it, then the block's bytes are programmed;
    a sector no block touches keeps its bytes. The erased sectors' offsets, sorted."""
    erased = set()
    for off, data in writes:
        for sec in range(off - off % SECTOR, off + len(data), SECTOR):
            if sec not in erased:
                erased.add(sec)
                flash[sec : sec + SECTOR] = b"\xff" * SECTOR
        flash[off : off + len(data)] = data
    return sorted(erased)


class Route:
    """One way the game reaches a Pico, and what the harness puts in its flash for it:
    - `writes`: [(flash offset, bytes)] the boot ROM programs from the route's UF2s (and, for
      the ROMFS route until make uf2's file is current, the image beside the firmware);
    - the littlefs filesystem's place (`fs_offset`, `fs_blocks` of 4096 bytes): the one place
      a route's layout is named; the image built for it (`image()`), read back (`read()`);
    - `game_files`: the game is installed as files on littlefs (the files route), else the
      filesystem holds only the probe and what a check adds (the game runs from /rom);
    - `source`: what was booted, for the JSON lines."""

    def __init__(self, name, writes, fs_offset, fs_blocks, game_files, source, romfs=None):
        self.name = name
        self.writes = writes
        self.fs_offset = fs_offset
        self.fs_blocks = fs_blocks
        self.game_files = game_files
        self.source = source
        self.romfs = romfs  # (flash offset, partition bytes, image bytes) on the ROMFS route
        self.uf2 = None  # the broadside.uf2 file the route boots, if it boots one
        self.note = None  # why it does not, when it should

    @property
    def fs_bytes(self):
        return self.fs_blocks * FS_BLOCK

    def image(self, extra=None, probe=True, bundle=None):
        """The littlefs image: (files route) the bundle and its /.broadside list; /boot.py = the
        probe; `extra` {device path: bytes} (e.g. saves)."""
        files = {}
        if self.game_files:
            b = bundle or build_bundle()
            files = {f.dest: f.data for f in b.files}
            files["/.broadside"] = b.manifest_text().encode()
        if probe:
            with open(PROBE, "rb") as f:
                files["/boot.py"] = f.read()
        files.update(extra or {})
        return lfs_image(files, self.fs_blocks)

    def read(self, data):
        return read_image(data, self.fs_blocks)

    def flash(self, image=None):
        """The Pico's 2 MiB as the route leaves it: erased, the UF2s' blocks, the filesystem."""
        flash = bytearray(b"\xff" * FLASH_BYTES)
        boot_rom_write(flash, self.writes)
        if image is not None:
            flash[self.fs_offset : self.fs_offset + len(image)] = image
        return flash


def files_route(firmware=None):
    """MicroPython's official RPI_PICO UF2, the game as files on its littlefs (0xA0000, 352
    blocks): what make flash installs. None when there is no such UF2."""
    fw = firmware_path(firmware)
    if fw is None:
        return None
    with open(fw, "rb") as f:
        writes = uf2_writes(f.read(), fw)
    return Route("files", writes, FS_OFFSET, FS_BLOCKS, True, os.path.basename(fw))


def broadside_firmware(explicit=None):
    path = explicit or os.environ.get("BROADSIDE_RP2_ROMFS_FIRMWARE") or BROADSIDE_FIRMWARE
    return path if os.path.isfile(path) else None


def romfs_route(firmware=None, uf2=None, image=None):
    """Broadside's own firmware (boards/micropython/BROADSIDE_PICO) with the game's ROMFS image
    in its partition, littlefs where host_tools/device/flashmap.py puts it (from the board's
    mpconfigboard.h). The image is built from this checkout (host_tools/device/romfs.py) unless
    given (bytes). What the boot ROM writes, first found of (`source` says which):
    1. make uf2's build/uf2/broadside.uf2 (or `uf2`), when its ROMFS bytes are this image;
    2. a broadside.uf2 that make uf2's writer (host_tools/device/uf2.py) makes now in
       build/rp2/uf2 from the firmware and this image;
    3. the firmware UF2's blocks and the image side by side (uf2.py refused or failed: `note`).
    None when there is no Broadside firmware."""
    from host_tools.device import flashmap

    fw = broadside_firmware(firmware)
    one = uf2 or BROADSIDE_UF2
    one = one if os.path.isfile(one) else None
    if fw is None and one is None:
        return None
    if image is None:
        image = build_romfs()
    if len(image) > flashmap.ROMFS_BYTES:
        raise ValueError("the ROMFS image is %d bytes, the partition %d" % (len(image), flashmap.ROMFS_BYTES))
    romfs = (flashmap.ROMFS_OFFSET, flashmap.ROMFS_BYTES)
    fs = (flashmap.FS_OFFSET, flashmap.FS_BYTES // FS_BLOCK)

    def made(writes, source, path=None, note=None):
        r = Route("romfs", writes, fs[0], fs[1], False, source, romfs + (image,))
        r.uf2 = path  # the broadside.uf2 file booted, if one was
        r.note = note
        return r

    if one is not None:
        with open(one, "rb") as f:
            writes = uf2_writes(f.read(), one)
        if romfs_bytes(writes, romfs)[: len(image)] == image:
            return made(writes, os.path.relpath(one, ROOT), one)
        if fw is None:  # a stale broadside.uf2 and no firmware: its firmware, this image
            firmware_writes = [w for w in writes if w[0] < romfs[0]]
            src = "%s (firmware only) + this checkout's ROMFS image" % os.path.relpath(one, ROOT)
            return made(firmware_writes + [(romfs[0], _pages(image))], src)
    try:
        path = joined_uf2(fw, image)
        with open(path, "rb") as f:
            writes = uf2_writes(f.read(), path)
        src = "%s (make uf2's writer: %s + this checkout's ROMFS image)" % (
            os.path.relpath(path, ROOT),
            os.path.basename(fw),
        )
        return made(writes, src, path)
    except Exception as e:  # noqa: BLE001 (uf2.py is another tool: the route still boots)
        note = "host_tools/device/uf2.py could not join them: %s: %s" % (type(e).__name__, e)
    with open(fw, "rb") as f:
        writes = uf2_writes(f.read(), fw) + [(romfs[0], _pages(image))]
    src = "%s + this checkout's ROMFS image, placed by the harness" % os.path.basename(fw)
    return made(writes, src, note=note)


def joined_uf2(firmware, image):
    """broadside.uf2 by make uf2's own writer (host_tools/device/uf2.py build), from `firmware`
    and the image bytes, in build/rp2/uf2/<the image's sha256>/ (one folder an image: a route
    keeps its file while another route makes its own): its path."""
    import hashlib
    import shutil

    from host_tools.device import uf2 as uf2_mod

    def run():
        top = os.path.join(RP2_BUILD, "uf2")
        out = os.path.join(top, hashlib.sha256(image).hexdigest()[:16])
        os.makedirs(out, exist_ok=True)
        os.utime(out)  # the newest now
        kept = sorted((os.path.getmtime(os.path.join(top, d)), d) for d in os.listdir(top))
        for _t, d in kept[:-4]:  # the four newest images' UF2s stay
            shutil.rmtree(os.path.join(top, d), ignore_errors=True)
        img = os.path.join(out, "broadside.romfs")
        with open(img, "wb") as f:
            f.write(image)
        return uf2_mod.build("pico_oled", out, firmware=firmware, image=img, log=lambda *a: None)

    return _locked(run)


def _pages(data):
    return data + b"\xff" * (-len(data) % 256)


def romfs_bytes(writes, romfs):
    """The bytes the writes leave in the ROMFS partition (erased where none lands)."""
    off, size = romfs
    region = bytearray(b"\xff" * size)
    for o, data in writes:
        lo, hi = max(o, off), min(o + len(data), off + size)
        if lo < hi:
            region[lo - off : hi - off] = data[lo - o : hi - o]
    return bytes(region)


def older_image():
    """A ROMFS image one update behind this checkout's: the same modules and one file more,
    /older.txt (build_romfs() first: its tree is copied). The Pico a drag or a make flash
    updates starts with it, so that the update has bytes to change."""
    import shutil

    from host_tools.device import romfs

    def run():
        tree = os.path.join(RP2_BUILD, "romfs", "tree")
        old = os.path.join(RP2_BUILD, "romfs-older")
        shutil.rmtree(old, ignore_errors=True)
        shutil.copytree(tree, old)
        with open(os.path.join(old, "older.txt"), "w") as f:
            f.write("the game before an update (host_tools/device/rp2pico.py older_image)\n")
        return romfs.make_image(old)

    build_romfs()
    return _locked(run)


def route(name, firmware=None):
    """files_route() or romfs_route() by name ("files", "romfs")."""
    return {"files": files_route, "romfs": romfs_route}[name](firmware)


ROUTES = ("files", "romfs")


# -- the filesystem image -----------------------------------------------------------------


def _locked(fn):
    import fcntl

    os.makedirs(RP2_BUILD, exist_ok=True)
    with open(os.path.join(RP2_BUILD, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return fn()


def build_bundle(out=None, lines=False):
    """The install for pico_oled exactly as `make flash` builds it for an RP2040 (one build at a
    time: several checks may run at once)."""

    def run():
        where = out or os.path.join(RP2_BUILD, "device")
        b = bundle_mod.build("pico_oled", where, arch="armv6m", lines=lines)
        for f in b.files:  # read now: another build may replace the folder
            with open(f.local, "rb") as fh:
                f.data = fh.read()
        return b

    return _locked(run)


def build_romfs():
    """The game's ROMFS image from this checkout, as make romfs writes it (built in
    build/rp2/romfs, so a make romfs running meanwhile is not disturbed)."""
    from host_tools.device import romfs

    def run():
        path = romfs.build("pico_oled", os.path.join(RP2_BUILD, "romfs"), log=None)
        with open(path, "rb") as f:
            return f.read()

    return _locked(run)


def _lfs(blocks, data=None):
    from littlefs import LittleFS, UserContext

    ctx = UserContext(buffsize=FS_BLOCK * blocks)
    if data is not None:
        ctx.buffer[:] = data
    # a blank buffer is formatted (on-disk version 2.0, as before), then mounted; an image read
    # back is mounted as it is (MicroPython's littlefs writes 2.1 once it changed it) or refused
    cfg = dict(context=ctx, block_size=FS_BLOCK, block_count=blocks, prog_size=256)
    if data is None:
        return ctx, LittleFS(disk_version=0x00020000, **cfg)
    fs = LittleFS(mount=False, **cfg)
    fs.mount()
    return ctx, fs


def lfs_image(files, blocks):
    """littlefs v2 image bytes (blocks of 4096) holding `files` {device path: bytes}."""
    ctx, fs = _lfs(blocks)
    for dest in sorted(files):
        folder = dest[: dest.rfind("/")]
        if folder:
            fs.makedirs(folder, exist_ok=True)
        with fs.open(dest, "wb") as f:
            f.write(files[dest])
    fs.unmount()
    return bytes(ctx.buffer)


def read_image(data, blocks):
    """{device path: bytes} of a littlefs image (a Pico's flash region read back)."""
    _ctx, fs = _lfs(blocks, data)
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for n in names:
            p = (top.rstrip("/") + "/" + n) if top != "/" else "/" + n
            with fs.open(p, "rb") as f:
                out[p] = f.read()
    fs.unmount()
    return out


# -- the parts ------------------------------------------------------------------------------


class Oled:
    """An SSD1306 on the I2C block: every write transaction to 0x3C goes to the controller
    model; `shows` counts transactions with display data, `last_ns` the time of the latest."""

    def __init__(self, i2c, pico, addr=0x3C):
        self.model = ssd1306.SSD1306(addr)
        self.pico = pico
        self.addr = addr
        self.buf = bytearray()
        self.target = None
        self.shows = 0
        self.last_ns = 0
        self.i2c = i2c
        i2c.on_start = lambda repeated: i2c.complete_start()
        i2c.on_connect = self._connect
        i2c.on_write_byte = self._write
        i2c.on_read_byte = lambda ack: i2c.complete_read(0x43)  # status: display on, ready
        i2c.on_stop = self._stop

    def _connect(self, address, mode):
        self.target = address
        self.buf = bytearray()
        self.i2c.complete_connect(address == self.addr)

    def _write(self, value):
        self.buf.append(value)
        self.i2c.complete_write(True)

    def _stop(self):
        if self.target == self.addr and self.buf:
            before = self.model.data_bytes
            self.model.feed(self.addr, bytes(self.buf))
            if self.model.data_bytes != before:
                self.shows += 1
                self.last_ns = self.pico.now_ns()
        self.buf = bytearray()
        self.target = None
        self.i2c.complete_stop()


class LinkUart:
    """UART1 as a PL011 does it, over rp2040py's RPUART (0.3.6 keeps its TX interrupt raised
    for good, so MicroPython's UART handler never returns once machine.UART exists):
    - written bytes enter a 32-byte TX FIFO and leave it one every 86.8 us (115200 baud 8N1);
      TXFF/TXFE/BUSY in UARTFR follow it;
    - the TX interrupt is raised when a byte has left the FIFO and cleared by a write to
      UARTICR (its status bit, masked by UARTIMSC, drives the IRQ line with RX's);
    - a byte that leaves goes down the cable (if any); a byte that arrives when the 32-byte RX
      FIFO is full is lost and counted (`lost`)."""

    def __init__(self, uart, pico):
        from rp2040py.peripherals import uart as U

        self.U = U
        self.uart = uart
        self.pico = pico
        self.tx = collections.deque()
        self.sent = 0
        self.received = 0
        self.lost = 0
        self.cable = None  # callable(byte, ns) or None: an unplugged cable
        self._alarm = pico.clock.create_alarm(self._shift_out)
        self._busy = False
        link = self

        class PL011(type(uart)):
            def check_interrupts(self):
                self.rp2040.set_interrupt(self.irq, bool(self._interrupt_status & self._interrupt_mask))

            @property
            def flags(self):
                f = (U.RXFF if self.rx_fifo.full else 0) | (U.RXFE if self.rx_fifo.empty else 0)
                if len(link.tx) >= 32:
                    f |= 1 << 5  # TXFF
                if not link.tx:
                    f |= U.TXFE
                if link._busy:
                    f |= 1 << 3  # BUSY
                return f

            def write_uint32(self, offset, value):
                if offset == U.UARTDR:
                    link._write(value & 0xFF)
                else:
                    super().write_uint32(offset, value)

        uart.__class__ = PL011

    def _write(self, byte):
        if len(self.tx) < 32:
            self.tx.append(byte)
        if not self._busy:
            self._busy = True
            self._alarm.schedule(BYTE_NS)

    def _shift_out(self):
        byte = self.tx.popleft()
        self.sent += 1
        if self.cable is not None:
            self.cable(byte, self.pico.now_ns())
        u = self.uart
        u._interrupt_status |= self.U.UARTTXINTR
        u.check_interrupts()
        if self.tx:
            self._alarm.schedule(BYTE_NS)
        else:
            self._busy = False

    def receive(self, byte):
        u = self.uart
        self.received += 1
        if u.rx_fifo.full:
            self.lost += 1
            return
        u.rx_fifo.push(byte)
        u._interrupt_status |= self.U.UARTRXINTR
        u.check_interrupts()


class Cable:
    """Two link UARTs crossed: a byte that left one arrives at the other one byte-time later
    (it was on the wire for its ten bits while it left the FIFO: the delivery is due at the
    time it left, and `deliver()` hands it over at the first slice boundary after that)."""

    def __init__(self, a, b):
        self.ends = (a, b)
        self.wire = (collections.deque(), collections.deque())  # to b, to a
        self.log = (bytearray(), bytearray())  # every byte each way, for wire_frames()
        self.times = ([], [])  # ... and the emulated ns each one left its UART
        a.link.cable = lambda byte, ns: self._send(0, byte, ns)
        b.link.cable = lambda byte, ns: self._send(1, byte, ns)

    def _send(self, k, byte, ns):
        self.wire[k].append((ns, byte))
        self.log[k].append(byte)
        self.times[k].append(ns)

    def deliver(self):
        for q, dest in zip(self.wire, (self.ends[1], self.ends[0])):
            now = dest.now_ns()
            while q and q[0][0] <= now:
                dest.link.receive(q.popleft()[1])

    @property
    def lost(self):
        return self.ends[0].link.lost + self.ends[1].link.lost


# The Pico's flash, a Winbond W25Q16JV (datasheet rev. H, 8.6 AC characteristics): sector erase
# (4 KB) tSE 45 ms typical, 400 ms max; page program (256 B) tPP 0.4 ms typical, 3 ms max. The
# emulator does an erase or a program at once; `FlashLog` records each one so that a bench adds
# the typical times to what it measured (MicroPython's rp2.Flash runs them with interrupts off,
# so the CPU waits for them: a lower bound of a real Pico's time is emulated + modelled).
ERASE_MS = 45.0
PROGRAM_MS = 0.4


class FlashLog:
    """Every sector erase and page program the firmware sends the flash chip (through the SSI,
    as the bootrom's flash helpers do): `ops` is [(ns, "e" or "p", flash address)]."""

    def __init__(self, pico):
        from rp2040py.peripherals import ssi as S

        self.ops = []
        link = self
        s = pico.mcu.ssi

        class Recorded(type(s)):
            def _apply_command(self):
                buf = self._tx_buffer
                if buf and self._write_enabled and len(buf) >= 4:
                    op = buf[0]
                    kind = "e" if op in (S.CMD_SECTOR_ERASE, S.CMD_BLOCK_ERASE) else None
                    if op == S.CMD_PAGE_PROGRAM:
                        kind = "p"
                    if kind:
                        link.ops.append((pico.now_ns(), kind, self._address_from_buffer()))
                super()._apply_command()

        s.__class__ = Recorded

    def between(self, t0_ns, t1_ns):
        """(erases, programs) in [t0, t1)."""
        e = p = 0
        for ns, kind, _ in self.ops:
            if t0_ns <= ns < t1_ns:
                if kind == "e":
                    e += 1
                else:
                    p += 1
        return e, p


def flash_ms(erases, programs):
    """The modelled flash time (typical) of that many erases and programs, ms."""
    return round(erases * ERASE_MS + programs * PROGRAM_MS, 1)


class Pico:
    """One emulated handheld (see the module docstring)."""

    def __init__(self, route, image, name="pico", flash=None):
        """`route` (a Route; a UF2 path: the files route of that firmware), its littlefs `image`
        (None: the filesystem area as the route's UF2s leave it), or `flash`: the chip's 2 MiB
        as they are (a Pico powered on again, or after a UF2 was dragged onto it)."""
        from rp2040py.boards import BoardSpec, build_rp2040_from_spec
        from rp2040py.device.bootrom import BOOTROM_B1
        from rp2040py.memory_map import FLASH_START_ADDRESS
        from rp2040py.simulator import Simulator
        from rp2040py.usb.cdc import USBCDC
        from rp2040py.utils.logging import ConsoleLogger, LogLevel

        if not isinstance(route, Route):
            route = files_route(route)
        self.name = name
        self.route = route
        mcu = build_rp2040_from_spec(BoardSpec())
        self.mcu = mcu
        self.sim = Simulator(rp2040=mcu)
        self.clock = self.sim.clock
        mcu.load_bootrom(BOOTROM_B1)
        mcu.logger = ConsoleLogger(LogLevel.ERROR)
        mcu.flash[:FLASH_BYTES] = flash if flash is not None else route.flash(image)
        self.cdc = USBCDC(mcu.usb_ctrl)
        self.cdc.on_serial_data = self._console_out
        self.connected = False
        self.cdc.on_device_connected = self._on_connected
        mcu.watchdog.on_watchdog_trigger = self._watchdog_reset
        self.resets = 0
        self.console = bytearray()
        self._in = bytearray()
        self._pty = None
        self.oled = Oled(mcu.i2c[0], self)
        self.link = LinkUart(mcu.uart[1], self)
        self.flash = FlashLog(self)
        self.pins = {n: BOARD.PINS[n] for n in BOARD.BUTTON_ORDER}
        for gp in self.pins.values():
            mcu.gpio[gp].release_input()
        mcu.gpio[PEAK_PIN].release_input()
        self.events = []  # (ns, kind, fields) from the probe's lines
        self.keys_at = []  # when each key was pressed (ns)
        self._line = bytearray()
        self._end = self.clock.create_alarm(self._slice_end)
        self.wall = 0.0  # seconds of wall time spent emulating
        mcu.core.pc = FLASH_START_ADDRESS

    # -- time ------------------------------------------------------------------------------
    def now_ns(self):
        return self.clock.nanos

    def now_ms(self):
        return self.clock.nanos / NS

    def _slice_end(self):
        self.sim.stopped = True

    def step_to(self, target_ns):
        """Execute until the emulated clock reaches target_ns."""
        from rp2040py.execute_batch import execute_batch

        t0 = time.perf_counter()
        clock, sim = self.clock, self.sim
        while clock.nanos < target_ns:
            self._end.schedule(target_ns - clock.nanos)
            sim.stopped = False
            while not sim.stopped:
                execute_batch(sim, 1)
        self._end.cancel()
        self.wall += time.perf_counter() - t0
        self._serve()

    def run_ms(self, ms, slice_ms=1.0):
        """Run `ms` emulated milliseconds, serving the console every slice."""
        end = self.now_ns() + ms * NS
        while self.now_ns() < end:
            self.step_to(min(end, self.now_ns() + slice_ms * NS))

    def run_until(self, pred, timeout_ms, slice_ms=2.0):
        """Run until pred() holds (checked every slice): True, or False after timeout_ms."""
        end = self.now_ns() + timeout_ms * NS
        while not pred():
            if self.now_ns() >= end:
                return False
            self.step_to(min(end, self.now_ns() + slice_ms * NS))
        return True

    # -- buttons ---------------------------------------------------------------------------
    def hold(self, key, down):
        pin = self.mcu.gpio[self.pins[key.lower()]]
        if down:
            pin.set_input_value(False)
        else:
            pin.release_input()

    def press(self, key, hold_ms=50, after_ms=50):
        """A press the firmware sees in at least one frame poll (frames are 33 ms)."""
        self.hold(key, True)
        t = self.now_ns()
        self.keys_at.append(t)
        if TRACE:
            print(
                "rp2 %s %.1f ms: key %s (wall %.0f s)" % (self.name, t / NS, key, self.wall), file=sys.stderr
            )
        self.run_ms(hold_ms)
        self.hold(key, False)
        self.run_ms(after_ms)
        return t

    def keep_peak(self, on):
        pin = self.mcu.gpio[PEAK_PIN]
        if on:
            pin.set_input_value(True)
        else:
            pin.release_input()

    # -- the screen ------------------------------------------------------------------------
    def screen(self):
        return self.oled.model.pixels()

    def png(self, path):
        return ssd1306.to_png(self.screen(), path)

    # -- the console -----------------------------------------------------------------------
    def _on_connected(self):
        self.connected = True

    def _console_out(self, data):
        self.console += data
        if self._pty is not None:
            self._pty_out += bytes(data)
        for b in data:
            if b == 10:
                self._probe_line(self._line.decode("utf-8", "replace").strip())
                self._line = bytearray()
            else:
                self._line.append(b)

    def _probe_line(self, line):
        i = line.find("@rp2 ")
        if i < 0:
            return
        parts = line[i + 5 :].split()
        if not parts:
            return
        kind, rest = parts[0], parts[1:]
        ev = {"kind": kind, "at_ns": self.now_ns()}
        try:
            if kind == "s":
                ev.update(
                    screen=rest[0],
                    depth=int(rest[1]),
                    sel=rest[2],
                    state=int(rest[3]),
                    view=int(rest[4]),
                    ns=self._device_ns(int(rest[5])),
                )
            elif kind == "h":
                ev.update(live=int(rest[0]), free=int(rest[1]), peak=int(rest[2]), probe=int(rest[3]))
            elif kind == "f":
                ev.update(work=int(rest[0]), save=int(rest[1]), saves=int(rest[2]), max=int(rest[4]))
                ev.update(ns=self._device_ns(int(rest[3])))
            elif kind in ("r", "b"):
                ev.update(ns=self._device_ns(int(rest[-1])))
                if kind == "b":
                    ev.update(probe=int(rest[0]))
        except (IndexError, ValueError):
            return
        self.events.append(ev)
        if TRACE:
            print("rp2 %s %.1f ms: %s" % (self.name, self.now_ms(), line[i:]), file=sys.stderr, flush=True)

    def _device_ns(self, ticks_us):
        """The emulated clock at a device ticks_us() (30 bits of the TIMER's microseconds)."""
        now_us = (self.now_ns() - self.mcu.timer._epoch_nanos) / 1000
        period = 1 << 30
        back = (int(now_us) - ticks_us) % period
        return self.now_ns() - back * 1000

    def write(self, data):
        self._in += data
        self._pump()

    def _pump(self):
        fifo = self.cdc.tx_fifo
        free = fifo.size - fifo.item_count
        if free > 0 and self._in:
            chunk, self._in = self._in[:free], self._in[free:]
            for b in chunk:
                self.cdc.send_serial_byte(b)

    def text(self):
        return self.console.decode("utf-8", "replace")

    def wait_for(self, pattern, timeout_ms, since=0):
        """Run until the console (from byte `since`) matches the regex: the match, or None."""
        rx = re.compile(pattern)
        found = []

        def seen():
            m = rx.search(self.console[since:].decode("utf-8", "replace"))
            if m:
                found.append(m)
            return bool(m)

        self.run_until(seen, timeout_ms)
        return found[0] if found else None

    def last(self, kind, after_ns=0, **match):
        return _find(reversed(self.events), kind, after_ns, match)

    def first(self, kind, after_ns=0, **match):
        return _find(self.events, kind, after_ns, match)

    # -- the pty (make flash, mpremote) ----------------------------------------------------
    def open_pty(self):
        import pty
        import tty

        master, slave = pty.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._pty = (master, slave)
        self._pty_out = b""
        return os.ttyname(slave)

    def close_pty(self):
        if self._pty is not None:
            for fd in self._pty:
                try:
                    os.close(fd)
                except OSError:
                    pass
            self._pty = None

    def _serve(self):
        if self._pty is not None:
            master = self._pty[0]
            try:
                data = os.read(master, 4096)
            except (BlockingIOError, OSError):
                data = b""
            if data:
                self._in += data
            if self._pty_out:
                try:
                    n = os.write(master, self._pty_out)
                    self._pty_out = self._pty_out[n:]
                except (BlockingIOError, OSError):
                    pass
        self._pump()

    # -- resets ----------------------------------------------------------------------------
    def _watchdog_reset(self):
        """machine.reset() (mpremote reset): the chip restarts, flash kept (BaseDevice's way)."""
        self.resets += 1
        self.mcu.enter_reset(from_watchdog=True)
        self.mcu.leave_reset()

    def flash_image(self):
        """The littlefs filesystem's area of the flash, where the route has it."""
        r = self.route
        return bytes(self.mcu.flash[r.fs_offset : r.fs_offset + r.fs_bytes])

    def flash_bytes(self):
        """The whole flash chip (2 MiB) as it is now."""
        return bytes(self.mcu.flash[:FLASH_BYTES])

    def files(self):
        """{device path: bytes} of the littlefs filesystem now."""
        return self.route.read(self.flash_image())


def run_pair(a, b, cable, ms, slice_us=40, until=None):
    """Two Picos in lockstep for `ms` emulated ms (or until `until()` holds), the cable's bytes
    delivered at each slice boundary (a slice is shorter than a byte on the wire)."""
    end = max(a.now_ns(), b.now_ns()) + ms * NS
    step = slice_us * 1000
    t = max(a.now_ns(), b.now_ns())
    n = 0
    while t < end:
        t = min(end, t + step)
        a.step_to(t)
        b.step_to(t)
        cable.deliver()
        n += 1
        if until is not None and n % 50 == 0 and until():
            return True
    return until() if until is not None else True


def cobs_decode(data):
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0 or i + code > n + 1:
            return None
        out += data[i + 1 : i + code]
        i += code
        if code < 0xFF and i < n:
            out.append(0)
    return bytes(out)


def wire_frames(stream):
    """[(type, session id, seq, wire length)] of the link frames in one direction's bytes
    (docs/link-protocol.md: COBS between 0x00 delimiters; header: version, type, sid, seq)."""
    out = []
    for chunk in bytes(stream).split(b"\x00"):
        if not chunk:
            continue
        body = cobs_decode(chunk)
        if body is None or len(body) < 15:
            continue
        out.append((body[1], body[2:6], body[6] | body[7] << 8, len(chunk) + 2))
    return out


def timed_frames(stream, times):
    """[(type, seq, first byte ns, last byte ns, payload)] of one direction's frames (`stream`
    and `times`, Cable.log and Cable.times), DATA sent again included."""
    out = []
    start = 0
    data = bytes(stream)
    for end in range(len(data) + 1):
        if end < len(data) and data[end] != 0:
            continue
        if end > start:
            body = cobs_decode(data[start:end])
            if body is not None and len(body) >= 15:
                out.append((body[1], body[6] | body[7] << 8, times[start], times[end - 1], body[11:-4]))
        start = end + 1
    return out


M_SHOT, M_ANSWER = 0x21, 0x22  # link.commit: a shot's and an answer's message type
T_DATA = 3


def shot_pairs(shots, answers, delay=0):
    """Each SHOT among one side's timed_frames `shots` (sent again: once) with the first ANSWER
    among the other side's `answers` that starts at or after the SHOT's last byte + delay:
    [(shot frame, answer frame)] (a Link battle's, host_tools.bench.rp2 and the tests)."""
    out = []
    seen = set()
    for f in shots:
        typ, seq, _t0, t1, pl = f
        if typ != T_DATA or not pl or pl[0] != M_SHOT or seq in seen:
            continue
        seen.add(seq)
        ans = next((a for a in answers if a[0] == T_DATA and a[4][:1] == bytes((M_ANSWER,))
                    and a[2] >= t1 + delay), None)  # fmt: skip
        if ans is not None:
            out.append((f, ans))
    return out


def resent(frames, data_type=3):
    """DATA frames sent again (the same session and sequence number): (count, wire bytes)."""
    seen = set()
    n = size = 0
    for typ, sid, seq, length in frames:
        if typ != data_type:
            continue
        if (sid, seq) in seen:
            n += 1
            size += length
        seen.add((sid, seq))
    return n, size


def _find(events, kind, after_ns, match):
    """The first of events of this kind, at or after after_ns, whose fields hold match; or None."""
    for ev in events:
        if ev["kind"] == kind and ev["at_ns"] >= after_ns and all(ev.get(k) == v for k, v in match.items()):
            return ev
    return None
