# interpreters: micropython cpython
"""Framing: what goes on the cable, and that noise never turns into a wrong frame."""

import binascii

from support import raises

from core.prng import Rng
from link import frame as lf

SID = b"\x11\x22\x33\x44"


def _rand_bytes(rng, n):
    b = bytearray(n)
    for i in range(n):
        b[i] = rng.below(256)
    return bytes(b)


def test_crc_is_crc32_iso_hdlc():
    # The check value the protocol document names for the CRC parameters.
    assert binascii.crc32(b"123456789") == 0xCBF43926


def test_golden_ack_frame():
    # Worked example in docs/link-protocol.md: a compatible peer must produce these bytes.
    wire = lf.encode(lf.T_ACK, SID, 0, 5, b"")
    assert wire == bytes.fromhex("00070404112233440102050105" + "5364d4d9" + "00")
    assert len(wire) == lf.MIN_WIRE  # COBS adds exactly one byte to a body under 254 bytes


def test_round_trip_payloads():
    rng = Rng(5)
    payloads = [b"", b"\x00", b"\x00" * 240, b"\xff" * 240, bytes(range(1, 241)), b"\x00\x01\x00"]
    for n in (1, 2, 50, 200, 239, 240):
        payloads.append(_rand_bytes(rng, n))
    for i, p in enumerate(payloads):
        wire = lf.encode(lf.T_DATA, SID, 1000 + i, 65535 - i, p)
        assert wire[0] == 0 and wire[-1] == 0
        assert wire[1:-1].find(b"\x00") < 0
        assert len(wire) <= lf.MAX_WIRE
        assert lf.decode_all(wire) == [(lf.T_DATA, SID, 1000 + i, 65535 - i, p)]


def test_layout_version_header_and_crc():
    p = b"hello"
    body = bytearray(lf.HDR + len(p))
    body[0] = lf.VERSION
    body[1] = lf.T_DATA
    body[2:6] = SID
    body[6:8] = b"\x02\x01"  # seq 0x0102 little-endian
    body[8:10] = b"\x04\x03"
    body[10] = len(p)
    body[11:] = p
    c = binascii.crc32(body)
    body += bytes((c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, (c >> 24) & 0xFF))
    enc = bytearray(lf.MAX_WIRE)
    end = lf.cobs_encode(body, len(body), enc, 1)
    manual = b"\x00" + bytes(enc[1:end]) + b"\x00"
    assert lf.encode(lf.T_DATA, SID, 0x0102, 0x0304, p) == manual


def test_cobs_edges_decode_back():
    for body in (b"\x00", b"\x00\x00", b"\x01" * 253, b"\x01" * 254, b"\x01" * 255, b"\x00" + b"\x07" * 254):
        enc = bytearray(300)
        end = lf.cobs_encode(body, len(body), enc, 0)
        assert bytes(enc[:end]).find(b"\x00") < 0
        assert end <= len(body) + 2
        dec = bytearray(300)
        n = lf.cobs_decode(enc, end, dec)
        assert bytes(dec[:n]) == body
    # The textbook examples (Cheshire and Baker's COBS).
    enc = bytearray(20)
    assert bytes(enc[: lf.cobs_encode(b"\x11\x22\x00\x33", 4, enc, 0)]) == b"\x03\x11\x22\x02\x33"
    assert bytes(enc[: lf.cobs_encode(b"\x00\x00", 2, enc, 0)]) == b"\x01\x01\x01"
    dec = bytearray(20)
    assert lf.cobs_decode(b"\x03\x11\x22\x02\x33", 5, dec) == 4 and bytes(dec[:4]) == b"\x11\x22\x00\x33"
    assert lf.cobs_decode(b"\x05\x11", 2, dec) == -1  # code runs past the end


def test_resync_after_garbage_and_truncated_frame():
    rng = Rng(9)
    a = lf.encode(lf.T_DATA, SID, 1, 0, b"first")
    b = lf.encode(lf.T_DATA, SID, 2, 0, b"second")
    c = lf.encode(lf.T_DATA, SID, 3, 0, b"third")
    garbage = _rand_bytes(rng, 300)
    stream = garbage + a + b[: len(b) // 2] + c + _rand_bytes(rng, 40)
    drops = [0] * lf.N_DROPS
    got = lf.decode_all(stream, drops)
    assert [f[4] for f in got] == [b"first", b"third"]
    assert sum(drops) >= 1  # the half frame (and garbage) counted, not delivered


def test_truncated_frame_without_trailing_delimiter_is_not_delivered():
    a = lf.encode(lf.T_DATA, SID, 1, 0, b"payload")
    assert lf.decode_all(a[:-1]) == []
    for cut in range(1, len(a) - 1):
        assert lf.decode_all(a[:cut] + b"\x00") == []


def test_every_single_byte_corruption_is_rejected():
    wire = lf.encode(lf.T_DATA, SID, 7, 9, b"Shot at D-4 \x00\x01\x02")
    for i in range(1, len(wire) - 1):
        for mask in (0x01, 0x80, 0x5A):
            bad = bytearray(wire)
            bad[i] ^= mask
            drops = [0] * lf.N_DROPS
            assert lf.decode_all(bytes(bad), drops) == [], (i, mask)
            assert sum(drops) >= 1


def test_crc_mismatch_counted_as_crc():
    wire = bytearray(lf.encode(lf.T_DATA, SID, 7, 9, b"abcdef"))
    wire[8] ^= 0x01  # a payload byte well inside a COBS run
    drops = [0] * lf.N_DROPS
    assert lf.decode_all(bytes(wire), drops) == []
    assert drops[lf.D_CRC] == 1


def test_oversized_run_dropped_and_next_frame_survives():
    good = lf.encode(lf.T_DATA, SID, 1, 0, b"after")
    drops = [0] * lf.N_DROPS
    flood = b"\x00" + b"\x41" * 5000
    assert lf.decode_all(flood + good, drops) == [(lf.T_DATA, SID, 1, 0, b"after")]
    assert drops[lf.D_LENGTH] == 1


def _frame_from_body(body):
    c = binascii.crc32(body)
    body = bytes(body) + bytes((c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, (c >> 24) & 0xFF))
    enc = bytearray(600)
    end = lf.cobs_encode(body, len(body), enc, 1)
    return b"\x00" + bytes(enc[1:end]) + b"\x00"


def _body(ver=lf.VERSION, ftype=lf.T_DATA, plen=None, payload=b"xy"):
    b = bytearray((ver, ftype)) + SID + b"\x01\x00\x00\x00"
    b.append(len(payload) if plen is None else plen)
    return b + payload


def test_declared_length_must_match():
    drops = [0] * lf.N_DROPS
    assert lf.decode_all(_frame_from_body(_body(plen=3)), drops) == []
    assert drops[lf.D_LENGTH] == 1


def test_payload_over_bound_rejected_even_with_good_crc():
    drops = [0] * lf.N_DROPS
    assert lf.decode_all(_frame_from_body(_body(payload=b"z" * 241)), drops) == []
    assert drops[lf.D_LENGTH] == 1


def test_other_version_counted_not_delivered():
    drops = [0] * lf.N_DROPS
    assert lf.decode_all(_frame_from_body(_body(ver=lf.VERSION + 1)), drops) == []
    assert drops[lf.D_VERSION] == 1


def test_unknown_type_is_malformed():
    drops = [0] * lf.N_DROPS
    assert lf.decode_all(_frame_from_body(_body(ftype=9)), drops) == []
    assert drops[lf.D_MALFORMED] == 1


def test_framer_refuses_long_payload():
    raises(ValueError, lf.encode, lf.T_DATA, SID, 0, 0, b"x" * 241)


def test_byte_by_byte_feeding_equals_bulk():
    wire = lf.encode(lf.T_DATA, SID, 3, 4, b"split") * 3
    d = lf.Deframer([0] * lf.N_DROPS)
    seen = 0
    for i in range(len(wire)):
        d.push(wire, i, i + 1)
        if d.ready == 1:
            seen += 1
            assert bytes(d.body[lf.HDR : lf.HDR + d.plen()]) == b"split"
    assert seen == 3
