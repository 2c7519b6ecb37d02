# interpreters: cpython
"""Properties of the link layer over many generated cases (CPython only, hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from host_tools.duel.cable import Cable, Pair
from link import frame as lf


@given(st.binary(max_size=255))
def test_cobs_round_trip_and_no_zero(body):
    enc = bytearray(300)
    end = lf.cobs_encode(body, len(body), enc, 0)
    assert b"\x00" not in enc[:end]
    assert end <= len(body) + 2
    dec = bytearray(300)
    n = lf.cobs_decode(enc, end, dec)
    assert bytes(dec[:n]) == body


@given(st.integers(1, 4), st.binary(min_size=4, max_size=4), st.integers(0, 65535), st.integers(0, 65535),
       st.binary(max_size=240))
def test_frame_round_trip(ftype, sid, seq, ack, payload):
    wire = lf.encode(ftype, sid, seq, ack, payload)
    assert len(wire) <= lf.MAX_WIRE
    assert lf.decode_all(wire) == [(ftype, sid, seq, ack, payload)]


@given(st.binary(max_size=600), st.binary(max_size=600))
def test_garbage_around_a_frame_never_hides_it(before, after):
    wire = lf.encode(lf.T_DATA, b"abcd", 1, 2, b"payload")
    frames = lf.decode_all(before + wire + after)
    assert (lf.T_DATA, b"abcd", 1, 2, b"payload") in frames


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 10000), st.integers(0, 3000), st.integers(0, 15),
       st.lists(st.binary(max_size=240), min_size=1, max_size=25))
def test_stream_delivers_exactly_once_in_order(seed, corrupt_ppm, lose_pct, msgs):
    p = Pair(Cable(seed=seed, corrupt_ppm=corrupt_ppm, lose_write_pct=lose_pct), seed=seed)
    p.outbox[0] = list(msgs)
    p.outbox[1] = list(reversed(msgs))
    p.run(300000, until=p.delivered)
    assert p.delivered()
