"""Battleship Express between two linked handhelds: this handheld's side of the game (pure).

Owns the game over a link.session.Link: the coin toss (who starts, the game
id), our fleet's commitment and its opening, the peer's, the dice chains
(link.dice) and every roll, the peer's moves checked against the Express
engine (express.engine: the same rules as the single-handheld game), and the
end. It runs on the one harness, link.match.Match (the loop, the forfeit clock,
the save): no clock, no screen, no flash of its own; time comes into step(now),
randomness from the injected rand(n) (os.urandom on the device).

    g = Game(link, rand, game)        # game: express.rules.CAPTAIN or ADMIRAL
    the app, every frame: g.tick(app)   # save, poll, take, send, save (link.match)
                  ... g.arrange(row) once; on my_turn(): attack / again / reroll / declare / stop

Seat = link role (player 0 or 1 of the engine). A roll: the roller sends its
choices with its own link of the dice chain (MOVE); the other side checks
the choices and the link, answers with its own link (OPEN) and rolls; the
roller rolls and states what it got (ROLL), which the other side checks.
Messages and the argument: docs/link-protocol.md section 8. Any lie or
broken rule ends the game in phase CHEAT, `cheat` naming it (W_*).
"""

import hashlib

from core.compat import const, load
from express.engine import AGAIN, ATTACKER, DECLARE, DONE, REROLL, ROLL, TARGET
from express.engine import NONE as NO_SHIP
from express.engine import OVER as G_OVER
from express.engine import Game as Engine
from express.engine import from_bytes as game_from_bytes
from express.rules import ADMIRAL, DICE, SHIPS
from link.dice import C_CHAIN, LINK_LEN, SEED_LEN, Chain, Feed, PeerChain, roll_faces
from link.match import CheatError, Match

# link.commit's coin (6.2): the module comes only while the coin is in the air (_coin())
_M_COIN_COMMIT = const(0x10)
_M_COIN_REVEAL = const(0x11)
_C_COIN_COPY = const(2)
_C_COIN_OPEN = const(3)
_HASH_LEN = const(32)

GAME_EXPRESS = const(3)  # link.session.GAME_EXPRESS: HELLO rules byte 0

# message types (byte 0)
M_X_COMMIT = const(0x50)  # anchor (32), fleet commitment (32)
M_X_FLEET = const(0x51)  # salt (16), row (5)
M_X_MOVE = const(0x52)  # roll index (2), action, a, b, c, d, [link (32) if the action rolls]
M_X_OPEN = const(0x53)  # roll index (2), link (32)
M_X_ROLL = const(0x54)  # roll index (2), dice (8), kept mask

# MOVE actions
A_ATTACK = const(1)  # a attacker, b to front (0/1), c target owner, d target ship (255: declared later)
A_AGAIN = const(2)  # roll the dice not set aside
A_REROLL = const(3)  # a: the dice to roll again (Admiral's Carrier)
A_DECLARE = const(4)  # a owner, b ship: the Admiral's Carrier's target after its first roll
A_STOP = const(5)  # end the attack (where the ship "may")
_ROLLS = (0, 1, 1, 1, 0, 0)  # which actions roll

# phases
LINKING = const(0)  # waiting for the link to open on a fresh game
COIN = const(1)  # the toss
ARRANGE = const(2)  # the toss is done: our fleet is being arranged
SEALED = const(3)  # our fleet and dice chain are committed; the fleets open once both are
PLAYING = const(4)
VERIFIED = const(5)  # the game is over and every roll checked: the result stands
CHEAT = const(6)
FORFEIT = const(7)

# step() events
EV_COIN = const(1)
EV_START = const(2)  # both fleets open: play begins
EV_MOVE = const(4)  # the peer moved (its choices are in the engine)
EV_ROLL = const(8)  # a roll came out (g.dice)
EV_TURN = const(16)  # an attack ended (shown) and the turn passed
EV_END = const(32)

# cheat: what the peer did (index into CHEAT_TEXTS; the screens have their own words)
W_BAD = const(0)
W_TURN = const(1)
W_COIN_COPY = const(2)
W_COIN_OPEN = const(3)
W_COPY = const(4)
W_FLEET = const(5)
W_ILLEGAL_FLEET = const(6)
W_CHAIN = const(7)
W_ROLL = const(8)
W_KEPT = const(9)
W_ATTACKER = const(10)
W_TARGET = const(11)
W_MOVE = const(12)
W_EARLY = const(13)
CHEAT_TEXTS = (
    "Opponent sent a bad message",
    "Opponent moved out of turn",
    "Opponent copied our coin toss",
    "Opponent's coin does not match its commitment",
    "Opponent copied our commitment",
    "Opponent's fleet is not the one it committed to",
    "Opponent's fleet is illegal",
    "Opponent's dice secret is not from its chain",
    "Opponent's roll does not match the dice",
    "Opponent kept a die that was not a hit",
    "Opponent chose an illegal attacker",
    "Opponent chose an illegal target",
    "Opponent made an illegal move",
    "Opponent showed its fleet too early",
)

SLOT = "link_express"  # core.modes.SLOTS
_T_FLEET = b"BSv1xflt"
_NONE16 = const(0xFFFF)
_SAVE = const(2)  # the save's version (2: the attack shown is the engine's bytes)


SLOT = "link_express"  # the save slot (core.modes.SLOTS)


def rules_bytes(game):
    """HELLO rules: Express, then 0 Captain's / 1 Admiral's."""
    return bytes((GAME_EXPRESS, game))


def rules_of(rules):
    """express.rules CAPTAIN/ADMIRAL from HELLO rules bytes, or None when they are not this game's."""
    if rules is None or len(rules) != 2 or rules[0] != GAME_EXPRESS or rules[1] > 1:
        return None
    return rules[1]


def fleet_commitment(game_id, role, salt, row):
    h = hashlib.sha256(_T_FLEET)
    h.update(game_id)
    h.update(bytes((role,)))
    h.update(salt)
    h.update(row)
    return h.digest()


def _u16(m, i):
    return m[i] | (m[i + 1] << 8)


class _Caught(CheatError):
    """A lie or a broken rule of this game's, named by its W_* code (link.match catches it)."""

    def __init__(self, why):
        super().__init__(-1, "", -1)
        self.why = why


class Game(Match):
    head = b"X"  # the save's tag
    # the other's time bank: its rolls' links over a whole game (docs/link-protocol.md 10.2:
    # 63.6 s at most in 500 honest games of `bench linkexpress --games 1000`, noise and pulls)
    bank_ms = 180000

    def __init__(self, link, rand, game):
        Match.__init__(self)
        self.link = link
        self.rand = rand
        self.game = game
        self.reset()

    def reset(self):
        self.phase = LINKING
        self.role = 0
        self.first = -1
        self.game_id = bytes(8)
        self.coin = None
        self.chain = None  # our Chain once arranged
        self.salt = None
        self.row = None  # our fleet, front first, as committed
        self.peer_anchor = None
        self.peer_fc = None
        self.peer_row = None
        self.pchain = None
        self.revealed = False  # our X_FLEET is queued
        self.g = None  # the engine once both fleets are open
        self.rolls = 0  # rolls made in the game (the next roll's index)
        self.pending = -1  # our roll waiting for the peer's link
        self.expect = None  # (j, dice, kept) of the peer's roll whose claim we wait for
        self.shown = None  # the engine's bytes as the attack that ended last ended (its result shown)
        self.fresh = False  # ... and a screen that follows the attacks (watch) has not taken it yet
        self.winner = -1  # seat
        self.cheat = -1  # W_*
        self.cheat_roll = -1
        self.out = []
        self.timer = 0

    # -- queries ---------------------------------------------------------------------
    @property
    def peer_seat(self):
        return 1 - self.role

    def my_turn(self):
        """The player may choose now (our turn, no roll of ours waiting for the peer)."""
        g = self.g
        return self.phase == PLAYING and g is not None and g.turn == self.role and self.pending < 0 and (
            g.phase != G_OVER)

    def done(self):
        return self.phase >= VERIFIED

    def cheat_text(self):
        return CHEAT_TEXTS[self.cheat] if self.cheat >= 0 else ""

    # -- our moves -------------------------------------------------------------------
    def arrange(self, row):
        """Our fleet (5 ship ids, front first) is arranged: commit to it and to our dice chain."""
        if self.phase != ARRANGE:
            raise ValueError("not now")
        row = bytes(row)
        Engine(self.game).set_fleet(0, row)  # the engine's own check: one ship of each kind
        self.row = row
        self.salt = bytes(self.rand(16))
        self.chain = Chain(self.role, self.rand(SEED_LEN))
        self.phase = SEALED
        fc = fleet_commitment(self.game_id, self.role, self.salt, row)
        self.send(bytes((M_X_COMMIT,)) + self.chain.anchor + fc)
        if self.peer_fc is not None:  # it came before ours: no copy of ours (take() checks those)
            self._reveal()

    def attack(self, ship, to_front=None, owner=NO_SHIP, target=NO_SHIP):
        """Attack with `ship` (moving it to the front unless it may stay and to_front is False)
        at (owner, target); the Admiral's Carrier names its target later (declare())."""
        g = self._mine(ATTACKER)
        g.pick_attacker(ship, to_front)
        if g.phase == TARGET:
            try:
                g.pick_target(owner, target)
            except ValueError:
                g.back()
                raise
        self.roll()

    def roll(self):
        """Throw the dice of the step the engine stands at: the attack chosen on it (attacker and
        target picked, the engine at its first roll: the screens pick them on our engine, which
        the other handheld learns only now), a roll again, or the Carrier's reroll."""
        g = self._mine(ROLL, AGAIN, REROLL)
        ph = g.phase
        if ph == ROLL:
            front = 1 if g.position(self.role, g.attacker) == 0 else 0
            self._ask_roll(A_ATTACK, g.attacker, front, g.owner, g.target)
        elif ph == AGAIN:
            self._ask_roll(A_AGAIN)
        else:
            self._ask_roll(A_REROLL, g.reroll)

    def again(self):
        self._mine(AGAIN)
        self.roll()

    def reroll(self, mask):
        g = self._mine(REROLL)
        g.set_reroll(mask)
        self.roll()

    def declare(self, owner, ship):
        g = self._mine(DECLARE)
        g.pick_target(owner, ship)
        self.send(self._move(A_DECLARE, owner, ship))
        self._settle()

    def stop(self):
        g = self._mine(AGAIN, REROLL)
        g.stop()
        self.send(self._move(A_STOP))
        self._settle()

    def _mine(self, *phases):
        if not self.my_turn() or self.g.phase not in phases:
            raise ValueError("not now")
        return self.g

    def _move(self, action, a=0, b=0, c=0, d=0):
        j = self.rolls
        return bytes((M_X_MOVE, j & 0xFF, j >> 8, action, a & 0xFF, b & 0xFF, c & 0xFF, d & 0xFF))

    def _ask_roll(self, action, a=0, b=0, c=0, d=0):
        self.pending = self.rolls
        self.send(self._move(action, a, b, c, d) + self.chain.link(self.rolls))

    # -- the protocol, for link.match ----------------------------------------------------
    watch = False  # a screen shows every finished attack (express.cable.ui): it clears `fresh`

    def auto(self):
        """Take the peer's messages, but not past an attack that ended until the screen has
        taken it (the next attack could end in the same frame): one frame at most."""
        return not self.done() and not (self.watch and self.fresh)

    def has_game(self):
        return self.phase != LINKING

    # -- what link.screen asks of the game -------------------------------------------
    def rules_name(self, rules):
        """The other handheld's HELLO rules in words, None when they are not this game's."""
        game = rules_of(rules)
        if game is None:
            return None
        from core.strings import t

        return t("lx_rules_admiral" if game == ADMIRAL else "lx_rules_captain")

    def adopt(self, app):
        """Play the other handheld's rules (our game has not begun)."""
        game = rules_of(self.link.peer_rules)
        if game is not None:  # link.screen asked rules_name() first
            self.game = game
            self.link.set_rules(rules_bytes(game))

    def new_game(self, app):
        """The saved game gives way to a new one on both handhelds."""
        self.link.new_stream()
        self.reset()
        app.clear_game(SLOT)

    def start(self):
        link = self.link
        self.role = link.role
        self.phase = COIN
        load("link.commit").coin(self)
        return 0

    def owed(self):
        """The peer owes us a message that no person has to think about."""
        ph = self.phase
        if ph == COIN:
            return True
        if ph == SEALED:
            return self.peer_fc is not None and self.peer_row is None
        return ph == PLAYING and (self.pending >= 0 or self.expect is not None)

    def write(self, sink):
        sink.extend(self.to_bytes())

    def save(self, app):
        app.save_game(SLOT, self.data(), self.rolls, "lx_saved", "u_rolls")

    def _caught(self, e):
        """A lie or a broken rule: e is a W_* code, or what link.match caught (_Caught, a
        CheatError of the coin or the dice chain, or a malformed message); None: the peer
        went silent where it owed a message, and forfeits."""
        if e is None:
            self.phase = FORFEIT
            self.winner = self.role
            return EV_END
        why = W_BAD
        if isinstance(e, int):
            why = e
        elif isinstance(e, _Caught):
            why = e.why
        elif isinstance(e, CheatError):
            if e.code == C_CHAIN:
                why = W_CHAIN
            elif e.code == _C_COIN_COPY:
                why = W_COIN_COPY
            elif e.code == _C_COIN_OPEN:
                why = W_COIN_OPEN
        self.cheat = why
        self.cheat_roll = self.rolls
        self.phase = CHEAT
        self._dirty = True
        return EV_END

    # -- the peer's messages -----------------------------------------------------------
    def take(self, m):
        t = m[0]
        ph = self.phase
        if (t == _M_COIN_COMMIT or t == _M_COIN_REVEAL) and ph == COIN:
            self.first = load("link.commit").coin(self, m)
            if self.first < 0:
                return 0
            self.phase = ARRANGE
            return EV_COIN
        if t == M_X_COMMIT and (ph == ARRANGE or ph == SEALED) and self.peer_fc is None:
            if len(m) != 1 + 2 * _HASH_LEN:
                raise _Caught(W_BAD)
            self.peer_anchor = bytes(m[1:33])
            self.peer_fc = bytes(m[33:65])
            if ph == SEALED:
                if self._copied():
                    raise _Caught(W_COPY)  # the game ends, the copy named (as every caught cheat)
                self._reveal()
            return 0
        if t == M_X_FLEET and ph == SEALED and self.revealed and self.peer_row is None:
            return self._their_fleet(m)
        if t == M_X_FLEET:
            raise _Caught(W_EARLY)
        if ph == PLAYING:
            if t == M_X_MOVE:
                return self._their_move(m)
            if t == M_X_OPEN:
                return self._their_link(m)
            if t == M_X_ROLL:
                return self._their_claim(m)
        raise _Caught(W_TURN if t in (M_X_MOVE, M_X_OPEN, M_X_ROLL) else W_BAD)

    def _copied(self):
        """The peer's commitment is ours sent back: its dice anchor or its fleet's (8.5)."""
        return self.peer_anchor == self.chain.anchor or self.peer_fc == fleet_commitment(
            self.game_id, self.role, self.salt, self.row
        )

    def _reveal(self):
        if self.phase != SEALED or self.revealed:
            return
        self.revealed = True
        self.send(bytes((M_X_FLEET,)) + self.salt + self.row)  # salt is set with the row before the reveal  # pyright: ignore[reportOperatorIssue]

    def _their_fleet(self, m):
        if len(m) != 1 + 16 + SHIPS:
            raise _Caught(W_BAD)
        salt = bytes(m[1:17])
        row = bytes(m[17:])
        if fleet_commitment(self.game_id, self.peer_seat, salt, row) != self.peer_fc:
            raise _Caught(W_FLEET)
        g = Engine(self.game, 2, False, self.first)
        try:
            g.set_fleet(self.peer_seat, row)
        except ValueError:
            raise _Caught(W_ILLEGAL_FLEET)
        g.set_fleet(self.role, self.row)
        self.peer_row = row
        self.pchain = PeerChain(self.peer_seat, self.peer_anchor)
        self.g = g
        self.phase = PLAYING
        return EV_START

    def _their_move(self, m):
        g = self.g
        if len(m) < 8 or g.turn != self.peer_seat or self.pending >= 0 or g.phase == G_OVER:
            raise _Caught(W_TURN)
        if self.expect is not None:
            raise _Caught(W_TURN)
        if _u16(m, 1) != self.rolls:  # a roll index out of order: not from its chain (8.4)
            raise _Caught(W_CHAIN)
        act, a, b, c, d = m[3], m[4], m[5], m[6], m[7]
        if not 0 < act < len(_ROLLS) or len(m) != 8 + (LINK_LEN if _ROLLS[act] else 0):
            raise _Caught(W_BAD)
        ph = g.phase
        try:
            if act == A_ATTACK:
                if ph != ATTACKER or b > 1:
                    raise _Caught(W_MOVE)
                try:
                    g.pick_attacker(a, bool(b))
                except ValueError:
                    raise _Caught(W_ATTACKER)
                if g.phase == TARGET:
                    try:
                        g.pick_target(c, d)
                    except ValueError:
                        raise _Caught(W_TARGET)
                elif d != NO_SHIP:
                    raise _Caught(W_TARGET)
            elif act == A_AGAIN:
                if ph != AGAIN:
                    raise _Caught(W_MOVE)
            elif act == A_REROLL:
                g.set_reroll(a)
            elif act == A_DECLARE:
                if ph != DECLARE:
                    raise _Caught(W_MOVE)
                try:
                    g.pick_target(a, b)
                except ValueError:
                    raise _Caught(W_TARGET)
            else:
                g.stop()
        except ValueError:
            raise _Caught(W_MOVE)
        if not _ROLLS[act]:
            return EV_MOVE | self._settle()
        j = self.rolls
        theirs = self.pchain.take(j, m[8:])
        mine = self.chain.link(j)
        self.send(bytes((M_X_OPEN, j & 0xFF, j >> 8)) + mine)
        self._roll(j, theirs, mine)
        self.expect = (j, bytes(g.dice), g.kept)
        if g.phase == G_OVER:
            return EV_MOVE | EV_ROLL  # the result stands once the roller's claim checks out
        return EV_MOVE | EV_ROLL | self._settle()

    def _roll(self, j, theirs, mine):
        a, b = (mine, theirs) if self.role == 0 else (theirs, mine)
        g = self.g
        g.rng = Feed(roll_faces(self.game_id, j, a, b, DICE))
        g.roll()
        g.rng = None
        self.rolls = j + 1

    def _their_link(self, m):
        j = self.pending
        if j < 0 or len(m) != 3 + LINK_LEN:
            raise _Caught(W_TURN if j < 0 else W_BAD)
        if _u16(m, 1) != j:
            raise _Caught(W_CHAIN)
        theirs = self.pchain.take(j, m[3:])
        self._roll(j, theirs, self.chain.link(j))
        self.pending = -1
        g = self.g
        self.send(bytes((M_X_ROLL, j & 0xFF, j >> 8)) + bytes(g.dice) + bytes((g.kept,)))
        return EV_ROLL | self._settle()

    def _their_claim(self, m):
        e = self.expect
        if e is None or len(m) != 4 + DICE:
            raise _Caught(W_TURN if e is None else W_BAD)
        if _u16(m, 1) != e[0]:
            raise _Caught(W_CHAIN)
        for i in range(DICE):
            if m[3 + i] != e[1][i]:
                raise _Caught(W_ROLL)
        kept = m[3 + DICE]
        if kept & ~e[2]:
            raise _Caught(W_KEPT)
        if kept != e[2]:
            raise _Caught(W_ROLL)
        self.expect = None
        if self.g.phase == G_OVER:
            return self._settle()
        return 0

    def _settle(self):
        """After a step of the attack: an attack that ended is shown and the turn passes;
        a decided game ends."""
        g = self.g
        if g.phase != DONE and g.phase != G_OVER:
            return 0
        self.shown = g.to_bytes()  # the screens show the attack's end from it (the engine moves on)
        self.fresh = True
        if g.phase == G_OVER:
            self.winner = g.winner
            if self.expect is None:
                self.phase = VERIFIED
                return EV_TURN | EV_END
            return EV_TURN
        g.next_turn()
        return EV_TURN

    # -- save ----------------------------------------------------------------------------
    def to_bytes(self):
        """The game's state (the link's snapshot is saved beside it: express.cable.save)."""
        coin = self.coin.to_bytes() if self.coin is not None else b""
        eng = self.g.to_bytes() if self.g is not None else b""
        flags = (1 if self.chain else 0) | (2 if self.peer_fc else 0) | (4 if self.peer_row else 0) | (
            8 if self.revealed else 0) | (16 if self.expect else 0) | (32 if self.shown else 0)
        pend = _NONE16 if self.pending < 0 else self.pending
        head = bytearray((_SAVE, self.phase, self.game, self.role, self.first & 0xFF, self.rolls & 0xFF,
                          self.rolls >> 8, pend & 0xFF, pend >> 8, self.winner & 0xFF, self.cheat & 0xFF,
                          flags, len(coin), len(eng), len(self.out)))  # fmt: skip
        out = head + self.game_id + coin
        if self.chain:
            out += self.chain.seed + self.salt + self.row  # salt is set with the row and the chain  # pyright: ignore[reportOperatorIssue]
        if self.peer_fc:
            out += self.peer_anchor + self.peer_fc  # the anchor comes with peer_fc  # pyright: ignore[reportOptionalOperand]
        if self.peer_row:
            out += self.peer_row + self.pchain.last
        if self.expect:
            j, dice, kept = self.expect
            out += bytes((j & 0xFF, j >> 8)) + dice + bytes((kept,))
        if self.shown:
            out += bytes((len(self.shown),)) + self.shown
        out += eng
        for msg in self.out:
            out += bytes((len(msg),)) + msg
        return bytes(out)


def from_bytes(b, link, rand):
    """The game to_bytes() saved; ValueError when damaged."""
    if len(b) < 23 or b[0] != _SAVE or b[1] > FORFEIT or b[2] > 1:
        raise ValueError("bad link express save")
    g = Game(link, rand, b[2])
    try:
        _load(g, b)
    except IndexError:
        raise ValueError("truncated link express save")
    return g


def _load(g, b):
    g.phase = b[1]
    g.role = b[3] & 1
    g.first = -1 if b[4] == 0xFF else b[4]
    g.rolls = _u16(b, 5)
    pend = _u16(b, 7)
    g.pending = -1 if pend == _NONE16 else pend
    g.winner = -1 if b[9] == 0xFF else b[9]
    g.cheat = -1 if b[10] == 0xFF else b[10]
    flags, n_coin, n_eng, n_out = b[11], b[12], b[13], b[14]
    i = 15
    g.game_id = bytes(b[i : i + 8])
    i += 8
    if n_coin:
        g.coin = load("link.commit").CoinFlip.from_bytes(bytes(b[i : i + n_coin]))
        i += n_coin
    if flags & 1:
        g.chain = Chain(g.role, b[i : i + SEED_LEN])
        g.salt = bytes(b[i + 16 : i + 32])
        g.row = bytes(b[i + 32 : i + 32 + SHIPS])
        i += 32 + SHIPS
    if flags & 2:
        g.peer_anchor = bytes(b[i : i + 32])
        g.peer_fc = bytes(b[i + 32 : i + 64])
        i += 64
    if flags & 4:
        g.peer_row = bytes(b[i : i + SHIPS])
        g.pchain = PeerChain(1 - g.role, b"", b[i + SHIPS : i + SHIPS + LINK_LEN], g.rolls)
        i += SHIPS + LINK_LEN
    g.revealed = bool(flags & 8)
    if flags & 16:
        g.expect = (_u16(b, i), bytes(b[i + 2 : i + 2 + DICE]), b[i + 2 + DICE])
        i += 3 + DICE
    if flags & 32:
        n = b[i]
        g.shown = bytes(b[i + 1 : i + 1 + n])
        i += 1 + n
    if n_eng:
        g.g = game_from_bytes(bytes(b[i : i + n_eng]))
        i += n_eng
    for _ in range(n_out):
        n = b[i]
        g.out.append(bytes(b[i + 1 : i + 1 + n]))
        i += 1 + n
    if i != len(b) or (g.phase == COIN) != (g.coin is not None) or (g.phase == PLAYING and g.g is None):
        raise ValueError("bad link express save")
