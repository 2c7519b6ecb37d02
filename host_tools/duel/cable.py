"""A virtual link cable for tests and the link benchmark (never on the device).

Two UART ends (write / readinto / any, as machine.UART) joined by a wire that
moves one byte per 10 bit-times at the baud rate. Optional deterministic
trouble from a seeded Rng: byte corruption and byte loss (per million bytes),
whole writes lost, garbage injected, the cable pulled and plugged back. A
bounded receive buffer drops bytes on overflow like a UART's rxbuf.

Pair builds two Links over one cable and plays the game's part: it polls both
every `step` ms, takes received messages into inboxes, keeps a "flash" copy
of each side's snapshot whenever the link asks for a save, and can restart a
side from that copy.
"""

import gc

from core.compat import ticks_add
from core.prng import Rng
from link.session import Link


def rand_source(seed):
    """An os.urandom stand-in: rand(n) -> n bytes from a seeded Rng."""
    return Rng(seed).randbytes


class End:
    """One UART: a fixed receive ring of `rxbuf` bytes (overflow drops bytes, as on the device)."""

    def __init__(self, cable, side, rxbuf):
        self.cable = cable
        self.side = side
        self.ring = bytearray(rxbuf)
        self.head = 0
        self.count = 0
        self.overflow = 0

    def any(self):
        self.cable.deliver()
        return self.count

    def readinto(self, buf, nbytes=None):
        self.cable.deliver()
        n = self.count
        if n > len(buf):
            n = len(buf)
        if nbytes is not None and n > nbytes:
            n = nbytes
        if n <= 0:
            return None
        ring = self.ring
        size = len(ring)
        h = self.head
        for i in range(n):
            buf[i] = ring[h]
            h += 1
            if h == size:
                h = 0
        self.head = h
        self.count -= n
        return n

    def write(self, buf):
        return self.cable.send(self.side, buf)

    def take_byte(self, b):
        size = len(self.ring)
        if self.count >= size:
            self.overflow += 1
            return
        self.ring[(self.head + self.count) % size] = b
        self.count += 1

    def clear(self):
        self.head = 0
        self.count = 0


class Cable:
    """ends[0] and ends[1]; now_ms is moved by tick()."""

    def __init__(self, baud=115200, seed=1, corrupt_ppm=0, lose_ppm=0, lose_write_pct=0, rxbuf=1024):
        self.byte_us = 10000000 // baud
        self.rng = Rng(seed)
        self.corrupt_ppm = corrupt_ppm
        self.lose_ppm = lose_ppm
        self.lose_write_pct = lose_write_pct
        self.plugged = True
        self.now_us = 0
        self.ends = (End(self, 0, rxbuf), End(self, 1, rxbuf))
        self.flight = [[], []]  # per direction: [start_us, data, delivered]
        self.free_us = [0, 0]
        self.lost = 0
        self.corrupted = 0
        self.wire_bytes = [0, 0]

    def tick(self, now_ms):
        self.now_us = now_ms * 1000
        self.deliver()

    def send(self, side, buf):
        n = len(buf)
        if not self.plugged:
            self.lost += n
            return n  # the UART still drains into nothing
        if self.lose_write_pct and self.rng.below(100) < self.lose_write_pct:
            self.lost += n
            return n
        start = self.free_us[side]
        if start < self.now_us:
            start = self.now_us
        self.free_us[side] = start + n * self.byte_us
        self.flight[side].append([start, bytes(buf), 0])
        self.wire_bytes[side] += n
        return n

    def deliver(self):
        for side in (0, 1):
            q = self.flight[side]
            dst = self.ends[1 - side]
            while q:
                start, data, done = q[0]
                ready = (self.now_us - start) // self.byte_us
                if ready > len(data):
                    ready = len(data)
                if done < ready:
                    self._arrive_run(dst, data, done, ready)
                    done = ready
                if done >= len(data):
                    q.pop(0)
                else:
                    q[0][2] = done
                    break

    def _arrive_run(self, dst, data, i, j):
        """data[i:j] reaches dst (a subclass may take a run at a time)."""
        for k in range(i, j):
            self._arrive(dst, data[k])

    def _arrive(self, dst, b):
        rng = self.rng
        if self.lose_ppm and rng.below(1000000) < self.lose_ppm:
            self.lost += 1
            return
        if self.corrupt_ppm and rng.below(1000000) < self.corrupt_ppm:
            b ^= 1 << rng.below(8)
            self.corrupted += 1
        dst.take_byte(b)

    def unplug(self):
        """Pull the cable: bytes on the wire are cut off mid-frame."""
        self.plugged = False
        for side in (0, 1):
            for item in self.flight[side]:
                self.lost += len(item[1]) - item[2]
            self.flight[side] = []
            self.free_us[side] = self.now_us

    def plug(self):
        self.plugged = True

    def inject(self, side, data):
        """Bytes appear at end `side`'s receiver (noise, a hostile peer)."""
        for b in data:
            self.ends[side].take_byte(b)


class Pair:
    """Two handhelds on one cable, with the game's part played by the harness."""

    def __init__(self, cable=None, seed=10, rules=(b"\x01\x00", b"\x01\x00"), fw=((1, 0, 0), (1, 0, 0)),
                 step=10, start=0, **link_args):
        self.cable = cable or Cable()
        self.step = step
        self.now = start  # ticks_ms as the links see it (wraps)
        self.t = 0  # monotonic ms for the cable
        self.seed = seed
        self.rules = list(rules)
        self.fw = list(fw)
        self.link_args = link_args
        self.boots = [0, 0]
        self.flash = [None, None]
        self.inbox = [[], []]  # messages the game took, in order
        self.outbox = [[], []]  # messages the game wants to send, in order
        self.sent = [0, 0]  # how many of outbox were accepted by send()
        self.saved = [(0, 0), (0, 0)]  # (taken, sent) as of the last save
        self.auto_take = [True, True]
        self.on = [True, True]
        self.links = [self._make(0, None), self._make(1, None)]

    def _make(self, side, saved):
        self.boots[side] += 1
        rand = rand_source(self.seed * 1000 + side * 100 + self.boots[side])
        return Link(self.cable.ends[side], rand, self.now, fw=self.fw[side], rules=self.rules[side],
                    saved=saved, **self.link_args)

    def save(self, side):
        """The game's atomic save: link snapshot plus what it has taken so far."""
        self.flash[side] = self.links[side].snapshot()
        self.saved[side] = (len(self.inbox[side]), self.sent[side])

    def restart(self, side):
        """Power-cycle one side: everything not in its flash is gone; bytes in its UART too."""
        self.cable.ends[side].clear()
        del self.inbox[side][self.saved[side][0] :]
        self.sent[side] = self.saved[side][1]
        self.on[side] = True
        self.links[side] = self._make(side, self.flash[side])

    def run(self, ms, until=None):
        """Advance `ms` ms, each step playing the game's loop on both sides: queue what
        outbox holds, save, poll, take, save. Stops early when until() is true; returns ms run."""
        t = 0
        while t < ms:
            self.now = ticks_add(self.now, self.step)
            self.t += self.step
            t += self.step
            self.cable.tick(self.t)
            for side in (0, 1):
                if not self.on[side]:
                    continue
                link = self.links[side]
                box = self.outbox[side]
                while self.sent[side] < len(box) and link.send(box[self.sent[side]]):
                    self.sent[side] += 1
                if link.needs_save:
                    self.save(side)  # write-ahead: what the test queued is saved before it leaves
                link.poll(self.now)
                if self.auto_take[side]:
                    while True:
                        m = link.recv()
                        if m is None:
                            break
                        self.inbox[side].append(m)
                if link.needs_save:
                    self.save(side)
            if until is not None and until():
                return t
        return t

    def status(self):
        return (self.links[0].status(), self.links[1].status())

    def delivered(self):
        """Both outboxes arrived whole at the other side."""
        return self.inbox[1] == self.outbox[0] and self.inbox[0] == self.outbox[1]


def power_on(hand):
    """A handheld's boot (hand: its .duel, .side, .seed, .boots, .g): counted, its old game
    dropped and collected as a power cycle frees it; returns (its random source, its cable
    end, now)."""
    hand.boots += 1
    rand = rand_source(hand.seed * 100 + hand.boots)
    end = hand.duel.cable.ends[hand.side]
    now = hand.duel.now
    hand.g = None
    gc.collect()
    return rand, end, now
