"""The coin toss between two handhelds that do not trust each other (docs/link-protocol.md).

CoinFlip: commit-reveal coin toss. Each side commits to 16 random bytes bound
to the stream and its own role, both reveal, and the result (who shoots
first) and a fresh game id come from a hash of both values: neither side can
pick them, and a copied commitment is refused.

Apart from link.commit (whose hashing and cheat codes it uses) because a game
needs it only before it starts: a cable game may drop it once the toss is
settled (torpedo.cable does).
"""

from core.compat import const
from link.commit import (
    C_COIN_COPY,
    C_COIN_OPEN,
    HASH_LEN,
    M_COIN_COMMIT,
    M_COIN_REVEAL,
    CheatError,
    _bad,
    _sha,
)

_COIN_LEN = const(16)
_T_COIN = b"BSv1coin"
_T_FLIP = b"BSv1flip"


class CoinFlip:
    """One side of the coin toss. Flow: send commit_msg(); take_commit(peer's); send reveal_msg();
    take_reveal(peer's) -> role that shoots first (0 or 1); game_id is then set."""

    def __init__(self, role, stream, rand):
        self.role = role
        self.stream = bytes(stream)
        self.value = bytes(rand(_COIN_LEN))
        self.peer_commit = None
        self.first = -1
        self.game_id = None

    def _commit(self, role, value):
        return _sha(_T_COIN, self.stream, bytes((role,)), value)

    def commit_msg(self):
        return bytes((M_COIN_COMMIT,)) + self._commit(self.role, self.value)

    def take_commit(self, msg):
        if len(msg) != 1 + HASH_LEN or msg[0] != M_COIN_COMMIT or self.peer_commit is not None:
            raise _bad("coin commitment")
        c = bytes(msg[1:])
        if c == self._commit(self.role, self.value):
            raise CheatError(C_COIN_COPY, "Opponent copied our coin commitment")
        self.peer_commit = c

    def reveal_msg(self):
        if self.peer_commit is None:
            raise ValueError("reveal only after the peer's commitment")
        return bytes((M_COIN_REVEAL,)) + self.value

    def take_reveal(self, msg):
        if len(msg) != 1 + _COIN_LEN or msg[0] != M_COIN_REVEAL or self.peer_commit is None:
            raise _bad("coin reveal")
        v = bytes(msg[1:])
        if self._commit(1 - self.role, v) != self.peer_commit:
            raise CheatError(C_COIN_OPEN, "Opponent's coin does not match its commitment")
        a, b = (self.value, v) if self.role == 0 else (v, self.value)
        d = _sha(_T_FLIP, self.stream, a, b)
        self.first = d[0] & 1
        self.game_id = d[1:9]
        return self.first

    def to_bytes(self):
        return bytes((self.role, 1 if self.peer_commit else 0)) + self.stream + self.value + (
            self.peer_commit or bytes(HASH_LEN))

    @classmethod
    def from_bytes(cls, b):
        if len(b) != 2 + 8 + _COIN_LEN + HASH_LEN:
            raise ValueError("bad coin state")
        c = cls(b[0], b[2:10], lambda n: b[10 : 10 + n])
        if b[1]:
            c.peer_commit = bytes(b[10 + _COIN_LEN :])
        return c
