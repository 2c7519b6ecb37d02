"""Link framing: one frame's bytes on the cable, and finding frames in a noisy byte stream.

A frame body is a fixed 11-byte header, up to MAX_PAYLOAD payload bytes and a
CRC-32 (binascii.crc32, stored little-endian). The body is COBS-encoded so it
holds no 0x00 byte, and sent between two 0x00 delimiters: after line noise or a
truncated frame the receiver loses at most the frames the noise touched and
picks up again at the next 0x00. Layout and constants: docs/link-protocol.md.

Owns: COBS, CRC, the header layout, the length bound and the version byte.
Sequence numbers, nonces and acknowledgements belong to link.arq/link.session.
Nothing here allocates per byte: buffers are made once and reused.
"""

import binascii

from core.compat import const

VERSION = const(4)  # protocol version: byte 0 of every frame (docs/link-protocol.md 3.5: the versions)

# Header offsets (body before COBS).
_OFF_VER = const(0)
_OFF_TYPE = const(1)
_OFF_SID = const(2)  # 4 bytes: session id (nonce of this link session)
_OFF_SEQ = const(6)  # u16 LE
_OFF_ACK = const(8)  # u16 LE
OFF_LEN = const(10)  # payload length
HDR = const(11)
_CRC_LEN = const(4)
_OVERHEAD = const(15)  # HDR + _CRC_LEN
MAX_PAYLOAD = const(240)
_MAX_BODY = const(255)  # _OVERHEAD + MAX_PAYLOAD
_MAX_ENCODED = const(257)  # COBS adds at most 2 bytes to 255
MAX_WIRE = const(259)  # plus the two 0x00 delimiters
MIN_WIRE = const(18)  # an empty-payload frame: 15 + 1 COBS code + 2 delimiters

# CRC-32 (ISO-HDLC) of a body including its own CRC, LE, is always this.
_RESIDUE = const(0x2144DF1C)
_BLOCK = const(12)

# Frame types.
T_HELLO = const(1)
T_RESUME = const(2)
T_DATA = const(3)
T_ACK = const(4)
_T_LAST = const(4)

# Indices into the shared drop counters (a list of ints).
D_CRC = const(0)  # CRC mismatch (line noise, truncated frame)
D_LENGTH = const(1)  # too short, too long, or declared length wrong
D_VERSION = const(2)  # another protocol version
D_MALFORMED = const(3)  # bad COBS, unknown type, bad payload layout
D_NONCE = const(4)  # session id is not this session's (stale, pre-reset)
D_DUP = const(5)  # a data frame already received
D_ORDER = const(6)  # a data frame ahead of the next expected one
D_FULL = const(7)  # receive queue full (the game is not reading)
D_STATE = const(8)  # valid frame that makes no sense in this state (an ack of a message never sent too)
N_DROPS = const(9)
DROP_NAMES = ("crc", "length", "version", "malformed", "nonce", "duplicate", "order", "full", "state")


def copy_bytes(dst, d, src, s, k):
    """dst[d:d+k] = src[s:s+k]. Runs of _BLOCK bytes or more are copied in C through two
    small memoryview objects; shorter ones byte by byte with no allocation at all."""
    if k >= _BLOCK:
        memoryview(dst)[d : d + k] = memoryview(src)[s : s + k]
    else:
        for j in range(k):
            dst[d + j] = src[s + j]


def cobs_encode(src, n, dst, pos):
    """COBS-encode src[0:n] (bytes or bytearray) into dst from pos; return the end index.

    No 0x00 is written. A run of 254 non-zero bytes makes a 0xFF block; if the data
    ends right after one, a final 0x01 code follows (decoders accept either form)."""
    i = 0
    while True:
        z = src.find(b"\x00", i, n)
        end = n if z < 0 else z
        while end - i >= 254:
            dst[pos] = 0xFF
            copy_bytes(dst, pos + 1, src, i, 254)
            pos += 255
            i += 254
        k = end - i
        dst[pos] = k + 1
        copy_bytes(dst, pos + 1, src, i, k)
        pos += 1 + k
        if z < 0:
            return pos
        i = z + 1


def cobs_decode(src, n, dst):
    """Decode src[0:n] into dst (not the same buffer); return the length or -1 if not valid COBS."""
    i = 0
    o = 0
    while i < n:
        code = src[i]
        if code == 0:
            return -1
        i += 1
        k = code - 1
        if i + k > n:
            return -1
        copy_bytes(dst, o, src, i, k)
        o += k
        i += k
        if code != 0xFF and i < n:
            dst[o] = 0
            o += 1
    return o


class Framer:
    """Builds one frame at a time into a preallocated wire buffer (`out`)."""

    def __init__(self):
        self.body = bytearray(_MAX_BODY)
        self._bmv = memoryview(self.body)
        self.out = bytearray(MAX_WIRE)

    def build(self, ftype, sid, seq, ack, payload, plen):
        """Frame `payload[0:plen]`; return the wire length of self.out. sid: 4 bytes."""
        if plen > MAX_PAYLOAD:
            raise ValueError("payload too long")
        b = self.body
        b[_OFF_VER] = VERSION
        b[_OFF_TYPE] = ftype
        for i in range(4):
            b[_OFF_SID + i] = sid[i]
        b[_OFF_SEQ] = seq & 0xFF
        b[_OFF_SEQ + 1] = (seq >> 8) & 0xFF
        b[_OFF_ACK] = ack & 0xFF
        b[_OFF_ACK + 1] = (ack >> 8) & 0xFF
        b[OFF_LEN] = plen
        copy_bytes(b, HDR, payload, 0, plen)
        n = HDR + plen
        c = binascii.crc32(self._bmv[:n])
        for i in range(4):
            b[n + i] = c & 0xFF
            c >>= 8
        n += _CRC_LEN
        out = self.out
        out[0] = 0
        end = cobs_encode(b, n, out, 1)
        out[end] = 0
        return end + 1


_BIG = const(80)  # COBS bytes: longer than any HELLO, RESUME or ACK (at most 46)


class Deframer:
    """Finds valid frames in received bytes.

    push() eats bytes until a frame is complete. Then `ready` is 1 for a valid
    frame of our version (fields via the accessors, payload at body[HDR:]) or 2
    for a CRC-valid frame of another version (counted as a version drop; the
    session still reads a foreign HELLO to name the peer's version). Every
    rejected frame bumps one counter in `drops`.
    """

    def __init__(self, drops):
        self.drops = drops
        self._raw = bytearray(_MAX_ENCODED)  # COBS bytes of the frame being received
        self.body = bytearray(_MAX_ENCODED)  # the decoded frame
        self._mv = memoryview(self.body)
        self._n = 0
        self._skip = False
        self.ready = 0
        self.length = 0  # body length of the ready frame, CRC included
        # damaged frames too long to be an ACK, a keepalive or a HELLO: DATA of the peer's that
        # the line broke (the forfeit clock, docs/link-protocol.md 10, counts them as moving)
        self.big = 0

    def push(self, data, i, end):
        """Consume data[i:end] (bytes or bytearray) up to and including the next complete
        frame; return the next index."""
        self.ready = 0
        raw = self._raw
        n = self._n
        while i < end:
            z = data.find(b"\x00", i, end)
            stop = end if z < 0 else z
            k = stop - i
            if k and not self._skip:
                if n + k <= _MAX_ENCODED:
                    copy_bytes(raw, n, data, i, k)
                    n += k
                else:
                    self._skip = True  # oversized: drop everything up to the next delimiter
                    self.drops[D_LENGTH] += 1
            if z < 0:
                i = end
                break
            i = z + 1
            if self._skip:
                self._skip = False
                n = 0
                continue
            if n == 0:
                continue  # delimiter run
            m = n
            n = 0
            if self._check(m):
                break
        self._n = n
        return i

    def _check(self, m):
        drops = self.drops
        n = cobs_decode(self._raw, m, self.body)
        if n < 0:
            drops[D_MALFORMED] += 1
            if m > _BIG:
                self.big += 1
            return False
        if n < _OVERHEAD:
            drops[D_LENGTH] += 1
            return False
        if binascii.crc32(self._mv[:n]) != _RESIDUE:
            drops[D_CRC] += 1
            if m > _BIG:
                self.big += 1
            return False
        b = self.body
        self.length = n
        if b[_OFF_VER] != VERSION:
            # Only bytes 0-1, the CRC trailer and (for HELLO) the header and the
            # payload prefix are frozen across versions; the session checks the rest.
            drops[D_VERSION] += 1
            self.ready = 2
            return True
        if b[OFF_LEN] != n - _OVERHEAD or b[OFF_LEN] > MAX_PAYLOAD:
            drops[D_LENGTH] += 1
            return False
        if b[_OFF_TYPE] == 0 or b[_OFF_TYPE] > _T_LAST:
            drops[D_MALFORMED] += 1
            return False
        self.ready = 1
        return True

    # Accessors for the ready frame.
    def ftype(self):
        return self.body[_OFF_TYPE]

    def seq(self):
        return self.body[_OFF_SEQ] | (self.body[_OFF_SEQ + 1] << 8)

    def ack(self):
        return self.body[_OFF_ACK] | (self.body[_OFF_ACK + 1] << 8)

    def plen(self):
        return self.body[OFF_LEN]

    def sid_is(self, sid):
        b = self.body
        return b[2] == sid[0] and b[3] == sid[1] and b[4] == sid[2] and b[5] == sid[3]


def encode(ftype, sid, seq, ack, payload):
    """One frame as bytes (tests, tools). Allocates: not for the frame loop."""
    f = Framer()
    n = f.build(ftype, sid, seq, ack, payload, len(payload))
    return bytes(f.out[:n])


def decode_all(data, drops=None):
    """Every valid frame in `data` as (type, sid, seq, ack, payload) tuples (tests, tools)."""
    if drops is None:
        drops = [0] * N_DROPS
    d = Deframer(drops)
    frames = []
    i = 0
    while i < len(data):
        i = d.push(data, i, len(data))
        if d.ready == 1:
            b = d.body
            sid = bytes(b[_OFF_SID : _OFF_SID + 4])
            frames.append((b[_OFF_TYPE], sid, d.seq(), d.ack(), bytes(b[HDR : HDR + d.plen()])))
    return frames
