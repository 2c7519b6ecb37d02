"""The link cable session: handshake, session nonce, resume after a restart, keepalive.

Link drives one UART-like port (write / readinto / any) without ever blocking:
the game loop calls poll(now_ms) once per iteration, and poll reads what has
arrived, runs the timers and writes at most what the baud rate let drain since
the last call (so the UART's transmit buffer never fills and write() never
waits). Between polls the game calls send()/recv() and reads status().

Owns: the HELLO exchange (protocol version, firmware version, rules), the
per-boot nonces and the session id that makes frames from before a reset
worthless, RESUME (which saved game, which message next), "unplugged"
detection and keepalives. Reliable delivery itself is link.arq, framing
link.frame. Wire formats and the state machine: docs/link-protocol.md.
"""

import binascii

from core.compat import const, ticks_diff
from link.arq import Arq
from link.frame import (
    D_MALFORMED,
    D_NONCE,
    D_STATE,
    DROP_NAMES,
    HDR,
    MAX_WIRE,
    MIN_WIRE,
    N_DROPS,
    OFF_LEN,
    T_ACK,
    T_DATA,
    T_HELLO,
    T_RESUME,
    VERSION,
    Deframer,
    Framer,
)
from link.match import (  # noqa: F401  (status() values and mismatch reasons, for the games)
    FW,
    M_CLAIMED,
    M_FORGED,
    M_OTHER_GAME,
    M_OUT_OF_STEP,
    ST_CONNECTING,
    ST_MISMATCH,
    ST_OPEN,
    ST_RULES,
    ST_SYNCING,
    ST_UNPLUGGED,
    ST_VERSION,
)

# status() values and mismatch reasons come from link.match (named once for every cable game).
STATUS_NAMES = ("connecting", "unplugged", "version", "rules", "syncing", "mismatch", "open")
_M_NONE = const(0)

# Rules bytes carried in HELLO: (game, flags).
GAME_BATTLESHIP = const(1)
GAME_TORPEDO = const(2)
GAME_EXPRESS = const(3)
GAME_CARDS = const(4)  # the card game over the cable (docs/link-protocol.md 9); 3 is Express
RULE_SALVO = const(1)
RULE_TOUCHING = const(2)

_PH_HELLO = const(0)
_PH_RULES = const(1)
_PH_SYNC = const(2)
_PH_MISMATCH = const(3)
_PH_OPEN = const(4)
_PHASE_STATUS = (ST_CONNECTING, ST_RULES, ST_SYNCING, ST_MISMATCH, ST_OPEN)

_HELLO_MIN = const(14)
_MAX_RULES = const(16)
_RESUME_LEN = const(21)
_NEED_REPLY = const(1)
_ROLE = const(2)  # RESUME flags: the sender's role in its stream
_USED = const(4)  # ... and its stream has opened on its side (a game, not a proposal)
_CLAIMED = const(8)  # ... and its side claimed the win (the other left): the game is over (5.7)
_REPLY = const(1)  # _want_hello / _want_resume: answer the peer
_PROBE = const(2)  # ... or ask it (a HELLO asks only while not linked, 3.2)
_ZERO4 = b"\x00\x00\x00\x00"
_GONE = const(4)


def _u32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def _put32(b, i, v):
    for k in range(4):
        b[i + k] = (v >> (8 * k)) & 0xFF


class Link:
    """One end of the cable. Tunables are class attributes (ms, bytes)."""

    hello_ms = 250  # HELLO / RESUME retry while not linked
    keepalive_ms = 500  # an idle linked side sends an ACK this often
    dead_ms = 1600  # this long without a valid frame: unplugged
    # the peer's slowest frame inside the retransmit timeout: measured on the emulated Pico
    # (bench rp2 pair: 620 ms, a Link battle's fleet commitment) plus a sector erase (45 ms)
    slack_ms = 700
    rto_max_ms = 2000  # retransmit backoff cap
    rx_budget = 1024  # bytes read per poll at most
    tx_burst = 256  # bytes written per poll at most (keep <= the UART txbuf; rp2's default is 256)

    def __init__(self, port, rand, now_ms, fw=FW, rules=b"", baud=115200, saved=None,
                 window=4, tx_slots=16, rx_slots=4):
        if len(rules) > _MAX_RULES:
            raise ValueError("rules too long")
        self.port = port
        self._rand = rand
        self.fw = fw
        self.rules = bytes(rules)
        self.baud = baud
        self.drops = [0] * N_DROPS
        self._framer = Framer()
        self._out = memoryview(self._framer.out)
        self._deframer = Deframer(self.drops)
        self.arq = Arq(window, tx_slots, rx_slots)
        if saved:
            self.arq.restore(saved)
        used = self.arq.stream is not None
        # Retransmit timeout from the baud rate: a full window of the longest
        # frames out and an ack back, twice, plus the peer's loop period.
        frame_ms = (MAX_WIRE * 10000 + baud - 1) // baud
        ack_ms = (MIN_WIRE * 10000 + baud - 1) // baud
        self.rto_ms = 2 * (window * frame_ms + ack_ms) + self.slack_ms
        self._rate = baud // 10  # bytes per second = milli-bytes per ms
        self._credit = self.tx_burst * 1000
        self._chunk = bytearray(64)
        self._ctl = bytearray(_HELLO_MIN + _MAX_RULES)
        self._out_len = 0
        self._out_pos = 0
        self.nonce = self._new_nonce()
        self.peer_nonce = None
        self._gone = (_ZERO4,) * _GONE  # our own earlier nonces (a looped-back HELLO may carry one)
        self.sid = bytearray(4)  # session id on the frames we send (zero: no session)
        self.sid_in = bytearray(4)  # ... and on the peer's: the same, every bit inverted
        self._est = False  # the peer has echoed our current nonce
        self._phase = _PH_HELLO
        self._sess_stream = None
        self._used = used  # our stream has opened here (or came from a save): it is a game
        self.peer_fw = None
        self.peer_version = None
        self.peer_rules = None
        self.peer_has_game = False
        self.mismatch = _M_NONE
        self.behind = False  # out of step (M_OUT_OF_STEP): this side's save is the older one
        self.peer_claimed = False  # M_CLAIMED: the other side claimed the win (else this one did)
        self._foreign_ms = None
        self._now = now_ms
        self._heard_ms = now_ms
        self._sent_ms = now_ms
        self._timer_ms = now_ms
        self._want_hello = _PROBE
        self._want_resume = 0  # 0 no, _REPLY: answer a probe, _PROBE: ask for the peer's RESUME
        self.needs_save = False
        self.frames_tx = self.frames_rx = self.bytes_tx = self.bytes_rx = 0

    # ------------------------------------------------------------------ game API
    def status(self):
        """One of ST_*, as of the last poll."""
        now = self._now
        quiet = ticks_diff(now, self._heard_ms) >= self.dead_ms
        # A foreign HELLO names the other handheld only when ours is not talking to us: one
        # passing by a live session (noise, a third device) changes nothing on the screen.
        if self._foreign_ms is not None and ticks_diff(now, self._foreign_ms) < self.dead_ms:
            if quiet or self._phase < _PH_SYNC:
                return ST_VERSION
        if quiet:
            return ST_UNPLUGGED
        return _PHASE_STATUS[self._phase]

    def send(self, msg):
        """Queue one message (<= 240 bytes) for reliable, ordered delivery. False if the queue is full.

        Save (snapshot()) before the next poll: the message leaves only then."""
        if not self.arq.queue(msg):
            return False
        self.needs_save = True
        return True

    def recv(self):
        """The peer's next message (bytes) or None. Save before the next poll: that poll acknowledges it."""
        m = self.arq.take()
        if m is not None:
            self.needs_save = True
        return m

    def unacked(self):
        """Our messages the peer has not confirmed yet (show 'sending...' while > 0)."""
        return self.arq.unacked()

    def waiting(self):
        """The peer's messages received and not yet taken with recv()."""
        return self.arq.waiting()

    def free(self):
        """Room left in the send queue (16 messages)."""
        return self.arq.free()

    @property
    def acked(self):
        """How many of our messages the peer has taken and acknowledged (the last acked move + 1)."""
        return self.arq.tx_base

    @property
    def big(self):
        """Damaged frames received that were too long to be anything but the peer's DATA."""
        return self._deframer.big

    @property
    def queued(self):
        """How many messages we have ever queued in this stream (the next one's number)."""
        return self.arq.tx_next

    @property
    def taken(self):
        """How many of the peer's messages we have taken with recv()."""
        return self.arq.rx_read

    @property
    def role(self):
        """0 or 1, fixed for the stream (the game) when it was made; the two sides differ."""
        return self.arq.role

    @property
    def stream(self):
        return self.arq.stream

    def write_snapshot(self, f):
        """Write the link's part of the save to f (a file open for writing); returns its length.

        Save it with the game's own state in one atomic save (temp file + rename) after
        every send()/recv(), before the next poll. Allocates nothing big."""
        self.needs_save = False
        return self.arq.write_snapshot(f)

    def snapshot(self):
        """The link's part of the save as bytes (allocates up to 3.9 KB: prefer write_snapshot)."""
        self.needs_save = False
        return self.arq.snapshot()

    def new_stream(self):
        """Forget the saved stream (after ST_MISMATCH, or to start a new game): counters to 0, queue empty."""
        self.arq.clear()
        self.arq.stream = None
        self.mismatch = _M_NONE
        self.needs_save = True
        if self._phase >= _PH_SYNC:
            self._fresh_stream()
            self._phase = _PH_SYNC
            self._want_resume = _PROBE

    def claim(self):
        """This side claims the win (the other left: docs/link-protocol.md 5.7). Saved with the
        stream; every RESUME says so from now on, and the stream never opens again: the link
        asks for the peer's RESUME at once, so a cable plugged back in tells the other side."""
        self.arq.claimed = True
        self.needs_save = True
        if self._phase >= _PH_SYNC:
            self._claimed(False)
            self._want_resume = _PROBE

    def _claimed(self, theirs):
        self._phase = _PH_MISMATCH
        self.mismatch = M_CLAIMED
        self.peer_claimed = theirs

    @property
    def claimed(self):
        return self.arq.claimed

    @property
    def bank(self):
        """ms of the peer's time bank spent (link.match counts it; saved with the stream)."""
        return self.arq.bank

    @bank.setter
    def bank(self, ms):
        self.arq.bank = ms

    def quiet_ms(self):
        """ms since the last valid frame of the peer's (as of the last poll)."""
        return ticks_diff(self._now, self._heard_ms)

    def set_rules(self, rules):
        """Change the rules offered in HELLO (e.g. accept peer_rules after ST_RULES)."""
        if len(rules) > _MAX_RULES:
            raise ValueError("rules too long")
        if bytes(rules) == self.rules:
            return
        self.rules = bytes(rules)
        self._want_hello = _PROBE  # tell the peer; it asks for a reply only if we are not linked
        self._settle()

    def stats(self):
        d = {}
        for i in range(N_DROPS):
            d["drop_" + DROP_NAMES[i]] = self.drops[i]
        d["retransmits"] = self.arq.retransmits
        d["frames_tx"] = self.frames_tx
        d["frames_rx"] = self.frames_rx
        d["bytes_tx"] = self.bytes_tx
        d["bytes_rx"] = self.bytes_rx
        return d

    # ------------------------------------------------------------------ the loop
    def poll(self, now_ms):
        """Read, run timers, write. Never blocks; bounded work per call."""
        elapsed = ticks_diff(now_ms, self._now)
        self._now = now_ms
        if elapsed > 0:
            if elapsed > 1000:
                elapsed = 1000
            self._credit += elapsed * self._rate
            cap = self.tx_burst * 1000
            if self._credit > cap:
                self._credit = cap
        self._read(now_ms)
        self._timers(now_ms)
        self._write(now_ms)

    def _read(self, now):
        port = self.port
        chunk = self._chunk
        d = self._deframer
        budget = self.rx_budget
        while budget > 0:
            n = port.any()
            if n <= 0:
                break
            if n > 64:
                n = 64
            n = port.readinto(chunk, n)  # never more than is there: no UART timeout can block
            if not n:
                break
            budget -= n
            self.bytes_rx += n
            i = 0
            while i < n:
                i = d.push(chunk, i, n)
                if d.ready:
                    self._frame(now)

    def _timers(self, now):
        ph = self._phase
        due = ticks_diff(now, self._timer_ms)
        if ph == _PH_HELLO:
            if due >= self.hello_ms:
                self._want_hello = _PROBE
        elif ph == _PH_RULES:
            if due >= self.keepalive_ms:
                self._want_hello = _PROBE
        elif ph == _PH_SYNC:
            if due >= self.hello_ms:
                self._want_resume = _PROBE
        elif ph == _PH_MISMATCH:
            if due >= self.keepalive_ms:
                self._want_resume = _PROBE  # keep asking: a mismatch may heal (new_stream)
        else:
            arq = self.arq
            b = arq.backoff
            rto = self.rto_max_ms if b > 4 else self.rto_ms << b
            if rto > self.rto_max_ms:
                rto = self.rto_max_ms
            arq.check_timeout(now, rto)
            if ticks_diff(now, self._sent_ms) >= self.keepalive_ms:
                arq.ack_due = True

    def _write(self, now):
        out = self._out
        while True:
            if self._out_pos < self._out_len:
                k = self._out_len - self._out_pos
                c = self._credit // 1000
                if k > c:
                    k = c
                if k <= 0:
                    return
                w = self.port.write(out[self._out_pos : self._out_pos + k])
                if not w:
                    return
                self._out_pos += w
                self._credit -= w * 1000
                self.bytes_tx += w
                if w < k:
                    return
                continue
            if self._credit < 1000 or not self._build(now):
                return

    def _build(self, now):
        """Put the next frame due into the output buffer; False if nothing is due."""
        f = self._framer
        arq = self.arq
        if self._want_hello:
            probe = self._want_hello == _PROBE
            n = self._hello_payload(probe and self._phase < _PH_SYNC)
            self._want_hello = 0
            n = f.build(T_HELLO, _ZERO4, 0, 0, self._ctl, n)
            if probe:
                self._timer_ms = now  # a reply does not put off our own next question
        elif self._want_resume:
            c = self._ctl
            c[0:8] = self.arq.stream  # a resume is wanted only once arq has a stream  # pyright: ignore[reportArgumentType,reportCallIssue]
            _put32(c, 8, arq.rx_read)
            _put32(c, 12, arq.tx_base)
            _put32(c, 16, arq.tx_next)
            probe = self._want_resume == _PROBE
            fl = (_ROLE if arq.role else 0) | (_USED if self._used else 0) | (_CLAIMED if arq.claimed else 0)
            c[20] = (_NEED_REPLY if probe else 0) | fl
            self._want_resume = 0
            n = f.build(T_RESUME, self.sid, 0, 0, c, _RESUME_LEN)
            if probe:
                self._timer_ms = now
        elif self._phase == _PH_OPEN:
            seq = arq.next_data()
            if seq >= 0:
                buf, ln = arq.payload(seq)
                n = f.build(T_DATA, self.sid, seq, arq.rx_read, buf, ln)
                arq.mark_sent(seq, now)
            elif arq.ack_due:
                n = f.build(T_ACK, self.sid, 0, arq.rx_read, self._ctl, 0)
            else:
                return False
            arq.ack_due = False
        else:
            return False
        self._out_len = n
        self._out_pos = 0
        self._sent_ms = now
        self.frames_tx += 1
        return True

    def _hello_payload(self, ask):
        """HELLO asks for a reply while we are not established (the peer must echo our nonce),
        and when it is a probe of a side not linked (the peer's answer carries its rules and
        echo: a lost HELLO of the peer's is asked for again). A reply of a linked side never asks,
        so two HELLOs never ping-pong."""
        c = self._ctl
        c[0] = VERSION
        c[1] = self.fw[0]
        c[2] = self.fw[1]
        c[3] = self.fw[2]
        c[4:8] = self.nonce
        c[8:12] = self.peer_nonce if self.peer_nonce is not None else _ZERO4
        c[12] = _NEED_REPLY if ask or not self._est else 0
        n = len(self.rules)
        c[13] = n
        c[_HELLO_MIN : _HELLO_MIN + n] = self.rules
        return _HELLO_MIN + n

    # ------------------------------------------------------------------ receiving
    def _frame(self, now):
        d = self._deframer
        if d.ready == 2:
            self._foreign(now)
            return
        self.frames_rx += 1
        t = d.ftype()
        if t == T_HELLO:
            self._hello(now)
            return
        if self._phase < _PH_SYNC or not d.sid_is(self.sid_in):
            # Not this session's: from before a reset, our own frame looped back, or stray.
            self.drops[D_NONCE] += 1
            if self._est and not self._want_hello:
                # The peer believes in a session we do not share (it missed a HELLO of ours, or
                # took a late one): our HELLO tells it who we are now and which rules we want.
                self._want_hello = _REPLY
            return
        self._heard(now)
        if t == T_RESUME:
            self._resume()
            return
        if self._phase != _PH_OPEN:
            self.drops[D_STATE] += 1
            return
        if t == T_ACK and d.plen():
            self.drops[D_MALFORMED] += 1  # an ACK carries nothing
            return
        self.arq.on_ack(d.ack(), now, self.drops)
        if t == T_DATA:
            self.arq.on_data(d.seq(), d.body, HDR, d.plen(), self.drops)

    def _heard(self, now):
        if self._phase == _PH_OPEN and ticks_diff(now, self._heard_ms) >= self.dead_ms:
            self.arq.resend_now()  # the cable is back: don't wait out the backoff
        self._heard_ms = now

    def _foreign(self, now):
        b = self._deframer.body
        if b[1] != T_HELLO or self._deframer.length < HDR + 4 + 4 or b[OFF_LEN] < 4:
            return
        self.peer_version = b[HDR]
        self.peer_fw = (b[HDR + 1], b[HDR + 2], b[HDR + 3])
        self._foreign_ms = now

    def _hello(self, now):
        b = self._deframer.body
        n = self._deframer.plen()
        p = HDR
        if n < _HELLO_MIN or b[p] != VERSION or b[p + 13] > _MAX_RULES or n != _HELLO_MIN + b[p + 13]:
            self.drops[D_MALFORMED] += 1
            return
        pn = bytes(b[p + 4 : p + 8])
        if pn == _ZERO4:
            self.drops[D_MALFORMED] += 1
            return
        if pn in self._gone:
            self.drops[D_STATE] += 1  # a late copy of a HELLO of ours, looped back
            return
        if pn == self.nonce:
            # Our own HELLO looped back, or a peer that drew our nonce (1 in 2**32): the nonce
            # no longer names this boot alone. Draw another and start over as a reboot would
            # (the session id was made from the old one); the next HELLO goes on the timer,
            # so a cable looped back on itself costs one HELLO per hello_ms.
            self.drops[D_STATE] += 1
            self._forget(self.nonce)
            self.nonce = self._new_nonce()
            self._est = False
            self._unlink()
            return
        self._heard(now)
        self._foreign_ms = None
        self.peer_version = VERSION
        self.peer_fw = (b[p + 1], b[p + 2], b[p + 3])
        self.peer_rules = bytes(b[p + _HELLO_MIN : p + n])
        if pn != self.peer_nonce:
            self.peer_nonce = pn  # a new peer, or the peer restarted: new session, resume later
            self._est = False
            self._unlink()
        if bytes(b[p + 8 : p + 12]) == self.nonce:
            self._est = True
        if (b[p + 12] & _NEED_REPLY) or not self._est:
            if not self._want_hello:
                self._want_hello = _REPLY
        self._settle()

    def _forget(self, nonce):
        self._gone = (nonce,) + self._gone[: _GONE - 1]

    def _settle(self):
        """Linked exactly while established with equal rules: a change of either starts or drops
        the session (the session id is made of both nonces and the rules)."""
        if self._phase >= _PH_SYNC:
            if self._est and self.peer_rules == self.rules:
                return
            self._unlink()
        if not self._est:
            return
        if self.peer_rules == self.rules:
            self._link()
        elif self._phase != _PH_RULES:
            self._phase = _PH_RULES
            self._want_hello = _PROBE  # ask at once: the peer may still believe the rules agree

    def _unlink(self):
        """Drop the session: handshake again; untaken messages will come again, nothing in flight."""
        self._phase = _PH_HELLO
        self._want_resume = 0
        self.arq.rewind()
        for i in range(4):
            self.sid[i] = 0
            self.sid_in[i] = 0

    def _link(self):
        """Both nonces known and echoed, same rules: start the session and RESUME."""
        n = self.nonce
        pn = self.peer_nonce
        r = binascii.crc32(self.rules)
        flip = 0xFF if n > pn else 0  # the larger nonce sends it inverted; pn came in HELLO  # pyright: ignore[reportOperatorIssue]
        for i in range(4):
            v = n[i] ^ pn[i] ^ ((r >> (8 * i)) & 0xFF)  # pn came in HELLO  # pyright: ignore[reportOptionalSubscript]
            self.sid[i] = v ^ flip
            self.sid_in[i] = v ^ flip ^ 0xFF
        if n < pn:  # the peer's nonce came with its HELLO  # pyright: ignore[reportOperatorIssue]
            self._sess_stream = n + pn  # the peer's nonce came with its HELLO  # pyright: ignore[reportOperatorIssue]
        else:
            self._sess_stream = pn + n  # pn came in HELLO  # pyright: ignore[reportOptionalOperand]
        if self.arq.stream is None:
            self._fresh_stream()
        self.arq.rewind()
        self._phase = _PH_SYNC
        self._want_resume = _PROBE

    def _fresh_stream(self):
        self.arq.stream = self._sess_stream
        self.arq.role = 0 if self.nonce < self.peer_nonce else 1  # the peer's nonce came with its HELLO  # pyright: ignore[reportOperatorIssue]
        self._used = False
        self.needs_save = True

    def _resume(self):
        b = self._deframer.body
        if self._deframer.plen() != _RESUME_LEN:
            self.drops[D_MALFORMED] += 1
            return
        p = HDR
        if b[p + 20] & _NEED_REPLY and not self._want_resume:
            self._want_resume = _REPLY
        stream = bytes(b[p : p + 8])
        used = b[p + 20] & _USED
        self.peer_has_game = bool(used)
        if stream != self.arq.stream and not self._give_way(stream, used, b[p + 20] & _ROLE):
            return
        claimed = self.arq.claimed or b[p + 20] & _CLAIMED
        if self._phase == _PH_OPEN and not claimed:
            self.drops[D_STATE] += 1  # a late copy of a RESUME we already applied (answered, if asked)
            return
        behind = self.arq.resume(_u32(b, p + 8), _u32(b, p + 12), _u32(b, p + 16))
        if behind == 1 and self._used:
            # A side that holds its game (its own save, written before anything left: 5.2) is
            # never behind on the peer's word: counters that say it read what we never sent, or
            # had our acknowledgement of what we never took, are a lie, named (5.6)
            self._phase = _PH_MISMATCH
            self.mismatch = M_FORGED
            self.behind = False
        elif claimed:
            # a side claimed the win (5.7): the game is over, the stream never opens again; the
            # claimant's save wins (a later RESUME of the same stream finds it here)
            self._claimed(not self.arq.claimed)
        elif behind:
            # out of step: the peer came back with an older save of this game (2), or this side
            # with none (1): the side ahead decides (link.screen)
            self._phase = _PH_MISMATCH
            self.mismatch = M_OUT_OF_STEP
            self.behind = behind == 1
        else:
            self.mismatch = _M_NONE
            self._phase = _PH_OPEN
            self._used = True

    def _give_way(self, stream, used, role):
        """The peer's RESUME names another stream. A stream that never opened on its side is only a
        proposal and gives way to a game; two proposals both become this session's fresh stream.
        True if the streams now agree (go on to the counters)."""
        if self._used:
            if used:
                self._phase = _PH_MISMATCH  # two games: the players decide (new_stream())
                self.mismatch = M_OTHER_GAME
            elif not self._want_resume:
                self._want_resume = _REPLY  # ours stands: tell the peer, it gives way
            return False
        if used:
            self.arq.stream = stream  # join the peer's game: the counters check that it fits
            self.arq.role = 0 if role else 1
            self.needs_save = True
            return True
        if self.arq.stream != self._sess_stream:
            self._fresh_stream()
            self._want_resume = _PROBE
        return stream == self.arq.stream

    def _new_nonce(self):
        while True:
            n = bytes(self._rand(4))
            if n != _ZERO4:
                return n
