"""Battleship and Salvo between two linked handhelds: this handheld's side of the game.

Owns the game over a link.session.Link: the coin flip (who shoots first and
the game id), this side's fleet and its commitment, the peer's commitments
with the log of its answers, turns and salvo counting, the end of the game,
and the check of the peer's revealed fleet (battleship.cable.save writes it to flash and
back, with the link's snapshot). No clock, no screen, no flash: time comes into
step(now), randomness from the injected rand(n) (os.urandom on the device),
and the caller saves (battleship.cable.save.payload) whenever needs_save() says so.

    g = Game(None, rand, variant, touching)      # first: its 3.2 KB block before the heap fragments
    g.link = Link(port, rand, now, rules=rules_bytes(variant, touching), tx_slots=TX_QUEUE, ...)
    every frame:  ev = g.step(now)                 # poll, take, answer, send; EV_* bits
                  ... g.fire(cell) on the player's turn; g.commit() once placed ...
                  if g.needs_save(): save(battleship.cable.save.payload(g))    # before the next step
    g = battleship.cable.save.restore(state, None, rand); g.link = Link(..., saved=snap)   # after a restart

Messages are the link protocol's (docs/link-protocol.md, section 6); this
game adds none. Salvo: a side fires as many shots as it has ships afloat
when its turn begins, one at a time, each answered before the next; the
defender counts them too (it knows which of the shooter's ships it sank).
Any lie or broken rule ends the game in phase CHEAT with (code, cell, why)
naming it; a peer silent for FORFEIT_MS where it owes a message forfeits.
"""

import binascii

from battleship.fleet import Fleet
from battleship.rules import (
    CELLS,
    NOT_PLACED,
    NOT_YOUR_TURN,
    OK,
    REPEAT,
    SALVO,
    SHIP_SIZES,
    SIZE,
    TOUCHING,
    WRONG_PHASE,
    Refused,
)
from core.app import GAME
from core.compat import const
from link.commit import (
    C_ANSWER,
    C_FLEET_COPY,
    C_ILLEGAL,
    C_PROTOCOL,
    HASH_LEN,
    M_ANSWER,
    M_COIN_COMMIT,
    M_COIN_REVEAL,
    M_FLEET_COMMIT,
    M_FLEET_REVEAL,
    M_SHOT,
    PART_HASHES,
    SEED_LEN,
    CheatError,
    MyFleet,
    PeerFleet,
    cell_name,
    coin,
)
from link.match import Match

GAME_BATTLESHIP = const(1)  # HELLO rules byte 0
RULE_SALVO = const(1)  # HELLO rules byte 1
RULE_TOUCHING = const(2)

# phases
LINKING = const(0)  # a fresh game: waiting for the link to open
COIN = const(1)  # our coin is committed; the toss settles when both have revealed
PLACING = const(2)  # the toss is done: our fleet is being placed
PLAYING = const(3)  # our fleet is committed (ready(): the peer's too)
OVER = const(4)  # the board is decided (winner); the fleets are being revealed
VERIFIED = const(5)  # the peer's revealed fleet checked out: the result stands
CHEAT = const(6)  # a lie or a broken rule was caught: cheat = (code, cell, why)
FORFEIT = const(7)  # the peer stayed silent where it owed a message: we win

ME = const(0)
PEER = const(1)

# step() events
_EV_COIN = const(1)  # the toss settled: first, game_id
_EV_FLEET = const(2)  # the peer's fleet commitment is complete
EV_ANSWER = const(4)  # our shot was answered: last_mine
EV_SHOT = const(8)  # the peer shot: last_theirs (its answer is on its way)
EV_TURN = const(16)  # the turn passed
_EV_OVER = const(32)  # the board is decided: winner
_EV_END = const(64)  # VERIFIED, CHEAT or FORFEIT

# CheatError code C_PROTOCOL: what the peer did, in cheat[2]
_W_BAD = const(0)  # a malformed message
W_TURN = const(1)  # fired out of turn (or more shots than its salvo)
W_REPEAT = const(2)  # shot the same cell twice
_W_EARLY = const(3)  # revealed its fleet before the end
_W_UNASKED = const(4)  # answered a shot we did not fire
_W_UNKNOWN = const(5)  # a message this game does not know, or out of place
# C_ANSWER: what the answer claimed
W_SAID_MISS = const(0)  # "miss" on a ship
W_SAID_HIT = const(1)  # "hit" on water
_W_NO_MATCH = const(2)  # matches neither
W_AT_END = const(3)  # found when the fleet was revealed
# C_REVEAL: cell -1 when the fleet hash fails, else the first cell that does not match
# C_ILLEGAL: index into ILLEGAL
ILLEGAL = ("wrong ships", "wrong length", "not straight", "ships touch", "overlap")

SAVE = "link_battle"  # the save slot of both link modes (App.save_game)
PEER_SAVE = "lkpeer"  # the peer's commitments, saved apart (battleship.cable.save)
# The link's send queue for this game (Link(tx_slots=...)): at most 4 fleet parts, then a shot or
# an answer and the fleet reveal are ever unacknowledged; 8 slots instead of 16 keep 1.9 KB free.
TX_QUEUE = const(8)
_FLEET_CELLS = const(17)  # 5 + 4 + 3 + 3 + 2: every ship cell hit ends the game
_N_SHIPS = const(5)
_MISS = const(2)  # battleship.grid / battleship.engine view codes
_HIT = const(3)
_SUNK = const(4)


def rules_bytes(variant, touching):
    """The HELLO rules bytes (docs/link-protocol.md 3.4): Battleship, salvo and touching flags."""
    return bytes(
        (GAME_BATTLESHIP, (RULE_SALVO if variant == SALVO else 0) | (RULE_TOUCHING if touching else 0))
    )


def rules_of(rules):
    """(variant, touching) from HELLO rules bytes, or None when they are not this game's."""
    if rules is None or len(rules) != 2 or rules[0] != GAME_BATTLESHIP or rules[1] > 3:
        return None
    return (SALVO if rules[1] & RULE_SALVO else 0), bool(rules[1] & RULE_TOUCHING)


def fleet_check(ships, touching):
    """Index into ILLEGAL of what is wrong with a revealed fleet [(ship id, [cells])], or -1."""
    if len(ships) != _N_SHIPS:
        return 0
    f = Fleet(touching)
    for sid, cells in ships:
        if not 1 <= sid <= _N_SHIPS:
            return 0
        n = SHIP_SIZES[sid - 1]
        if len(cells) != n:
            return 1
        c0 = cells[0]  # cells come in increasing order
        vertical = n > 1 and cells[1] - c0 == SIZE
        step = SIZE if vertical else 1
        for i in range(n):
            if cells[i] != c0 + i * step:
                return 2
        if not vertical and c0 // SIZE != cells[-1] // SIZE:
            return 2
        why = f.check(sid - 1, c0 // SIZE, c0 % SIZE, vertical)
        if why != OK:
            return 3 if why == TOUCHING else 4
        f.place(sid - 1, c0 // SIZE, c0 % SIZE, vertical)
    return -1


class Game(Match):
    head = b"L"  # the save's tag
    slot = GAME + SAVE  # its save, into flash erased ahead while no SHOT can come (quiet())

    def __init__(self, link, rand, variant, touching, peer=None):
        # The peer's commitments are the biggest block (3.2 KB): allocated first and kept for
        # good (reset() reuses it); a caller may hand in one it allocated earlier still.
        self.peer = peer if peer is not None else PeerFleet(bytes(8), 1)
        self.link = link
        self.rand = rand
        self.variant = variant
        self.touching = bool(touching)
        self.fleet = Fleet(self.touching)  # ours: placement, the peer's shots, ships afloat
        self.seen = bytearray(CELLS)  # the peer's ocean as we know it: 0, _MISS, _HIT, _SUNK
        self.peer_sunk = bytearray(_N_SHIPS)  # which of the peer's ships we sank
        self.peer_map = None  # the peer's revealed cell map once checked
        Match.__init__(self)
        self.peer_got = 0  # the peer's commitment parts in flash (_save_more)
        self.reset()

    def reset(self):
        """Back to a fresh game (same rules): nothing sent, nothing placed."""
        self.phase = LINKING
        self.role = 0
        self.first = -1
        self.game_id = bytes(8)
        self.coin = None
        self.my = None  # MyFleet once committed
        self.parts = 0  # its FLEET_COMMIT parts (queued by link.match a window's worth at a time)
        p = self.peer
        p.got = 0
        p.n_log = 0
        p.own = None
        for i in range(CELLS):
            p.answered[i] = 0
            self.seen[i] = 0
        for i in range(_N_SHIPS):
            self.peer_sunk[i] = 0
        self.fleet.clear()
        for i in range(CELLS):
            self.fleet.shots[i] = 0
        for i in range(_N_SHIPS):
            self.fleet.hits[i] = 0
        self.turn = -1  # ME or PEER once both fleets are committed
        self.turn_no = 0  # turns begun (the same count on both handhelds)
        self.shots_left = 0
        self.aim = -1  # the cell of our shot waiting for its answer
        self.winner = -1
        self.cheat = None  # (code, cell or -1, why)
        self.cheat_msg = None
        self.last_mine = None  # (cell, hit, sunk ship id or 0) of our latest answered shot
        self.last_theirs = None  # the same for the peer's latest shot
        self.hits = 0  # our hits on the peer's fleet
        self.sunk = 0  # the peer's ships we sank
        self.peer_map = None
        self.out = []
        self.timer = 0

    # -- queries -------------------------------------------------------------
    @property
    def salvo(self):
        return self.variant == SALVO

    @property
    def parts_sent(self):
        """Our FLEET_COMMIT parts queued on the link so far."""
        out = self.out
        return out[0] if out and isinstance(out[0], int) else self.parts  # out[0]: the next one

    def committed(self):
        """Our fleet is committed and every part of it is queued on the link."""
        return self.my is not None and self.parts_sent == self.parts

    def ready(self):
        """Both fleets are committed: shots may fly."""
        return self.committed() and self.peer.complete()

    def my_turn(self):
        """The player may fire now (our turn, no shot waiting for its answer)."""
        return self.phase == PLAYING and self.turn == ME and self.aim < 0 and self.ready()

    def shots_for(self, side):
        """Shots in a turn of side's starting now: its ships afloat in Salvo, else one."""
        if self.variant != SALVO:
            return 1
        if side == ME:
            return self.fleet.afloat()
        return _N_SHIPS - self.sunk

    def done(self):
        return self.phase >= VERIFIED

    # -- the player's moves ------------------------------------------------------
    def commit(self):
        """The fleet is placed: commit to it (FLEET_COMMIT parts go out)."""
        if self.phase != PLACING:
            raise Refused(WRONG_PHASE)
        f = self.fleet
        if not f.complete():
            raise Refused(NOT_PLACED)
        ships = [(s + 1, f.ship_cells(s)) for s in range(_N_SHIPS)]
        my = MyFleet(self.game_id, self.role, ships, self.rand)
        self.my = my
        self.peer.own = my.fleet_hash()
        self.phase = PLAYING
        self.parts = my.parts()
        self.out.insert(0, 0)  # the parts come before anything else, made as the link has room
        self._dirty = True
        if self.peer.complete() and bytes(self.peer.blob[:HASH_LEN]) == self.peer.own:
            self._caught(CheatError(C_FLEET_COPY, "Opponent copied our fleet commitment"))
            return
        self.flush()

    def fire(self, cell):
        """Our shot at cell (the answer comes through step(): EV_ANSWER)."""
        if not self.my_turn():
            raise Refused(NOT_YOUR_TURN)
        if self.peer.answered[cell]:
            raise Refused(REPEAT)
        self.aim = cell
        self.send(bytes((M_SHOT, cell)))

    def abandon(self):
        """Give up the saved game for a fresh one (after a mismatch with the peer's)."""
        self.link.new_stream()
        self.reset()

    # -- what link.screen asks of the game -------------------------------------------
    def rules_name(self, rules):
        """The other handheld's HELLO rules in words, None when they are not this game's."""
        r = rules_of(rules)
        if r is None:
            return None
        from core.strings import t

        name = t("link_salvo" if r[0] == SALVO else "link_battle")
        return name + ", " + t("lk_touch_yes" if r[1] else "lk_touch_no")

    def adopt(self, app):
        """Play the other handheld's rules (our game has not begun)."""
        link = self.link
        self.variant, self.touching = rules_of(link.peer_rules)  # not None: link.screen checked  # pyright: ignore[reportGeneralTypeIssues]
        self.fleet.touching = self.touching
        link.set_rules(link.peer_rules)

    def new_game(self, app):
        """The saved game gives way to a new one on both handhelds."""
        self.abandon()
        app.clear_game(SAVE)

    # -- the protocol, for link.match --------------------------------------------------
    def has_game(self):
        return self.phase != LINKING

    def start(self):
        link = self.link
        self.role = link.role
        self.phase = COIN
        coin(self)
        return 0

    def work(self):
        return self._start()  # the first turn, once our last part is queued

    def part_msg(self, k):
        return self.my.part_msg(k)

    def quiet(self, saved):
        """Saves' worth of flash to erase ahead now (link.match), while no SHOT can arrive that
        we would answer at once: before the game, while we place our fleet, before the last part
        of our commitment is queued (the peer fires only once it holds all of them), and on our
        turn in a frame that saved nothing (the one that sent our answer is not over yet). A
        turn's shots each way, each answered, and some; 0 at other times."""
        ph = self.phase
        if ph == PLAYING and self.committed():
            ours = self.turn == ME or (self.turn < 0 and self.first == self.role)
            if saved or not ours:
                return 0
        elif ph > PLAYING:
            return 0
        return 24 if self.variant == SALVO else 8

    def owed(self):
        """What the peer sends with no person to think about it (docs/link-protocol.md 10.1): its
        coin, the rest of its fleet's commitment once it has begun it, the ANSWER to our shot,
        and its fleet at the end."""
        ph = self.phase
        if ph == PLAYING and self.aim >= 0:
            return True
        p = self.peer
        if (ph == PLACING or ph == PLAYING) and p.got and not p.complete():
            return True
        return ph == COIN or ph == OVER

    def write(self, sink):
        write_save(self, sink)

    def save(self, app):
        """The peer's commitments first when more of them came (3.2 KB at most, a few times a
        game); the game and its link after them (under 2 KB; about 700 bytes in play)."""
        if self.peer.got != self.peer_got:
            app.save(PEER_SAVE, commitments(self))
            self.peer_got = self.peer.got
        label = "link_salvo" if self.variant == SALVO else "link_battle"
        app.save_game(SAVE, self.data(), self.turn_no, label, "u_turn")

    def _caught(self, e, why=-1):
        if e is None:  # silent where it owed a message: the peer forfeits
            self.phase = FORFEIT
            self.winner = ME
            return _EV_END
        if not isinstance(e, CheatError):  # what link.match caught: a malformed message
            e = CheatError(C_PROTOCOL, "Opponent sent a bad message")
            why = _W_BAD
        code = e.code
        if why < 0:
            why = 0
            if code == C_ANSWER:
                if "lied: " in e.text:
                    why = W_SAID_MISS if "not a miss" in e.text else W_SAID_HIT
                else:
                    why = _W_NO_MATCH
            elif code == C_PROTOCOL:
                why = _W_BAD
        self.cheat = (code, e.cell, why)
        self.cheat_msg = e.text  # the link layer's own words (English; not saved: screens use cheat)
        self.phase = CHEAT
        self._dirty = True
        return _EV_END

    def _bad(self, why, cell=-1):
        texts = (
            "sent a bad message",
            "fired out of turn",
            "shot twice at ",
            "revealed its fleet before the end",
            "answered a shot we did not fire",
            "sent an unexpected message",
        )
        text = "Opponent " + texts[why] + (cell_name(cell) if why == W_REPEAT else "")
        e = CheatError(C_PROTOCOL, text, cell)
        return self._caught(e, why)

    # -- the peer's messages -------------------------------------------------------------
    def take(self, m):
        t = m[0] if len(m) else 0
        ph = self.phase
        if (t == M_COIN_COMMIT or t == M_COIN_REVEAL) and ph == COIN:
            self.first = coin(self, m)
            if self.first < 0:
                return 0
            self.peer.game_id = self.game_id
            self.peer.role = 1 - self.role
            self.phase = PLACING
            return _EV_COIN
        if t == M_FLEET_COMMIT and (ph == PLACING or ph == PLAYING) and not self.peer.complete():
            if not self.peer.take_part(m):
                return 0
            return _EV_FLEET | self._start()
        if t == M_SHOT and ph == PLAYING:
            return self._their_shot(m)
        if t == M_ANSWER and ph == PLAYING:
            return self._answer(m)
        if t == M_FLEET_REVEAL and ph == OVER:
            return self._reveal(m)
        if t == M_FLEET_REVEAL and ph == PLAYING:
            return self._bad(_W_EARLY)
        if t == M_SHOT or t == M_ANSWER:
            return self._bad(W_TURN if t == M_SHOT else _W_UNASKED)
        return self._bad(_W_UNKNOWN)

    def _start(self):
        if self.phase != PLAYING or self.turn >= 0 or self.turn_no or not self.ready():
            return 0
        self._begin(ME if self.first == self.role else PEER)
        return EV_TURN

    def _begin(self, side):
        self.turn = side
        self.turn_no += 1
        self.shots_left = self.shots_for(side)

    def _their_shot(self, m):
        if len(m) != 2 or m[1] >= CELLS:
            return self._bad(_W_BAD)
        cell = m[1]
        if self.turn != PEER or not self.ready() or self.shots_left <= 0:
            return self._bad(W_TURN, cell)
        if self.fleet.shots[cell]:
            return self._bad(W_REPEAT, cell)
        self.fleet.receive(cell)
        ans, hit, sunk = self.my.answer(cell)
        self.send(ans)
        self.last_theirs = (cell, hit, sunk)
        self.shots_left -= 1
        ev = EV_SHOT
        if self.fleet.defeated():
            ev |= self._over(PEER)
        elif self.shots_left == 0:
            self._begin(ME)
            ev |= EV_TURN
        return ev

    def _answer(self, m):
        cell = self.aim
        if cell < 0:
            return self._bad(_W_UNASKED)
        hit, sunk = self.peer.take_answer(m, cell)
        self.aim = -1
        self._note(cell, hit, sunk)
        self.last_mine = (cell, hit, sunk)
        self.shots_left -= 1
        ev = EV_ANSWER
        if self.sunk >= _N_SHIPS or self.hits >= _FLEET_CELLS:
            ev |= self._over(ME)
        elif self.shots_left <= 0:
            self._begin(PEER)
            ev |= EV_TURN
        return ev

    def _note(self, cell, hit, sunk):
        self.seen[cell] = _SUNK if sunk else (_HIT if hit else _MISS)
        if hit:
            self.hits += 1
        if sunk and 1 <= sunk <= _N_SHIPS and not self.peer_sunk[sunk - 1]:
            self.peer_sunk[sunk - 1] = 1
            self.sunk += 1

    def _over(self, winner):
        self.winner = winner
        self.phase = OVER
        self.turn = -1
        self.shots_left = 0
        self.timer = 0
        self.send(self.my.reveal_msg())
        return _EV_OVER

    def _reveal(self, m):
        try:
            self.peer.take_reveal(m, self._valid)
        except CheatError as e:
            if e.code == C_ANSWER:
                self._caught(e, W_AT_END)
            elif e.code == C_ILLEGAL:
                self._caught(e, self._illegal)
            else:
                self._caught(e)
            return _EV_END
        self.peer_map = bytes(m[1 + SEED_LEN :])
        self.phase = VERIFIED
        return _EV_END

    def _valid(self, ships):
        self._illegal = fleet_check(ships, self.touching)
        return True if self._illegal < 0 else ILLEGAL[self._illegal]

    # -- what the screens draw ------------------------------------------------------------
    def peer_view(self, row, col):
        """The peer's ocean as we know it (battleship.grid codes); its ships once revealed."""
        c = row * SIZE + col
        s = self.seen[c]
        if self.peer_map is not None and self.peer_map[c]:
            return _SUNK if s else 1
        return s


# -- the save (battleship.cable.save reads it back) -------------------------------------------
_SAVE_VERSION = const(1)
_SAVE_NONE = const(0xFF)


def _triple(t):
    return (_SAVE_NONE, 0, 0) if t is None else t


def commitments(g):
    """The peer's commitments taken so far (a view of its PeerFleet's blob: nothing copied)."""
    return commitments_view(g.peer)


def commitments_view(p):
    n = p.got * PART_HASHES * HASH_LEN
    return memoryview(p.blob)[: min(n, len(p.blob))]


def write_save(g, sink):
    """The game's state into a link.match.Sink (the harness frames it: tag, length, state, the
    link's snapshot)."""
    coin = g.coin.to_bytes() if g.coin is not None else b""
    fleet = g.fleet.to_bytes()
    mine = g.my.to_bytes() if g.my is not None else b""
    p = g.peer
    out = [m for m in g.out if not isinstance(m, int)]  # the int: our parts still to queue
    cheat = g.cheat or (0, -1, 0)
    head = (_SAVE_VERSION, g.phase, g.variant, 1 if g.touching else 0, g.role, g.first, g.turn, g.shots_left,
            g.aim, g.winner) + cheat + _triple(g.last_mine) + _triple(g.last_theirs) + (
            len(coin), len(mine) & 0xFF, len(mine) >> 8, len(out), 0 if g.peer_map is None else 1,
            len(fleet), g.parts_sent, g.turn_no & 0xFF, g.turn_no >> 8)  # fmt: skip
    crc = binascii.crc32(commitments(g)) & 0xFFFFFFFF
    head += (crc & 0xFF, (crc >> 8) & 0xFF, (crc >> 16) & 0xFF, crc >> 24)
    for v in head:
        sink.append(v & 0xFF)
    sink.extend(g.game_id)
    sink.extend(coin)
    sink.extend(fleet)
    sink.extend(mine)
    # PeerFleet.to_bytes()'s layout, less its blob (saved apart: commitments())
    sink.extend(p.game_id)
    sink.extend(bytes((p.role, p.n & 0xFF, p.width, p.got)))
    sink.extend(bytes((p.n_log & 0xFF, p.n_log >> 8)))
    sink.extend(memoryview(p.log)[: 3 * p.n_log])
    if g.peer_map is not None:
        sink.extend(g.peer_map)
    for msg in out:
        sink.append(len(msg))
        sink.extend(msg)
