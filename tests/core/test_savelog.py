# interpreters: micropython cpython
"""Saves into flash erased ahead (core.savelog, issue 43): once a game has asked for flash
ahead, its saves cost no erase and no file operation, only page programs into erased pages;
what is loaded is the newest save; a power cut at every write point (a page program, a
segment made, a copy removed) loads the last save whole, or the one before it; a save too
long for a segment goes to plain copies; delete() and has() see the log."""

import os

from core import savelog
from core.storage import OsFs, Storage

_DIR = "/tmp/broadside-test-savelog-%d" % os.getpid() if hasattr(os, "getpid") else "/tmp/bs-test-savelog"


class Crash(Exception):
    pass


class CountingFs(OsFs):
    """Counts what may erase on littlefs (a file written, renamed, removed, a segment made) and
    the page programs; dies at the n-th write of any kind when n is set (a power cut)."""

    def __init__(self, n=-1):
        self.n = n
        self.erasing = 0
        self.programs = 0

    def _tick(self):
        if self.n >= 0:
            self.n -= 1
            if self.n < 0:
                raise Crash()

    def write(self, path, data, more=b""):
        self._tick()
        self.erasing += 1
        OsFs.write(self, path, data, more)

    def rename(self, a, b):
        self._tick()
        self.erasing += 1
        OsFs.rename(self, a, b)

    def remove(self, path):
        if self.exists(path):
            self._tick()
            self.erasing += 1
        OsFs.remove(self, path)

    def seg(self, path, first=None):
        if first is not None:
            self._tick()
            self.erasing += 1
        return savelog.seg(self, path, first)

    def page(self, path, h, p, buf, prog=False):
        if prog:
            self._tick()
            self.programs += 1
            if self.n == 0:  # cut mid-program: half the page
                half = bytearray(buf)
                half[128:] = b"\xff" * 128
                savelog.page(path, h, p, half, True)
                self.n = -1
                raise Crash()
        savelog.page(path, h, p, buf, prog)


def _fresh(fs=None):
    st = Storage(_DIR, fs)
    st.delete("g")
    for n in os.listdir(_DIR):
        os.remove(_DIR + "/" + n)
    return Storage(_DIR, fs)


def _payload(i, n=700):
    return bytes([(i * 7 + k) & 255 for k in range(n)])


def test_after_ahead_saves_are_page_programs_only_and_load_the_newest():
    fs = CountingFs()
    st = _fresh(fs)
    st.save("g", _payload(0), b"hd")  # before any ahead(): plain copies
    assert st.ahead("g", 8)  # a segment made (one erase)
    before = fs.erasing
    for i in range(1, 4):
        st.save("g", _payload(i), b"hd")
        assert Storage(_DIR).load("g") == (b"hd" + _payload(i), "log")
    assert fs.erasing == before and fs.programs == 3 * 3  # 712 bytes + 12: 3 pages each
    assert st.has("g")


def test_ahead_keeps_room_so_a_turn_of_saves_never_erases():
    fs = CountingFs()
    st = _fresh(fs)
    st.ahead("g", 8)
    erasing_in_saves = 0
    for turn in range(30):
        while st.ahead("g", 8):  # the player aims: one segment a frame
            pass
        for k in range(8):
            e = fs.erasing
            st.save("g", _payload(turn * 8 + k))
            erasing_in_saves += fs.erasing - e
    assert erasing_in_saves == 0
    assert Storage(_DIR).load("g")[0] == _payload(29 * 8 + 7)
    assert len([n for n in os.listdir(_DIR) if n.startswith("g.l")]) <= 8


def test_a_save_without_room_made_ahead_still_lands():
    st = _fresh(CountingFs())
    st.ahead("g", 1)
    for i in range(40):  # never asked again: segments are made as saves need them
        st.save("g", _payload(i, 1500))
    assert Storage(_DIR).load("g")[0] == _payload(39, 1500)


def test_a_power_cut_at_every_write_point_loads_the_last_save_or_the_one_before():
    n = 0
    while True:
        fs = CountingFs()
        st = _fresh(fs)
        st.save("g", _payload(0))
        fs.n = n
        last = 0
        try:
            for i in range(1, 12):
                st.ahead("g", 3)
                st.save("g", _payload(i, 900))
                last = i
        except Crash:
            pass
        got, where = Storage(_DIR).load("g")
        if last == 11:
            assert got == _payload(11, 900)
            break
        want = (_payload(last, 900) if last else _payload(0), _payload(last + 1, 900))
        assert got in want, (n, last, where)
        # and the handheld goes on saving after the cut
        st = Storage(_DIR)
        st.ahead("g", 3)
        st.save("g", b"after")
        st.save("g", b"after2")
        assert Storage(_DIR).load("g")[0] == b"after2", n
        n += 1
    assert n > 20  # every program, segment and removal was a cut point


def test_a_save_too_long_for_a_segment_goes_to_plain_copies():
    st = _fresh(CountingFs())
    st.ahead("g", 2)
    st.save("g", _payload(1))
    st.save("g", _payload(2, 5000))
    assert Storage(_DIR).load("g") == (_payload(2, 5000), "main")
    assert not [n for n in os.listdir(_DIR) if n.startswith("g.l")]


def test_delete_removes_the_log():
    st = _fresh(CountingFs())
    st.ahead("g", 2)
    st.save("g", _payload(1))
    st.ahead("g", 2)  # the plain copies from before the log go
    assert sorted(n for n in os.listdir(_DIR) if n.startswith("g")) == ["g.l0"]
    st.delete("g")
    assert not Storage(_DIR).has("g") and Storage(_DIR).load("g") == (None, None)
    assert not os.listdir(_DIR)


def test_damaged_records_are_skipped():
    st = _fresh()
    st.ahead("g", 2)
    st.save("g", _payload(1))
    st.save("g", _payload(2))
    with open(_DIR + "/g.l0", "r+b") as f:  # the newest record's last page spoilt
        f.seek(256 * 6)
        f.write(b"\x00" * 4)
    assert Storage(_DIR).load("g")[0] == _payload(1)
