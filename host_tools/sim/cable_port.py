"""The simulated handheld's link cable out of the simulator: to a real
handheld through a USB-UART adapter, or to a simulator on another computer.

`python -m host_tools.sim.handheld --link URL` opens anything pyserial's
`serial_for_url` can (`/dev/ttyUSB0`, `COM4`, `socket://HOST:PORT`, ...);
`--listen [HOST:]PORT` waits for the other side on TCP (pyserial has no
server side, so the accepted socket gets the two calls the cable uses).

A lost connection is a pulled cable: the bytes on their way are lost, the
firmware hears nothing, and the cable comes back by itself: a dialled URL is
opened again every second, a listener accepts the next connection (a new one
replaces the one it has: the other side may have lost it without our
noticing). Only the first opening of a URL may fail the simulator, with one
line naming it (`LinkError`).

Every call but the (re)connecting is made from the front end's frame loop:
`send` when the firmware writes, `pump` once a frame to take what arrived.
Neither blocks: the port is read and written without a timeout.
"""

import os
import socket
import sys
import threading
import time
from urllib.parse import urlsplit

import serial

BAUD = 115200
RETRY_S = 1.0  # how often a lost URL is opened again
READ_MAX = 65536  # the most taken from the port in one frame
WRITE_S = 0.5


class LinkError(Exception):
    """One line for the user: which endpoint failed and why."""


def _why(e):
    """pyserial's message without its own "could not open port X:" prefix."""
    text = str(e) or e.__class__.__name__
    low = text.lower()
    i = low.find("could not open port ")
    if i >= 0:
        j = text.find(": ", i)
        if j >= 0:
            text = text[j + 2 :]
    return text


def _check(url):
    """pyserial's word on a socket:// URL without a port is a TypeError's."""
    if url.lower().startswith("socket://"):
        try:
            port = urlsplit(url).port
        except ValueError:
            port = None
        if port is None:
            raise LinkError("cannot open the link cable %s: give socket://HOST:PORT" % url)


def open_url(url, baud=BAUD):
    """The port behind a pyserial URL or device name, non-blocking."""
    _check(url)
    try:
        # reads never wait; a write waits at most WRITE_S (the firmware paces
        # itself to the line, so only a peer that stopped reading makes it wait)
        port = serial.serial_for_url(url, baudrate=baud, timeout=0, write_timeout=WRITE_S)
    except (ValueError, OSError) as e:  # serial.SerialException is an OSError
        raise LinkError("cannot open the link cable %s: %s" % (url, _why(e)))
    sock = getattr(port, "_socket", None)  # socket:// leaves Nagle on: frames would wait for acks
    if sock is not None:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return port


class Dial:
    """The other side is a URL: opened at once (failing with a LinkError),
    again after every loss."""

    def __init__(self, url, baud=BAUD):
        self.url = url
        self.baud = baud
        self.first = open_url(url, baud)

    def name(self):
        return self.url

    def connect(self):
        return open_url(self.url, self.baud)

    def close(self):
        if self.first is not None:  # opened, never used
            self.first.close()
            self.first = None


class Accepted:
    """An accepted TCP connection, with the calls of a pyserial port the
    cable uses: read (what is there, b"" if nothing), write, close."""

    def __init__(self, sock):
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock

    def read(self, n):
        try:
            data = self.sock.recv(n)
        except BlockingIOError:
            return b""
        if not data:
            raise ConnectionError("the other side closed the connection")
        return data

    def write(self, data):
        try:
            return self.sock.send(data)
        except BlockingIOError:
            return 0  # its buffers are full: these bytes are lost, as on a noisy line

    def close(self):
        self.sock.close()


def parse_listen(text):
    """'PORT' (every interface) or 'HOST:PORT' -> (host, port)."""
    host, _, port = text.rpartition(":")
    try:
        n = int(port)
    except ValueError:
        n = -1
    if not 0 <= n <= 65535:
        raise LinkError("cannot listen on %s: give a TCP port number, or HOST:PORT" % text)
    return host, n


class Listen:
    """The other side connects to us on TCP."""

    def __init__(self, where):
        host, port = parse_listen(where)
        try:
            self.sock = socket.create_server((host, port))
        except OSError as e:
            raise LinkError("cannot listen on %s: %s" % (where, os.strerror(e.errno) if e.errno else e))
        self.sock.settimeout(0.5)  # accept() wakes up to see whether the cable was closed
        self.host = host
        self.port = self.sock.getsockname()[1]
        self.first = None

    def name(self):
        return "%s:%d" % (self.host, self.port) if self.host else "port %d" % self.port

    def connect(self):
        try:
            conn, _addr = self.sock.accept()
        except TimeoutError:
            return None
        return Accepted(conn)

    def close(self):
        self.sock.close()


class PortCable:
    """One handheld's UART joined to a port (Dial or Listen finds it)."""

    def __init__(self, handheld, endpoint, log=None):
        self.endpoint = endpoint
        self.log = log or (lambda text: print("sim: " + text, file=sys.stderr, flush=True))
        self.port, endpoint.first = endpoint.first, None
        self.listening = isinstance(endpoint, Listen)
        self.status = self._linked() if self.port else "waiting on " + endpoint.name()
        self.connections = 1 if self.port else 0
        self._fresh = None  # a connection made by the thread, taken up by pump()
        self._lock = threading.Lock()
        self._lost = threading.Event()  # a Dial is wanted again
        self._closed = False
        self._error = None  # the last write's failure, handled by pump()
        handheld.cable = self.send
        self.handheld = handheld
        if self.port:
            self.log(self.status)
        self._thread = threading.Thread(target=self._connect_loop, daemon=True)
        self._thread.start()

    def _linked(self):
        head = "linked: the other side joined on " if self.listening else "linked to "
        return head + self.endpoint.name()

    def _connect_loop(self):
        next_try = 0
        while not self._closed:
            if not self.listening:
                self._lost.wait()
                # at most once a RETRY_S, even when each connection is lost at once
                time.sleep(max(0, next_try - time.monotonic()))
                next_try = time.monotonic() + RETRY_S
                if self._closed:
                    return
            try:
                port = self.endpoint.connect()
            except (LinkError, OSError):
                if self._closed:
                    return
                if self.listening:
                    time.sleep(RETRY_S)  # accept() failing (out of file handles): not in a spin
                continue
            if port is None:
                continue
            with self._lock:
                if self._closed:
                    port.close()
                    return
                if self._fresh is not None:
                    self._fresh.close()
                self._fresh = port
                self._lost.clear()

    def send(self, data):
        """The firmware wrote to its UART: on the wire now, or lost with the cable."""
        if self.port is None or self._error:
            return
        try:
            self.port.write(data)
        except OSError as e:
            self._error = e

    def pump(self):
        """Once a frame: take up a new connection, notice a lost one, and hand
        what arrived to the handheld's UART."""
        with self._lock:
            fresh, self._fresh = self._fresh, None
        if fresh is not None:
            if self.port is not None:
                self.port.close()
            self.port = fresh
            self._error = None
            self.connections += 1
            self.status = self._linked()
            self.log(self.status + (" again" if self.connections > 1 else ""))
        if self.port is None:
            return
        if self._error is None:
            try:
                while True:
                    data = self.port.read(READ_MAX)
                    if not data:
                        break
                    self.handheld.uart_in.extend(data)
                    if len(data) < READ_MAX:
                        break
            except OSError as e:
                self._error = e
        if self._error is not None:
            self._drop(self._error)

    def _drop(self, why):
        port, self.port = self.port, None
        self._error = None
        try:
            port.close()
        except OSError:
            pass
        if self.listening:
            self.status = "connection lost; waiting on " + self.endpoint.name()
        else:
            self.status = "connection lost; opening %s again every second" % self.endpoint.name()
            self._lost.set()
        self.log("%s (%s)" % (self.status, _why(why)))

    def close(self):
        self._closed = True
        self._lost.set()
        with self._lock:
            for port in (self.port, self._fresh):
                if port is not None:
                    try:
                        port.close()
                    except OSError:
                        pass
            self.port = self._fresh = None
