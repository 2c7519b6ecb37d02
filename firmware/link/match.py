"""One harness for every cable game: the frame's loop, the forfeit clock, the saving rule and
the save's framing. Pure: no screen, no clock of its own, no flash but through the app.

A cable game (Link battle and salvo, Express, the card game, Torpedo) is a Match subclass
that supplies only its protocol (docs/link-protocol.md section 10):

    link              its link.session.Link (built with the game's HELLO rules bytes)
    has_game()        the game has begun (the coin is in the air, or later)
    done()            the game has ended: nothing more is taken
    start()           the link is open on a fresh game: start it (the coin toss)   -> EV bits
    take(m)           one message of the peer's                                     -> EV bits
                      (a lie or a broken rule raises CheatError; a malformed message
                      ValueError, IndexError or TypeError: both come to _caught(e))
    _caught(e)        the game ends: a cheat caught (e), or with e None a forfeit: the
                      peer stayed silent _FORFEIT_MS where it owed a message, or spent
                      the clock's hard limit or its time bank, or the win was claimed -> EV bits
    owed()            the peer owes a message no person has to think about
    work()            work that takes frames (the card game's exponentiations)      -> EV bits
    part_msg(k)       our fleet commitment's part k (the int k in `out` stands for it)
    auto()            the harness takes messages itself now (Torpedo's screens take
                      the moves they show with read(), one by one)
    write(sink)       the game's state into its save; saves() when one is worth keeping
    save(app)         app.save_game(its slot, self.data(), how far, label, unit)
    slot, quiet(saved) (optional) the save's name in storage, and while nothing can arrive that
                      the game must answer at once (Link battle: the player aims; saved: this
                      frame saved, and polled what it saved out) how many saves' worth of flash
                      to keep erased (0: not now); it is erased then (core.storage.ahead,
                      core.savelog), so that the save before an answer leaves costs no erase
    head              the save's first bytes (its tag)
    bank_ms           the peer's time bank (a class attribute; _BANK_MS unless the game's
                      honest owed time needs more)

What the harness gives every game besides: claimable() and claim() (the other left: the win
claimed, docs/link-protocol.md 5.7; the side ahead of an older save, 5.6) and forget(app, slot)
(an ended game leaves Continue, unless this side claimed it).

Each frame the app calls tick(app) once, before the top screen's update, as it runs sound:
save when due (a move made in the last frame leaves in this poll: it is in flash first), then
step(now): poll the link, start the game when the link opens, hand each message to the game,
let it work, drain its outbox into the link, run the forfeit clock; then save again when due
and poll once more, so that what was taken is acknowledged, and what the game sent for it
(a shot's answer) leaves, in the frame it arrived, after the save as the rule wants. Screens
never tick the link: they read the match and call its moves.

A save is the head, the state's length (2 bytes, little-endian), the state, the link's
snapshot, written through one Sink (the big fields are the game's own buffers, referenced, not
copied).
"""

from core.compat import const, ticks_diff

_TYPING = const(0)  # `make typecheck` reads `if _TYPING:` as true; MicroPython compiles no byte of it
if _TYPING:
    from typing import Any

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
M_FORGED = const(3)  # ... the peer's counters say it read or sent what this side's own save never held
M_CLAIMED = const(4)  # ... a side claimed the win (Link.peer_claimed: the other one): the game is over

FW = (1, 0, 0)  # this firmware's version, sent in HELLO (link.session.Link's default)
D_ORDER = const(6)  # link.frame.D_ORDER: DATA that came ahead of one the line lost
_FORFEIT_MS = const(30000)  # silent this long where it owes a message: the peer forfeits (6.1)
# ... and this long while a message of ours is unacknowledged besides: a noisy line can hold one
# back for more than 30 s, but not a live line for 90 s (docs/link-protocol.md 10)
_REFUSED_MS = const(90000)
# One owed message: this long of open link at most, whatever kept the clocks above starting again
# (damaged frames, DATA out of order: a noisy line, or junk). The fault benches' worst honest wait
# was 82.9 s (the card game; Link battle 60.1 s): docs/link-protocol.md 10.2
_HARD_MS = const(180000)
# The peer's time bank: its owed messages' waits over the whole game, as a chess clock (a person
# thinking never counts). The fault benches' worst honest game spent 264.7 s (the card game; Link
# battle 201.0 s): docs/link-protocol.md 10.2. Express sets its own (Game.bank_ms)
_BANK_MS = const(600000)
_CLAIM_MS = const(60000)  # the cable silent this long where the peer owes a message: A claims the win (5.7)
_WAIT_MS = const(1000)  # a message of ours unacknowledged this long: "waiting for the other handheld"
_PARTS_AHEAD = const(4)  # commitment parts queued unacknowledged at most (the link's window)


class CheatError(Exception):
    """The peer broke the protocol or lied. code: C_*; text: one line for the screen; cell or -1."""

    def __init__(self, code, text, cell=-1):
        super().__init__(text)
        self.code = code
        self.text = text
        self.cell = cell


class Match:
    if _TYPING:  # what a cable game supplies (the docstring above), for the type check
        link: Any
        rand: Any  # n -> n random bytes

        def has_game(self) -> bool: ...
        def done(self) -> bool: ...
        def start(self) -> int: ...
        def take(self, m: Any) -> Any: ...
        def _caught(self, e: Any) -> int: ...
        def owed(self) -> bool: ...
        def part_msg(self, k: int) -> bytes: ...
        def write(self, sink: "Sink") -> None: ...
        def save(self, app: Any) -> None: ...

    link = None
    head = b""
    buf = None  # the bytearray a save is written into (link.match.Sink), kept from save to save
    big = 1024  # fields this long or longer (fresh bytes: our fleet's secrets) referenced, not copied
    parts = 0  # our commitment's parts in all (see part_msg)
    bank_ms = _BANK_MS  # the peer's time bank (a game whose honest owed time is longer sets its own)
    left = False  # claimable() as of the last tick (set on an instance only when it changes)
    slot = None  # the save's name, when the game asks for flash erased ahead (quiet(saved))

    def __init__(self):
        self.out = []  # messages (or an int: the next part of our commitment) waiting for the link
        self.timer = 0  # ms the peer has owed us a message, as the clock counts it (not saved)
        self.hard = 0  # ... the same, started again only by a message of its (the hard limit)
        self.ev = 0  # EV bits since the screens last looked
        self._dirty = False  # the game changed outside the link: save
        self.saved = False  # this frame saved: load no screen before the next (Link battle)
        self.status = -1  # the link's status as of the last tick
        self.slow = False  # a message of ours has waited _WAIT_MS for its acknowledgement
        self.wait = None  # ... since when
        self._heard = 0  # out-of-order DATA and our acknowledged messages, as the clock last saw them
        self._now = None

    # -- the protocol's defaults -----------------------------------------------------
    def work(self):
        return 0

    def auto(self):
        return not self.done()

    def saves(self):
        return self.has_game()

    def quiet(self, saved):
        return 0

    # -- the frame -------------------------------------------------------------------
    def tick(self, app):
        """Once a frame, from the app: save when due, step, save when due; redraw on a change."""
        self.saved = False
        if self.needs_save():
            self.saved = True
            self.save(app)
        ev = self.step(app.now)
        self.ev |= ev  # the screens redraw for what they show of it
        link = self.link
        if self.needs_save():
            self.saved = True
            self.save(app)
            link.poll(app.clock.now())  # in flash now: the answer (or ack) leaves in this frame
        st = link.status()
        if st != self.status:
            self.status = st
            app.redraw()
        slow = False
        if link.unacked():
            if self.wait is None:
                self.wait = app.now
            slow = ticks_diff(app.now, self.wait) >= _WAIT_MS
        else:
            self.wait = None
        if slow != self.slow:
            self.slow = slow
            app.redraw()
        left = self.claimable()
        if left != self.left:
            self.left = left
            app.redraw()
        n = self.quiet(self.saved) if self.slot is not None else 0
        if n and app.hw.storage is not None:
            app.hw.storage.ahead(self.slot, n)  # an erase now, none on an answer's path

    def step(self, now):
        """Poll the link, start, take, work, send, run the clock. Returns the frame's EV bits."""
        link = self.link
        link.poll(now)
        ev = 0
        st = link.status()
        if st == ST_OPEN and link.stream is not None and not self.has_game():
            ev |= self.start()
            self._dirty = True
        while self.auto():
            m = link.recv()
            if m is None:
                break
            ev |= self.read(m)
        ev |= self.work()
        self.flush()
        # The one forfeit clock (docs/link-protocol.md 10): it runs while the peer owes a
        # message and its frames arrive (the link is open), whether or not it has taken ours: a
        # peer that keeps its acknowledgement back is alive and refusing. A message from it, its
        # acknowledgement of one of ours, DATA of its that came ahead of one the line lost, or
        # DATA of its that the line damaged (a frame longer than any ACK or HELLO: a big
        # message on a noisy line can take longer than the clock) starts it again (the peer,
        # or the line, is moving); a pulled cable (no frame at all) stops it.
        #
        # Two more bounds are never started again by anything but a message of the peer's: the
        # hard limit on one owed message (damaged frames and DATA out of order cannot hold it
        # off for ever) and the peer's time bank, its owed time over the whole game (saved with
        # the stream: slow-walking every message just inside the clock spends it).
        # (The bank takes each wait when it ends, hard into link.bank: what is saved is exact, and
        # the wait in progress, like the clock, starts again after a restart.)
        heard = link.drops[D_ORDER] + link.acked + link.big  # all only grow: a change is moving
        owed = self.owed() and not self.done()
        if not owed:
            self._bank()
        if not owed or heard != self._heard:
            self.timer = 0
            self._heard = heard
        if owed and st == ST_OPEN and self._now is not None:
            dt = ticks_diff(now, self._now)
            self.timer += dt
            self.hard += dt
            if (self.timer >= (_REFUSED_MS if link.unacked() else _FORFEIT_MS) or self.hard >= _HARD_MS
                    or link.bank + self.hard >= self.bank_ms):
                self._bank()
                self._dirty = True
                ev |= self._caught(None)
        self._now = now
        return ev

    def claimable(self):
        """The peer owes a message and the cable has been silent _CLAIM_MS (no valid frame: pulled,
        or only junk): the player may claim the win (link.screen; docs/link-protocol.md 5.7)."""
        link = self.link
        quiet = link.status() == ST_UNPLUGGED and link.quiet_ms() >= _CLAIM_MS
        return quiet and self.owed() and not self.done()

    def claim(self):
        """The win claimed: the other left (claimable()), or came back with an older save of the
        game (5.6). The game ends here as won by forfeit, saved; the link tells the other side
        (its RESUME says so from now on)."""
        self.link.claim()
        self._dirty = True
        self.ev |= self._caught(None)

    def _bank(self):
        """The owed wait that ends now goes into the peer's time bank (saved with the stream)."""
        if self.hard:
            self.link.bank += self.hard
            self.hard = 0
            self._dirty = True

    def read(self, m):
        """One message of the peer's into the game; a bad one ends it as a caught cheat."""
        self._bank()
        self.timer = 0  # the peer spoke: the clock starts again
        self._dirty = True
        try:
            return self.take(m)
        except (CheatError, ValueError, IndexError, TypeError) as e:
            return self._caught(e)

    def send(self, msg):
        self.out.append(msg)
        self._dirty = True
        self.flush()

    def flush(self):
        """Queue what waits on the link, in order; our commitment's parts (an int k in `out`:
        made by part_msg(k) only now) a window's worth at a time, so no save holds them all."""
        link = self.link
        out = self.out
        while out:
            m = out[0]
            if isinstance(m, int):
                if link.unacked() >= _PARTS_AHEAD or not link.free() or not link.send(self.part_msg(m)):
                    return
                if m + 1 < self.parts:  # the next part's number waits in its place
                    out[0] = m + 1
                    continue
            elif not link.send(m):
                return
            out.pop(0)

    # -- saving ----------------------------------------------------------------------
    def forget(self, app, slot, peer=None):
        """The ended game leaves Continue (and the peer's commitments' file, peer): unless this
        side claimed the win (5.7). A claimed game's save stays until a new game replaces it,
        so that the other handheld, back later, is told: the claimant's save wins the RESUME."""
        if self.link.claimed:
            return
        app.clear_game(slot)
        if peer is not None:
            app.clear_save(peer)

    def needs_save(self):
        """Something sent, taken or changed since the last save: save before the next poll."""
        if not (self._dirty or self.link.needs_save):
            return False
        if self.saves():
            return True
        self._dirty = self.link.needs_save = False  # nothing worth keeping yet (or any more)
        return False

    def data(self):
        """The save as a list of buffers (valid until the next step): head, state length, state,
        the link's snapshot. Fields shorter than `big` are copied into buf, kept from save to
        save (a new block every save would cut up the heap); longer ones (the card game's deck
        stages) are the game's own buffers, referenced."""
        s = Sink(self.buf, self.big)
        t = len(self.head)
        s.extend(self.head)
        s.append(0)  # the state's length, filled in below
        s.append(0)
        h = s.buf  # the head is there (the save may go on in another)
        self.write(s)
        n = s.n - t - 2
        h[t] = n & 255
        h[t + 1] = n >> 8
        self.link.write_snapshot(s)
        self._dirty = False
        b = s.buf
        self.buf = b if len(b) <= 1024 else None  # kept for the next save, unless a long one grew it
        return s.close()


def split(payload, start=1):
    """(state, link snapshot) as memoryviews of a saved payload (after its head, `start` bytes)."""
    mv = memoryview(payload)
    if len(mv) < start + 2:
        raise ValueError("short cable game save")
    n = mv[start] | (mv[start + 1] << 8)
    if len(mv) < start + 2 + n:
        raise ValueError("short cable game save")
    return mv[start + 2 : start + 2 + n], mv[start + 2 + n :]


class Sink:
    """A save as a list of buffers for core.storage (parts()): fields shorter than big copied
    into one bytearray (buf, which the game keeps; a bigger one, kept, when it is full), longer
    ones (the game's own buffers) referenced, not copied. Anything with write()
    (Link.write_snapshot) can write into it; n counts what was written."""

    def __init__(self, buf, big):
        self.buf = buf if buf is not None else bytearray(256)  # the game's first save: kept
        self.big = big
        self.parts = []
        self.i = 0  # used of buf
        self.run = 0  # where the short fields not yet in parts begin in buf
        self.n = 0

    def append(self, v):
        if self.i >= len(self.buf):
            self.extend(bytes((v,)))  # full: extend() takes a bigger one
            return
        self.buf[self.i] = v
        self.i += 1
        self.n += 1

    def extend(self, data):
        k = len(data)
        if k < self.big:  # copied (a buffer the caller reuses, the link's header, is short)
            if self.i + k > len(self.buf):  # full: a bigger buf, kept (the fields so far stay)
                self.close()
                self.buf = bytearray(len(self.buf) + k + 256)
                self.i = self.run = 0
            self.buf[self.i : self.i + k] = data
            self.i += k
        else:
            self.close()
            self.parts.append(data)
        self.n += k

    def close(self):
        """The parts, with the short fields written last among them."""
        if self.i > self.run:
            self.parts.append(memoryview(self.buf)[self.run : self.i])
            self.run = self.i
        return self.parts

    def write(self, data):  # as a file
        self.extend(data)
        return len(data)
