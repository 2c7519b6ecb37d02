"""A save written with no flash erase: records appended into segments erased ahead of time.

Littlefs erases a fresh 4 KB block for every write of a file over its inline limit (it never
writes a block twice), and sometimes a second one to compact a folder's metadata: 45 ms each
on the Pico's W25Q16JV, the CPU stopped. A cable game saves what a frame took before its
answer leaves (docs/link-protocol.md 5.2), so that erase sat between a SHOT's arrival and its
ANSWER. Here the erase happens earlier, when the game says nothing can arrive that it must
answer at once (link.match.Match.quiet: while the player aims):

- A segment is a littlefs file NAME.lK (K = 0..7) of one block, written once when it is made:
  a 12-byte marker (b"BSLS", a random nonce) on page 0, every other byte 0xFF. Littlefs erases
  its block then, and never again while the file lives: nothing opens it to write.
- A record goes into a segment's erased pages (1-15, 256 bytes each) by page programs alone,
  beneath littlefs: the fs's seg() finds a segment's handle (the Pico's board: its block, by
  the marker) and its page() reads or programs one page of it (a host: of the file).
  Page 0 is never written. A record: b"BSLR", seq (u32 LE), CRC-32 of the seq and the blob
  (u32 LE), then the blob (core.storage's 12-byte head, pre, payload).
- load: the valid record with the highest seq; one cut by a power cut fails its CRC and is
  skipped; appends go after the last page that is not erased.
- ahead(saves): keeps room for that many records like the last, erased, in the current
  segment and fresh ones, making at most one fresh segment a call (one erase) in the place of
  one that holds older records only.
"""

import binascii
import os

from core.compat import const

_PAGE = const(256)
_PAGES = const(15)  # record pages in a segment (pages 1-15 of its block)
_SEGS = const(8)  # segments of a save at most
_REC = const(12)  # b"BSLR", seq, CRC
MAX = _PAGES * _PAGE - _REC  # the longest blob a record holds
_FF = b"\xff" * _PAGE


def _u32(b, i):
    return int.from_bytes(b[i : i + 4], "little")


def seg(fs, path, first=None):
    """A host's segment (core.storage.OsFs; its page() is page() below), made afresh from
    `first`: True when it is there."""
    if first is not None:
        fs.remove(path)
        fs.write(path, first, [_FF] * _PAGES)
    return fs.exists(path) or None


def page(path, h, p, buf, prog=False):
    """Page p of the host segment at path read into buf, or buf programmed there (prog)."""
    with open(path, "r+b" if prog else "rb") as f:
        f.seek(p * _PAGE)
        if prog:
            f.write(buf)
            return
        n = f.readinto(buf) or 0
    buf[n:] = _FF[: len(buf) - n]


def ahead(st, name, saves):
    """core.storage.Storage.ahead: the name's log made on the first call; then, once it holds
    a save, the plain copies from before it removed (a frame's work), else room for `saves`
    more (Log.ahead). True when it wrote (an erase, at most)."""
    lg = st.log(name)
    if lg is None:
        lg = st.logs[name] = Log(st.fs, st._path(name + ".l"))
    if lg.seq and lg.left:
        lg.left = False
        st.logs[name] = None  # (delete() leaves the log alone: it has none for a moment)
        st.delete(name)
        st.logs[name] = lg
        return True
    try:
        return lg.ahead(saves)
    except OSError:
        return False  # a full flash: the save itself says so


class Log:
    """One save name's records in its segments."""

    def __init__(self, fs, path, names=()):
        self.fs = fs
        self.path = path  # the segments' path less their number (NAME.l)
        self.segs = [None] * _SEGS  # handles
        self.used = bytearray(_SEGS)  # pages used (or spoilt) in each segment
        self.cur = -1  # the segment the newest record is in, its first page, its seq (0: none)
        self.at = -1
        self.seq = 0
        self.last = 4  # pages of the last record: ahead()'s unit
        self.buf = bytearray(_PAGE)
        self.left = True  # plain copies of the save may be left (ahead())
        self.scan(names)

    def name(self, k):
        return self.path + str(k)

    def page(self, k, p, buf, prog=False):
        fs = self.fs
        (fs.page if hasattr(fs, "page") else page)(self.name(k), self.segs[k], p, buf, prog)

    def _seg(self, k, first=None):
        fs = self.fs
        return fs.seg(self.name(k), first) if hasattr(fs, "seg") else seg(fs, self.name(k), first)

    def scan(self, names):
        """Open the segments among `names` (the folder's listing); find the newest record."""
        if not names:
            return
        pg = self.buf
        for k in range(_SEGS):
            self.segs[k] = self._seg(k) if self.name(k).rsplit("/", 1)[-1] in names else None
            p = 1
            while self.segs[k] is not None and p <= _PAGES:
                n = self._check(k, p)
                if n:
                    if _u32(pg, 4) > self.seq:
                        self.seq, self.cur, self.at = _u32(pg, 4), k, p
                    self.last = n
                    p += n
                else:
                    p += 1
                if pg != _FF:
                    self.used[k] = p - 1

    def _check(self, h, p):  # h: the segment's number
        """Pages of the valid record at page p, else 0 (self.buf: its first page)."""
        pg = self.buf
        self.page(h, p, pg)
        if pg[0:4] != b"BSLR":
            return 0
        n = _REC + 12 + _u32(pg, _REC + 4)
        pages = (n + _PAGE - 1) // _PAGE
        if p + pages - 1 > _PAGES:
            return 0
        want = _u32(pg, 8)
        mv = memoryview(pg)
        crc = binascii.crc32(mv[4:8])
        for q in range(pages):
            if q:
                self.page(h, p + q, pg)
            crc = binascii.crc32(mv[_REC if q == 0 else 0 : min(n - q * _PAGE, _PAGE)], crc)
        self.page(h, p, pg)
        return pages if crc & 0xFFFFFFFF == want else 0

    def load(self):
        """The newest record's blob (head, pre, payload), or None."""
        if not self.seq:
            return None
        pg = self.buf
        h = self.cur
        self.page(h, self.at, pg)
        n = 12 + _u32(pg, _REC + 4)
        out = bytearray(n)
        k = q = 0
        while k < n:
            if q:
                self.page(h, self.at + q, pg)
            i = _REC if q == 0 else 0
            m = min(n - k, _PAGE - i)
            out[k : k + m] = memoryview(pg)[i : i + m]
            k += m
            q += 1
        return out

    def ahead(self, saves):
        """One fresh segment made when the erased room is short of `saves` records like the
        last (True: made, the call's one erase)."""
        room = _PAGES - self.used[self.cur] if self.cur >= 0 else 0
        for k in range(_SEGS):
            if k != self.cur and self.segs[k] is not None and not self.used[k]:
                room += _PAGES
        if room >= saves * self.last:
            return False
        self._make()
        return True

    def _make(self):
        """A fresh segment where there is none, or in the place of one with older records."""
        k = -1
        for j in range(_SEGS):
            if j != self.cur and (self.segs[j] is None or (self.used[j] and k < 0)):
                k = j
                if self.segs[j] is None:
                    break
        if k >= 0:
            first = bytearray(_FF)
            first[0:4] = b"BSLS"
            first[4:12] = os.urandom(8)
            self.segs[k] = None
            self.segs[k] = self._seg(k, first)
            self.used[k] = 0
        return k

    def add(self, first, payload):
        """core.storage.Storage.save: first (the head and pre) then the payload (a buffer or a
        list of them) as a record. One too long for a segment empties the log (False: the save
        goes to plain copies; the log takes the next that fits, and is the newer then)."""
        ps = [first] + (payload if isinstance(payload, list) else [payload])
        n = sum([len(p) for p in ps])
        if n > MAX:
            self.drop()
            return False
        self.append(ps, n)
        return True

    def drop(self):
        """Every segment removed (the save deleted, or too long for them): no record left."""
        for k in range(_SEGS):
            if self.segs[k] is not None:
                self.fs.remove(self.name(k))
                self.segs[k] = None
            self.used[k] = 0
        self.cur = self.at = -1
        self.seq = 0

    def append(self, parts, n):
        """A record of the blob in `parts` (n bytes <= MAX): in the current segment, else in a
        fresh one, else in one made now (an erase: none was made ahead)."""
        pages = (_REC + n + _PAGE - 1) // _PAGE
        k = self.cur
        if k < 0 or self.used[k] + pages > _PAGES:
            k = -1
            for j in range(_SEGS):  # a fresh one, made ahead
                if j != self.cur and self.segs[j] is not None and not self.used[j]:
                    k = j
            if k < 0:
                k = self._make()
        h = k
        p = self.used[k] + 1
        self.used[k] = p + pages - 1  # spoilt from here, whatever happens below
        seq = (self.seq + 1).to_bytes(4, "little")
        crc = binascii.crc32(seq)
        for part in parts:
            crc = binascii.crc32(part, crc)
        pg = self.buf
        pg[0:4] = b"BSLR"
        pg[4:8] = seq
        pg[8:12] = (crc & 0xFFFFFFFF).to_bytes(4, "little")
        i = _REC
        q = p
        for part in parts:
            mv = memoryview(part)
            j = 0
            while j < len(mv):
                m = min(_PAGE - i, len(mv) - j)
                pg[i : i + m] = mv[j : j + m]
                i += m
                j += m
                if i == _PAGE:
                    self.page(h, q, pg, True)
                    q += 1
                    i = 0
        if i:
            pg[i:] = _FF[i:]
            self.page(h, q, pg, True)
        self.seq, self.cur, self.at, self.last = self.seq + 1, k, p, pages
