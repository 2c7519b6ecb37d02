"""Torpedo Attack over the link cable: the match the screens drive.

CableMatch (same calls as torpedo.match.CpuMatch) runs this handheld's side of
docs/link-protocol.md on app.hw.link: the Link session (handshake, resume),
the coin flip, both fleet commitments (ta_link.LinkGame, link.commit), the
calls, answers and torpedo presses as events for the screens, and the fleet
reveals at the end. Stages: LINKING (no game yet), FLIP (coin toss), PLACE
(our fleet), COMMIT (ours sent, waiting for the rival's), PLAY, REVEAL (over:
ours sent, checking theirs), DONE (checked).

It runs on the one harness, link.match.Match: the app ticks it once a frame
(save if due, poll, take the messages the match handles itself: coin,
commitments, reveals; send; save if due), with the forfeit clock of every
cable game (what the rival owes: owed(), docs/link-protocol.md 10.1). Saving
starts with the game itself (both fleets committed, ours acknowledged): a
power cut while linking up, tossing the coin or placing starts a new game
(the other handheld is told its saved game is unknown here). The rival's
commitments, fixed from then on, are saved once ("ta_peer"); the save after
each message stays under a kilobyte. Calls and presses are taken only when a
screen asks (event()), so the rival's moves wait in the link,
unacknowledged, until they have been shown.

The LinkGame comes made (torpedo.cable.ui.linking makes it before the link's
modules load, so its 3.2 KB block is found) and is re-keyed by the coin toss.
The link's own screens (looking for the other handheld, problems, the coin
toss) are link.screen's, shown by torpedo.cable.ui, both loaded only while they are needed
(rules_name(), adopt() and new_game() are what link.screen asks of a game); a cheat caught:
torpedo.cable.cheat, loaded when one is.
"""

from battleship.rules import AIM_START
from core.compat import const, load, ticks_diff
from core.prng import Rng
from link.commit import (
    C_PROTOCOL,
    M_ANSWER,
    M_COIN_COMMIT,
    M_COIN_REVEAL,
    M_FLEET_COMMIT,
    M_FLEET_REVEAL,
    M_SHOT,
    CheatError,
    coin,
)
from link.match import ST_OPEN, ST_UNPLUGGED, Match, split
from link.session import Link
from torpedo.cable.game import M_PRESS, LinkGame, rules_bytes, seed_from_game_id
from torpedo.engine import Game
from torpedo.rules import FIRE, OVER, SHOOTOUT
from torpedo.view import need, rules_name, rules_of

# The link's send queue: 4 messages (the window), not 16 (3 KB less); the 15 parts of the
# fleet commitment that do not fit wait in CableMatch.out, which is saved too.
_TX_SLOTS = const(4)

_PEER = "ta_peer"  # the save of the rival's fleet commitments
_CABLE = const(1)
SLOT = "torpedo_link"  # the cable game's save slot (App.save_game)
_EV_ANSWER = const(1)  # match events (see torpedo.view)
_EV_CALL = const(2)
_EV_PRESS = const(3)

_LINKING = const(0)
_FLIP = const(1)
_PLACE = const(2)
_COMMIT = const(3)
_PLAY = const(4)
_REVEAL = const(5)
_DONE = const(6)

_C_SILENT = const(26)  # the rival stayed silent where it owed a message (cards.cable.proto's code)
# The rival's player aims its torpedo this long at most before its handheld sends it, pressed or
# not: the call shown (1.5 s), the periscope up (0.8 s), the aim (10 s), at 30 frames a second,
# or a shoot-out round's result (3 s) before it; 20 s leaves room for frames slower than that
_AIM_MS = const(20000)


class CableMatch(Match):
    cable = True
    last = None  # the last call shown (torpedo.locate), kept while the periscope is up
    head = b"T\x01"  # a save: b"T", 1 (over the cable), then link.match's frame: see write()

    def __init__(self, app, lg, rand, snapshot=None, resumed=False):
        """lg: a LinkGame made before the link's modules were loaded (torpedo.cable.ui.linking), so
        that the rival's 3.2 KB of commitments found one piece of heap; resumed: a saved game."""
        Match.__init__(self)
        self.lg = lg
        self.level = lg.game.level
        self.touching = lg.touching
        self.rand = rand
        self.link = Link(app.hw.link, rand, app.now, rules=rules_bytes(self.level, self.touching),
                         saved=snapshot, tx_slots=_TX_SLOTS)  # fmt: skip
        self.stage = _PLAY if resumed else _LINKING
        self.coin = None
        self.game_id = bytes(8)  # the coin toss names the game (link.commit.coin)
        self.g = lg.game if resumed else None
        self.me = lg.me
        self.saving = resumed  # saves begin once the game is under way (see saves())
        self.peer_saved = resumed
        self.cheat = None
        self.cursor = AIM_START
        self.finished = False
        self.aim_key = -1  # the rival's press we wait for (owed()), and since when (not saved)
        self.aim_from = 0

    # -- what the screens ask ------------------------------------------------------
    def ready(self):
        return self.stage >= _PLAY

    def verified(self):
        """The rival's fleet is checked and it has our reveal: the result stands."""
        return self.stage == _DONE and self.link.unacked() == 0

    def shuffle(self, rng=None):
        self.g.fleets[self.me].shuffle(rng or Rng(_seed(self.rand)))

    def begin(self, app):
        """Our fleet is placed: commit to it (the rival's commitment may be in already)."""
        self.parts = self.lg.commit()
        # the commitment's parts wait in out as the number of the next one: each is made when
        # the link has room (15 messages of 240 bytes held at once would cut up the heap)
        self.out.append(0)
        self._dirty = True
        self.flush()
        self.stage = _PLAY if self.lg.ready() else _COMMIT

    def call(self, cell):
        self.send(self.lg.call_msg(cell))

    def fire(self, frame):
        res, msg = self.lg.press(frame)
        self.send(msg)
        return res

    def event(self):
        """The rival's next call, answer or press (taken from the link only now), or None."""
        if self.stage != _PLAY or self.cheat is not None or self.g.phase == OVER:
            return None
        m = self.link.recv()
        if m is None:
            return None
        ev = self.read(m)
        return ev if isinstance(ev, tuple) else None

    # -- the protocol, for link.match ----------------------------------------------------
    def has_game(self):
        return self.stage != _LINKING

    def done(self):
        return self.finished or self.cheat is not None

    def auto(self):
        """The messages the match handles itself: the coin toss, the commitments, the reveals
        (calls and presses wait in the link until a screen asks: event())."""
        return self.cheat is None and (self.stage < _PLAY or self.stage == _REVEAL)

    def start(self):
        self.stage = _FLIP
        coin(self)
        return 1

    def work(self):
        if self.stage == _PLAY and self.cheat is None and self.g.phase == OVER:
            self.send(self.lg.reveal_msg())
            self.stage = _REVEAL
            return 1
        return 0

    def part_msg(self, k):
        return self.lg.mine.part_msg(k)

    def owed(self):
        """What the rival sends with no person to think about it (docs/link-protocol.md 10.1): its
        coin, the rest of its fleet's commitment once it has begun it, the ANSWER to our call, its
        fleet at the end; and its torpedo where it fires, once its player's time to aim is surely
        up (_AIM_MS: the periscope sends it then, pressed or not). In play only once it has taken
        what it answers (its handheld takes a call or an answer when a screen shows it, and its
        player may be in the menu then), and not while a message of its waits for our screens."""
        if self.cheat is not None:
            return False
        st = self.stage
        if st == _FLIP or st == _REVEAL:
            return True
        p = self.lg.peer
        if st == _PLACE or st == _COMMIT:
            return p.got > 0 and not p.complete()
        g = self.g
        link = self.link
        if st != _PLAY or g.phase == OVER or link.waiting():
            return False
        so = g.phase == SHOOTOUT
        if link.unacked() > (1 if so and g.fired(self.me) else 0):  # ours of this round: its own press first
            return False
        if self.lg.pending >= 0:
            return True
        if not (so and not g.fired(1 - self.me) or g.phase == FIRE and g.turn != self.me):
            return False
        # its press: which one (a torpedo of a turn, or a shoot-out round), and since when it aims
        key = ((g.sd_round if so else 1024 + g.torpedo * 8 + g.target) << 1) | g.turn
        now = self._now
        if now is None:
            return False
        if key != self.aim_key:
            self.aim_key = key
            self.aim_from = now
            return False
        return ticks_diff(now, self.aim_from) >= _AIM_MS

    def _caught(self, e):
        """A lie or a broken rule (e), or the rival silent where it owed a message (None): the
        screens show the cheat screen (caught())."""
        if e is None:
            e = CheatError(_C_SILENT, "Opponent went silent where it owed a message")
        elif not isinstance(e, CheatError):
            e = CheatError(C_PROTOCOL, "Opponent sent a bad message")
        self.cheat = e
        self.finished = True
        return 1

    def take(self, msg):
        """A message of the rival's: its event for the screens in play (a tuple), else 1."""
        if self.stage != _PLAY:
            self.setup(msg)
            return 1
        kind, res, reply = self.lg.take(msg)
        if reply is not None:
            self.send(reply)
        if kind == M_SHOT:
            return (_EV_CALL, msg[1], res[0], res[1])
        if kind == M_ANSWER:
            return (_EV_ANSWER, self.g.last_cell, res[0], res[1])
        if kind == M_PRESS:
            return (_EV_PRESS, msg[2] | (msg[3] << 8), res[0], res[1])
        return 1

    def setup(self, msg):
        k = msg[0]
        st = self.stage
        if (k == M_COIN_COMMIT or k == M_COIN_REVEAL) and st == _FLIP:
            first = coin(self, msg)
            if first < 0:
                return
            _rekey(self.lg, self.link.role, self.game_id, first, self.level, self.touching)
            self.g = self.lg.game
            self.me = self.lg.me
            self.stage = _PLACE
            self.shuffle()
        elif k == M_FLEET_COMMIT and (st == _PLACE or st == _COMMIT):
            self.lg.take(msg)
            if st == _COMMIT and self.lg.ready():
                self.stage = _PLAY
        elif k == M_FLEET_REVEAL and st == _REVEAL:
            self.lg.take(msg)
            self.stage = _DONE
        else:
            raise CheatError(C_PROTOCOL, "Opponent sent a message out of turn")

    def caught(self, app):
        """Show the cheat caught (the screens call this when .cheat is set)."""
        need(app, "torpedo.cable.cheat")  # loaded only now: a fair game never needs it
        load("torpedo.cable.cheat").caught(app, self)

    # -- what link.screen asks of the game ------------------------------------------------
    def rules_name(self, rules):
        """The other handheld's HELLO rules in words, None when they are not this game's."""
        return rules_name(rules)

    def adopt(self, app):
        """Play the other handheld's level and touching rule (they must be equal on both; our
        game has not begun: the coin toss makes the game with them): kept in the settings too."""
        from battleship.rules import LEVEL_NAMES

        self.level, self.touching = rules_of(self.link.peer_rules)  # not None: link.screen checked  # pyright: ignore[reportGeneralTypeIssues]
        app.settings.set("level", LEVEL_NAMES[self.level])
        app.settings.set("touching", 1 if self.touching else 0)
        app.save_settings()
        self.link.set_rules(rules_bytes(self.level, self.touching))

    def new_game(self, app):
        """Forget this game on both sides (after saves that differ): a fresh coin toss."""
        self.link.new_stream()
        self.stage = _LINKING
        self.coin = self.g = None
        self.lg = LinkGame(0, bytes(8), 0, self.level, self.touching, self.rand)
        self.saving = self.peer_saved = False
        self.out = []
        self.timer = 0
        self.cheat = None
        self.finished = False
        app.clear_game(SLOT)

    # -- saving ------------------------------------------------------------------------
    def saves(self):
        """Saves begin once the game is under way: both fleets committed and ours
        acknowledged (a power cut while linking up starts a new game instead). An ended game is
        not saved, but one whose win this side claimed (docs/link-protocol.md 5.7): its save is
        what tells the other handheld, whenever it comes back."""
        if not self.saving:
            if self.finished or self.stage < _PLAY or self.out or self.link.unacked():
                return False
            self.saving = True
        return not self.finished or self.link.claimed

    def save(self, app):
        """Keep the game (the screens ask after every move; the app's tick saves when due). The
        rival's commitments (3.2 KB, fixed from then on) are saved once, as "ta_peer"; each later
        save (after nearly every message) is under a kilobyte."""
        if not self.needs_save():
            return
        if not self.peer_saved:
            app.save(_PEER, self.lg.peer.blob)
            self.peer_saved = True
        turn = self.lg.game.turns[0] + self.lg.game.turns[1] + 1
        app.save_game(SLOT, self.data(), turn, "torpedo_link", "u_turn")

    def write(self, b):
        lg = self.lg
        p = lg.peer
        for v in (self.stage, self.cursor, 1 if self.touching else 0, lg.me, lg.pending & 0xFF,
                  1 if lg.touching else 0):  # fmt: skip
            b.append(v)
        b.extend(lg.game_id)
        for part in (lg.game.to_bytes(), lg.mine.to_bytes()):
            n = len(part)
            b.append(n & 0xFF)
            b.append(n >> 8)
            b.extend(part)
        b.extend(p.game_id)  # the rival's PeerFleet as its to_bytes() has it, less the blob
        b.extend(bytes((p.role, p.n & 0xFF, p.width, p.got)))
        b.extend(memoryview(p.blob)[:32])  # the fleet hash: names the blob in "ta_peer"
        k = 3 * p.n_log
        b.append(p.n_log & 0xFF)
        b.append(p.n_log >> 8)
        b.extend(memoryview(p.log)[:k])
        out = [m for m in self.out if not isinstance(m, int)]
        b.append(len(out))
        for m in out:
            b.append(len(m))
            b.extend(m)

    def finish(self, app):
        self.finished = True
        self.forget(app, SLOT, _PEER)

    @classmethod
    def load(cls, app, payload):
        """The match saved by save() (with "ta_peer"); ValueError when they do not make one."""
        if bytes(payload[:2]) != CableMatch.head:
            raise ValueError("not a Torpedo Attack cable game")
        b, snapshot = split(payload, 2)
        if len(b) < 60 or not _PLAY <= b[0] <= _DONE:
            raise ValueError("not a Torpedo Attack cable game")
        blob = app.hw.storage.load(_PEER)[0] if app.hw.storage is not None else None
        game, i = _get(b, 14)
        mine, i = _get(b, i)
        head = bytes(b[i : i + 12])
        if blob is None or bytes(blob[:32]) != bytes(b[i + 12 : i + 44]):
            raise ValueError("the rival's fleet commitments are missing")
        i += 44
        k = 3 * (b[i] | (b[i + 1] << 8))
        tail = bytes(b[i : i + 2 + k])
        i += 2 + k
        out = []
        j = i + 1
        for _ in range(b[i]):
            n = b[j]
            out.append(bytes(b[j + 1 : j + 1 + n]))
            j += 1 + n
        if j != len(b):
            raise ValueError("short Torpedo Attack cable save")
        snapshot = bytes(snapshot)
        peer = head + blob + tail
        whole = bytearray(11 + 2 + len(game) + 2 + len(mine) + 2 + len(peer))  # LinkGame.to_bytes()
        whole[0:11] = b[3:14]
        j = _put(whole, 11, game)
        j = _put(whole, j, mine)
        _put(whole, j, peer)
        blob = peer = None
        rand = app.rand_bytes()
        lg = LinkGame.from_bytes(whole, rand)
        whole = None
        m = cls(app, lg, rand, snapshot, True)
        m.stage = b[0]
        m.cursor = b[1] % 100
        m.out = out
        return m

    # -- drawing -------------------------------------------------------------------
    def trouble(self):
        """The word for what the link is doing while it is not open (the game waits, nothing is
        lost), or None; the screens show it in place of their title."""
        st = self.link.status()
        if st == ST_OPEN or self.stage == _DONE:
            return None
        return "ta_unplugged" if st == ST_UNPLUGGED else "ta_syncing"


def _rekey(lg, me, game_id, first, level, touching):
    """Point the LinkGame made at the start at the game the coin toss chose: afterwards it is what
    LinkGame(me, game_id, first, ...) would be (tests/torpedo/test_ui.py checks this), its buffers
    the ones allocated early."""
    lg.me = me
    lg.game_id = bytes(game_id)
    lg.touching = touching
    lg.game = Game(seed_from_game_id(game_id), level, first, (False, False), 1 - me, touching)
    lg.peer.game_id = lg.game_id
    lg.peer.role = 1 - me


def _seed(rand):
    b = rand(4)
    return (b[0] | b[1] << 8 | b[2] << 16 | (b[3] & 0x3F) << 24) or 1


def _put(b, i, part):
    n = len(part)
    b[i] = n & 0xFF
    b[i + 1] = n >> 8
    b[i + 2 : i + 2 + n] = part
    return i + 2 + n


def _get(b, i):
    n = b[i] | (b[i + 1] << 8)
    if i + 2 + n > len(b):
        raise ValueError("short Torpedo Attack cable save")
    return bytes(b[i + 2 : i + 2 + n]), i + 2 + n
