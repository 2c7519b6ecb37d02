"""A fake mpremote transport with a simulated handheld behind it.

FakeMpremote.run(args) takes the same argument lists host_tools.device.flash gives
the real mpremote and answers as mpremote would: `devs` lists the ports it
was given; `connect PORT ...` runs the commands (joined by "+") on the
handheld, stopping at the first that fails. The handheld itself is real
MicroPython code on a real littlefs image (tests/kit/fakedev_vm.py), so
the device-side scripts are exercised for real. Every call is recorded in
`calls`.

Kinds of handheld: "micropython" (default) or "none" (no MicroPython: no
REPL answers). `impl` sets its sys.implementation (CIRCUITPY_IMPL: a
CircuitPython board); `blocks` the
flash size in 4 KB blocks. `before` is called with each command (a list)
before it runs, so a test can e.g. fill the flash at the worst moment.

After a `reset` (or with running=True) the handheld runs its /main.py, the
installed firmware, as a Pico does; mpremote's first contact sends Ctrl-C
(SIGINT to the fake's MicroPython) once the game runs, and gets in only if a
REPL follows (see fakedev_vm.py for what main.py's ending leads to). What
mpremote would have said otherwise: "could not enter raw repl". `stop(port)`
is the flashing tool's own Ctrl-C, sent again each time main.py restarts.
"""

import io
import os
import queue
import signal
import subprocess
import threading

from host_tools.device.flash import Installer, Result
from host_tools.paths import micropython

HERE = os.path.dirname(os.path.abspath(__file__))
VM = os.path.join(HERE, "fakedev_vm.py")
SEP = "#--fakedev-next--"
END = "#--fakedev-end--"
MAIN = "#--fakedev-main--"
MAIN_END = "#--fakedev-main-end--"
REPL = "#--fakedev-repl--"
RUNNING = "#--fakedev-running--"
BOOT_LIMIT_S = 60  # a boot or a stop that takes longer is a bug in the fake or the firmware

PICO_IMPL = (
    "(name='micropython', version=(1, 28, 0, ''), _machine='Raspberry Pi Pico with RP2040', "
    "_mpy=4870, _build='RPI_PICO')"
)
CIRCUITPY_IMPL = (
    "(name='circuitpython', version=(9, 2, 1, ''), _machine='Raspberry Pi Pico with rp2040', _mpy=1286)"
)
PICO_PORT = ("/dev/ttyACM0", "e6614c311b7e8a2f", "2e8a:0005", "MicroPython Board in FS mode")

_LIST = """
import os
def walk(p):
    for n in sorted(os.listdir(p or '/')):
        q = p + '/' + n
        if os.stat(q)[0] & 0x4000:
            print('D ' + q)
            walk(q)
        else:
            with open(q, 'rb') as f:
                print('F ' + q + ' ' + f.read().hex())
walk('')
"""


class FakeMpremote:
    def __init__(
        self,
        tmp,
        ports=(PICO_PORT,),
        kind="micropython",
        impl=PICO_IMPL,
        blocks=256,  # 1 MB: room for the install and a second one staged (a Pico has 1.4 MB)
        before=None,
        running=False,
    ):
        self.image = os.path.join(str(tmp), "flash-%d.img" % id(self))
        self.ports = list(ports)
        self.kind = kind
        self.impl = impl
        self.blocks = blocks
        self.before = before
        self.running = running  # main.py runs (after a reset): Ctrl-C comes first
        self.calls = []
        self.timeouts = []  # the time limit given with each call
        self.consoles = []  # what the handheld printed at each Ctrl-C, from boot to REPL
        self.resets = 0
        self.busy = set()

    # -- the transport -------------------------------------------------------------
    def stop(self, port, timeout=None):
        """The flashing tool's stop: Ctrl-C until a REPL prompt shows."""
        self.calls.append(["stop", port])
        self.timeouts.append(timeout)
        r = self._reach(port)
        if r is not None:
            return r
        if not self.running:
            return Result(0, "\r\n>>> ")
        return self._interrupt(burst=True)

    def run(self, args, timeout=None, on_line=None):
        args = list(args)
        self.calls.append(args)
        self.timeouts.append(timeout)
        r = self._run(args)
        if on_line:
            for line in r.out.splitlines():
                on_line(line)
        return r

    def _reach(self, port):
        if port in self.busy or port not in [p[0] for p in self.ports]:
            return Result(
                1, "", "mpremote: failed to access %s (it may be in use by another program)\n" % port
            )
        if self.kind == "none":
            return Result(1, "", "")  # not a word back
        return None

    def _run(self, args):
        if args == ["devs"]:
            return Result(0, "".join(" ".join(p) + "\n" for p in self.ports))
        if args[0] != "connect":
            return Result(1, "", "fake mpremote: unknown command %r" % args)
        r = self._reach(args[1])
        if r is not None:
            if self.kind == "none":
                r.err = "mpremote.transport.TransportError: could not enter raw repl\n"
            return r
        if self.running:  # mpremote's one Ctrl-C, then it waits for the raw REPL
            r = self._interrupt(burst=False)
            if r.rc:
                return Result(
                    1,
                    "%r\n" % r.out.encode(),
                    "Traceback (most recent call last):\n  ...\n"
                    "mpremote.transport.TransportError: could not enter raw repl\n",
                )
        cmds = _split(args[2:])
        pieces = []
        for cmd in cmds:
            if self.before:
                self.before(cmd)
            pieces.append(self._code(cmd))
        r = self.vm(("\n%s\n" % SEP).join(pieces))
        # one END line per command that ran; stop where the device stopped
        out = []
        chunk = []
        done = 0
        for line in r.out.splitlines(True):
            if line.startswith(END):
                cmd = cmds[done]
                failed = line.split()[1] != "0"
                text = "".join(chunk)
                chunk = []
                done += 1
                if cmd[0] == "reset":
                    self.resets += 1
                    self.running = True  # the handheld boots main.py
                if cmd[:2] == ["fs", "cp"]:  # mpremote names each file as it starts on it
                    out.append("cp %s %s\n" % (cmd[-2], cmd[-1]))
                    text = "" if not failed else text
                if not failed:
                    out.append(text)
                    continue
                if cmd[:2] == ["fs", "cp"]:
                    dst = cmd[-1][1:]
                    why = "No space left on device." if ("28" in text or "ENOSPC" in text) else text.strip()
                    return Result(1, "".join(out), "mpremote: cp: %s: %s\n" % (dst, why))
                out.append(text)
                return Result(1, "".join(out), "")
            chunk.append(line)
        if done < len(cmds):
            return Result(1, "".join(out) + "".join(chunk), r.err)
        return Result(0, "".join(out))

    def _code(self, cmd):
        if cmd[0] == "exec":
            return cmd[-1]
        if cmd[0] == "reset":
            return "pass"
        if cmd[:2] == ["fs", "cp"]:
            src, dst = cmd[-2], cmd[-1]
            assert dst.startswith(":"), cmd
            with open(src, "rb") as f:
                data = f.read()
            # what mpremote's fs_writefile sends: open, 256-byte writes, close
            code = "f=open(%r,'wb')\nw=f.write\n" % dst[1:]
            code += "".join("w(%r)\n" % data[i : i + 256] for i in range(0, len(data), 256))
            return code + "f.close()\n"
        raise AssertionError("fake mpremote: unknown command %r" % cmd)

    # -- the handheld ----------------------------------------------------------------
    def _env(self, **more):
        env = {k: v for k, v in os.environ.items() if not k.startswith("BROADSIDE_")}
        env.update(FAKEDEV_IMAGE=self.image, FAKEDEV_BLOCKS=str(self.blocks), FAKEDEV_IMPL=self.impl, **more)
        return env

    def vm(self, code):
        p = subprocess.run(
            [micropython(), "-X", "heapsize=4M", VM],
            input=code,
            capture_output=True,
            text=True,
            env=self._env(),
        )
        return Result(p.returncode, p.stdout, p.stderr)

    def _interrupt(self, burst):
        """Boot the handheld's main.py and press Ctrl-C once the game runs.
        burst: press it again each time main.py starts over (the flashing
        tool keeps pressing), else once (mpremote). Result: rc 0 at the REPL,
        with everything the handheld printed (the fake's markers left out)."""
        p = subprocess.Popen(
            [micropython(), "-X", "heapsize=4M", VM],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=self._env(FAKEDEV_BOOT="1"),
        )
        lines = queue.Queue()
        reader = threading.Thread(target=lambda: [lines.put(x) for x in p.stdout] + [lines.put(None)])
        reader.start()
        printed = []
        restarted = pressed = False
        ok = False
        try:
            while True:
                try:
                    line = lines.get(timeout=BOOT_LIMIT_S)
                except queue.Empty:
                    printed.append("(fake: nothing for %ds)\n" % BOOT_LIMIT_S)
                    break
                if line is None:
                    break
                if line.startswith(MAIN_END):
                    p.stdin.write("go\n")
                    p.stdin.flush()
                    restarted = line.split()[1] == "exit"
                elif line.startswith(MAIN):
                    pressed = False
                    if restarted and burst:  # pressed again as soon as it starts over
                        p.send_signal(signal.SIGINT)
                        pressed = True
                elif line.startswith(RUNNING):
                    if restarted and not burst:
                        break  # the game runs again: mpremote's raw REPL request goes unanswered
                    if not pressed:
                        p.send_signal(signal.SIGINT)
                        pressed = True
                elif line.startswith(REPL):
                    ok = True
                    break
                else:
                    printed.append(line)
        finally:
            if ok:
                p.stdin.close()  # no commands: the handheld sits at its REPL
                p.wait(timeout=BOOT_LIMIT_S)
            else:
                p.kill()
                p.wait()
            reader.join()
        text = "".join(printed)
        self.consoles.append(text)
        if ok:
            self.running = False
        return Result(0 if ok else 1, text)

    def files(self):
        """{path: bytes} of every file on the handheld, and the set of folders."""
        r = self.vm(_LIST)
        assert r.rc == 0, r
        r.out = r.out.replace(END + " 0\n", "")
        files = {}
        dirs = set()
        for line in r.out.splitlines():
            if line.startswith("D "):
                dirs.add(line[2:])
            elif line.startswith("F "):
                path, _, hexdata = line[2:].partition(" ")
                files[path] = bytes.fromhex(hexdata)
        return files, dirs

    def put(self, path, data):
        """Write a file on the handheld (folders made as needed)."""
        code = "import os\np=''\nfor part in %r.split('/')[1:-1]:\n" % path
        code += "    p += '/' + part\n    try:\n        os.mkdir(p)\n    except OSError:\n        pass\n"
        code += "with open(%r, 'wb') as f:\n    f.write(%r)\n" % (path, data)
        r = self.vm(code)
        assert r.rc == 0, r

    def fill(self, leave_blocks=0, path="/junk.bin"):
        """Fill the flash with a junk file until at most `leave_blocks` are free."""
        code = (
            "import os\nf = open(%r, 'ab')\ntry:\n"
            "    while os.statvfs('/')[4] > %d:\n        f.write(bytes(4096))\n        f.flush()\n"
            "except OSError:\n    pass\ntry:\n    f.close()\nexcept OSError:\n    pass\n"
            "print(os.statvfs('/')[4])\n" % (path, leave_blocks)
        )
        r = self.vm(code)
        assert r.rc == 0, r
        return int(r.out.split()[0])

    def commands(self):
        """The recorded calls as (port or None, [command names...]) for readable asserts."""
        out = []
        for c in self.calls:
            if c[0] != "connect":
                out.append(" ".join(c))
                continue
            names = []
            for cmd in _split(c[2:]):
                if cmd[0] == "exec":
                    code = cmd[-1]
                    last = code.strip().splitlines()[-1]
                    names.append("exec " + (last.split("(")[0] if "import sys" not in last else "impl"))
                elif cmd[:2] == ["fs", "cp"]:
                    names.append("cp " + cmd[-1])
                else:
                    names.append(" ".join(cmd))
            out.append(names)
        return out


def _split(args):
    cmds = [[]]
    for a in args:
        if a == "+":
            cmds.append([])
        else:
            cmds[-1].append(a)
    return [c for c in cmds if c]


def installer(fake, tmp_path, **kw):
    """make flash's Installer on a fake handheld, quiet, its bundle and saves copies in tmp_path."""
    kw.setdefault("out", str(tmp_path / "device"))
    kw.setdefault("log", lambda *a: None)
    kw.setdefault("console", io.StringIO())
    kw.setdefault("saves_dir", str(tmp_path / "saves"))
    return Installer(fake, "pico_oled", **kw)
