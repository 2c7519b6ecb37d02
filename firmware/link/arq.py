"""Reliable, ordered, exactly-once message stream over frames (go-back-N).

Owns the sequence numbers, the bounded send and receive queues, cumulative
acknowledgements, retransmission timing and the snapshot the game saves to
flash. link.session drives it: it hands in received DATA/ACK fields and asks
which DATA frame to send next. No I/O, no clock reads: times come in as
arguments (ticks_ms values, compared with ticks_diff).

Exactly-once across a restart rests on one rule, documented for the game:
a received message is acknowledged only after the game has taken it with
take(), and the game saves (snapshot()) after every send()/take() before the
next poll. So a move the peer saw acknowledged is always in our flash, and a
move we sent is always in our flash before its first byte leaves.

Counters are full integers (snapshot: u32); DATA frames carry them mod 2**16,
which is unambiguous because at most `window` frames are ever in flight.
"""

import io

from core.compat import const, ticks_diff
from link.frame import D_DUP, D_FULL, D_ORDER, D_STATE, MAX_PAYLOAD, copy_bytes

_M16 = const(0xFFFF)
_SNAP_FORMAT = const(2)  # 2: the bank and the claim (1, read too: neither)
_SNAP_HEAD = const(26)
_SNAP_HEAD_1 = const(22)
_CLAIMED = const(4)  # snapshot byte 9: this side claimed the win (docs/link-protocol.md 5.7)


def _u32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def _put32(b, i, v):
    for k in range(4):
        b[i + k] = (v >> (8 * k)) & 0xFF


class Arq:
    """The stream state. Sequence counters:

    tx_base <= tx_sent <= tx_next: tx_base is the oldest message the peer has
    not acknowledged, tx_next the next number to give a queued message,
    tx_sent the next one to put on the wire (rewound to tx_base on a timeout),
    tx_high the highest transmitted + 1 (what an ack may cover).
    rx_read <= rx_got: rx_got counts messages received in order, rx_read
    those the game has taken (and which we acknowledge).
    """

    def __init__(self, window=4, tx_slots=16, rx_slots=4):
        self.window = window
        self.tx_slots = tx_slots
        self.rx_slots = rx_slots
        self._tx = [bytearray(MAX_PAYLOAD) for _ in range(tx_slots)]
        self._tx_len = bytearray(tx_slots)
        self._rx = [bytearray(MAX_PAYLOAD) for _ in range(rx_slots)]
        self._rx_len = bytearray(rx_slots)
        self._head = bytearray(_SNAP_HEAD)
        self._one = bytearray(1)
        self.stream = None  # 8-byte stream id (bytes) or None before the first link
        self.role = 0  # 0 or 1, fixed when the stream is made
        self.retransmits = 0
        self.clear()

    def clear(self):
        self.claimed = False  # this side claimed the win: the game is over, the stream never opens again
        self.bank = 0  # ms of the peer's time bank spent (link.match keeps it; saved with the stream)
        self.tx_base = self.tx_sent = self.tx_high = self.tx_next = 0
        self.rx_read = self.rx_got = 0
        self.ack_due = False
        self.sent_ms = 0  # when the oldest unacked frame was (re)sent
        self.backoff = 0  # timeouts in a row

    # --- the game's side -------------------------------------------------
    def queue(self, payload):
        """Queue one message (<= MAX_PAYLOAD bytes); False if the send queue is full."""
        n = len(payload)
        if n > MAX_PAYLOAD:
            raise ValueError("message too long")
        if self.tx_next - self.tx_base >= self.tx_slots:
            return False
        slot = self.tx_next % self.tx_slots
        copy_bytes(self._tx[slot], 0, payload, 0, n)
        self._tx_len[slot] = n
        self.tx_next += 1
        return True

    def take(self):
        """The next received message as bytes, or None. Taking it makes it acknowledgeable."""
        if self.rx_read >= self.rx_got:
            return None
        slot = self.rx_read % self.rx_slots
        msg = bytes(self._rx[slot][: self._rx_len[slot]])
        self.rx_read += 1
        self.ack_due = True
        return msg

    def waiting(self):
        """Messages received and not yet taken."""
        return self.rx_got - self.rx_read

    def unacked(self):
        """Messages sent (or queued) that the peer has not acknowledged yet."""
        return self.tx_next - self.tx_base

    def free(self):
        return self.tx_slots - (self.tx_next - self.tx_base)

    # --- the session's side ----------------------------------------------
    def on_data(self, seq16, buf, off, plen, drops):
        """A DATA frame arrived (payload buf[off:off+plen]); keep it if it is the next one."""
        d = (seq16 - self.rx_got) & _M16
        if d == 0:
            if self.rx_got - self.rx_read >= self.rx_slots:
                drops[D_FULL] += 1
                return False
            slot = self.rx_got % self.rx_slots
            copy_bytes(self._rx[slot], 0, buf, off, plen)
            self._rx_len[slot] = plen
            self.rx_got += 1
            return True
        if d >= 0x8000:
            drops[D_DUP] += 1  # already had it: our ack was lost, say it again
            self.ack_due = True
        else:
            drops[D_ORDER] += 1  # a gap before it: go-back-N drops it
        return False

    def on_ack(self, ack16, now, drops):
        """Cumulative ack: the peer has taken every message below ack16. Returns True on progress."""
        d = (ack16 - self.tx_base) & _M16
        if d == 0:
            return False
        if d > self.tx_high - self.tx_base:
            drops[D_STATE] += 1  # acks something never sent: ignore (not "order": it is no DATA
            # of the peer's on its way, and the forfeit clock starts again on those: link.match)
            return False
        self.tx_base += d
        if self.tx_sent < self.tx_base:
            self.tx_sent = self.tx_base
        self.sent_ms = now
        self.backoff = 0
        return True

    def next_data(self):
        """Sequence number of the next DATA frame to send now, or -1."""
        if self.tx_sent < self.tx_next and self.tx_sent - self.tx_base < self.window:
            return self.tx_sent
        return -1

    def payload(self, seq):
        slot = seq % self.tx_slots
        return self._tx[slot], self._tx_len[slot]

    def mark_sent(self, seq, now):
        if seq == self.tx_base:
            self.sent_ms = now
        if seq < self.tx_high:
            self.retransmits += 1
        self.tx_sent = seq + 1
        if self.tx_sent > self.tx_high:
            self.tx_high = self.tx_sent

    def check_timeout(self, now, rto):
        """Go back to the oldest unacked frame if it waited rto << backoff. Returns True if so."""
        if self.tx_high <= self.tx_base:
            return False
        if ticks_diff(now, self.sent_ms) < rto:
            return False
        self.tx_sent = self.tx_base
        self.backoff += 1
        return True

    def resend_now(self):
        """The cable is back: resend the oldest unacked frame at once, backoff reset."""
        self.tx_sent = self.tx_base
        self.backoff = 0

    def rewind(self):
        """A new link session: nothing is in flight, untaken messages will come again."""
        self.tx_sent = self.tx_base
        self.tx_high = self.tx_base
        self.rx_got = self.rx_read  # untaken messages are unacked: the peer resends them
        self.backoff = 0
        self.ack_due = True

    def resume(self, peer_read, peer_base, peer_next):
        """Apply the peer's RESUME counters: 0 when the two saved states fit together; else which
        side is behind, 1 this one (the peer read what we never sent, or had our acknowledgement
        of more than we have read), 2 the peer (it lost messages it had acknowledged)."""
        if peer_read > self.tx_next or self.rx_read < peer_base:
            return 1
        if peer_read < self.tx_base or self.rx_read > peer_next:
            return 2
        self.tx_base = peer_read
        self.rewind()
        return 0

    # --- flash -----------------------------------------------------------
    def write_snapshot(self, f):
        """Write the state to save to f (anything with write()): stream id, role, counters and
        every unacknowledged message, straight from the send queue (nothing big allocated)."""
        b = self._head
        for i in range(_SNAP_HEAD):
            b[i] = 0
        b[0] = _SNAP_FORMAT
        if self.stream is not None:
            b[1:9] = self.stream
            b[9] = 1 | (self.role << 1) | (_CLAIMED if self.claimed else 0)
        _put32(b, 10, self.tx_base)
        _put32(b, 14, self.tx_next)
        _put32(b, 18, self.rx_read)
        _put32(b, 22, self.bank)
        f.write(b)
        n = _SNAP_HEAD
        one = self._one
        for s in range(self.tx_base, self.tx_next):
            slot = s % self.tx_slots
            ln = self._tx_len[slot]
            one[0] = ln
            f.write(one)
            f.write(memoryview(self._tx[slot])[:ln])
            n += 1 + ln
        return n

    def snapshot(self):
        """The same as bytes (allocates: tests, tools)."""
        buf = io.BytesIO()
        self.write_snapshot(buf)
        return buf.getvalue()  # MicroPython's BytesIO has getvalue (its docs); the stub leaves it out  # pyright: ignore[reportAttributeAccessIssue]

    def restore(self, b):
        """Load a snapshot(); raises ValueError if it is damaged."""
        head = _SNAP_HEAD if len(b) and b[0] == _SNAP_FORMAT else _SNAP_HEAD_1  # an older save: format 1
        if len(b) < head or b[0] > _SNAP_FORMAT or b[0] < 1:
            raise ValueError("bad link snapshot")
        self.clear()
        if b[9] & 1:
            self.stream = bytes(b[1:9])
            self.role = (b[9] >> 1) & 1
            self.claimed = bool(b[9] & _CLAIMED)
        else:
            self.stream = None
        self.bank = _u32(b, 22) if head == _SNAP_HEAD else 0
        base = _u32(b, 10)
        nxt = _u32(b, 14)
        if nxt < base or nxt - base > self.tx_slots:
            raise ValueError("bad link snapshot")
        self.tx_base = self.tx_sent = self.tx_high = self.tx_next = base
        i = head
        for _ in range(nxt - base):
            if i >= len(b) or i + 1 + b[i] > len(b) or b[i] > MAX_PAYLOAD:
                raise ValueError("bad link snapshot")
            self.queue(b[i + 1 : i + 1 + b[i]])
            i += 1 + b[i]
        if i != len(b):
            raise ValueError("bad link snapshot")
        self.rx_read = self.rx_got = _u32(b, 18)
