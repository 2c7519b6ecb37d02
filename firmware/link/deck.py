"""A deck neither handheld can stack or peek at: SRA commutative encryption (mental poker).

Each battle deck belongs to one side (its owner draws from it). Per shuffle ("epoch") each side
has a secret exponent e (its inverse d mod Q), derived with the shuffle's permutation from a
16-byte key seed it reveals at the end. Stage 1: the owner encrypts every card, x = enc(m)^e_o,
and sends them in an order of its own. Stage 2: the other side encrypts again, with a key of
its own for each position, c_i = x^e_i, and sends them in an order of its own: the deck, public
to both, hidden to both (one key a value: no relation the owner builds among its stage-1 values
survives into the deck). A draw of deck position i: the other side sends y = c_i^d_i (its layer
removed) and the owner finds y among its own stage-1 values. A card is encoded as the square
of a hash mod the safe prime P: every value lives in the subgroup of prime order Q, so the
quadratic-residue symbol leaks nothing, and no card's value is a known product or power of
others' (small numbers would be: 4 = 2 * 2 survives any exponent, and so would show where the
cards are). Every value received at a stage is checked at once (check()): not 0, 1 or -1, no
two equal or opposite; the even exponents square every value into the subgroup.
Layouts, numbers and the threat model: docs/link-protocol.md section 9.

Pure: no clock, no I/O; `Stage` spreads a stage's modular exponentiations over frames.
"""

import hashlib

from core.compat import const

# 256-bit safe prime P = 2Q + 1 (docs/link-protocol.md 9.2 says how it was found; not of a
# special form, so the special number field sieve does not apply).
P = 0xC4756B7F2256729F5FAE3F238DE6C5B324FD72F2B2F956F615BD01859A85567B
Q = (P - 1) >> 1
PLEN = const(32)  # bytes of a value on the wire, big-endian
_EXP_BYTES = const(12)  # secret exponents e are 96 bits (top bit set, odd): 9.2 says why
SEED_LEN = const(16)
PER_PART = const(7)  # values per SHUFFLE message: 7 + 7 * 32 = 231 bytes

_T_KEY = b"BSv1sraK"
_T_VAL = b"BSv4sraV"  # a stage 2's key of one value (protocol 4)
_T_PERM = b"BSv1sraP"
_T_CARD = b"BSv2card"


def encode(card):
    """Card number 0..255 as a quadratic residue mod P: SHA-256(tag, card) squared (never 0 or 1:
    the 256 values were checked, tests/link/test_deck.py)."""
    h = from_bytes(hashlib.sha256(_T_CARD + bytes((card,))).digest()) % P
    return h * h % P


def to_bytes(x):
    return x.to_bytes(PLEN, "big")


def from_bytes(b):
    return int.from_bytes(bytes(b), "big")


def _inverse(a, m):
    """a^-1 mod m (extended Euclid; MicroPython's pow takes no negative exponent)."""
    r0, r1, s0, s1 = m, a % m, 0, 1
    while r1:
        q = r0 // r1
        r0, r1 = r1, r0 - q * r1
        s0, s1 = s1, s0 - q * s1
    if r0 != 1:
        raise ValueError("not invertible")
    return s0 % m


OWN = const(-1)  # the deck of a stage 1: a side's own (one a side), whichever its number


def _tag(seed, deck, epoch):
    if deck == OWN:
        return bytes(seed) + bytes((epoch & 255, epoch >> 8))
    return bytes(seed) + bytes((deck, epoch & 255, epoch >> 8))


def exponent(seed, deck, epoch, pos=-1):
    """A key of one side for one deck's shuffle: 96 bits, even (x and -x give one value, and every
    value ends in the subgroup of order Q: no mark of a non-residue survives), below Q and so
    coprime to it. pos < 0: the owner's one key of stage 1; pos >= 0: the other side's key of
    stage 2's value at position pos, one key a value (no relation among the owner's values
    survives it: docs/link-protocol.md 9.2)."""
    if pos < 0:  # (the tag names no deck: a side's one deck, known before its number is)
        h = hashlib.sha256(_T_KEY + _tag(seed, OWN, epoch)).digest()
    else:
        h = hashlib.sha256(_T_VAL + _tag(seed, deck, epoch) + bytes((pos,))).digest()
    return (int.from_bytes(h[:_EXP_BYTES], "big") | (1 << (8 * _EXP_BYTES - 1))) & ~1


def keys(seed, deck, epoch, pos=-1):
    """(e, d): d = e^-1 mod Q undoes e on every card value (all lie in the subgroup of order Q)."""
    e = exponent(seed, deck, epoch, pos)
    return e, _inverse(e, Q)


def perm(seed, deck, epoch, n):
    """The side's secret order for that shuffle: out[j] = index of the input at position j (deck
    OWN: its stage 1 of its own deck)."""
    out = list(range(n))
    base = _T_PERM + _tag(seed, deck, epoch)
    buf = b""
    k = 0
    i = n - 1
    while i > 0:
        if len(buf) < 4:
            buf = hashlib.sha256(base + bytes((k,))).digest()
            k += 1
        r = (buf[0] << 24) | (buf[1] << 16) | (buf[2] << 8) | buf[3]
        buf = buf[4:]
        j = r % (i + 1)
        out[i], out[j] = out[j], out[i]
        i -= 1
    return out


class Stage:
    """One side's stage of a shuffle, a few values per step: stage 1 (plain: the owner's cards)
    out[j] = enc(in[order[j]]) ^ e mod P under its one key e; stage 2 (the other side's, on the
    owner's stage 1) out[j] = in[order[j]] ^ e_j mod P, a key e_j for each position j.

    inputs: the values in the order received, as one blob of PLEN-byte values (a bytearray or
    memoryview: no list of big ints in the heap) or a list of ints; plain: card numbers instead
    (stage 1); out: a buffer of at least PLEN * n bytes to write into (allocated once by the game)."""

    def __init__(self, seed, deck, epoch, inputs, plain=False, out=None):
        self.blob = not plain and not isinstance(inputs, list)
        self.n = len(inputs) // PLEN if self.blob else len(inputs)
        self.seed, self.deck, self.epoch = seed, deck, epoch
        self.e = exponent(seed, deck, epoch) if plain else 0  # stage 2: a key a value, in step()
        self.order = perm(seed, OWN if plain else deck, epoch, self.n)
        self.inputs = inputs
        self.plain = plain
        self.out = out if out is not None else bytearray(PLEN * self.n)
        self.done = 0

    def step(self, n):
        """Up to n exponentiations; True when the stage is complete."""
        while n > 0 and self.done < self.n:
            i = self.order[self.done]
            if self.blob:
                x = from_bytes(self.inputs[i * PLEN : (i + 1) * PLEN])
            else:
                x = self.inputs[i]
                if self.plain:
                    x = encode(x)
            o = PLEN * self.done
            e = self.e if self.plain else exponent(self.seed, self.deck, self.epoch, self.done)
            self.out[o : o + PLEN] = to_bytes(pow(x, e, P))
            self.done += 1
            n -= 1
        return self.done == self.n

    def run(self):
        while not self.step(64):
            pass
        return bytes(self.out[: PLEN * self.n])


def values(blob, n=-1):
    """A stage's bytes (its first n values) as a list of ints."""
    if n < 0:
        n = len(blob) // PLEN
    return [from_bytes(blob[i * PLEN : (i + 1) * PLEN]) for i in range(n)]


def part_msgs(mtype, deck, stage, epoch, blob, n=-1):
    """SHUFFLE messages carrying a stage (its first n values):
    [type, deck, stage, epoch lo, epoch hi, k, count] + values."""
    if n < 0:
        n = len(blob) // PLEN
    count = (n + PER_PART - 1) // PER_PART
    out = []
    for k in range(count):
        head = bytes((mtype, deck, stage, epoch & 255, epoch >> 8, k, count))
        out.append(head + bytes(blob[k * PER_PART * PLEN : min(n, (k + 1) * PER_PART) * PLEN]))
    return out


def partial(c_bytes, seed, deck, epoch, pos):
    """Our layer taken off the deck value at position pos (a draw of the other side's card; the
    game keeps the stage-1 value instead: no exponentiation)."""
    return to_bytes(pow(from_bytes(c_bytes), keys(seed, deck, epoch, pos)[1], P))


def check(blob, n):
    """A stage as received, before it is used: 0 if its n values can be cards, 1 if one cannot
    (0, 1, P - 1, P or more: 1 and -1 would stay 1 under any exponent and show where their card
    went), 2 if two are equal or opposite (x^e = (-x)^e for the even e: one card twice). A
    non-residue needs no test: the even exponent squares it into the cards' subgroup, where it
    is as blind as any card (9.2)."""
    sq = []
    for i in range(n):
        x = from_bytes(blob[i * PLEN : (i + 1) * PLEN])
        if x <= 1 or x >= P - 1:
            return 1
        x = x * x % P
        if x in sq:
            return 2
        sq.append(x)
    return 0


def find(stage1, y_bytes, n=-1):
    """Position of y among a stage's (first n) values, -1 if it is not there."""
    y = bytes(y_bytes)
    if n < 0:
        n = len(stage1) // PLEN
    for j in range(n):
        if stage1[j * PLEN : (j + 1) * PLEN] == y:
            return j
    return -1


def chain(h, blob):
    """Running hash of the stages the other side sent (checked against the keys at the end)."""
    s = hashlib.sha256(bytes(h))
    s.update(blob)  # a memoryview: no copy
    return s.digest()
