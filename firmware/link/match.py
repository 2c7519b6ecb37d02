"""One harness for every cable game: the frame's loop, the forfeit clock, the saving rule and
the save's framing. Pure: no screen, no clock of its own, no flash but through the app.

A cable game (Link battle and salvo, Express, the card game, Torpedo) is a Match subclass
that supplies only its protocol (docs/link-protocol.md section 10):

    rules             HELLO rules bytes (link(app, ...) builds its Link with them)
    started()         the game has begun (the coin is in the air, or later)
    _open()           the link is open on a fresh game: start it (the coin toss)  -> EV bits
    _take(m)          one message of the peer's                                    -> EV bits
                      (a lie or a broken rule raises CheatError; a malformed message
                      ValueError, IndexError or TypeError: both end up in _caught(e))
    _caught(e)        end the game in its CHEAT phase, naming e
    _work()           work that takes frames (the card game's exponentiations)     -> EV bits
    _part(k)          our fleet commitment's part k (the int k in `out` stands for it)
    owed()            the peer owes a message no person has to think about
    _forfeit()        ... and stayed silent FORFEIT_MS: we win                     -> EV bits
    taking()          messages are taken now (Torpedo's screens take moves with next())
    write_state(sink) the game's state into its save; saves() when one is worth keeping
    save_as()         (slot, label key, how far, unit key) of the save

Each frame the app calls tick(app) once, before the top screen's update, as it runs sound:
save when due (a move made in the last frame leaves in this poll: it is in flash first), then
step(now): poll the link, start the game when the link opens, hand each message to the game,
let it work, drain its outbox into the link, run the forfeit clock; then save again when due
(what was taken is acknowledged by the next poll). Screens never tick the link: they read
the match and call its moves.

A save is tag, the state's length (2 bytes, little-endian), the state, the link's snapshot,
written through one Sink (the big fields are the game's own buffers, referenced, not copied).
"""

from core.compat import const, ticks_diff

# What Link.status() returns (link.session takes them from here): named once for every game, so
# that the screens can run over a stand-in link without loading the link layer.
ST_CONNECTING = const(0)  # looking for the other handheld
ST_UNPLUGGED = const(1)  # nothing heard for a while: the cable is out or the other handheld off
ST_VERSION = const(2)  # the other handheld speaks another protocol version
ST_RULES = const(3)  # the other handheld chose other rules
ST_SYNCING = const(4)  # linked; agreeing which saved game and which message comes next
ST_MISMATCH = const(5)  # the saved games differ (Link.mismatch says how)
ST_OPEN = const(6)  # linked, messages flow
M_OTHER_GAME = const(1)  # Link.mismatch: the two sides hold different games (or one holds none)
M_OUT_OF_STEP = const(2)  # ... the same game, but one side's save is older than the other allows
D_ORDER = const(6)  # link.frame.D_ORDER: DATA that came ahead of one the line lost
PROTOCOL = const(2)  # link.frame.VERSION

FW = (1, 0, 0)  # this firmware's version, sent in HELLO
FORFEIT_MS = 30000  # silent this long where it owes a message: the peer forfeits (6.1)
WAIT_MS = const(1000)  # a message of ours unacknowledged this long: "waiting for the other handheld"
_PARTS_AHEAD = const(4)  # commitment parts queued unacknowledged at most (the link's window)


class CheatError(Exception):
    """The peer broke the protocol or lied. code: C_*; text: one line for the screen; cell or -1."""

    def __init__(self, code, text, cell=-1):
        super().__init__(text)
        self.code = code
        self.text = text
        self.cell = cell


def link(app, rand, rules, saved=None, tx_slots=16):
    """The Link for a cable game on the board's port (the link layer comes with the game)."""
    from link.session import Link

    return Link(app.hw.link, rand, app.now, fw=FW, rules=rules, saved=saved, tx_slots=tx_slots)


def seed(rand):
    """A 30-bit seed (a fleet's shuffle) from a game's random source."""
    r = rand(4)
    return (r[0] | (r[1] << 8) | (r[2] << 16) | ((r[3] & 0x3F) << 24)) or 1


class Match:
    link = None
    tag = b""
    out = None  # messages (or an int: the next part of our commitment) waiting for the link
    parts = 0  # our commitment's parts in all (see _part)

    def _init_match(self):
        self.out = []
        self.silent = 0  # ms the peer has owed us a message, as the clock counts it (not saved)
        self.events = 0  # EV bits since the screens last took them (take_events)
        self.dirty = False  # the game changed outside the link: save
        self.heavy = False  # this frame saved or did a long step: load no screen before the next
        self.status = -1  # the link's status as of the last tick
        self.slow = False  # a message of ours has waited WAIT_MS for its acknowledgement
        self._since = None
        self._now = None
        self._order = 0  # the link's out-of-order DATA count as the clock last saw it

    # -- the protocol's defaults -----------------------------------------------------
    def _work(self):
        return 0

    def taking(self):
        return not self.over()

    def saves(self):
        return self.started()

    # -- the frame -------------------------------------------------------------------
    def tick(self, app):
        """Once a frame, from the app: save when due, step, save when due; redraw on a change."""
        self.heavy = False
        if self.needs_save():
            self.save(app)
        ev = self.step(app.now)
        if ev:
            self.events |= ev
            app.redraw()
        if self.needs_save():
            self.save(app)
        st = self.link.status()
        if st != self.status:
            self.status = st
            app.redraw()
        if self.link.unacked():
            if self._since is None:
                self._since = app.now
            slow = ticks_diff(app.now, self._since) >= WAIT_MS
        else:
            self._since = None
            slow = False
        if slow != self.slow:
            self.slow = slow
            app.redraw()

    def step(self, now):
        """Poll the link, start, take, work, send, run the clock. Returns the frame's EV bits."""
        link = self.link
        link.poll(now)
        ev = 0
        st = link.status()
        if st == ST_OPEN and link.stream is not None and not self.started():
            ev |= self._open()
            self.dirty = True
        while self.taking():
            m = link.recv()
            if m is None:
                break
            ev |= self.take_one(m)
        ev |= self._work()
        self.flush()
        ev |= self._clock(now, st)
        self._now = now
        return ev

    def take_one(self, m):
        """One message of the peer's into the game; a bad one ends it as a caught cheat."""
        self.silent = 0  # the peer spoke: the clock starts again
        self.dirty = True
        try:
            return self._take(m)
        except (CheatError, ValueError, IndexError, TypeError) as e:
            self._caught(e)
            return 0

    def next(self):
        """Take the peer's next message now (a screen that shows moves one by one): its EV bits,
        or -1 when none is waiting."""
        m = self.link.recv()
        if m is None:
            return -1
        return self.take_one(m)

    def send(self, msg):
        self.out.append(msg)
        self.dirty = True
        self.flush()

    def flush(self):
        """Queue what waits on the link, in order; our commitment's parts (an int k in `out`:
        made by _part(k) only now) a window's worth at a time, so no save holds them all."""
        link = self.link
        out = self.out
        while out:
            m = out[0]
            if isinstance(m, int):
                if link.unacked() >= _PARTS_AHEAD or not link.free() or not link.send(self._part(m)):
                    return
                if m + 1 < self.parts:
                    out[0] = m + 1
                    continue
            elif not link.send(m):
                return
            out.pop(0)

    def sending_parts(self):
        """Our commitment's parts still to queue (the int in `out`), or 0."""
        out = self.out
        return self.parts - out[0] if out and isinstance(out[0], int) else 0

    def _clock(self, now, st):
        """The one forfeit clock (docs/link-protocol.md 6.1): it runs while the peer owes a
        message, the link is open and it has taken everything of ours; a message from it, or DATA
        of its that came ahead of one the line lost, starts it again; a pulled cable stops it."""
        link = self.link
        order = link.drops[D_ORDER]
        if not self.owed() or self.out or order != self._order:
            self.silent = 0
            self._order = order
            return 0
        if st != ST_OPEN or link.unacked() or self._now is None:
            return 0
        self.silent += ticks_diff(now, self._now)
        if self.silent < FORFEIT_MS:
            return 0
        self.dirty = True
        return self._forfeit()

    def take_events(self):
        ev = self.events
        self.events = 0
        return ev

    # -- saving ----------------------------------------------------------------------
    def needs_save(self):
        """Something sent, taken or changed since the last save: save before the next poll."""
        if not (self.dirty or self.link.needs_save):
            return False
        if self.saves():
            return True
        self.dirty = self.link.needs_save = False  # nothing worth keeping yet (or any more)
        return False

    def save(self, app):
        self.heavy = True
        slot, label, n, unit = self.save_as()
        self._save_more(app)
        app.save_game(slot, self.save_parts(), n, label, unit)

    def _save_more(self, app):
        """What the game saves apart, before the game (the peer's commitments)."""

    def save_parts(self):
        """The save as a list of buffers (valid until the next step): tag, state length, state,
        the link's snapshot."""
        s = Sink()
        s.extend(self.tag)
        s.append(0)  # the state's length, filled in below
        s.append(0)
        head = s.small
        o = len(head) - 2
        n0 = s.n
        self.write_state(s)
        n = s.n - n0
        head[o] = n & 255
        head[o + 1] = n >> 8
        self.link.write_snapshot(s)
        self.dirty = False
        return s.parts

    def save_bytes(self):
        """The same save as bytes (tests, tools)."""
        return b"".join([bytes(p) for p in self.save_parts()])

    def save_into(self, buf):
        """The same save copied into buf (a bytearray allocated once: tests, tools), as a
        memoryview of its start."""
        i = 0
        for p in self.save_parts():
            n = len(p)
            buf[i : i + n] = p
            i += n
        return memoryview(buf)[:i]


def split(payload, start=1):
    """(state, link snapshot) as memoryviews of a saved payload (after its tag, `start` bytes)."""
    mv = memoryview(payload)
    if len(mv) < start + 2:
        raise ValueError("short cable game save")
    n = mv[start] | (mv[start + 1] << 8)
    if len(mv) < start + 2 + n:
        raise ValueError("short cable game save")
    return mv[start + 2 : start + 2 + n], mv[start + 2 + n :]


class Sink:
    """A save as a list of buffers for core.storage (parts()): short fields gathered in one
    bytearray, long ones (the game's own buffers) referenced, not copied. Anything with write()
    (Link.write_snapshot) can write into it; n counts what was written."""

    def __init__(self):
        self.parts = []
        self.small = None  # the bytearray short fields are gathered in
        self.n = 0

    def append(self, v):
        if self.small is None:
            self.small = bytearray()
            self.parts.append(self.small)
        self.small.append(v)
        self.n += 1

    def extend(self, data):
        if len(data) < 64:  # copied: a buffer the caller reuses (the link's header) is one
            if self.small is None:
                self.small = bytearray()
                self.parts.append(self.small)
            self.small.extend(data)
        else:
            self.parts.append(data)
            self.small = None
        self.n += len(data)

    def write(self, data):  # as a file
        self.extend(data)
        return len(data)
