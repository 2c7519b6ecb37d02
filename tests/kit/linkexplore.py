"""Exhaustive exploration of the link handshake on the real link.session code (CPython tests only).

Two Links talk over a virtual cable that carries whole frames. A state is
both Links (the real objects, cloned), what each side's game has sent, taken
and saved, and the frames in flight each way. From every state the explorer
tries every event:

- deliver the oldest frame in flight either way (no fault; both directions'
  orders are explored);
- faults, at most `faults` per run, on the handshake frames (HELLO, RESUME,
  ACK; DATA frames are only delivered, in order): lose one, duplicate one
  (a copy arrives now, the frame stays in flight), deliver one ahead of
  older frames (reordering), loop one back to its sender (an echo: the
  frame also stays in flight), and restart either side from its save;
- time: `ticks` times at most, `tick_ms` passes and both sides poll (their
  timers fire: probes, keepalives, retransmits);
- a player pressing "A: play that" on the rules screen (`presses` at most).

States are merged by a key made of everything that decides what a Link does
next (times relative to now), so each is expanded once.

Safety, checked on every step: a non-HELLO frame is taken only by the
session it was sent in (any other is dropped and counted "nonce"); two open
sides share one session id, stream and rules; each side's game has taken
exactly a prefix of what the other sent, in order, never twice.

Liveness, checked from every state with nothing in flight: with no more
faults (frames delivered in order, time passing, side 1's player adopting
the shown rules), both sides are open on the same session with every
message taken and acknowledged within `live_ms`.
"""


from host_tools.duel.cable import rand_source
from link import frame as lf
from link.session import ST_MISMATCH, ST_RULES, Link

HANDSHAKE = (lf.T_HELLO, lf.T_RESUME, lf.T_ACK)


class FastLink(Link):
    """The real Link; pacing off (a frame leaves whole at once): the handshake is what is explored."""

    tx_burst = 1 << 16


# Everything a Link holds; each is either copied for a clone or a scratch buffer the clones share
# (rebuilt within every poll). A new attribute fails the explorer until it is sorted here.
_SCRATCH = {"port", "_framer", "_out", "_ctl", "_chunk", "_rand"}
_COPIED = {
    "fw", "rules", "baud", "drops", "_deframer", "arq", "rto_ms", "_rate", "_credit", "_out_len",
    "_out_pos", "nonce", "peer_nonce", "sid", "sid_in", "_est", "_phase", "_sess_stream", "peer_fw",
    "peer_version", "peer_rules", "_used", "_gone", "peer_has_game", "mismatch", "behind", "peer_claimed",
    "_foreign_ms",
    "_now", "_heard_ms",
    "_sent_ms", "_timer_ms", "_want_hello", "_want_resume", "needs_save", "frames_tx", "frames_rx",
    "bytes_tx", "bytes_rx",
}
_NOT_STATE = {"drops", "frames_tx", "frames_rx", "bytes_tx", "bytes_rx", "_credit", "_now", "baud", "rto_ms",
              "_rate", "fw", "_deframer", "arq"}
_TIMES = ("_heard_ms", "_sent_ms", "_timer_ms", "_foreign_ms")
_CLIP = 2001  # no timer of the link's is longer (rto cap 2000 ms, dead 1600 ms)


class Port:
    """A UART end at frame level: bytes written are collected; delivered frames wait in rx."""

    def __init__(self):
        self.rx = bytearray()
        self.tx = bytearray()

    def any(self):
        return len(self.rx)

    def readinto(self, buf, n=None):
        k = min(len(self.rx), len(buf), len(self.rx) if n is None else n)
        if k <= 0:
            return None
        buf[:k] = self.rx[:k]
        del self.rx[:k]
        return k

    def write(self, buf):
        self.tx += buf
        return len(buf)


_KEY_ATTRS = tuple(sorted(_COPIED - _NOT_STATE))
_ALL = _SCRATCH | _COPIED


def _shallow(obj):
    c = object.__new__(type(obj))
    c.__dict__.update(obj.__dict__)
    return c


def clone_link(link):
    if len(link.__dict__) != len(_ALL) or set(link.__dict__) != _ALL:
        changed = set(link.__dict__) ^ _ALL
        raise AssertionError("Link attributes changed; sort them in linkexplore: %r" % changed)
    c = _shallow(link)
    c.port = Port()
    c._rand = _shallow(link._rand.__self__).randbytes
    c.drops = list(link.drops)
    c.sid = bytearray(link.sid)
    c.sid_in = bytearray(link.sid_in)
    d = _shallow(link._deframer)
    d.drops = c.drops
    c._deframer = d
    a = _shallow(link.arq)
    a._tx = [bytearray(b) for b in a._tx]
    a._tx_len = bytearray(a._tx_len)
    a._rx = [bytearray(b) for b in a._rx]
    a._rx_len = bytearray(a._rx_len)
    c.arq = a
    return c


def _rel(now, t):
    if t is None:
        return None
    d = now - t
    return _CLIP if d > _CLIP else d


def link_key(link, now):
    """Everything that decides what this Link does next, times taken relative to now."""
    if link._deframer._n or link._out_pos < link._out_len:
        raise AssertionError("a frame was left half read or half written")
    g = link.__dict__
    parts = []
    for k in _KEY_ATTRS:
        v = g[k]
        if k in _TIMES:
            v = _rel(now, v)
        elif type(v) is bytearray:
            v = bytes(v)
        parts.append(v)
    a = link.arq
    queued = tuple(bytes(a.payload(i)[0][: a.payload(i)[1]]) for i in range(a.tx_base, a.tx_next))
    parts.append((a.stream, a.role, a.tx_base, a.tx_next, a.rx_read, a.tx_sent, a.tx_high, a.rx_got,
                  a.ack_due, a.backoff, _rel(now, a.sent_ms), queued))
    r = link._rand.__self__
    parts.append((r._z, r._w))
    return tuple(parts)


class World:
    """Two handhelds, their games' bookkeeping and the frames in flight."""

    def __init__(self, rules, msgs=2, seed=1):
        self.now = 0
        self.seed = seed
        self.rules = list(rules)
        self.boots = [0, 0]
        self.flash = [None, None]
        self.saved = [(0, 0), (0, 0)]
        self.outbox = [[b"a%d" % i for i in range(msgs)], [b"b%d" % i for i in range(msgs)]]
        self.sent = [0, 0]
        self.started = [False, False]  # the link opened once: the game began and saves
        self.new_games = 0
        self.inbox = [[], []]
        self.net = [(), ()]  # frames in flight from side d: (type, bytes, session tag)
        self.faults = 0
        self.ticks = 0
        self.presses = 0
        self.links = [self._boot(0), self._boot(1)]
        for s in (0, 1):
            self.step(s)

    def _boot(self, s):
        self.boots[s] += 1
        rand = rand_source(self.seed * 1000 + s * 100 + self.boots[s])
        return FastLink(Port(), rand, self.now, fw=(1, 0, 0), rules=self.rules[s], saved=self.flash[s],
                        tx_slots=4)

    def clone(self):
        w = _shallow(self)
        w.links = [clone_link(x) for x in self.links]
        w.boots = list(self.boots)
        w.flash = list(self.flash)
        w.saved = list(self.saved)
        w.sent = list(self.sent)
        w.started = list(self.started)
        w.inbox = [list(self.inbox[0]), list(self.inbox[1])]
        w.net = list(self.net)
        w.rules = list(self.rules)
        return w

    def key(self, budgets=True):
        k = (
            link_key(self.links[0], self.now), link_key(self.links[1], self.now),
            tuple(self.sent), tuple(self.started), len(self.inbox[0]), len(self.inbox[1]),
            tuple(self.flash), tuple(self.saved),
            tuple(self.boots), self.net[0], self.net[1],
        )
        return k + ((self.faults, self.ticks, self.presses) if budgets else ())

    # -- the game's loop on one side, as host_tools.duel.cable.Pair plays it ---------------------------------
    def _save(self, s):
        link = self.links[s]
        self.flash[s] = link.snapshot()
        self.saved[s] = (len(self.inbox[s]), self.sent[s])

    def step(self, s):
        """One game-loop turn of side s, as battleship.cable.game plays it: its messages are queued once the
        link first opens (the coin commitment), and from then on it saves after every send and take,
        before the next poll; what the link wrote goes on the wire."""
        link = self.links[s]
        box = self.outbox[s]
        if self.started[s]:
            while self.sent[s] < len(box) and link.send(box[self.sent[s]]):
                self.sent[s] += 1
            if link.needs_save:
                self._save(s)
        link.poll(self.now)
        if not self.started[s] and link._phase == 4:
            self.started[s] = True
            while self.sent[s] < len(box) and link.send(box[self.sent[s]]):
                self.sent[s] += 1
        while True:
            m = link.recv()
            if m is None:
                break
            self.inbox[s].append(m)
        if self.started[s] and link.needs_save:
            self._save(s)
        out = link.port.tx
        if out:
            tag = (link.nonce, link.peer_nonce, link.rules, link._phase >= 2)
            frames = tuple((t, raw, tag) for t, raw in _frames(bytes(out)))
            link.port.tx = bytearray()
            self.net[s] = self.net[s] + frames
        self.check()

    def arrive(self, s, frame):
        """frame reaches side s; its session checks must take it only if sent in s's session."""
        link = self.links[s]
        t, raw, tag = frame
        before = link.drops[lf.D_NONCE]
        mine = link._phase >= 2 and tag == (link.peer_nonce, link.nonce, link.rules, True)
        link.port.rx += raw
        self.step(s)
        if t != lf.T_HELLO and not mine and link.drops[lf.D_NONCE] != before + 1:
            raise AssertionError("side %d took a frame of another session: %r" % (s, frame))

    def check(self):
        for s in (0, 1):
            got = self.inbox[s]
            if got != self.outbox[1 - s][: len(got)]:
                raise AssertionError("side %d took %r, not a prefix of %r" % (s, got, self.outbox[1 - s]))
        a, b = self.links
        if a._phase == 4 and b._phase == 4 and bytes(a.sid) == bytes(b.sid_in):
            if bytes(b.sid) != bytes(a.sid_in) or a.rules != b.rules or a.stream != b.stream:
                what = (a.rules, b.rules, a.stream, b.stream)
                raise AssertionError("both open on one session with different rules or games %r" % (what,))

    # -- events -------------------------------------------------------------------------------
    def take_frame(self, d, i):
        q = self.net[d]
        f = q[i]
        self.net[d] = q[:i] + q[i + 1 :]
        return f

    def restart(self, s):
        self.inbox[s] = self.inbox[s][: self.saved[s][0]]
        self.sent[s] = self.saved[s][1]
        self.started[s] = self.flash[s] is not None
        self.links[s] = self._boot(s)
        self.step(s)

    def tick(self, ms):
        self.now += ms
        self.step(0)
        self.step(1)

    def press(self, s):
        link = self.links[s]
        link.set_rules(link.peer_rules)
        self.step(s)

    def new_game(self, s):
        """The player takes "A: new game" on the mismatch screen (battleship.cable.connect: a side whose game
        began, when the peer holds another game or none): both start this game over."""
        self.links[s].new_stream()
        self.new_games += 1
        self.started[s] = False
        self.sent[s] = 0
        self.inbox[s] = []
        self.flash[s] = None
        self.saved[s] = (0, 0)
        self.step(s)

    def can_press(self, s):
        link = self.links[s]
        return link.status() == ST_RULES and link.peer_rules is not None and link.peer_rules != link.rules

    def done(self):
        a, b = self.links
        return (
            a._phase == 4 and b._phase == 4 and bytes(a.sid) == bytes(b.sid_in) and all(self.started)
            and self.inbox[0] == self.outbox[1] and self.inbox[1] == self.outbox[0]
            and a.unacked() == 0 and b.unacked() == 0 and not self.net[0] and not self.net[1]
        )


_BODY = bytearray(300)


def _frames(data):
    """[(type, wire bytes)] of the whole frames in data (the link only writes whole, valid ones)."""
    out = []
    for part in data.split(b"\x00"):
        if part:
            if lf.cobs_decode(part, len(part), _BODY) < 15:
                raise AssertionError("the link wrote a bad frame")
            out.append((_BODY[1], b"\x00" + part + b"\x00"))
    return out


def successors(w, faults, ticks, tick_ms, presses):
    """(label, world) for every event allowed in w."""
    for d in (0, 1):
        q = w.net[d]
        for i in range(len(q)):
            hs = q[i][0] in HANDSHAKE
            if i == 0:
                n = w.clone()
                n.arrive(1 - d, n.take_frame(d, 0))
                yield ("deliver", d, i), n
            if not hs or w.faults >= faults:
                continue
            if i > 0 and all(f[2] == q[i][2] for f in q[:i]):
                n = w.clone()
                n.faults += 1
                n.arrive(1 - d, n.take_frame(d, i))
                yield ("reorder", d, i), n
            n = w.clone()
            n.faults += 1
            n.take_frame(d, i)
            yield ("lose", d, i), n
            if i == 0:
                n = w.clone()
                n.faults += 1
                n.arrive(1 - d, q[i])
                yield ("duplicate", d, i), n
            n = w.clone()
            n.faults += 1
            n.arrive(d, q[i])
            yield ("loop back", d, i), n
    if w.faults < faults:
        for s in (0, 1):
            n = w.clone()
            n.faults += 1
            n.restart(s)
            yield ("restart", s), n
    if w.ticks < ticks:
        n = w.clone()
        n.ticks += 1
        n.tick(tick_ms)
        yield ("tick",), n
    if w.presses < presses:
        for s in (0, 1):
            if w.can_press(s):
                n = w.clone()
                n.presses += 1
                n.press(s)
                yield ("press A", s), n


def settle(w, live_ms, step_ms=10):
    """Fault-free from w: (ms until done(), "new game" presses), or None if not within live_ms."""
    t = 0
    while True:
        while w.net[0] or w.net[1]:
            for d in (0, 1):
                if w.net[d]:
                    w.arrive(1 - d, w.take_frame(d, 0))
        if w.done():
            return t, w.new_games
        if t >= live_ms:
            return None
        if w.can_press(1):
            w.press(1)
            continue
        pressed = False
        for s in (0, 1):
            if w.links[s].status() == ST_MISMATCH and w.started[s]:
                w.new_game(s)
                pressed = True
        if pressed:
            continue
        w.tick(step_ms)
        t += step_ms


def explore(rules, faults=2, ticks=2, tick_ms=250, presses=2, live_ms=4000, msgs=2, seed=1, trace=None):
    """Every state reachable within the bounds; returns a summary dict. Raises on a violation,
    naming the path that led to it."""
    start = World(rules, msgs, seed)
    seen = {start.key(): None}
    frontier = [(start, ())]
    live = {}
    worst = 0
    new_games = 0
    transitions = 0
    while frontier:
        nxt = []
        for w, path in frontier:
            if not w.net[0] and not w.net[1]:
                k = w.key(budgets=False)
                if k not in live:
                    try:
                        t = settle(w.clone(), live_ms)
                    except AssertionError as e:
                        raise AssertionError("%s after %r" % (e, path)) from None
                    if t is None:
                        raise AssertionError("no link within %d ms after %r" % (live_ms, path))
                    live[k] = t
                    worst = max(worst, t[0])
                    if t[1]:
                        raise AssertionError("a new game was needed after %r" % (path,))
            try:
                for label, n in successors(w, faults, ticks, tick_ms, presses):
                    transitions += 1
                    k = n.key()
                    if k not in seen:
                        seen[k] = None
                        nxt.append((n, path + (label,)))
            except AssertionError as e:
                raise AssertionError("%s after %r" % (e, path)) from None
        frontier = nxt
    return {"states": len(seen), "transitions": transitions, "settled": len(live), "worst_ms": worst,
            "new_games": new_games}
