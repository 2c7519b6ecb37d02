# interpreters: micropython cpython
"""The link session over a virtual cable: handshake, reliable delivery, unplugging, restarts."""

import binascii
import gc
import io

from support import raises

from host_tools.duel.cable import Cable, Pair, rand_source
from link import frame as lf
from link.frame import D_STATE
from link.session import (
    M_FORGED,
    M_OTHER_GAME,
    M_OUT_OF_STEP,
    ST_CONNECTING,
    ST_MISMATCH,
    ST_OPEN,
    ST_RULES,
    ST_UNPLUGGED,
    ST_VERSION,
    Link,
)


def _open(p):
    return p.status() == (ST_OPEN, ST_OPEN)


def _connect(p, ms=3000):
    t = p.run(ms, until=lambda: _open(p))
    assert _open(p), p.status()
    return t


def _msgs(tag, n, mult=5):
    return [(tag + "%03d" % i).encode() * (1 + i % mult) for i in range(n)]


def test_handshake_links_quickly_with_opposite_roles():
    p = Pair(fw=((1, 2, 3), (1, 2, 4)))
    t = _connect(p)
    assert t <= 200  # a HELLO each way and a RESUME each way
    a, b = p.links
    assert {a.role, b.role} == {0, 1}
    assert a.peer_fw == (1, 2, 4) and b.peer_fw == (1, 2, 3)
    assert a.stream == b.stream and a.stream is not None


def test_nobody_there_shows_unplugged():
    cable = Cable()
    link = Link(cable.ends[0], rand_source(1), 0)
    for now in range(0, 3000, 10):
        cable.tick(now)
        link.poll(now)
        if now < 1000:
            assert link.status() == ST_CONNECTING
    assert link.status() == ST_UNPLUGGED


def _foreign_hello(version, fw):
    body = bytearray((version, lf.T_HELLO, 0, 0, 0, 0, 0, 0, 0, 0, 4, version, fw[0], fw[1], fw[2]))
    c = binascii.crc32(body)
    body += bytes((c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, (c >> 24) & 0xFF))
    out = bytearray(64)
    end = lf.cobs_encode(body, len(body), out, 1)
    out[0] = 0
    out[end] = 0
    return bytes(out[: end + 1])


def test_version_mismatch_reported_with_peer_versions():
    cable = Cable()
    link = Link(cable.ends[0], rand_source(2), 0, fw=(1, 0, 0))
    for now in range(0, 2000, 10):
        if now % 250 == 0:  # a handheld of the next version keeps saying HELLO
            cable.inject(0, _foreign_hello(lf.VERSION + 1, (2, 5, 1)))
        cable.tick(now)
        link.poll(now)
    assert link.status() == ST_VERSION
    assert link.peer_version == lf.VERSION + 1 and link.peer_fw == (2, 5, 1)
    assert link.drops[lf.D_VERSION] >= 7
    for now in range(2000, 4000, 10):  # it goes away: plain "unplugged" again
        cable.tick(now)
        link.poll(now)
    assert link.status() == ST_UNPLUGGED


def test_rules_mismatch_then_accepting_the_peers_rules():
    p = Pair(rules=(b"\x01\x00", b"\x01\x03"))  # classic vs salvo with touching
    p.run(1000)
    assert p.status() == (ST_RULES, ST_RULES)
    assert p.links[0].peer_rules == b"\x01\x03"
    p.links[0].set_rules(p.links[0].peer_rules)
    _connect(p)


def test_messages_arrive_once_in_order_over_a_noisy_lossy_cable():
    cable = Cable(seed=3, corrupt_ppm=3000, lose_ppm=1000)
    p = Pair(cable, seed=3)
    _connect(p, 5000)
    p.outbox[0] = _msgs("a", 60)
    p.outbox[1] = _msgs("b", 60)
    p.run(60000, until=p.delivered)
    assert p.delivered()
    s = p.links[0].stats()
    s1 = p.links[1].stats()
    assert s["retransmits"] + s1["retransmits"] > 0
    assert s["drop_crc"] + s1["drop_crc"] + s["drop_length"] + s1["drop_length"] > 0
    assert cable.corrupted > 0 and cable.lost > 0


def test_lost_writes_retransmitted():
    p = Pair(Cable(seed=4, lose_write_pct=25), seed=4)
    _connect(p, 10000)
    p.outbox[0] = _msgs("x", 30)
    p.run(60000, until=p.delivered)
    assert p.delivered()
    assert p.links[0].stats()["retransmits"] > 0


def test_full_send_queue_refuses_instead_of_growing():
    p = Pair()
    a = p.links[0]
    accepted = 0
    while a.send(b"m"):
        accepted += 1
    assert accepted == a.arq.tx_slots
    assert a.free() == 0
    raises(ValueError, a.send, b"x" * 241)


def _data(link, seq, payload, sid=None):
    return lf.encode(lf.T_DATA, sid or link.sid, seq, 0, payload)


def test_an_ack_of_a_message_never_sent_is_no_data_on_its_way():
    """A forged ACK (of a message we never sent) is counted as "state", not "order": out-of-order
    DATA starts the forfeit clock again (link.match), a bogus ACK must not (issue 26)."""
    p = Pair()
    _connect(p)
    a, b = p.links
    order, state = b.drops[lf.D_ORDER], b.drops[lf.D_STATE]
    for _ in range(3):
        p.cable.inject(1, lf.encode(lf.T_ACK, a.sid, 0, 40, b""))
        p.run(100)
    assert b.drops[lf.D_ORDER] == order and b.drops[lf.D_STATE] >= state + 3


def test_duplicate_and_out_of_order_frames_dropped_and_counted():
    p = Pair()
    _connect(p)
    a, b = p.links
    p.outbox[0] = [b"one", b"two"]
    p.run(1000, until=lambda: len(p.inbox[1]) == 2)
    assert p.inbox[1] == [b"one", b"two"]
    # replay seq 1 (a duplicate) and send seq 3 before seq 2 (out of order)
    p.cable.inject(1, _data(a, 1, b"two"))
    p.cable.inject(1, _data(a, 3, b"four"))
    p.run(100)
    assert p.inbox[1] == [b"one", b"two"]
    assert b.drops[lf.D_DUP] >= 1 and b.drops[lf.D_ORDER] >= 1
    p.outbox[0] = [b"one", b"two", b"three"]
    p.run(1000, until=lambda: len(p.inbox[1]) == 3)
    assert p.inbox[1] == [b"one", b"two", b"three"]


def test_frames_from_before_a_reset_are_rejected_by_the_session_nonce():
    p = Pair()
    _connect(p)
    a, b = p.links
    old_sid = bytes(a.sid)
    p.outbox[0] = [b"before"]
    p.run(500, until=lambda: len(p.inbox[1]) == 1)
    p.restart(1)  # B reboots from flash: new nonce, new session
    _connect(p)
    b = p.links[1]
    assert bytes(b.sid) != old_sid
    stale = _data(a, 1, b"stale", old_sid)  # the next sequence number, old session id
    p.cable.inject(1, stale)
    p.run(200)
    assert p.inbox[1] == [b"before"]
    assert b.drops[lf.D_NONCE] >= 1
    p.cable.inject(1, _data(a, 1, b"fresh"))  # the same frame in the current session is taken
    p.run(200)
    assert p.inbox[1] == [b"before", b"fresh"]


def test_pulled_cable_detected_then_resumed_without_loss_or_duplicates():
    p = Pair()
    _connect(p)
    p.outbox[0] = _msgs("p", 5)
    p.run(40)  # some frames are on the wire when the cable comes out
    p.cable.unplug()
    p.outbox[0] += _msgs("q", 10)
    p.outbox[1] = _msgs("r", 10)
    p.run(2500)
    assert p.status() == (ST_UNPLUGGED, ST_UNPLUGGED)
    assert p.links[0].unacked() > 0
    p.cable.plug()
    t = p.run(5000, until=lambda: p.delivered() and _open(p))
    assert p.delivered() and _open(p)
    assert t < 2500  # back within a keepalive and the capped backoff
    assert p.links[0].stats()["retransmits"] > 0


def _restart_case(cut):
    p = Pair(seed=cut)
    _connect(p)
    p.outbox[0] = _msgs("a", 40, 40)  # about 4 KB each way: half a second of cable
    p.outbox[1] = _msgs("b", 40, 40)
    p.run(cut)
    assert not p.delivered()
    p.on[1] = False  # power lost: B stops mid-whatever
    p.run(300)
    p.restart(1)
    p.run(20000, until=lambda: p.delivered() and _open(p))
    assert p.delivered() and _open(p), cut


def test_one_side_restarts_mid_stream_and_both_resume_exactly():
    for cut in (30, 120, 250, 400):
        gc.collect()  # MicroPython's VM keeps stale references in dead frames: start clean
        _restart_case(cut)


def test_both_sides_restart():
    p = Pair(seed=21)
    _connect(p)
    p.outbox[0] = _msgs("a", 20)
    p.outbox[1] = _msgs("b", 20)
    p.run(90)
    p.on = [False, False]
    p.run(100)
    p.restart(0)
    p.restart(1)
    p.run(20000, until=p.delivered)
    assert p.delivered()


def test_restart_with_no_save_on_one_side_is_a_mismatch_until_new_stream():
    p = Pair(seed=5)
    _connect(p)
    p.outbox[0] = [b"game 1 move"]
    p.run(500, until=lambda: len(p.inbox[1]) == 1 and p.links[0].unacked() == 0)
    p.flash[1] = None  # B's save was lost
    p.saved[1] = (0, 0)
    p.restart(1)
    p.run(1000)
    a, b = p.links
    # B, with no game, joins A's; but it has lost a move it took: out of step on both sides
    assert p.status() == (ST_MISMATCH, ST_MISMATCH)
    assert a.mismatch == M_OUT_OF_STEP and b.mismatch == M_OUT_OF_STEP
    assert b.behind and not a.behind  # B lost what it took: A, ahead, decides (link.screen)
    assert b.stream == a.stream and b.role != a.role
    a.new_stream()  # A's game cannot go on: start a new one
    p.outbox[0] = [b"new game"]
    p.sent[0] = 0
    p.inbox[1] = []
    _connect(p)
    p.run(500, until=lambda: len(p.inbox[1]) == 1)
    assert p.inbox[1] == [b"new game"]


def test_two_different_games_are_a_mismatch_and_a_new_game_joins_one_not_begun():
    q = Pair(seed=8)  # B's save comes from a game with another handheld, which never got going
    _connect(q)
    other = q.links[1].snapshot()
    p = Pair(seed=7)
    _connect(p)
    p.outbox[0] = [b"game 1 move"]
    p.run(500, until=lambda: len(p.inbox[1]) == 1 and p.links[0].unacked() == 0)
    p.flash[1] = other
    p.saved[1] = (0, 0)
    p.inbox[1] = []
    p.restart(1)
    p.run(1000)
    a, b = p.links
    assert p.status() == (ST_MISMATCH, ST_MISMATCH)
    assert a.mismatch == M_OTHER_GAME and b.mismatch == M_OTHER_GAME and a.peer_has_game and b.peer_has_game
    a.new_stream()  # A gives up its game; B's has not begun (nothing taken either way): A joins it
    p.outbox[0] = []
    p.sent[0] = 0
    _connect(p)
    assert a.stream == b.stream == q.links[1].stream and a.role != b.role


def test_restart_from_an_older_save_is_out_of_step():
    p = Pair(seed=6)
    _connect(p)
    p.outbox[0] = [b"m1"]
    p.run(500, until=lambda: len(p.inbox[1]) == 1)
    old = p.flash[1]
    p.outbox[0] = [b"m1", b"m2", b"m3"]
    p.run(1000, until=lambda: len(p.inbox[1]) == 3 and p.links[0].unacked() == 0)
    p.flash[1] = old  # B comes back with a save older than what it acknowledged
    p.restart(1)
    p.run(1000)
    assert p.status() == (ST_MISMATCH, ST_MISMATCH)
    assert p.links[0].mismatch == M_OUT_OF_STEP and not p.links[0].behind  # A is ahead: it decides
    # B holds its game: it is never behind on the other's word. A's counters say A read more of
    # B's than B's save ever sent: from where B stands, that is a lie (only a flash turned back
    # makes an honest side's save older: 5.2), named on its screen (docs/link-protocol.md 5.6)
    assert p.links[1].mismatch == M_FORGED and not p.links[1].behind


def _forged(field, by=100):
    """A and B exchange three messages each way; B reboots and resumes with one RESUME counter
    raised (its real save otherwise): the handheld must not take the lie for its own loss."""
    p = Pair(seed=6)
    _connect(p)
    p.outbox[0] = [b"a1", b"a2", b"a3"]
    p.outbox[1] = [b"b1", b"b2", b"b3"]
    p.run(2000, until=lambda: p.delivered() and not p.links[0].unacked() and not p.links[1].unacked())
    p.restart(1)
    arq = p.links[1].arq
    if field == "rx_read":  # "I read messages of yours you never sent"
        arq.rx_read += by
    else:  # "you acknowledged messages of mine you never took"
        arq.tx_base += by
        arq.tx_sent = arq.tx_high = arq.tx_next = arq.tx_base
    p.run(2000)
    return p


def test_forged_resume_counters_are_named_not_believed():
    for field in ("rx_read", "tx_base"):
        p = _forged(field)
        a = p.links[0]
        assert a.status() == ST_MISMATCH and a.mismatch == M_FORGED and not a.behind, field
        assert a.taken == 3 and a.queued == 3  # nothing applied from the lie


def test_a_late_copy_of_our_own_resume_changes_nothing():
    p = Pair(seed=6)
    _connect(p)
    p.outbox[0] = [b"a1"]
    p.run(2000, until=lambda: p.delivered() and not p.links[0].unacked())
    a, b = p.links
    sent = a.frames_tx
    state = a.drops[D_STATE]
    b._want_resume = 1  # a RESUME of B's (a reply, as one that was late) while A is open
    p.run(100)
    assert a.drops[D_STATE] == state + 1 and a.status() == ST_OPEN
    assert a.arq.retransmits == 0 and a.frames_tx - sent <= 1  # no window sent again (an ACK at most)


def test_ticks_wraparound_and_16_bit_sequence_wrap():
    p = Pair(seed=8, start=(1 << 30) - 700)  # ticks_ms wraps after 0.7 s
    _connect(p)
    for link in p.links:  # jump both streams close to the 16-bit wrap, as a long game would
        snap = bytearray(link.snapshot())
        for off in (10, 14, 18):
            snap[off : off + 4] = (65530).to_bytes(4, "little")
        link.arq.restore(bytes(snap))
    p.outbox[0] = _msgs("w", 20)
    p.outbox[1] = _msgs("v", 20)
    p.run(10000, until=lambda: p.delivered() and p.links[0].unacked() == 0)
    assert p.delivered()
    assert p.links[0].arq.tx_base == 65550


def test_poll_writes_no_faster_than_the_baud_rate():
    class SlowPort:
        def __init__(self):
            self.written = 0
            self.calls = 0

        def any(self):
            return 0

        def readinto(self, buf, n=None):
            return None

        def write(self, buf):
            self.calls += 1
            self.written += len(buf)
            return len(buf)

    port = SlowPort()
    link = Link(port, rand_source(3), 0, window=16)
    link._phase = 4  # pretend linked so DATA flows (white-box: pacing only)
    link.arq.stream = b"12345678"
    for _ in range(16):
        link.send(b"z" * 240)
    for now in range(0, 400, 16):
        link.poll(now)
        # 115200 8N1 moves 11.52 bytes a ms; plus one burst of credit at the start
        assert port.written <= now * 1152 // 100 + link.tx_burst
    assert port.written > 3000


def test_snapshot_round_trip_and_damage_refused():
    p = Pair(seed=12)
    _connect(p)
    a = p.links[0]
    a.send(b"pending one")
    a.send(b"pending two")
    snap = a.snapshot()
    f = io.BytesIO()
    assert a.write_snapshot(f) == len(snap) and f.getvalue() == snap  # the streaming form, for flash
    link = Link(p.cable.ends[0], rand_source(99), 0, saved=snap)
    assert link.snapshot() == snap
    assert link.arq.unacked() == 2 and link.role == a.role
    raises(ValueError, Link, p.cable.ends[0], rand_source(99), 0, saved=snap[:-1])
    raises(ValueError, Link, p.cable.ends[0], rand_source(99), 0, saved=b"\x09" + snap[1:])


def test_a_stray_resume_does_not_wedge_the_link():
    p = Pair(seed=14)
    _connect(p)
    p.run(200)  # let the handshake's last frames land
    b = p.links[1]
    stray = bytes(8) + bytes(12) + b"\x04"  # another game (opened on its side), no reply wanted
    p.cable.inject(1, lf.encode(lf.T_RESUME, b.sid_in, 0, 0, stray))
    p.run(10)
    assert b.status() == ST_MISMATCH
    p.outbox[0] = [b"still here"]
    p.run(3000, until=lambda: _open(p) and p.inbox[1] == [b"still here"])
    assert _open(p) and p.inbox[1] == [b"still here"]


def test_counters_for_the_game_follow_the_stream():
    p = Pair(seed=15)
    _connect(p)
    a, b = p.links
    p.outbox[0] = [b"shot A-1", b"shot B-2", b"shot C-3"]
    p.run(2000, until=lambda: a.acked == 3)
    assert (a.queued, a.acked, b.taken) == (3, 3, 3)
    assert a.unacked() == 0 and b.queued == 0


# --- issue 13: two handshake deadlocks, each replayed exactly ------------------------------------
def _hello(nonce, echo, need_reply, rules, fw=(1, 0, 0)):
    """A HELLO frame as a peer (or a cable looped back) would send it."""
    payload = bytes((lf.VERSION,) + tuple(fw)) + bytes(nonce) + bytes(echo)
    payload += bytes((1 if need_reply else 0, len(rules))) + bytes(rules)
    return lf.encode(lf.T_HELLO, bytes(4), 0, 0, payload)


def _talks(p, n=3, ms=8000):
    """Both sides open on one session, and a few more messages each way arrive exactly once."""
    for side in (0, 1):
        p.outbox[side] = p.outbox[side] + [b"after %d %d" % (side, i) for i in range(n)]
    p.run(ms, until=lambda: _open(p) and p.delivered())
    a, b = p.links
    assert _open(p) and p.delivered(), (p.status(), len(p.inbox[0]), len(p.inbox[1]))
    assert bytes(a.sid) == bytes(b.sid_in) and bytes(b.sid) == bytes(a.sid_in)


def test_a_hello_carrying_our_own_nonce_does_not_stop_the_link():
    # Handheld 2 (side 1) receives one valid HELLO with its own nonce, echo = handheld 1's nonce,
    # need-reply set, rules 01 02: a cable looping TX back to RX, or a hostile peer, sends that.
    p = Pair(seed=31, rules=(b"\x01\x02", b"\x01\x02"))
    _connect(p)
    p.outbox[0] = [b"before 0"]
    p.outbox[1] = [b"before 1"]
    p.run(1000, until=p.delivered)
    a, b = p.links
    looped = _hello(b.nonce, a.nonce, True, b"\x01\x02")
    old = bytes(b.nonce)
    p.cable.inject(1, looped)
    p.run(20)
    assert bytes(b.nonce) != old  # it draws a new nonce...
    _talks(p)  # ...and both sides meet again on a new session (before: "Cable unplugged?" for good)
    assert a.peer_nonce == b.nonce and b.peer_nonce == a.nonce


class _DropOnce:
    """A UART end that loses the first frame that matches(frame tuple) on its way out."""

    def __init__(self, port, matches):
        self.port = port
        self.matches = matches
        self.dropped = 0

    def any(self):
        return self.port.any()

    def readinto(self, buf, n=None):
        return self.port.readinto(buf, n)

    def write(self, buf):
        if not self.dropped:
            frames = lf.decode_all(bytes(buf))
            if frames and self.matches(frames[0]):
                self.dropped += 1
                return len(buf)
        return self.port.write(buf)


def test_a_hello_lost_after_adopting_the_peers_rules_is_asked_for_again():
    # Handheld 1 (side 0): Ships touch: No (01 00); handheld 2 the default (01 02). Both open
    # Link battle; handheld 2 presses "A: play that", and its one HELLO with 01 00 is lost.
    p = Pair(seed=32, rules=(b"\x01\x00", b"\x01\x02"))
    p.run(1500, until=lambda: p.status() == (ST_RULES, ST_RULES))
    assert p.status() == (ST_RULES, ST_RULES)
    a, b = p.links
    tap = _DropOnce(b.port, lambda f: f[0] == lf.T_HELLO and f[4][14:] == b"\x01\x00")
    b.port = tap
    b.set_rules(b.peer_rules)
    _talks(p)  # before: "Cable unplugged?" / "Linked. Finding our place in the game..." for good
    assert tap.dropped == 1
    assert a.rules == b.rules == b"\x01\x00"


def test_a_passing_foreign_version_hello_never_covers_a_live_session():
    p = Pair(seed=33)
    _connect(p)
    p.cable.inject(1, _foreign_hello(lf.VERSION + 1, (2, 5, 1)))  # noise that passes the CRC, a third device
    p.outbox[0] = [b"shot"]
    p.run(1000, until=lambda: p.inbox[1] == [b"shot"])
    assert p.inbox[1] == [b"shot"] and p.status() == (ST_OPEN, ST_OPEN)
    assert p.links[1].drops[lf.D_VERSION] == 1
    p.on[0] = False  # our handheld goes quiet and only the foreign one is heard: now say so
    for _ in range(8):
        p.cable.inject(1, _foreign_hello(lf.VERSION + 1, (2, 5, 1)))
        p.run(250)
    assert p.links[1].status() == ST_VERSION


def _slow_peer(hold_ms, n=8):
    """Side 0 sends n messages one at a time (each after the last was taken: a battle's
    shots); side 1 takes each only hold_ms after it arrived. Side 0's retransmits after
    each message was taken."""
    p = Pair()
    _connect(p)
    a = p.links[0]
    p.auto_take[1] = False
    after = []
    for i in range(n):
        p.outbox[0].append(("shot%d" % i).encode())
        p.run(2000, until=lambda: p.links[1].arq.waiting() > 0)
        assert p.links[1].arq.waiting() == 1
        p.run(hold_ms)
        p.inbox[1].append(p.links[1].recv())
        p.save(1)
        p.run(2000, until=lambda: a.unacked() == 0)
        assert a.unacked() == 0
        after.append(a.stats()["retransmits"])
    assert p.inbox[1] == p.outbox[0]
    return a, after


def test_a_peer_as_slow_as_the_devices_slowest_frame_is_never_resent_to():
    # the floor covers the wire and the slowest frame of a cable game on the device (a peer
    # that takes a message only then acknowledges it then): no spurious resend on a clean cable
    a, after = _slow_peer(620)
    assert after[-1] == 0


def test_a_lost_frame_is_still_resent():
    a, after = _slow_peer(30)
    assert after[-1] == 0
    p = Pair(cable=Cable(lose_write_pct=30, seed=3))
    _connect(p)
    p.outbox[0] = _msgs("x", 20)
    p.run(30000, until=p.delivered)
    assert p.delivered() and p.links[0].stats()["retransmits"] > 0
