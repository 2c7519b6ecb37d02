# interpreters: micropython cpython
"""Saves: what is written comes back; a crash at any write point leaves the
old or the new save intact; corruption is detected; a full flash keeps the
old save."""

import os

from support import raises

from core.storage import OsFs, Storage, StorageFull, pack, unpack

_DIR = "/tmp/broadside-test-storage-%d" % os.getpid() if hasattr(os, "getpid") else "/tmp/bs-test-storage"


def _fresh(fs=None):
    st = Storage(_DIR, fs)
    st.delete("game")
    return st


def test_round_trip():
    st = _fresh()
    st.save("game", b"state-1")
    assert st.load("game") == (b"state-1", "main")


def test_payload_in_parts_is_one_payload():
    """A payload may be a list of buffers (core.storage.parts): written one after the other,
    read back as one, with a prefix too."""
    st = _fresh()
    st.save("game", [b"sta", bytearray(b"te"), memoryview(b"-12")[:2]], b"H")
    assert st.load("game") == (b"Hstate-1", "main")


def test_second_save_keeps_backup_of_first():
    st = _fresh()
    st.save("game", b"one")
    st.save("game", b"two")
    assert st.load("game") == (b"two", "main")
    assert unpack(st.fs.read(_DIR + "/game.bak")) == b"one"


def test_corrupt_main_falls_back_to_backup():
    st = _fresh()
    st.save("game", b"one")
    st.save("game", b"two")
    blob = bytearray(st.fs.read(_DIR + "/game"))
    blob[-1] ^= 0xFF  # one flipped bit in the payload
    OsFs().write(_DIR + "/game", bytes(blob))
    assert st.load("game") == (b"one", "backup")


def test_truncated_save_detected():
    blob = pack(b"hello world")
    assert unpack(blob) == b"hello world"
    for cut in range(len(blob)):
        assert unpack(blob[:cut]) is None


def test_nothing_saved_loads_none():
    st = _fresh()
    assert st.load("game") == (None, None)


class CrashingFs(OsFs):
    """Dies (raises Crash) at the n-th mutating call, like a power cut."""

    def __init__(self, n):
        self.n = n

    def _tick(self):
        self.n -= 1
        if self.n < 0:
            raise Crash()

    def write(self, path, data, more=b""):
        self._tick()
        # a power cut mid-write leaves half the file
        if self.n == 0:
            whole = bytes(data) + bytes(more)
            with open(path, "wb") as f:
                f.write(whole[: len(whole) // 2])
            raise Crash()
        OsFs.write(self, path, data, more)

    def rename(self, a, b):
        self._tick()
        OsFs.rename(self, a, b)

    def remove(self, path):
        self._tick()
        OsFs.remove(self, path)


class Crash(Exception):
    pass


def test_power_cut_at_every_write_point_keeps_old_or_new():
    for n in range(8):
        st = _fresh()
        st.save("game", b"old-state")
        st.fs = CrashingFs(n)
        try:
            st.save("game", b"new-state")
        except Crash:
            pass
        got, _where = Storage(_DIR).load("game")
        assert got in (b"old-state", b"new-state"), (n, got)


class FullFs(OsFs):
    def write(self, path, data, more=b""):
        with open(path, "wb") as f:
            f.write(data[:3])
        raise OSError(28)


def test_full_flash_raises_and_keeps_old_save():
    st = _fresh()
    st.save("game", b"keep me")
    st.fs = FullFs()
    e = raises(StorageFull, st.save, "game", b"new")
    assert "full" in str(e)
    assert Storage(_DIR).load("game") == (b"keep me", "main")


def test_a_save_is_written_as_header_then_payload_never_one_copy():
    # a 3 KB save mid-game must not need 3 KB of heap in one piece for a packed copy
    writes = []

    class Spy(OsFs):
        def write(self, path, data, more=b""):
            writes.append((len(data), more))
            OsFs.write(self, path, data, more)

    st = _fresh()
    st.fs = Spy()
    payload = bytearray(3000)
    payload[0] = 7
    st.save("game", payload)
    assert writes == [(12, payload)] and writes[0][1] is payload
    assert Storage(_DIR).load("game") == (bytes(payload), "main")


def test_all_copies_damaged_reported_once_and_set_aside():
    st = _fresh()
    st.fs.remove(_DIR + "/game.bad")
    st.save("game", b"one")
    st.save("game", b"two")
    for suffix in ("", ".bak"):
        blob = bytearray(st.fs.read(_DIR + "/game" + suffix))
        blob[5] ^= 0x40  # the length field: both copies unreadable
        OsFs().write(_DIR + "/game" + suffix, bytes(blob))
    assert st.load("game") == (None, "damaged")
    assert st.fs.exists(_DIR + "/game.bad")  # kept for inspection
    assert st.load("game") == (None, None)  # said once; the next boot starts clean


def test_a_head_written_before_the_payload_is_part_of_the_checked_save():
    # a game slot's head goes out first, then the game's bytes as they are (no copy);
    # the CRC covers both, the backup copy stays as for any save
    st = _fresh()
    st.save("game", b"first", b"\x05head")
    st.save("game", b"second", b"\x05head")
    assert st.load("game") == (b"\x05headsecond", "main")
    assert st.has("game")
    blob = bytearray(st.fs.read(_DIR + "/game"))
    blob[14] ^= 1  # a byte of the head
    OsFs().write(_DIR + "/game", bytes(blob))
    assert st.load("game") == (b"\x05headfirst", "backup")
    st.delete("game")
    assert not st.has("game")
