"""A save written with no flash erase: records appended into segments erased ahead of time.

Littlefs erases a fresh 4 KB block for every write of a file over its inline limit (it never
writes a block twice), and sometimes a second one to compact a folder's metadata: 45 ms
each on the Pico's W25Q16JV, with the CPU stopped. A cable game saves what a frame took
before its answer leaves (docs/link-protocol.md 5.2), so that erase sat between a SHOT's
arrival and its ANSWER. Here the erase happens earlier, when the game says nothing can
arrive that must be answered at once (link.match.Match.quiet: while the player aims):

- A segment is a littlefs file NAME.lK (K = 0..5) of one block, written once when made: a
  16-byte marker (b"BSLS" and a random nonce) on page 0, every other byte 0xFF. Littlefs
  erases its block then, and never again while the file lives: nothing opens it to write.
- A record is appended into a segment's erased pages (1-15, 256 bytes each) by page
  programs alone, beneath littlefs (the fs's segment object: the block device on the Pico,
  found by its marker; a plain file on a host). Page 0 (littlefs keeps nothing in a file's
  first block there) is never written. A record: b"BSLR", seq (u32 LE), CRC-32 of the seq and
  the blob (u32 LE), then the blob: core.storage's 12-byte head, pre, payload.
- load: the valid record with the highest seq. A record cut by a power cut fails its CRC and
  is skipped; appends go after the last page that is not erased.
- ahead(n): keeps n pages erased ahead of the newest record (in the current segment and fresh
  ones), making at most one fresh segment a call (one erase, in place of a segment that holds
  older records only).
"""

import binascii
import os

from core.compat import const

_PAGE = const(256)
_PAGES = const(15)  # record pages in a segment (pages 1-15 of its block)
_SEGS = const(6)  # segment files per save at most (NAME.l0 ... NAME.l5)
_REC = const(12)  # b"BSLR", seq, CRC
SUFFIX = ".l"
MARK = b"BSLS"
_FF = b"\xff" * _PAGE


def _u32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def _p32(n):
    return bytes((n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >> 24) & 255))


def segment_bytes(nonce):
    """(marker page, the rest's 0xFF page): a segment file is the marker page then 15 more."""
    page = bytearray(_FF)
    page[0:4] = MARK
    page[4:12] = nonce
    return page


def new_nonce():
    return os.urandom(8)


class Log:
    """One save name's records in its segments (fs.open_seg / fs.make_seg: objects with
    read(page, buf) and program(page, buf), pages of 256 bytes)."""

    def __init__(self, fs, path):
        self.fs = fs
        self.path = path
        self.segs = [None] * _SEGS
        self.used = bytearray(_SEGS)  # pages used (or spoilt) in each segment
        self.cur = -1  # the segment the newest record is in
        self.at = -1  # ... its first page
        self.seq = 0  # ... its seq (0: none)
        self.last = 4  # pages of the last record: ahead()'s unit
        self.page = bytearray(_PAGE)
        self.made = 0  # segments made (each an erase): the tests and benches count them

    def scan(self, names):
        """Open the segments among `names` (the folder's listing) and find the newest record."""
        for k in range(_SEGS):
            if self.name(k).rsplit("/", 1)[-1] in names:
                seg = self.fs.open_seg(self.name(k))
                if seg is not None:
                    self.segs[k] = seg
                    self._walk(k)
        return self

    def name(self, k):
        return self.path + SUFFIX + str(k)

    def _walk(self, k):
        seg = self.segs[k]
        pg = self.page
        p = 1
        end = 0  # the last page that is not erased
        while p <= _PAGES:
            seg.read(p, pg)
            if pg != _FF:
                end = p
            n = self._check(seg, p)
            if n:
                seq = _u32(pg, 4)
                if seq > self.seq:
                    self.seq, self.cur, self.at = seq, k, p
                self.last = n
                end = p + n - 1
                p += n
            else:
                p += 1
        self.used[k] = end

    def _check(self, seg, p):
        """Pages of the valid record at page p, 0 when there is none (self.page: its head)."""
        pg = self.page
        seg.read(p, pg)
        if pg[0:4] != b"BSLR" or pg[_REC : _REC + 4] != b"BSV1":
            return 0
        n = _REC + 12 + _u32(pg, _REC + 4)
        pages = (n + _PAGE - 1) // _PAGE
        if p + pages - 1 > _PAGES:
            return 0
        want = _u32(pg, 8)
        crc = binascii.crc32(memoryview(pg)[4:8])
        crc = binascii.crc32(memoryview(pg)[_REC : min(n, _PAGE)], crc)
        for q in range(1, pages):
            seg.read(p + q, pg)
            crc = binascii.crc32(memoryview(pg)[: min(n - q * _PAGE, _PAGE)], crc)
        seg.read(p, pg)  # the head again, for the caller
        return pages if crc & 0xFFFFFFFF == want else 0

    def load(self):
        """The newest record's blob (head, pre, payload), or None."""
        if self.seq == 0:
            return None
        seg = self.segs[self.cur]
        pg = self.page
        seg.read(self.at, pg)
        n = 12 + _u32(pg, _REC + 4)
        out = bytearray(n)
        k = min(n, _PAGE - _REC)
        out[:k] = memoryview(pg)[_REC : _REC + k]
        q = 1
        while k < n:
            seg.read(self.at + q, pg)
            m = min(n - k, _PAGE)
            out[k : k + m] = memoryview(pg)[:m]
            k += m
            q += 1
        return out

    def room(self):
        """Erased pages ahead: left in the current segment and in the fresh ones."""
        n = _PAGES - self.used[self.cur] if self.cur >= 0 and self.segs[self.cur] is not None else 0
        for k in range(_SEGS):
            if k != self.cur and self.segs[k] is not None and not self.used[k]:
                n += _PAGES
        return n

    def ahead(self, saves):
        """Room for `saves` more records like the last: one fresh segment made when short
        (True: made; the one erase of this call)."""
        if self.room() >= saves * self.last:
            return False
        self._make()
        return True

    def _make(self):
        """A fresh segment, in a slot that is empty or holds older records only."""
        free = [k for k in range(_SEGS) if k != self.cur and (self.segs[k] is None or self.used[k])]
        if not free:
            return -1
        k = free[0]
        for j in free:  # an empty slot first, else the segment whose newest record is oldest
            if self.segs[j] is None:
                k = j
                break
        self.segs[k] = None
        self.segs[k] = self.fs.make_seg(self.name(k), segment_bytes(new_nonce()))
        self.used[k] = 0
        self.made += 1
        return k

    def fits(self, n):
        return _REC + n <= _PAGES * _PAGE

    def append(self, parts, n):
        """Append a record of the blob in `parts` (n bytes). Uses a fresh segment when the
        current one is full, and makes one here (an erase) only when none was made ahead."""
        pages = (_REC + n + _PAGE - 1) // _PAGE
        k = self.cur
        if k < 0 or self.segs[k] is None or self.used[k] + pages > _PAGES:
            k = -1
            for j in range(_SEGS):
                if j != self.cur and self.segs[j] is not None and not self.used[j]:
                    k = j
                    break
            if k < 0:
                k = self._make()
        seg = self.segs[k]
        p = self.used[k] + 1
        seq = self.seq + 1
        head = _p32(seq)
        crc = binascii.crc32(head)
        for part in parts:
            crc = binascii.crc32(part, crc)
        pg = self.page
        pg[0:4] = b"BSLR"
        pg[4:8] = head
        pg[8:12] = _p32(crc & 0xFFFFFFFF)
        i = _REC
        q = p
        self.used[k] = p + pages - 1  # spoilt from here, whatever happens below
        for part in parts:
            mv = memoryview(part)
            j = 0
            while j < len(mv):
                m = min(_PAGE - i, len(mv) - j)
                pg[i : i + m] = mv[j : j + m]
                i += m
                j += m
                if i == _PAGE:
                    seg.program(q, pg)
                    q += 1
                    i = 0
        if i:
            pg[i:] = _FF[i:]
            seg.program(q, pg)
        self.seq, self.cur, self.at, self.last = seq, k, p, pages

    def names(self):
        return [self.name(k) for k in range(_SEGS) if self.segs[k] is not None]


class FlashSeg:
    """A segment's pages on the flash itself: its littlefs block on the block device."""

    def __init__(self, bdev, block):
        self.bdev = bdev
        self.block = block

    def read(self, page, buf):
        self.bdev.readblocks(self.block, buf, page * _PAGE)

    def program(self, page, buf):
        self.bdev.writeblocks(self.block, buf, page * _PAGE)  # with an offset: a program, no erase


def flash_fs(bdev):
    """core.storage.OsFs whose segments are programmed beneath littlefs on `bdev` (the block
    device littlefs is mounted on: rp2.Flash() on the Pico, handed in by the board)."""
    from core.storage import OsFs

    class FlashFs(OsFs):
        def make_seg(self, path, first):
            self.remove(path)
            self.write(path, first, [_FF] * _PAGES)
            return self.open_seg(path)

        def open_seg(self, path):
            """The segment's block: the one whose page 0 starts with the file's marker."""
            mark = self.read_head(path)
            if mark is None:
                return None
            buf = bytearray(12)
            for b in range(bdev.ioctl(4, 0)):
                bdev.readblocks(b, buf, 0)
                if buf == mark:
                    return FlashSeg(bdev, b)
            return None

        def read_head(self, path):
            try:
                with open(path, "rb") as f:
                    mark = f.read(12)
            except OSError:
                return None
            return mark if len(mark) == 12 and mark[:4] == MARK else None

    return FlashFs()
