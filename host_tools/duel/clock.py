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
