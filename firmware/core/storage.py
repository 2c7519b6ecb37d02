"""Saves in flash that survive a power cut mid-write.

Each save is one file: b"BSV1", payload length (4 bytes LE), CRC-32 of the
payload (4 bytes LE), payload. save() writes NAME.tmp, flushes it, moves the
current NAME to NAME.bak, then renames NAME.tmp to NAME. Whatever instant
the power goes, load() finds an intact copy: NAME, else NAME.tmp (complete
and checked), else NAME.bak. A full flash raises StorageFull and the old
save stays.

A save whose game asks for flash erased ahead (ahead(); a Link battle, while the player
aims) goes into core.savelog's segments instead: no erase when it is written.
"""

import binascii
import os

from core.compat import load

_MAGIC = b"BSV1"
_HEAD = 12


class StorageError(Exception):
    pass


class StorageFull(StorageError):
    pass


def _u32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def _p32(n):
    return bytes((n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >> 24) & 255))


def parts(payload):
    """A payload's buffers: a list of them (written one after the other, never copied into
    one block), or one buffer."""
    return payload if isinstance(payload, list) else (payload,)


def head(payload, pre=b""):
    """The 12 bytes written before the payload (pre + payload when a prefix is given:
    a game slot's few header bytes, written before the game's own bytes without
    copying them into one block; the payload may be a list of buffers, see parts())."""
    crc = binascii.crc32(pre)
    n = len(pre)
    for part in parts(payload):
        crc = binascii.crc32(part, crc)
        n += len(part)
    return _MAGIC + _p32(n) + _p32(crc & 0xFFFFFFFF)


def pack(payload):
    return head(payload) + payload


def unpack(blob):
    """The payload, or None when the blob is truncated or corrupt."""
    if blob is None or len(blob) < _HEAD or blob[:4] != _MAGIC:
        return None
    n = _u32(blob, 4)
    if len(blob) != _HEAD + n:
        return None
    payload = blob[_HEAD:]
    if binascii.crc32(payload) & 0xFFFFFFFF != _u32(blob, 8):
        return None
    return bytes(payload)


class OsFs:
    """The few filesystem calls storage needs (tests swap in a faulty one)."""

    def read(self, path):
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, path, data, more=b""):
        """data then more: a save's header and payload go out as they are, never copied into
        one block (a 3 KB save would need 3 KB of heap in one piece, mid-game); more may be
        a list of buffers (parts())."""
        with open(path, "wb") as f:
            f.write(data)
            for part in parts(more):
                if part:
                    f.write(part)
            f.flush()
        try:
            os.sync()
        except (AttributeError, OSError):
            pass

    def rename(self, a, b):
        os.rename(a, b)

    def listdir(self, folder):
        """The files in folder (one listing: a stat costs milliseconds on the device's flash)."""
        try:
            return os.listdir(folder)
        except OSError:
            return []

    def remove(self, path):
        try:
            os.remove(path)
        except OSError:
            pass

    def exists(self, path):
        try:
            os.stat(path)
            return True
        except OSError:
            return False

    def mkdir(self, path):
        try:
            os.mkdir(path)
        except OSError:
            pass


class Storage:
    """Named saves under one folder. A name whose saves go into flash erased ahead has a log
    (core.savelog.Log: its segments NAME.l0 ...; only where the filesystem is an OsFs)."""

    def __init__(self, root, fs=None):
        self.root = root
        self.fs = fs or OsFs()
        self.fs.mkdir(root)
        self.logs = {}  # name -> its Log, True where its segments are and no Log is made yet
        if isinstance(self.fs, OsFs):
            for n in self.fs.listdir(root):
                if n[-3:-1] == ".l":
                    self.logs[n[:-3]] = True

    def log(self, name):
        """The name's log (core.savelog.Log, a game's module: App.end_mode drops it with the
        game's, and marks the names True again), None when it has none."""
        lg = self.logs.get(name)
        if lg is True:
            names = self.fs.listdir(self.root)
            lg = self.logs[name] = load("core.savelog").Log(self.fs, self._path(name + ".l"), names)
        return lg

    def ahead(self, name, saves):
        """Flash erased now for `saves` more saves of `name` (core.savelog.ahead)."""
        return isinstance(self.fs, OsFs) and load("core.savelog").ahead(self, name, saves)

    def _path(self, name):
        return self.root + "/" + name

    def save(self, name, payload, pre=b""):
        """Keep pre + payload as `name` (pre: a few bytes that go first, see head(); payload:
        a buffer or a list of buffers)."""
        path = self._path(name)
        fs = self.fs
        lg = self.log(name)
        first = head(payload, pre) + pre
        try:
            if lg is not None and lg.add(first, payload):  # (too long for it: plain copies)
                return
            fs.write(path + ".tmp", first, payload)
        except OSError as e:
            fs.remove(path + ".tmp")
            if e.args and e.args[0] == 28:  # ENOSPC
                raise StorageFull("flash full: kept the previous save")
            raise StorageError("could not write save: %s" % e)
        if fs.exists(path):
            fs.remove(path + ".bak")
            fs.rename(path, path + ".bak")
        fs.rename(path + ".tmp", path)

    def load(self, name):
        """(payload, where) with where 'main', 'tmp' or 'backup'; (None, None)
        when nothing was saved; (None, 'damaged') when copies exist but none
        is intact: they are set aside as NAME.bad (kept for inspection, never
        read again), so the game starts clean and says so once."""
        path = self._path(name)
        lg = self.log(name)
        if lg is not None:
            data = unpack(lg.load())
            if data is not None:
                return data, "log"
        seen = False
        for suffix, where in (("", "main"), (".tmp", "tmp"), (".bak", "backup")):
            blob = self.fs.read(path + suffix)
            data = unpack(blob)
            if data is not None:
                return data, where
            seen = seen or blob is not None
        if not seen:
            return None, None
        for suffix in ("", ".tmp", ".bak"):
            if self.fs.exists(path + suffix):
                self.fs.remove(path + ".bad")
                self.fs.rename(path + suffix, path + ".bad")
                break
        for suffix in ("", ".tmp", ".bak"):
            self.fs.remove(path + suffix)
        return None, "damaged"

    def has(self, name):
        """Whether any copy of `name` is in flash (no read: the menu asks for every slot)."""
        path = self._path(name)
        lg = self.log(name)
        if lg is not None and lg.seq:
            return True
        for suffix in ("", ".tmp", ".bak"):
            if self.fs.exists(path + suffix):
                return True
        return False

    def delete(self, name):
        lg = self.log(name)
        if lg is not None:
            lg.drop()
        path = self._path(name)
        for suffix in ("", ".tmp", ".bak"):
            self.fs.remove(path + suffix)
