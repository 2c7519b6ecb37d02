"""A minimal Battleship duel over two Links (tests and the link benchmark, never on the device).

It plays the part the real game will: coin flip, fleet commitments, one shot
per turn, answers with openings, fleet reveal and the end-of-game check, with
optional lies so tests can see them caught. Fleets are classic: ship ids 1..5
(Carrier 5, Battleship 4, Destroyer 3, Submarine 3, Patrol Boat 2), cells
row * 10 + col.
"""

from core.prng import Rng
from host_tools.duel.cable import rand_source
from link.commit import (
    M_ANSWER,
    M_COIN_COMMIT,
    M_COIN_REVEAL,
    M_FLEET_COMMIT,
    M_FLEET_REVEAL,
    M_SHOT,
    CheatError,
    CoinFlip,
    MyFleet,
    PeerFleet,
)
from link.session import ST_OPEN

SIZES = {1: 5, 2: 4, 3: 3, 4: 3, 5: 2}
FLEET_A = [(1, [0, 1, 2, 3, 4]), (2, [20, 30, 40, 50]), (3, [66, 67, 68]), (4, [81, 82, 83]), (5, [98, 99])]
FLEET_B = [(1, [11, 21, 31, 41, 51]), (2, [14, 15, 16, 17]), (3, [77, 87, 97]), (4, [44, 45, 46]),
           (5, [8, 9])]  # the patrol boat touches the battleship corner to corner


def classic_ok(fleet, touching=True):
    """Validator for PeerFleet.take_reveal: five straight ships of the classic sizes."""
    if sorted(s for s, _ in fleet) != [1, 2, 3, 4, 5]:
        return "wrong ships"
    owner = {}
    for sid, cells in fleet:
        if len(cells) != SIZES[sid]:
            return "wrong length"
        rows = sorted(set(c // 10 for c in cells))
        cols = sorted(set(c % 10 for c in cells))
        if len(rows) == 1:
            line = cols
        elif len(cols) == 1:
            line = rows
        else:
            return "not straight"
        if line[-1] - line[0] != len(cells) - 1:
            return "not straight"
        for c in cells:
            owner[c] = sid
    if not touching:
        for c, sid in owner.items():
            r, k = c // 10, c % 10
            for dr in (-1, 0, 1):
                for dk in (-1, 0, 1):
                    if 0 <= r + dr < 10 and 0 <= k + dk < 10:
                        o = owner.get((r + dr) * 10 + k + dk)
                        if o is not None and o != sid:
                            return "ships touch"
    return True


class Side:
    """One player's game-over-the-link logic, driven once per loop step."""

    def __init__(self, pair, side, fleet, seed):
        self.pair = pair
        self.side = side
        self.fleet = fleet
        self.rand = rand_source(seed)
        order = list(range(100))
        Rng(seed).shuffle(order)
        self.order = order
        self.phase = 0
        self.pending = []  # messages waiting for room in the link's send queue
        self.received = 0
        self.coin = None
        self.my = None
        self.peer = None
        self.my_turn = False
        self.aim = -1
        self.sunk_by_me = 0
        self.sunk_of_mine = 0
        self.shots = 0
        self.answered = 0
        self.result = None  # "won" / "lost" once the fleets are verified
        self.cheat = None  # CheatError caught
        self.revealed = False
        self.peer_revealed = False
        self.lie = None  # callable(msg, hit, sunk, shot_no) -> msg, to make this side lie

    def _send(self, msg):
        self.pending.append(msg)

    def step(self):
        link = self.pair.links[self.side]
        if self.phase == 0:
            if link.status() != ST_OPEN:
                return
            self.coin = CoinFlip(link.role, link.stream, self.rand)
            self._send(self.coin.commit_msg())
            self.phase = 1
        while self.cheat is None:
            msg = link.recv()
            if msg is None:
                break
            self.received += 1
            try:
                self._on(msg)
            except CheatError as e:
                self.cheat = e
        if self.phase == 4 and self.my_turn and self.aim < 0 and self.result is None:
            self.aim = self.order[self.shots]
            self.shots += 1
            self._send(bytes((M_SHOT, self.aim)))
        while self.pending and link.send(self.pending[0]):
            self.pending.pop(0)

    def _on(self, msg):
        t = msg[0]
        if t == M_COIN_COMMIT:
            self.coin.take_commit(msg)
            self._send(self.coin.reveal_msg())
        elif t == M_COIN_REVEAL:
            first = self.coin.take_reveal(msg)
            role = self.coin.role
            self.my = MyFleet(self.coin.game_id, role, self.fleet, self.rand)
            self.peer = PeerFleet(self.coin.game_id, 1 - role, own_fleet_hash=self.my.fleet_hash())
            for k in range(self.my.parts()):
                self._send(self.my.part_msg(k))
            self.my_turn = first == role
            self.phase = 3
        elif t == M_FLEET_COMMIT:
            if self.peer.take_part(msg):
                self.phase = 4
        elif t == M_SHOT:
            ans, hit, sunk = self.my.answer(msg[1])
            self.answered += 1
            if self.lie is not None:
                ans = self.lie(ans, hit, sunk, self.answered)
            self._send(ans)
            if sunk:
                self.sunk_of_mine += 1
            if self.sunk_of_mine == 5:
                self._over()
            else:
                self.my_turn = True
        elif t == M_ANSWER:
            hit, sunk = self.peer.take_answer(msg, self.aim)
            self.aim = -1
            if sunk:
                self.sunk_by_me += 1
            if self.sunk_by_me == 5:
                self._over()
            else:
                self.my_turn = False
        elif t == M_FLEET_REVEAL:
            self.peer.take_reveal(msg, classic_ok)
            self.peer_revealed = True
            self._over()
        if self.revealed and self.peer_revealed and self.result is None:
            self.result = "won" if self.sunk_by_me == 5 else "lost"

    def _over(self):
        if not self.revealed:
            self.revealed = True
            self._send(self.my.reveal_msg())
        self.my_turn = False


class Duel:
    """Two Sides on a Pair; the Sides take and send messages themselves (nothing is kept)."""

    def __init__(self, pair, fleets=(FLEET_A, FLEET_B), seed=1):
        self.pair = pair
        pair.auto_take = [False, False]
        self.sides = [Side(pair, 0, fleets[0], seed * 7 + 1), Side(pair, 1, fleets[1], seed * 7 + 2)]

    def done(self):
        a, b = self.sides
        return (a.result is not None and b.result is not None) or a.cheat is not None or b.cheat is not None

    def play(self, ms):
        """Run until both verified the end (or a cheat was caught); returns ms used."""
        t = 0
        while t < ms and not self.done():
            t += self.pair.run(self.pair.step)
            for s in self.sides:
                s.step()
        return t
