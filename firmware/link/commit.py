"""Fair start and honest answers between two handhelds that do not trust each other.

CoinFlip: commit-reveal coin toss. Each side commits to 16 random bytes bound
to the stream and its own role, both reveal, and the result (who shoots
first) and a fresh game id come from a hash of both values: neither side can
pick them, and a copied commitment is refused.

MyFleet / PeerFleet: per-cell fleet commitments. Before the first shot each
side sends a fleet hash F (bound to the ship identities) and one salted
SHA-256 per cell (bound to "ship here or not"). Every hit/miss answer carries
that cell's salt, so a false answer fails on the shot it is given. At the end
each side reveals its seed and cell map: every cell, F, the fleet's legality
(a validator from the game) and every "sunk" claim are checked.

Fleets are generic: a list of (ship_id, [cell, ...]) with ship ids 1..255 and
cells 0..n_cells-1 (n_cells <= 256): Battleship and Torpedo Attack both fit.
Message layouts and hash inputs: docs/link-protocol.md. A detected lie raises
CheatError(code, text, cell): the game ends on a screen showing `text`.
"""

import hashlib

from core.compat import const
from link.match import CheatError  # noqa: F401  (raised here, caught by link.match)

# Game message types: byte 0 of a link message.
M_COIN_COMMIT = const(0x10)
M_COIN_REVEAL = const(0x11)
M_FLEET_COMMIT = const(0x20)
M_SHOT = const(0x21)
M_ANSWER = const(0x22)
M_FLEET_REVEAL = const(0x23)

_COIN_LEN = const(16)
SEED_LEN = const(16)
_SALT_LEN = const(16)
HASH_LEN = const(32)
PART_HASHES = const(7)  # hashes per FLEET_COMMIT message: 3 + 7 * 32 = 227 bytes
_ANSWER_LEN = const(20)

# CheatError codes.
C_PROTOCOL = const(1)
C_COIN_COPY = const(2)
C_COIN_OPEN = const(3)
C_FLEET_COPY = const(4)
C_ANSWER = const(5)
C_REVEAL = const(6)
C_ILLEGAL = const(7)
C_SUNK_FALSE = const(8)
C_SUNK_HIDDEN = const(9)

_T_COIN = b"BSv1coin"
_T_FLIP = b"BSv1flip"
_T_SALT = b"BSv1salt"
_T_CELL = b"BSv1cell"
_T_FLEET = b"BSv1flet"


def cell_name(cell, width=10):
    """'D-4' style: row letter, column number (the grid's own names)."""
    return "ABCDEFGHIJKLMNOP"[cell // width] + "-" + str(cell % width + 1)


def _sha(a, b=b"", c=b"", d=b"", e=b""):
    h = hashlib.sha256(a)
    h.update(b)
    h.update(c)
    h.update(d)
    h.update(e)
    return h.digest()


def _leaf(game_id, role, cell, occupied, salt):
    return _sha(_T_CELL, game_id, bytes((role, cell, occupied)), salt)


def _salt(seed, cell):
    return _sha(_T_SALT, seed, bytes((cell,)))[:_SALT_LEN]


def _fleet_hash(game_id, role, seed, cell_map):
    return _sha(_T_FLEET, game_id, bytes((role,)), seed, cell_map)


def _parts(n_cells):
    return (n_cells + 1 + PART_HASHES - 1) // PART_HASHES


def _bad(what):
    return CheatError(C_PROTOCOL, "Opponent sent a bad " + what)


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

    def take(self, msg):
        """The peer's coin message, either one: its commitment gives our opening, to send; its
        opening gives None, and first and game_id are set."""
        if len(msg) and msg[0] == M_COIN_REVEAL:
            self.take_reveal(msg)
            return None
        self.take_commit(msg)
        return self.reveal_msg()

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


def coin(m, msg=None):
    """The coin toss of the cable game m (a link.match.Match), one mechanism for every game that
    tosses it as its start (Link battle, Express, Torpedo Attack). coin(m), the link just open:
    the toss begins, our commitment goes out, and m.coin is the coin until it lands. coin(m, msg),
    the peer's coin message (M_COIN_COMMIT or M_COIN_REVEAL) while it is in the air (a lie
    raises CheatError): its commitment is answered with our opening, -1 (still in the air); its
    opening lands the coin: who starts (0 or 1), m.game_id set and m.coin gone."""
    if msg is None:
        link = m.link
        m.coin = CoinFlip(link.role, link.stream, m.rand)
        m.send(m.coin.commit_msg())
        return -1
    c = m.coin
    opening = c.take(msg)
    if opening is not None:
        m.send(opening)
        return -1
    m.game_id = bytes(c.game_id)
    m.coin = None
    return c.first


class MyFleet:
    """Our own fleet's secrets: the cell map, the seed of every salt, and which cells were shot."""

    def __init__(self, game_id, role, ships, rand, n_cells=100):
        self.game_id = bytes(game_id)
        self.role = role
        self.n = n_cells
        self.map = bytearray(n_cells)
        self.shot = bytearray(n_cells)
        for ship_id, cells in ships:
            if not 0 < ship_id < 256:
                raise ValueError("ship id must be 1..255")
            for c in cells:
                if not 0 <= c < n_cells or self.map[c]:
                    raise ValueError("ship cell off the board or overlapping")
                self.map[c] = ship_id
        self.seed = bytes(rand(SEED_LEN)) if rand else bytes(SEED_LEN)
        self._fleet = None

    def fleet_hash(self):
        if self._fleet is None:
            self._fleet = _fleet_hash(self.game_id, self.role, self.seed, self.map)
        return self._fleet

    def parts(self):
        """How many FLEET_COMMIT messages to send (15 for 100 cells)."""
        return _parts(self.n)

    def part_msg(self, k):
        """FLEET_COMMIT message k: [type, k, count] + hashes k*7 .. k*7+6 of F, leaf 0, leaf 1, ..."""
        count = _parts(self.n)
        out = bytearray((M_FLEET_COMMIT, k, count))
        for j in range(k * PART_HASHES, min((k + 1) * PART_HASHES, self.n + 1)):
            if j == 0:
                out += self.fleet_hash()
            else:
                c = j - 1
                out += _leaf(self.game_id, self.role, c, 1 if self.map[c] else 0, _salt(self.seed, c))
        return bytes(out)

    def answer(self, cell):
        """Answer the peer's shot: (ANSWER message, hit, sunk ship id or 0)."""
        if not 0 <= cell < self.n:
            raise CheatError(C_PROTOCOL, "Opponent shot off the board")
        again = self.shot[cell]
        self.shot[cell] = 1
        s = self.map[cell]
        sunk = 0
        if s and not again:
            sunk = s
            for i in range(self.n):
                if self.map[i] == s and not self.shot[i]:
                    sunk = 0
                    break
        msg = bytes((M_ANSWER, cell, 1 if s else 0, sunk)) + _salt(self.seed, cell)
        return msg, 1 if s else 0, sunk

    def reveal_msg(self):
        return bytes((M_FLEET_REVEAL,)) + self.seed + bytes(self.map)

    def to_bytes(self):
        head = self.game_id + bytes((self.role, self.n & 0xFF))
        return head + self.seed + bytes(self.map) + bytes(self.shot)

    @classmethod
    def from_bytes(cls, b):
        n = b[9] or 256
        if len(b) != 10 + SEED_LEN + 2 * n:
            raise ValueError("bad fleet state")
        f = cls(b[0:8], b[8], (), None, n)
        f.seed = bytes(b[10 : 10 + SEED_LEN])
        f.map[:] = b[10 + SEED_LEN : 10 + SEED_LEN + n]
        f.shot[:] = b[10 + SEED_LEN + n :]
        return f


class PeerFleet:
    """What we hold of the peer's fleet: its commitments and the log of its answers."""

    def __init__(self, game_id, peer_role, n_cells=100, width=10, own_fleet_hash=None):
        self.game_id = bytes(game_id)
        self.role = peer_role
        self.n = n_cells
        self.width = width
        self.own = own_fleet_hash
        self.blob = bytearray(HASH_LEN * (n_cells + 1))
        self.got = 0  # FLEET_COMMIT parts taken
        self.log = bytearray(3 * n_cells)  # (cell, hit, sunk id) per answer, in order
        self.n_log = 0
        self.answered = bytearray(n_cells)

    def complete(self):
        return self.got == _parts(self.n)

    def take_part(self, msg):
        """Take FLEET_COMMIT message; True once all parts are in."""
        count = _parts(self.n)
        k = self.got
        start = k * PART_HASHES * HASH_LEN
        size = min(len(self.blob) - start, PART_HASHES * HASH_LEN)
        if k >= count or len(msg) != 3 + size or msg[0] != M_FLEET_COMMIT or msg[1] != k or msg[2] != count:
            raise _bad("fleet commitment")
        self.blob[start : start + size] = msg[3:]
        self.got += 1
        if self.got == count and self.own is not None and bytes(self.blob[:HASH_LEN]) == self.own:
            raise CheatError(C_FLEET_COPY, "Opponent copied our fleet commitment")
        return self.got == count

    def _committed(self, cell):
        o = HASH_LEN * (cell + 1)
        return bytes(self.blob[o : o + HASH_LEN])

    def take_answer(self, msg, cell):
        """Check the peer's ANSWER to our shot at `cell`: (hit, sunk id). Raises CheatError on a lie."""
        if not self.complete() or len(msg) != _ANSWER_LEN or msg[0] != M_ANSWER or msg[1] != cell:
            raise _bad("answer")
        if self.answered[cell]:
            raise ValueError("cell already shot")
        hit = msg[2]
        sunk = msg[3]
        where = cell_name(cell, self.width)
        if hit > 1 or (sunk and not hit):
            raise _bad("answer")
        salt = bytes(msg[4:])
        want = self._committed(cell)
        if _leaf(self.game_id, self.role, cell, hit, salt) != want:
            if _leaf(self.game_id, self.role, cell, 1 - hit, salt) == want:
                text = "Opponent lied: %s was a %s, not a %s" % (where, "hit" if not hit else "miss",
                                                                   "hit" if hit else "miss")
            else:
                text = "Opponent's answer at %s does not match its fleet" % where
            raise CheatError(C_ANSWER, text, cell)
        self.answered[cell] = 1
        i = 3 * self.n_log
        self.log[i] = cell
        self.log[i + 1] = hit
        self.log[i + 2] = sunk
        self.n_log += 1
        return hit, sunk

    def take_reveal(self, msg, validator=None):
        """Check the peer's FLEET_REVEAL against everything: returns its ships [(id, [cells])].

        validator(ships) -> True if the fleet is legal, else False or a reason string."""
        n = self.n
        if not self.complete() or len(msg) != 1 + SEED_LEN + n or msg[0] != M_FLEET_REVEAL:
            raise _bad("fleet reveal")
        seed = bytes(msg[1 : 1 + SEED_LEN])
        cmap = bytes(msg[1 + SEED_LEN :])
        if _fleet_hash(self.game_id, self.role, seed, cmap) != bytes(self.blob[:HASH_LEN]):
            raise CheatError(C_REVEAL, "Opponent's revealed fleet is not the one it committed to")
        for c in range(n):
            if _leaf(self.game_id, self.role, c, 1 if cmap[c] else 0, _salt(seed, c)) != self._committed(c):
                where = cell_name(c, self.width)
                raise CheatError(C_REVEAL, "Opponent's fleet does not match its cell " + where, c)
        ships = {}
        for c in range(n):
            if cmap[c]:
                if cmap[c] not in ships:
                    ships[cmap[c]] = []
                ships[cmap[c]].append(c)
        fleet = [(s, ships[s]) for s in sorted(ships)]
        if validator is not None:
            ok = validator(fleet)
            if ok is not True:
                why = (": " + ok) if isinstance(ok, str) else ""
                raise CheatError(C_ILLEGAL, "Opponent's fleet is illegal" + why)
        left = {}
        for s in ships:
            left[s] = len(ships[s])
        for k in range(self.n_log):
            cell, hit, sunk = self.log[3 * k], self.log[3 * k + 1], self.log[3 * k + 2]
            s = cmap[cell]
            where = cell_name(cell, self.width)
            if hit != (1 if s else 0):
                raise CheatError(C_ANSWER, "Opponent lied about " + where, cell)
            want = 0
            if s:
                left[s] -= 1
                if left[s] == 0:
                    want = s
            if sunk != want:
                if want and not sunk:
                    raise CheatError(C_SUNK_HIDDEN, "Opponent hid a sinking at " + where, cell)
                raise CheatError(C_SUNK_FALSE, "Opponent falsely claimed a sinking at " + where, cell)
        return fleet

    def to_bytes(self):
        head = self.game_id + bytes((self.role, self.n & 0xFF, self.width, self.got))
        tail = bytes((self.n_log & 0xFF, self.n_log >> 8)) + bytes(self.log[: 3 * self.n_log])
        return head + bytes(self.blob) + tail

    @classmethod
    def from_bytes(cls, b, own_fleet_hash=None):
        n = b[9] or 256
        p = cls(b[0:8], b[8], n, b[10], own_fleet_hash)
        p.got = b[11]
        o = 12 + len(p.blob)
        if len(b) < o + 2 or p.got > _parts(n):
            raise ValueError("bad peer fleet state")
        p.blob[:] = b[12:o]
        p.n_log = b[o] | (b[o + 1] << 8)
        if p.n_log > n or len(b) != o + 2 + 3 * p.n_log:
            raise ValueError("bad peer fleet state")
        p.log[: 3 * p.n_log] = b[o + 2 :]
        for k in range(p.n_log):
            p.answered[p.log[3 * k]] = 1
        return p
