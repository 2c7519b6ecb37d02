"""Deterministic random numbers shared by every engine.

Two multiply-with-carry generators on 15-bit digits (Marsaglia's MWC with
base 2**15). Each multiplier a makes a*2**15-1 a safe prime, so each stream
has period (a*2**15-2)/2 ~ 2**29; combined the period is ~ 2**58. Every
intermediate value stays below 2**30, so on the RP2040 nothing becomes a big
int, and CPython and MicroPython produce the same stream for the same seed.
"""

_A1 = 32760  # a*2**15-1 and (a*2**15-2)/2 are both prime
_A2 = 32550
_M15 = 0x7FFF
_M30 = 0x3FFFFFFF


class Rng:
    """A seeded stream of 30-bit integers with the helpers the games need."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed) & _M30
        lo = seed & _M15
        hi = seed >> 15
        # Each state takes both halves of the seed (so seeds that share a
        # half still give unrelated streams), stays below its fixed point
        # a*2**15-1, and is never 0.
        self._z = ((lo ^ 0x2545) | ((hi % (_A1 - 1)) << 15)) + 1
        self._w = ((hi ^ 0x1B87) | ((lo % (_A2 - 1)) << 15)) + 1
        for _ in range(8):
            self.next30()

    def getstate(self):
        return (self._z, self._w)

    def setstate(self, state):
        z, w = state
        if not (0 < z < (1 << 30) and 0 < w < (1 << 30)):
            raise ValueError("bad rng state")
        self._z = z
        self._w = w

    def next30(self):
        """Next value in [0, 2**30)."""
        z = _A1 * (self._z & _M15) + (self._z >> 15)
        w = _A2 * (self._w & _M15) + (self._w >> 15)
        self._z = z
        self._w = w
        # both streams reach the low bits, which below(2**k) and % use
        return (((z & _M15) << 15) | (w & _M15)) ^ ((z >> 15) & _M15) ^ ((w >> 15) << 15)

    def randbytes(self, n):
        """n bytes of the stream (an os.urandom stand-in)."""
        b = bytearray(n)
        for i in range(n):
            r = self.next30()
            b[i] = ((r >> 22) ^ r) & 0xFF
        return bytes(b)

    def below(self, n):
        """Uniform integer in [0, n) for 0 < n <= 2**30, without modulo bias."""
        if n <= 0 or n > (1 << 30):
            raise ValueError("below() needs 0 < n <= 2**30")
        limit = ((1 << 30) // n) * n
        while True:
            r = self.next30()
            if r < limit:
                return r % n

    def range(self, lo, hi):
        """Uniform integer in [lo, hi)."""
        return lo + self.below(hi - lo)

    def chance(self, num, den):
        """True with probability num/den."""
        return self.below(den) < num

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, seq):
        """Fisher-Yates, in place."""
        i = len(seq) - 1
        while i > 0:
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
        return seq

