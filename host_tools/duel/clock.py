"""What the cable duels share, light enough to import beside a whole cable game under
MicroPython (no link layer in it: a duel without a cable imports nothing more).

Clock: two handhelds and their cable on one virtual clock. save_into / save_bytes: a cable
game's save (link.match.Match.data(), a list of buffers) as the duels keep their flash."""



class Clock:
    """Every `step` ms of run(): the cable moves, then each handheld takes its step
    (step_all, which a duel may replace); run() stops early when until() holds."""

    now = 1000  # ms on the duel's clock (the handhelds' ticks_ms)

    def run(self, ms, until=None):
        """Advance up to ms; returns the ms run."""
        t = 0
        while t < ms:
            self.now += self.step
            t += self.step
            self.cable.tick(self.now)
            self.step_all(self.now)
            if until is not None and until():
                break
        return t

    def step_all(self, now):
        for h in self.hands:
            if h.on:
                h.step(now)

    def done(self):
        return self.hands[0].g.done() and self.hands[1].g.done()


def save_bytes(m):
    """A cable game's save as bytes."""
    return b"".join([bytes(p) for p in m.data()])


def save_into(m, buf):
    """The same save copied into buf (a bytearray allocated once: a heap in pieces may have no
    block for a new one), as a memoryview of its start."""
    i = 0
    for p in m.data():
        n = len(p)
        buf[i : i + n] = p
        i += n
    return memoryview(buf)[:i]


# The forfeit clock's use in the benches' games (docs/link-protocol.md 10.2): the longest single
# owed wait (Match.hard) and the most of a time bank spent (Link.bank), as the games play.
_USE = [0, 0]


def watch_clock():
    """From now on every link.match.Match step notes its clock's use (this process only: the
    benches and tests; the device never calls it)."""
    from link.match import Match

    if getattr(Match.step, "watched", False):
        return
    real = Match.step

    def step(self, now):
        ev = real(self, now)
        if self.hard > _USE[0]:
            _USE[0] = self.hard
        bank = self.link.bank + self.hard  # (the wait in progress goes into the bank when it ends)
        if bank > _USE[1]:
            _USE[1] = bank
        return ev

    step.watched = True
    Match.step = step


def clock_use():
    """{"hard_ms", "bank_ms"}: the most of each seen since the last call (then starts again)."""
    use = {"hard_ms": _USE[0], "bank_ms": _USE[1]}
    _USE[0] = _USE[1] = 0
    return use


def worst_clock(rows):
    """The benches' line on the clock: the worst honest game's use of the hard limit and the
    time bank, and their limits (rows: honest games' clock_use())."""
    from link.match import _BANK_MS, _HARD_MS

    hard = max([r["hard_ms"] for r in rows] or [0])
    bank = max([r["bank_ms"] for r in rows] or [0])
    return {"honest_worst_owed_wait_ms": hard, "hard_limit_ms": _HARD_MS,
            "honest_worst_bank_ms": bank, "bank_ms": _BANK_MS}
