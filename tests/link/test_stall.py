# interpreters: cpython
"""The link's receive buffer holds what the other handheld can send while this one does not read
the cable (docs/link-protocol.md, section 1): pico_oled's rxbuf covers the stated worst case
for a stall of the link budget, and two Links on a cable with that UART ring lose no byte when
one of them stops reading for that long, whenever it stops; with the old 1 KB ring they do."""

import pico_oled

from host_tools.bench.stall import fill_ms, peer_bytes, stall_budget_ms
from host_tools.duel.cable import Cable, Pair, rand_source
from link.session import Link

BIG = bytes(range(240))  # full frames: the most bytes a message can put on the wire


def test_rxbuf_covers_the_budget_with_a_margin():
    assert peer_bytes(pico_oled.LINK_BUDGET_MS) <= pico_oled.RXBUF
    assert stall_budget_ms(pico_oled.RXBUF) >= pico_oled.LINK_BUDGET_MS * 3 // 2
    # the bound is the window's, not the line's: the line would fill the ring much sooner
    assert fill_ms(pico_oled.RXBUF) < stall_budget_ms(pico_oled.RXBUF)


def test_the_bound_follows_the_window():
    assert peer_bytes(50) == int(50 * 11.52) + 1  # a short stall: the line's rate
    b = peer_bytes(600)  # the window in flight, one released, one resent after the timeout
    assert 3 * 4 * 259 < b < 3 * 4 * 259 + 2 * 259 and b < 600 * 11.52
    assert peer_bytes(600, window=2) < b
    floor = Link(None, rand_source(1), 0).rto_ms
    again = floor - Link.slack_ms + 2 * floor  # the first timeout a loop period early, then doubled
    assert peer_bytes(again + 10) > peer_bytes(again - 10)  # resent again once the timeout doubled


def _stalled(rxbuf, stall_ms, at_ms):
    """Both sides stream full messages; side 1 stops reading for stall_ms at at_ms. Returns the
    bytes its UART dropped, and whether everything arrived in the end."""
    p = Pair(cable=Cable(rxbuf=rxbuf), step=10)
    p.run(3000, until=lambda: p.status() == (6, 6))
    for side in (0, 1):
        p.outbox[side] = [bytes((side, i)) + BIG[2:] for i in range(40)]
    p.run(at_ms)
    p.on[1] = False  # a long frame: nothing read or written
    p.run(stall_ms)
    p.on[1] = True
    p.run(20000, until=p.delivered)
    return p.cable.ends[1].overflow, p.delivered()


def test_no_byte_is_lost_in_a_stall_the_buffer_covers():
    covered = stall_budget_ms(pico_oled.RXBUF)
    for at in (0, 35, 110, 270, 500):
        assert _stalled(pico_oled.RXBUF, covered, at) == (0, True)


def test_the_old_buffer_lost_bytes_in_such_a_stall():
    lost, delivered = _stalled(1024, pico_oled.LINK_BUDGET_MS, 110)
    assert lost > 0 and delivered  # the link resent them


def _rec(frame, python, k=100):
    return {"handheld": 1, "frame": frame, "python": python, "oled_bytes": 0, "flash_off_us": 0, "k": k}


def test_a_frame_counts_its_median_over_the_runs():
    from host_tools.bench.stall import merge

    runs = [
        {(0, 1): _rec(1, 10), (0, 2): _rec(2, 500)},  # frame 2: preempted in this run only
        {(0, 1): _rec(1, 30), (0, 3): _rec(3, 40)},
        {(0, 1): _rec(1, 20), (0, 3): _rec(3, 60)},
    ]
    got = {f["frame"]: f["us"] for f in merge(runs)}
    assert got == {1: 2000, 3: 4000}  # frame 2 was not logged in the other two: under the threshold
