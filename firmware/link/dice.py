"""Dice that neither of two linked handhelds can bias or foresee: hash chains.

Each side draws a secret seed and builds a chain x_0 .. x_N (x_0 from the
seed, x_(k+1) = SHA-256(tag || role || x_k)); it commits to the end x_N (the
anchor) before play and opens one link per roll, backwards: roll j uses
x_(N-1-j), which must hash to the link opened before it (the anchor for roll
0). A roll's dice come from SHA-256 of both sides' links for that roll, the
game id and the roll index, mapped to faces by rejection sampling (a byte of
252 or more is skipped, so each face has exactly 42 of the 252 byte values).

Every link is fixed by the anchor sent at the start (opening any other value
would need a SHA-256 preimage), so neither side can choose a roll; a side
learns the other's link for a roll only when it is opened, which the game
does only after the roller's choices for that roll are sent, so no one can
foresee one. docs/link-protocol.md section 8 gives the argument in full.

    mine = Chain(role, rand(16)); send mine.anchor
    peer = PeerChain(1 - role, peer_anchor)
    per roll j:  a = mine.link(j); peer.take(j, b)   # CheatError if b is not the next link
                 faces = roll_faces(game_id, j, link_of_role0, link_of_role1, n)
"""

import hashlib

from core.compat import const
from link.match import CheatError  # link.commit's too (it is loaded only for a coin)

CHAIN_LEN = const(1024)  # rolls a game may use (a measured random game uses about 30, at most ~105)
_EVERY = const(32)  # a checkpoint every 32 links: opening one costs at most 32 hashes
SEED_LEN = const(16)
LINK_LEN = const(32)
FACES = const(6)
_LIMIT = const(252)  # 42 * 6: bytes at or above it are skipped (no modulo bias)

C_CHAIN = const(20)  # CheatError code: an opened link does not hash to the one before

_T_CHAIN = b"BSv1chn"
_T_ROLL = b"BSv1rol"
_T_MORE = b"BSv1mor"


def _step(role, x):
    h = hashlib.sha256(_T_CHAIN)
    h.update(bytes((role,)))
    h.update(x)
    return h.digest()


class Chain:
    """Our own chain: the seed, checkpoints and the anchor (x_N)."""

    def __init__(self, role, seed, n=CHAIN_LEN):
        self.role = role
        self.seed = bytes(seed)
        self.n = n
        marks = bytearray(LINK_LEN * ((n + _EVERY - 1) // _EVERY))
        x = _step(role, self.seed)  # x_0
        for k in range(n):
            if k % _EVERY == 0:
                i = (k // _EVERY) * LINK_LEN
                marks[i : i + LINK_LEN] = x
            x = _step(role, x)
        self.marks = marks
        self.anchor = x

    def link(self, j):
        """The link opened for roll j: x_(N-1-j)."""
        k = self.n - 1 - j
        if not 0 <= k < self.n:
            raise ValueError("the dice chain is used up")
        i = (k // _EVERY) * LINK_LEN
        x = bytes(self.marks[i : i + LINK_LEN])
        for _ in range(k % _EVERY):
            x = _step(self.role, x)
        return x


class PeerChain:
    """The peer's chain as far as it has been opened: the last link taken and its roll."""

    def __init__(self, role, anchor, last=None, next_roll=0):
        self.role = role
        self.last = bytes(anchor) if last is None else bytes(last)
        self.next = next_roll  # the roll whose link comes next

    def take(self, j, link):
        """Check the peer's link for roll j; returns it. CheatError if it is not the chain's."""
        link = bytes(link)
        if j != self.next or len(link) != LINK_LEN:
            raise CheatError(C_CHAIN, "Opponent opened its dice secret out of order")
        if _step(self.role, link) != self.last:
            raise CheatError(C_CHAIN, "Opponent's dice secret for roll %d is not from its chain" % (j + 1))
        self.last = link
        self.next = j + 1
        return link


def face_stream(game_id, j, link0, link1):
    """Faces 0..5 for roll j, without end: role 0's link first, then role 1's."""
    h = hashlib.sha256(_T_ROLL)
    h.update(game_id)
    h.update(bytes((j & 0xFF, j >> 8)))
    h.update(link0)
    h.update(link1)
    d = h.digest()
    k = 0
    while True:
        for b in d:
            if b < _LIMIT:
                yield b % FACES
        k += 1
        h = hashlib.sha256(_T_MORE)
        h.update(d)
        h.update(bytes((k & 0xFF,)))
        d = h.digest()


def roll_faces(game_id, j, link0, link1, n):
    """The first n faces of roll j (bytearray)."""
    out = bytearray(n)
    s = face_stream(game_id, j, link0, link1)
    for i in range(n):
        out[i] = next(s)
    return out


class Feed:
    """Stands in for the engine's Rng during one roll: below(6) hands out the roll's faces in order."""

    def __init__(self, faces):
        self.faces = faces
        self.i = 0

    def below(self, n):
        if n != FACES:
            raise ValueError("dice only")
        f = self.faces[self.i]
        self.i += 1
        return f
