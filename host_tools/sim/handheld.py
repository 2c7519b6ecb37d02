"""The simulated handheld: real firmware under the MicroPython unix port, on
boards/sim.py, with this CPython front end as its screen, buttons, clock,
speaker and link cable.

    python -m host_tools.sim.handheld                      # interactive, in the terminal
    python -m host_tools.sim.handheld --headless --keys "DOWN,A" --png out.png
    python -m host_tools.sim.handheld --pair               # two handhelds and a cable
    python -m host_tools.sim.handheld --listen 5123        # the cable waits for another computer
    python -m host_tools.sim.handheld --link socket://HOST:5123   # ... which joins it
    python -m host_tools.sim.handheld --link /dev/ttyUSB0  # a real handheld on a USB-UART adapter

It runs the game from its ROMFS image by default (build/romfs/broadside.romfs, the very
bytes the Broadside firmware carries: host_tools.device.romfs), mounted at /rom by
host_tools/sim/romboot.py, its modules run in place as on the device; the process gets
the heap budget plus the image's own room (host_tools.paths.rom_heap). --sources runs
firmware/ (compiled in the handheld's heap: some modes do not fit 192 KB then).

Keys (interactive): arrows move, z/space/Enter = A, x/Backspace = B,
p = screenshot PNG, q = quit. Key scripts: UP DOWN LEFT RIGHT A B, WAIT<ms>,
HOLD<ms>:<KEY>, and in --pair mode a prefix 1: or 2: picks the handheld.
With --link or --listen the handheld runs in real time, headless too (the
other side does), so WAIT1000 is a second.
"""

import argparse
import os
import select
import subprocess
import sys
import tempfile
import threading
import time

from host_tools.device import deps
from host_tools.paths import BOARDS, FIRMWARE, HEAP, MPLIB, ROOT, micropython, rom_command
from host_tools.sim import cable_port
from host_tools.sim.ssd1306 import SSD1306, to_png

FRAME_MS = 33
BUTTONS = {"UP": 1, "DOWN": 2, "LEFT": 4, "RIGHT": 8, "A": 16, "B": 32}


class FirmwareCrashed(RuntimeError):
    pass


def _rel(path):
    """A path under the checkout as seen from it (the firmware runs with cwd=ROOT):
    module and search-path names sit in the device's heap, so they must not grow
    with the length of the checkout's own path."""
    rel = os.path.relpath(path, ROOT)
    return path if rel.startswith("..") else rel


class Handheld:
    """One micropython process running the firmware on the sim board: from a ROMFS image
    (rom), or firmware/main.py and the sources by default."""

    def __init__(self, board="sim", heap=HEAP, saves=None, env=None, name="handheld", main=None, path=None,
                 rom=None):  # fmt: skip
        """rom: a ROMFS image (rom_image()) to boot from, through host_tools/sim/romboot.py; heap
        is then the game's budget, and the process gets the image's room besides. main: another
        boot script (a bench probe; with rom, the launcher hands over to it); path: module folders
        (without rom, they replace firmware/, boards/ and build/mplib; with rom, they come after
        the image's)."""
        deps.install()
        self.name = name
        self.oled = SSD1306()
        self.now = 1000
        self.uart_in = bytearray()
        self.uart_out_total = 0
        self.cable = None  # set by Cable: a function taking outgoing bytes
        self.cues = []
        self.tones = []
        self.mem = None
        self.frames = 0
        self.frame_bytes = []
        self._i2c_bytes = 0
        self.saves = saves or tempfile.mkdtemp(prefix="broadside-saves-")
        self.console = []
        self.restarts = 0  # the firmware restarted itself (hw.reset: back to the menu after a game)
        self.mems = []  # the last heap numbers of each process before it restarted
        e = dict(os.environ)
        self.rom = None  # with rom: host_tools.paths.RomHeap, the image's part of the heap
        if rom:
            self._cmd, rom_env, self.rom = rom_command(rom, heap, script=main)
            e.update(rom_env)
            dirs = path or ()
        else:
            boot = _rel(main or os.path.join(FIRMWARE, "main.py"))
            self._cmd = [micropython(), "-X", "heapsize=" + heap, boot]
            dirs = path or (FIRMWARE, BOARDS, MPLIB)
        e.update(
            BROADSIDE_BOARD=board,
            BROADSIDE_SAVES=self.saves,
            MICROPYPATH=":".join(tuple(_rel(p) for p in dirs) + (".frozen",)),
        )
        if env:
            e.update(env)
        self._env = e
        self._spawn()

    def _spawn(self):
        r_in, w_in = os.pipe()  # front end -> firmware
        r_out, w_out = os.pipe()  # firmware -> front end
        env = dict(self._env, BROADSIDE_SIM_IN=str(r_in), BROADSIDE_SIM_OUT=str(w_out))
        self.proc = subprocess.Popen(
            self._cmd,
            pass_fds=(r_in, w_out),
            env=env,
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        os.close(r_in)
        os.close(w_out)
        self.tx = w_in
        self.rx = r_out
        self._reader = threading.Thread(target=self._read_console, args=(self.proc,), daemon=True)
        self._reader.start()

    def _restart(self):
        """The firmware restarts (machine.soft_reset on the device): the same handheld, its
        screen, saves, clock and cable, with a new interpreter and heap."""
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._reader.join(timeout=2)
        for fd in (self.tx, self.rx):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.mem is not None:
            self.mems.append(self.mem)
        self.mem = None
        self.restarts += 1
        self._spawn()

    def _read_console(self, proc):
        for line in iter(proc.stdout.readline, b""):
            self.console.append(line.decode("utf-8", "replace").rstrip("\n"))

    def console_text(self):
        self._reader.join(timeout=2)
        return "\n".join(self.console)

    def _read(self, n):
        out = b""
        while len(out) < n:
            chunk = os.read(self.rx, n - len(out))
            if not chunk:
                self.proc.wait(timeout=5)
                raise FirmwareCrashed(
                    "%s: firmware exited (status %s)\n%s"
                    % (self.name, self.proc.returncode, self.console_text())
                )
            out += chunk
        return out

    def run_to_frame(self):
        """Process the firmware's messages until it asks for the next frame."""
        while True:
            head = self._read(3)
            kind, n = head[0], head[1] | (head[2] << 8)
            body = self._read(n) if n else b""
            if kind == 0x46:  # F
                return
            if kind == 0x49:  # I
                self.oled.feed(body[0], body[1:])
                self._i2c_bytes += len(body) - 1
            elif kind == 0x55:  # U
                self.uart_out_total += len(body)
                if self.cable:
                    self.cable(body)
            elif kind == 0x43:  # C
                self.cues.append(body.decode())
            elif kind == 0x54:  # T
                self.tones.append(body[0] | (body[1] << 8))
            elif kind == 0x4D:  # M
                self.mem = dict(self.mem or {}, **dict(kv.split("=", 1) for kv in body.decode().split()))
            elif kind == 0x52:  # R: the firmware restarts itself
                self._restart()

    def reply(self, mask, flags=0, max_uart=1024):
        """Answer the pending frame request: time, buttons, cable bytes."""
        chunk = bytes(self.uart_in[:max_uart])
        del self.uart_in[:max_uart]
        payload = self.now.to_bytes(4, "little") + bytes((mask, flags)) + chunk
        os.write(self.tx, bytes((0x54, len(payload) & 255, len(payload) >> 8)) + payload)
        self.frames += 1

    def frame(self, mask=0, flags=0, dt=FRAME_MS):
        """One whole frame: wait for the request, answer it, advance time."""
        self.run_to_frame()
        self.frame_bytes.append(self._i2c_bytes)
        self._i2c_bytes = 0
        self.now = (self.now + dt) & 0x3FFFFFFF
        self.reply(mask, flags)

    def memory(self):
        """Ask the firmware for its heap numbers (answered next frame): the sim board's alloc,
        peak_alloc, peak_live (gc.mem_alloc()) and free; from an image, alloc and the peaks less
        the image's bytearray (self.rom.alloc), so that they are the game's heap."""
        self.frame(flags=1)
        self.run_to_frame()
        self.reply(0)
        mem = dict(self.mem or {})
        if self.rom is not None:
            for key in ("alloc", "peak_alloc", "peak_live"):
                if key in mem:
                    mem[key] = str(int(mem[key]) - self.rom.alloc)
        return mem

    def screen(self):
        return self.oled.pixels()

    def png(self, path, scale=4):
        return to_png(self.screen(), path, scale, self.oled.contrast)

    def close(self):
        try:
            os.close(self.tx)
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        try:
            os.close(self.rx)
        except OSError:
            pass


class Cable:
    """A virtual link cable between two handhelds (optionally cut)."""

    def __init__(self, a, b):
        self.connected = True
        a.cable = lambda data: self._send(b, data)
        b.cable = lambda data: self._send(a, data)

    def _send(self, dst, data):
        if self.connected:
            dst.uart_in.extend(data)


def parse_keys(script):
    """[(handheld index or None, mask, frames held, frames after)]."""
    steps = []
    for raw in [s.strip() for s in script.split(",") if s.strip()]:
        who = None
        if len(raw) > 2 and raw[1] == ":" and raw[0] in "12":
            who, raw = int(raw[0]) - 1, raw[2:]
        tok = raw.upper()
        if tok.startswith("WAIT"):
            steps.append((who, 0, 0, max(1, int(tok[4:]) // FRAME_MS)))
        elif tok.startswith("HOLD"):
            ms, key = tok[4:].split(":")
            steps.append((who, BUTTONS[key], max(1, int(ms) // FRAME_MS), 2))
        elif tok in BUTTONS:
            steps.append((who, BUTTONS[tok], 1, 2))
        else:
            raise SystemExit(
                "sim: unknown key '%s' (use %s, WAIT<ms>, HOLD<ms>:<KEY>)" % (raw, " ".join(BUTTONS))
            )
    return steps


def run_script(handhelds, script, tail_frames=10, flags=0, tick=None, until=None):
    """Play a key script headless; every handheld runs every frame.
    tick: called before each frame (WallClock). until: a function of the
    handhelds; the script stops early once it holds. Returns whether it did."""
    stopped = False
    for who, mask, held, after in parse_keys(script):
        for i in range(held + after):
            if tick:
                tick()
            for k, h in enumerate(handhelds):
                m = mask if (i < held and (who is None or who == k)) else 0
                h.frame(m, flags)
        if until and until(handhelds):
            stopped = True
            break
    for _ in range(tail_frames):
        if tick:
            tick()
        for h in handhelds:
            h.frame(0, flags)
    return stopped


class WallClock:
    """Frames paced to the wall clock, each handheld's time set from it, and
    the cables to outside the simulator carried once a frame: a handheld
    linked to another computer or to a real handheld runs in real time."""

    def __init__(self, handhelds, cables=(), speed=1.0):
        """speed: the clock runs that many times faster than the wall's (tests
        play whole linked games quicker; both sides should run alike)."""
        self.handhelds = handhelds
        self.cables = cables
        self.speed = speed
        self.start = time.monotonic()
        self.frames = 0

    def __call__(self):
        due = self.start + self.frames * FRAME_MS / 1000 / self.speed
        delay = due - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        self.frames += 1
        now = int((time.monotonic() - self.start) * 1000 * self.speed) & 0x3FFFFFFF
        for h in self.handhelds:
            h.now = now
        for c in self.cables:
            c.pump()


# -- the terminal front end ----------------------------------------------------
_QUAD = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"


def render_text(rows, width_cols=None):
    """The screen as text: half blocks (1x2 pixels a cell) when the terminal
    is 130 columns wide, else quadrant blocks (2x2 a cell)."""
    cols = width_cols or 200
    out = []
    if cols >= 130:
        out.append("┌" + "─" * 128 + "┐")
        for y in range(0, 64, 2):
            line = []
            for x in range(128):
                t, b = rows[y][x], rows[y + 1][x]
                line.append("█" if t and b else "▀" if t else "▄" if b else " ")
            out.append("│" + "".join(line) + "│")
        out.append("└" + "─" * 128 + "┘")
    else:
        out.append("┌" + "─" * 64 + "┐")
        for y in range(0, 64, 2):
            line = []
            for x in range(0, 128, 2):
                q = rows[y][x] | rows[y][x + 1] << 1 | rows[y + 1][x] << 2 | rows[y + 1][x + 1] << 3
                line.append(_QUAD[q])
            out.append("│" + "".join(line) + "│")
        out.append("└" + "─" * 64 + "┘")
    return "\n".join(out)


def _read_keys(fd):
    data = b""
    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 64)
        if not chunk:
            break
        data += chunk
    keys = []
    i = 0
    while i < len(data):
        if data[i : i + 3] in (b"\x1b[A", b"\x1bOA"):
            keys.append("UP")
            i += 3
        elif data[i : i + 3] in (b"\x1b[B", b"\x1bOB"):
            keys.append("DOWN")
            i += 3
        elif data[i : i + 3] in (b"\x1b[C", b"\x1bOC"):
            keys.append("RIGHT")
            i += 3
        elif data[i : i + 3] in (b"\x1b[D", b"\x1bOD"):
            keys.append("LEFT")
            i += 3
        else:
            c = chr(data[i]).lower()
            i += 1
            keys.append(
                {
                    "z": "A",
                    " ": "A",
                    "\r": "A",
                    "\n": "A",
                    "x": "B",
                    "\x7f": "B",
                    "\x08": "B",
                    "w": "UP",
                    "s": "DOWN",
                    "a": "LEFT",
                    "d": "RIGHT",
                    "q": "QUIT",
                    "p": "SHOT",
                    "\t": "TAB",
                }.get(c)
            )
    return [k for k in keys if k]


def interactive(handhelds, shot_dir=".", cables=()):
    import shutil
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    sys.stdout.write("\x1b[?25l\x1b[2J")
    hold = [0] * len(handhelds)
    masks = [0] * len(handhelds)
    focus = 0
    last = None
    shots = 0
    try:
        start = time.monotonic()
        frame_no = 0
        while True:
            for key in _read_keys(fd):
                if key == "QUIT":
                    return
                if key == "TAB":  # two handhelds: the keys go to the other one
                    focus = (focus + 1) % len(handhelds)
                    last = None
                if key == "SHOT":
                    shots += 1
                    path = os.path.join(shot_dir, "broadside-%d.png" % shots)
                    handhelds[focus].png(path)
                elif key in BUTTONS:
                    masks[focus] = BUTTONS[key]
                    hold[focus] = 3
            for c in cables:
                c.pump()
            for k, h in enumerate(handhelds):
                h.now = int((time.monotonic() - start) * 1000) & 0x3FFFFFFF
                h.frame(masks[k] if hold[k] else 0)
                if hold[k]:
                    hold[k] -= 1
            frame_no += 1
            cols = shutil.get_terminal_size((80, 24)).columns
            pics = [render_text(h.screen(), cols // len(handhelds)) for h in handhelds]
            if len(pics) == 2:
                a, b = pics[0].split("\n"), pics[1].split("\n")
                pic = "\n".join(x + "  " + y for x, y in zip(a, b))
            else:
                pic = pics[0]
            cues = handhelds[focus].cues[-1:] if handhelds[focus].cues else []
            who = ("keys -> handheld %d (Tab switches)  " % (focus + 1)) if len(handhelds) > 1 else ""
            status = who + "arrows move  z/Enter=A  x/Backspace=B  p=PNG  q=quit   %s" % (
                ("sound: " + cues[0]) if cues else ""
            )
            for c in cables:
                status += "\x1b[K\nlink cable: " + c.status
            view = pic + "\n" + status
            if view != last:  # the link cable's status line may change alone
                sys.stdout.write("\x1b[H" + view + "\x1b[K\n")
                sys.stdout.flush()
                last = view
            due = start + frame_no * FRAME_MS / 1000
            delay = due - time.monotonic()
            if delay > 0:
                select.select([fd], [], [], delay)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sys.stdout.write("\x1b[?25h\n")


def rom_image():
    """The game's ROMFS image (build/romfs/broadside.romfs), brought up to date first: what the
    simulator, the MicroPython tests and the benches run. host_tools.device.romfs.build compiles
    only what changed (about 0.1 s when nothing did); a lock keeps two simulators on one computer
    (--listen and --link) from building it at once."""
    import fcntl

    from host_tools.device import romfs

    deps.install()
    os.makedirs(romfs.ROMFS_DIR, exist_ok=True)
    with open(os.path.join(romfs.ROMFS_DIR, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return romfs.build(log=None)


def _cue_names(h):
    return [c.split()[0] for c in h.cues]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.sim.handheld", description=__doc__.split("\n")[0])
    ap.add_argument("--headless", action="store_true", help="play --keys without a terminal")
    ap.add_argument("--keys", default="", help="key script, e.g. 'DOWN,A,WAIT500,B'")
    ap.add_argument("--png", help="write the final screen here (scaled, crisp pixels)")
    ap.add_argument("--scale", type=int, default=4)
    ap.add_argument("--board", default="sim")
    ap.add_argument("--heap", default=HEAP)
    ap.add_argument("--saves", help="folder for the handheld's flash saves (default: a temp folder)")
    ap.add_argument("--pair", action="store_true", help="two handhelds joined by a link cable")
    ap.add_argument("--text", action="store_true", help="print the final screen as text too")
    ap.add_argument("--mem", action="store_true", help="print the firmware's heap numbers at the end")
    ap.add_argument(
        "--compiled",
        action="store_true",
        help="run the game from its ROMFS image (build/romfs), as the Broadside firmware does (the default)",
    )
    ap.add_argument(
        "--sources",
        action="store_true",
        help="run the firmware/ sources instead (compiled in the handheld's heap: some modes "
        "need more than the default heap then: --heap 320K runs every one)",
    )
    ap.add_argument(
        "--link",
        metavar="URL",
        help="the link cable to a serial port (/dev/ttyUSB0, COM4: a USB-UART adapter on a real "
        "handheld's GP8/GP9/GND) or any pyserial URL (socket://HOST:PORT: a simulator started "
        "with --listen); opened again whenever the connection drops",
    )
    ap.add_argument(
        "--listen",
        metavar="[HOST:]PORT",
        help="the link cable waits on this TCP port for the other side's --link socket://...",
    )
    ap.add_argument("--baud", type=int, default=cable_port.BAUD, help="--link's serial speed")
    ap.add_argument(
        "--speed",
        type=float,
        default=1.0,
        help="with --link/--listen, headless: run the handheld's clock this many times faster than "
        "real time (for tests; give the other side the same)",
    )
    ap.add_argument("--cues", action="store_true", help="print the sounds the handheld made, at the end")
    ap.add_argument(
        "--until",
        metavar="CUES",
        help="headless: stop the key script once the handheld sounds one of these "
        "(comma-separated, e.g. win,lose), play on for 2 s, and fail if it never does",
    )
    args = ap.parse_args(argv)
    if args.link and args.listen:
        ap.error("--link and --listen are the two ends of one cable: give one")
    if args.pair and (args.link or args.listen):
        ap.error("--pair joins its two handhelds to each other; --link/--listen is for one")
    cables = []
    try:
        endpoint = cable_port.Dial(args.link, args.baud) if args.link else None
        if args.listen:
            endpoint = cable_port.Listen(args.listen)
            print(
                "sim: the link cable waits on %s (the other side: --link socket://THIS-COMPUTER:%d)"
                % (endpoint.name(), endpoint.port),
                file=sys.stderr,
                flush=True,
            )
    except cable_port.LinkError as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2
    rom = rom_image() if not args.sources else None

    n = 2 if args.pair else 1
    handhelds = []
    for i in range(n):
        saves = args.saves if n == 1 else (os.path.join(args.saves, str(i + 1)) if args.saves else None)
        if saves:
            os.makedirs(saves, exist_ok=True)
        handhelds.append(
            Handheld(
                board=args.board,
                heap=args.heap,
                saves=saves,
                name="handheld %d" % (i + 1),
                rom=rom,
            )
        )
    if n == 2:
        Cable(handhelds[0], handhelds[1])
    headless = args.headless or not sys.stdin.isatty()
    if endpoint:
        quiet = None if headless else (lambda text: None)  # the terminal shows its status line
        cables.append(cable_port.PortCable(handhelds[0], endpoint, log=quiet))
    tick = WallClock(handhelds, cables, args.speed if headless else 1.0) if cables else None
    until = set(args.until.split(",")) if args.until else None
    heard = (lambda hs: any(until.intersection(_cue_names(h)) for h in hs)) if until else None
    try:
        if headless:
            flags = 2 if args.mem else 0
            stopped = run_script(handhelds, args.keys, flags=flags, tick=tick, until=heard)
            if stopped:  # the other side may still be taking our last messages
                run_script(handhelds, "WAIT2000", tail_frames=0, flags=flags, tick=tick)
            if args.cues:
                for h in handhelds:
                    print("cues:", " ".join(_cue_names(h)))
            if args.png:
                for i, h in enumerate(handhelds):
                    path = args.png if n == 1 else args.png.replace(".png", "-%d.png" % (i + 1))
                    h.png(path, args.scale)
                    print("wrote", path)
            if args.text or not args.png:
                for h in handhelds:
                    print(render_text(h.screen()))
            if args.mem:
                for h in handhelds:
                    print("heap:", h.memory())
            if until and not stopped:
                print("sim: the key script ended before a sound of %s" % args.until, file=sys.stderr)
                return 1
        else:
            if args.keys:
                run_script(handhelds, args.keys, tail_frames=1, tick=tick)
            interactive(handhelds, cables=cables)
    except FirmwareCrashed as e:
        print(e, file=sys.stderr)
        return 1
    finally:
        for c in cables:
            c.close()
        if endpoint:
            endpoint.close()
        for h in handhelds:
            h.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
