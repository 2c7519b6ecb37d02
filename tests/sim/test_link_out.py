# interpreters: cpython
"""The link cable out of the simulator (`python -m host_tools.sim.handheld --link URL`, `--listen PORT`): two
simulator processes on 127.0.0.1 play a whole Link battle over TCP, headless; a TCP connection dropped
mid-game is a pulled cable (the game waits and goes on once it is open again); an endpoint that cannot
be opened is one line naming it. Network only on 127.0.0.1; every process has a timeout.

Linked, a headless handheld runs on the wall clock (the other side does); these run it four times
faster (--speed 4, both sides) to play a game in seconds.
"""

import os
import re
import select
import socket
import subprocess
import sys
import threading
import time

import pytest
from simtest import open_mode

from host_tools.paths import ROOT
from host_tools.sim.handheld import rom_image

SPEED = "4"
PRESSES = 2000  # A on both: the coin, Start, then every shot (the game needs about 400)
KEYS = "WAIT300," + open_mode("link_battle") + "WAIT1500," + ",".join(["A"] * PRESSES)
TIMEOUT = 300  # seconds: a process past this is killed and the test fails
SHOTS = ("hit", "miss", "sunk")


@pytest.fixture(scope="module", autouse=True)
def install():
    rom_image()  # built once here, not by the two simulators at once


class Sim:
    """One `python -m host_tools.sim.handheld` process; its output in files under tmp."""

    def __init__(self, tmp, name, seed, *args):
        self.out = str(tmp / (name + ".out"))
        self.err = str(tmp / (name + ".err"))
        env = dict(os.environ, BROADSIDE_SEED=str(seed))
        with open(self.out, "w") as out, open(self.err, "w") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "host_tools.sim.handheld", "--headless", *args],
                cwd=ROOT, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
            )  # fmt: skip

    def stderr(self):
        with open(self.err) as f:
            return f.read()

    def stdout(self):
        with open(self.out) as f:
            return f.read()

    def port(self):
        """The TCP port a --listen 127.0.0.1:0 simulator waits on (it says so on stderr)."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            m = re.search(r"waits on 127\.0\.0\.1:(\d+)", self.stderr())
            if m:
                return int(m.group(1))
            assert self.proc.poll() is None, self.stderr()
            time.sleep(0.05)
        raise AssertionError("no port on stderr: " + self.stderr())

    def wait(self):
        try:
            return self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("still running after %d s:\n%s" % (TIMEOUT, self.stderr()))

    def cues(self):
        m = re.search(r"^cues: (.*)$", self.stdout(), re.M)
        assert m, self.stdout() + self.stderr()
        return m.group(1).split()


def _game(tmp, name, seed, *link):
    return Sim(tmp, name, seed, "--compiled", "--speed", SPEED, "--keys", KEYS, "--until", "win,lose",
               "--cues", *link)  # fmt: skip


def _played_to_the_end(a, b):
    """Both ended (one won, one lost) and heard the same shots, answered alike, in the same order."""
    codes = (a.wait(), b.wait())
    assert codes == (0, 0), (codes, a.stderr(), b.stderr())
    ca, cb = a.cues(), b.cues()
    assert sorted((ca[-1], cb[-1])) == ["lose", "win"], (ca[-5:], cb[-5:])
    shots = [c for c in ca if c in SHOTS]
    assert shots == [c for c in cb if c in SHOTS]
    assert shots.count("sunk") >= 5  # the loser's whole fleet, at least
    return shots


def _match(tmp, seeds, relay=None):
    """Simulator a waits on 127.0.0.1, b joins it (on relay(a's port), given a relay); both play the
    game to its end. Returns (a, b)."""
    a = _game(tmp, "a", seeds[0], "--listen", "127.0.0.1:0")
    b = None
    try:
        port = relay(a.port()) if relay else a.port()
        b = _game(tmp, "b", seeds[1], "--link", "socket://127.0.0.1:%d" % port)
        _played_to_the_end(a, b)
    finally:
        for sim in (a, b):
            if sim is not None:
                sim.proc.kill()
    return a, b


def test_two_simulators_play_a_whole_link_battle_over_tcp(tmp_path):
    a, b = _match(tmp_path, (11, 22))
    assert "linked: the other side joined on 127.0.0.1:" in a.stderr()
    assert "linked to socket://127.0.0.1:" in b.stderr()


class Proxy:
    """A TCP relay between the two simulators that drops both connections once `cut` bytes have
    crossed, and turns every connection away (accepts and closes it) for `out_s` seconds."""

    def __init__(self, target, cut, out_s):
        self.target = target
        self.cut = cut
        self.out_s = out_s
        self.crossed = 0  # bytes relayed, both ways, all connections
        self.at_cut = None
        self.sessions = 0
        self.turned_away = 0
        self.lock = threading.Lock()
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.closed = False
        self.back_at = None
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.closed:
            try:
                conn, _ = self.server.accept()
            except (TimeoutError, OSError):
                continue
            if self.back_at is not None and time.monotonic() < self.back_at:
                self.turned_away += 1
                conn.close()
                continue
            try:
                up = socket.create_connection(("127.0.0.1", self.target))
            except OSError:  # the simulator behind it is gone (the test is ending): as a refusal
                conn.close()
                continue
            self.sessions += 1
            pair = (conn, up)
            for src, dst in ((conn, up), (up, conn)):
                threading.Thread(target=self._relay, args=(src, dst, pair), daemon=True).start()

    def _relay(self, src, dst, pair):
        while True:
            try:
                data = src.recv(4096)
                if not data:
                    break
                dst.sendall(data)
            except OSError:
                break
            with self.lock:
                self.crossed += len(data)
                cut = self.at_cut is None and self.crossed >= self.cut
                if cut:
                    self.at_cut = self.crossed
                    self.back_at = time.monotonic() + self.out_s
            if cut:
                break
        for s in pair:  # either end gone, or the cut: both connections go
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def close(self):
        self.closed = True
        self.server.close()


def test_a_tcp_connection_dropped_mid_game_is_a_pulled_cable(tmp_path):
    proxies = []

    def relay(port):
        # 2 s out is 8 s of the handhelds' time: far past the 1.6 s a link takes to call the cable pulled
        proxies.append(Proxy(port, cut=12000, out_s=2.0))
        return proxies[0].port

    try:
        a, b = _match(tmp_path, (33, 44), relay)
    finally:
        for p in proxies:
            p.close()
    proxy = proxies[0]
    assert proxy.at_cut is not None and proxy.sessions >= 2, (proxy.sessions, proxy.crossed)
    assert proxy.crossed - proxy.at_cut > 6000  # the rest of the game went over the new connection
    assert proxy.turned_away >= 1  # the dialling side kept trying while the cable was out
    assert "connection lost; opening socket://127.0.0.1:%d again every second" % proxy.port in b.stderr()
    assert "linked to socket://127.0.0.1:%d again" % proxy.port in b.stderr()
    assert "connection lost; waiting on 127.0.0.1:" in a.stderr()
    assert "linked: the other side joined on 127.0.0.1:%d again" % a.port() in a.stderr()


@pytest.mark.parametrize(
    "url, why",
    [
        ("socket://127.0.0.1:{free}", "Connection refused"),
        ("socket://127.0.0.1", "give socket://HOST:PORT"),
        ("nosuch://127.0.0.1:9", "protocol 'nosuch' not known"),
        ("/dev/no-such-serial-port", "No such file or directory"),
    ],
)
def test_an_endpoint_that_cannot_be_opened_is_one_line_naming_it(url, why):
    with socket.create_server(("127.0.0.1", 0)) as s:
        free = s.getsockname()[1]
    url = url.format(free=free)  # closed again: nothing listens there
    p = subprocess.run(
        [sys.executable, "-m", "host_tools.sim.handheld", "--headless", "--link", url],
        cwd=ROOT, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr, p.stderr
    assert p.stderr.startswith("sim: cannot open the link cable %s: " % url) and why in p.stderr, p.stderr


def test_a_port_that_cannot_be_listened_on_is_one_line():
    with socket.create_server(("127.0.0.1", 0)) as s:
        where = "127.0.0.1:%d" % s.getsockname()[1]  # taken while this runs
        p = subprocess.run(
            [sys.executable, "-m", "host_tools.sim.handheld", "--headless", "--listen", where],
            cwd=ROOT, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
        )  # fmt: skip
    assert p.returncode == 2
    assert p.stderr == "sim: cannot listen on %s: Address already in use\n" % where


def test_a_serial_port_carries_the_cable(tmp_path):
    """--link /dev/...: a USB-UART adapter's port, here a pseudo-terminal. The handheld opened on Link
    battle calls for the other one: link HELLO frames come out of the port."""
    from link.frame import T_HELLO, decode_all

    master, slave = os.openpty()
    try:
        sim = Sim(tmp_path, "s", 5, "--compiled", "--link", os.ttyname(slave),
                  "--keys", "WAIT300," + open_mode("link_battle") + "WAIT3000")  # fmt: skip
        heard = bytearray()
        deadline = time.monotonic() + TIMEOUT
        while sim.proc.poll() is None and time.monotonic() < deadline:
            if select.select([master], [], [], 0.1)[0]:
                heard += os.read(master, 4096)
        assert sim.wait() == 0, sim.stderr()
    finally:
        os.close(master)
        os.close(slave)
    assert "sim: linked to /dev/" in sim.stderr()
    hellos = [f for f in decode_all(bytes(heard)) if f[0] == T_HELLO]
    assert len(hellos) >= 2, bytes(heard[:64])  # sent again until answered


def test_make_play_takes_the_cable_options(capsys):
    """`make play LINK=... LISTEN=... BAUD=...` hands them to host_tools.sim.play, which always runs the
    simulator with them (a board plugged in by USB is the handheld's console, not its link)."""
    from host_tools.sim import play

    made = subprocess.run(
        ["make", "-n", "play", "LINK=socket://127.0.0.1:9", "LISTEN=127.0.0.1:0", "BAUD=9600"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    line = " ".join(made.stdout.replace("\\\n", " ").split())
    assert "-m host_tools.sim.play --link socket://127.0.0.1:9 --listen 127.0.0.1:0 --baud 9600" in line, line
    with socket.create_server(("127.0.0.1", 0)) as s:
        url = "socket://127.0.0.1:%d" % s.getsockname()[1]
    assert play.main(["--link", url]) == 2  # pytest's stdin is no terminal: headless, and nothing there
    err = capsys.readouterr().err
    assert err.startswith("sim: cannot open the link cable %s: " % url) and err.count("\n") == 1, err
