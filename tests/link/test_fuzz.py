# interpreters: micropython cpython
"""A hostile or noisy peer: bounded, seeded fuzzing. Nothing raises, memory stays flat, and
after line noise the stream still delivers every message exactly once."""

import binascii
import gc

from core.prng import Rng
from host_tools.duel.cable import Pair, rand_source
from host_tools.duel.session import FLEET_B
from link import frame as lf
from link.commit import CheatError, CoinFlip, MyFleet, PeerFleet


def _bytes(rng, n, zeros=True):
    b = bytearray(n)
    for i in range(n):
        v = rng.below(256)
        b[i] = v if (zeros or v) else 1
    return bytes(b)


def _crafted(rng, body_len, ver=lf.VERSION, ftype=None, sid=None, payload=None):
    """A frame with a valid CRC and whatever header a hostile peer likes."""
    if payload is None:
        payload = _bytes(rng, body_len)
    body = bytearray((ver, ftype if ftype is not None else rng.below(7)))
    body += sid if sid is not None else _bytes(rng, 4)
    body += _bytes(rng, 4)
    body.append(len(payload) if rng.below(4) else rng.below(256))
    body += payload
    c = binascii.crc32(body)
    body += bytes((c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, (c >> 24) & 0xFF))
    out = bytearray(len(body) + 8)
    end = lf.cobs_encode(body, len(body), out, 1)
    out[0] = 0
    out[end] = 0
    return bytes(out[: end + 1])


def _mem():
    gc.collect()
    return gc.mem_free() if hasattr(gc, "mem_free") else 0


def _noise(rng, link, captured):
    k = rng.below(6)
    if k == 0:
        return _bytes(rng, 1 + rng.below(120))
    if k == 1 and captured:  # a real frame, damaged: bit flip, cut, or replayed as is
        f = bytearray(captured[rng.below(len(captured))])
        how = rng.below(3)
        if how == 0:
            i = 1 + rng.below(len(f) - 2)
            f[i] ^= 1 << rng.below(8)
            if f[i] == 0:
                f[i] = 0x55
        elif how == 1:
            f = f[: 1 + rng.below(len(f) - 1)]
        return bytes(f)
    if k == 2:
        return b"\x00" + _bytes(rng, 300 + rng.below(300), zeros=False)  # oversized run
    if k == 3:
        return _crafted(rng, rng.below(60), ver=2 + rng.below(200))  # other versions
    if k == 4:  # well-formed frames from a stale session (wrong session id)
        sid = bytearray(link.sid)  # a's frames, damaged: b expects a's session id
        sid[rng.below(4)] ^= 1 + rng.below(255)
        return _crafted(rng, rng.below(40), ftype=lf.T_DATA + rng.below(2), sid=bytes(sid))
    return _crafted(rng, rng.below(40), ftype=5 + rng.below(250))  # unknown types


class _Tap:
    """Wraps a port to keep copies of the frames it writes (for replay and mutation)."""

    def __init__(self, port, keep):
        self.port = port
        self.keep = keep
        self.buf = bytearray()

    def any(self):
        return self.port.any()

    def readinto(self, b, n=None):
        return self.port.readinto(b, n)

    def write(self, b):
        n = self.port.write(b)
        for i in range(n):
            self.buf.append(b[i])
            if b[i] == 0 and len(self.buf) > 2:
                if len(self.keep) < 8:
                    self.keep.append(bytes(self.buf))
                self.buf = bytearray(b"\x00")
        return n


def test_line_noise_never_breaks_exactly_once_delivery():
    rng = Rng(77)
    p = Pair(seed=77)
    p.run(2000, until=lambda: p.status() == (6, 6))
    captured = []
    a = p.links[0]
    a.port = _Tap(a.port, captured)
    p.outbox[0] = [b"move %d" % i for i in range(40)]
    for _ in range(150):
        p.cable.inject(1, _noise(rng, a, captured))
        p.run(20)
    p.run(20000, until=p.delivered)
    assert p.delivered()
    d = p.links[1].drops
    assert d[lf.D_CRC] + d[lf.D_LENGTH] > 0 and d[lf.D_VERSION] > 0 and d[lf.D_NONCE] > 0
    assert d[lf.D_MALFORMED] > 0


def _hostile(rng, link):
    """Valid frames in the right session with nonsense inside: what a malicious peer can send."""
    k = rng.below(5)
    sid = bytes(link.sid_in)  # what the peer's frames carry
    if k == 0:
        return _crafted(rng, rng.below(241), ftype=lf.T_DATA, sid=sid)
    if k == 1:
        return _crafted(rng, rng.below(8), ftype=lf.T_ACK, sid=sid)
    if k == 2:
        pl = bytearray(_bytes(rng, 21))
        pl[0:8] = link.stream if rng.below(2) else pl[0:8]
        return _crafted(rng, 0, ftype=lf.T_RESUME, sid=sid, payload=bytes(pl))
    if k == 3:
        pl = bytearray(_bytes(rng, 14 + rng.below(20)))
        pl[0] = lf.VERSION
        pl[13] = rng.below(20)
        return _crafted(rng, 0, ftype=lf.T_HELLO, sid=sid, payload=bytes(pl))
    return _bytes(rng, 1 + rng.below(300))


def test_hostile_frames_never_crash_nor_grow_memory():
    rng = Rng(91)
    p = Pair(seed=91)
    p.auto_take = [True, False]
    p.run(2000, until=lambda: p.status() == (6, 6))
    b = p.links[1]

    def rounds(n):
        for _ in range(n):
            p.cable.inject(1, _hostile(rng, b))
            p.run(10)
            while b.recv() is not None:  # the game reads (and would reject) whatever comes
                pass
            assert b.arq.waiting() <= b.arq.rx_slots and b.arq.unacked() <= b.arq.tx_slots

    rounds(60)  # warm up: every lazily made object exists now
    p.inbox[0] = []
    before = _mem()
    rounds(300)
    p.inbox[0] = []
    after = _mem()
    assert before - after < 2048, (before, after)
    assert sum(b.drops) > 100


def test_deframer_survives_any_bytes():
    rng = Rng(5)
    drops = [0] * lf.N_DROPS
    d = lf.Deframer(drops)
    before = _mem()
    for _ in range(200):
        data = _bytes(rng, 1 + rng.below(400))
        i = 0
        while i < len(data):
            i = d.push(data, i, len(data))
    assert before - _mem() < 1024
    assert sum(drops) > 0


def test_commitment_checks_refuse_garbage_cleanly():
    rng = Rng(6)
    mine = MyFleet(b"game-id!", 1, FLEET_B, rand_source(1))
    seen = PeerFleet(b"game-id!", 1)
    for k in range(mine.parts()):
        seen.take_part(mine.part_msg(k))
    coin = CoinFlip(0, b"stream!!", rand_source(2))
    for _ in range(400):
        msg = _bytes(rng, rng.below(130))
        if msg and rng.below(2):
            msg = bytes((0x10 + rng.below(20),)) + msg[1:]
        _refused(seen.take_answer, msg, rng.below(100))
        _refused(seen.take_reveal, msg)
        _refused(coin.take_reveal, msg)
        _refused(PeerFleet(b"game-id!", 1).take_part, msg)


def _refused(fn, *args):
    try:
        fn(*args)
    except (CheatError, ValueError):
        return
    raise AssertionError("garbage accepted")
