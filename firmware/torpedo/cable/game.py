"""Torpedo Attack over the link cable: one handheld's side, on top of the link layer's fair start
and fleet commitments (link.commit).

Both handhelds hold the same Game: its seed and first player come from the
coin flip (CoinFlip.game_id, .first), so both show the same periscope drift
for every torpedo. Each side knows only its own fleet; locating uses the
link's SHOT / ANSWER messages, whose per-cell commitments catch a false
"open water" or "target" on the shot it is told, and a false or hidden
"ship located" (the link's "sunk") at the end, when both reveal their fleets.

The firing adds one message of this game's own:

    PRESS  0x30, key, frame lo, frame hi, claimed hit (0/1)        5 bytes

key = ship * 4 + torpedo (0x80 + round in a shoot-out). A press is sent as
the frame it was made on; the receiver replays the drift from the shared
seed and refuses a press whose claimed result or key does not match.
Everything a peer can get wrong raises link.commit.CheatError.

    lg = LinkGame(flip.role, flip.game_id, flip.first, level, touching, rand)
    place lg.game.fleets[lg.me] ...; for m in lg.commit_msgs(): send m
    lg.call_msg(cell) / lg.press(frame) -> message(s) to send
    lg.take(msg) -> (type, result, reply message or None)
    when lg.game.phase == OVER: send lg.reveal_msg(); the peer's reveal comes to take()
"""

from battleship.fleet import Fleet
from battleship.rules import NOT_YOUR_TURN, OK, SHIP_SIZES, SIZE, TOUCHING, WRONG_PHASE, Refused
from core.compat import const
from link.commit import (
    C_FLEET_COPY,
    C_PROTOCOL,
    M_ANSWER,
    M_FLEET_COMMIT,
    M_FLEET_REVEAL,
    M_SHOT,
    CheatError,
    MyFleet,
    PeerFleet,
)
from torpedo.engine import Game
from torpedo.rules import FIRE, LOCATE, NO_PRESS, OPEN_WATER, OVER, SHIP_LOCATED, SHOOTOUT, TARGET_LOCATED

M_PRESS = const(0x30)
C_PRESS = const(20)  # CheatError code: a torpedo press that does not match the shared drift
GAME_TORPEDO = const(2)  # HELLO rules byte 0 (docs/link-protocol.md 3.4)
RULE_TOUCHING = const(2)


def rules_bytes(level, touching=True):
    """The HELLO rules: game, flags, level (the drift speed must be equal on both handhelds)."""
    return bytes((GAME_TORPEDO, RULE_TOUCHING if touching else 0, level))


def seed_from_game_id(game_id):
    """The Game's 30-bit seed from the coin flip's 8-byte game id."""
    return game_id[0] | (game_id[1] << 8) | (game_id[2] << 16) | ((game_id[3] & 0x3F) << 24)


def fleet_ok(ships, touching=True):
    """Validator for the peer's revealed fleet: the classic five, straight, inside, legal."""
    n = len(SHIP_SIZES)
    if sorted(s for s, _ in ships) != list(range(1, n + 1)):
        return "wrong ships"
    f = Fleet(touching)
    for sid, cells in ships:
        cells = sorted(cells)
        c0 = cells[0]
        vertical = len(cells) > 1 and cells[1] - c0 == SIZE
        step = SIZE if vertical else 1
        if len(cells) != SHIP_SIZES[sid - 1]:
            return "wrong length"
        for i in range(len(cells)):
            if cells[i] != c0 + i * step:
                return "not straight"
        if not vertical and c0 // SIZE != cells[-1] // SIZE:
            return "not straight"
        why = f.check(sid - 1, c0 // SIZE, c0 % SIZE, vertical)
        if why != OK:
            return "ships touch" if why == TOUCHING else "overlap"
        f.place(sid - 1, c0 // SIZE, c0 % SIZE, vertical)
    return True


def _protocol(text):
    return CheatError(C_PROTOCOL, "Opponent " + text)


class LinkGame:
    """This handheld's side of a cable game: the Game, our fleet's secrets, the peer's commitments."""

    def __init__(self, me, game_id, first, level, touching=True, rand=None):
        self.me = me
        self.game_id = bytes(game_id)
        self.touching = touching
        self.game = Game(seed_from_game_id(game_id), level, first, (False, False), 1 - me, touching)
        self.mine = None  # MyFleet, once our fleet is committed
        self.peer = PeerFleet(self.game_id, 1 - me)
        self.pending = -1  # the cell we called, until its ANSWER comes
        self.peer_ships = None  # the peer's fleet once revealed and checked
        self._rand = rand

    def ready(self):
        """Both fleets committed: calls may start."""
        return self.mine is not None and self.peer.complete()

    def commit_msgs(self):
        """Start the game with our placed fleet; the FLEET_COMMIT messages to send, in order."""
        return [self.mine.part_msg(k) for k in range(self.commit())]

    def commit(self):
        """Start the game with our placed fleet; the number of FLEET_COMMIT messages to send
        (mine.part_msg(k), in order: made one at a time, they never sit in the heap together)."""
        g = self.game
        g.start()
        f = g.fleets[self.me]
        ships = [(s + 1, f.ship_cells(s)) for s in range(len(SHIP_SIZES))]
        self.mine = MyFleet(self.game_id, self.me, ships, self._rand)
        self.peer.own = self.mine.fleet_hash()
        if self.peer.complete() and bytes(self.peer.blob[:32]) == self.peer.own:
            raise CheatError(C_FLEET_COPY, "Opponent copied our fleet commitment")
        return self.mine.parts()

    def call_msg(self, cell):
        """Our player calls a cell: the SHOT message (the answer comes to take())."""
        g = self.game
        if g.phase != LOCATE or g.turn != self.me or not self.ready() or self.pending >= 0:
            raise Refused(NOT_YOUR_TURN)
        g.check_call(cell)
        self.pending = cell
        return bytes((M_SHOT, cell))

    def press(self, frame):
        """Our player fired at `frame` (NO_PRESS: never): (outcome, PRESS message)."""
        g = self.game
        if not 0 <= frame < NO_PRESS:
            frame = NO_PRESS
        key = self._key()
        hit = 1 if g.drift().hit(frame) else 0
        res = g.fire(frame, self.me)
        return res, bytes((M_PRESS, key, frame & 0xFF, frame >> 8, hit))

    def reveal_msg(self):
        if self.game.phase != OVER:
            raise Refused(WRONG_PHASE)
        return self.mine.reveal_msg()

    def _key(self):
        g = self.game
        if g.phase == SHOOTOUT:
            return 0x80 | (g.sd_round & 0x7F)
        return (g.target * 4 + g.torpedo) & 0x7F

    def take(self, msg):
        """Apply one message from the peer: (type, result, reply to send or None).

        FLEET_COMMIT -> all parts in; SHOT -> (announcement, ship), reply ANSWER;
        ANSWER -> (announcement, ship); PRESS -> (outcome, points); FLEET_REVEAL -> ships."""
        if not msg:
            raise _protocol("sent an empty message")
        t = msg[0]
        g = self.game
        try:
            if t == M_FLEET_COMMIT:
                return t, self.peer.take_part(msg), None
            if t == M_SHOT:
                if len(msg) != 2 or self.mine is None or g.phase != LOCATE or g.turn == self.me:
                    raise _protocol("called out of turn")
                res = g.call(msg[1])  # refuses a repeat or off-grid call before we answer
                ans, hit, sunk = self.mine.answer(msg[1])
                return t, res, ans
            if t == M_ANSWER:
                if self.pending < 0:
                    raise _protocol("answered a call we did not make")
                hit, sunk = self.peer.take_answer(msg, self.pending)
                ann = OPEN_WATER if not hit else (SHIP_LOCATED if sunk else TARGET_LOCATED)
                cell = self.pending
                self.pending = -1
                return t, g.record_call(cell, ann, sunk - 1), None
            if t == M_PRESS:
                if len(msg) != 5 or msg[1] != self._key():
                    raise _protocol("fired a torpedo we were not aiming")
                frame = msg[2] | (msg[3] << 8)
                if g.phase == SHOOTOUT or g.phase == FIRE:
                    if not g.check_press(frame, msg[4]):
                        raise CheatError(C_PRESS, "Opponent's torpedo does not match the periscope")
                    return t, g.fire(frame, 1 - self.me), None
                raise _protocol("fired out of turn")
            if t == M_FLEET_REVEAL:
                if g.phase != OVER:
                    raise _protocol("revealed its fleet before the end")
                self.peer_ships = self.peer.take_reveal(msg, self._valid)
                return t, self.peer_ships, None
        except Refused as e:
            raise _protocol("broke a rule: " + str(e))
        except (IndexError, ValueError):
            raise _protocol("sent a bad message")
        raise _protocol("sent an unknown message")

    def _valid(self, ships):
        return fleet_ok(ships, self.touching)

    # -- saving ---------------------------------------------------------------
    def to_bytes(self):
        """The whole side for a save (about 3.6 KB, most of it the peer's commitments)."""
        parts = (self.game.to_bytes(), self.mine.to_bytes() if self.mine else b"", self.peer.to_bytes())
        n = 11
        for p in parts:
            n += 2 + len(p)
        out = bytearray(n)  # one exact allocation: a growing buffer would fragment the heap
        out[0] = self.me
        out[1] = self.pending & 0xFF
        out[2] = 1 if self.touching else 0
        out[3:11] = self.game_id
        i = 11
        for p in parts:
            out[i] = len(p) & 0xFF
            out[i + 1] = len(p) >> 8
            out[i + 2 : i + 2 + len(p)] = p
            i += 2 + len(p)
        return out

    @classmethod
    def from_bytes(cls, data, rand=None):
        try:
            me, pending, touching = data[0], data[1], bool(data[2])
            gid = bytes(data[3:11])
            i = 11
            parts = []
            mv = memoryview(data)  # the fleets are read in place: no 3 KB copy beside the save
            for k in range(3):
                n = data[i] | (data[i + 1] << 8)
                parts.append(bytes(data[i + 2 : i + 2 + n]) if k == 0 else mv[i + 2 : i + 2 + n])
                i += 2 + n
            if i != len(data):
                raise ValueError("bad cable game save")
            g = Game.from_bytes(parts[0])
            lg = cls(me, gid, g.first, g.level, touching, rand)
            lg.game = g
            lg.pending = -1 if pending == 0xFF else pending
            if parts[1]:
                lg.mine = MyFleet.from_bytes(parts[1])
            own = lg.mine.fleet_hash() if lg.mine else None
            lg.peer = PeerFleet.from_bytes(parts[2], own)
        except IndexError:
            raise ValueError("truncated cable game save")
        return lg
