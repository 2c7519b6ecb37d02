"""Torpedo Attack over the link cable: the match the screens drive.

CableMatch (same calls as torpedo.match.CpuMatch) runs this handheld's side of
docs/link-protocol.md on app.hw.link: the Link session (handshake, resume),
the coin flip, both fleet commitments (ta_link.LinkGame, link.commit), the
calls, answers and torpedo presses as events for the screens, and the fleet
reveals at the end. Stages: LINKING (no game yet), FLIP (coin toss), PLACE
(our fleet), COMMIT (ours sent, waiting for the rival's), PLAY, REVEAL (over:
ours sent, checking theirs), DONE (checked).

The link's saving rule: after every send() and every recv() that returned a
message, the game and the link's snapshot are saved together before the
next poll(). tick() runs first in every frame: save if due, poll, take the
messages the match handles itself (coin, commitments, reveals), save if due.
Saving starts with the game itself (both fleets committed, ours acknowledged):
a power cut while linking up, tossing the coin or placing starts a new game
(the other handheld is told its saved game is unknown here). The rival's
commitments, fixed from then on, are saved once ("ta_peer"); the save after
each message stays under a kilobyte. Calls and presses are taken only when a
screen asks (event()), so the rival's moves wait in the link,
unacknowledged, until they have been shown.

The LinkGame comes made (torpedo.link_ui.linking makes it before the link's
modules load, so its 3.2 KB block is found) and is re-keyed by the coin toss.
The link's own screens (looking for the other handheld, problems, the coin
toss) are torpedo.link_ui, loaded only while they are needed; a cheat caught:
torpedo.cheat, loaded when one is.
"""


from core.compat import const, load
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
    CoinFlip,
)
from link.session import (
    ST_MISMATCH,
    ST_OPEN,
    ST_RULES,
    ST_UNPLUGGED,
    ST_VERSION,
    Link,
)
from torpedo.engine import Game
from torpedo.link_game import M_PRESS, LinkGame, rules_bytes, seed_from_game_id
from torpedo.rules import OVER
from torpedo.view import FW, need

# The link's send queue: 4 messages (the window), not 16 (3 KB less); the 15 parts of the
# fleet commitment that do not fit wait in CableMatch.out, which is saved too.
_TX_SLOTS = const(4)

_TAG = const(0x54)  # a save: b"T", 1 (over the cable), then see save()
_PEER = "ta_peer"  # the save of the rival's fleet commitments
_CABLE = const(1)
_ROOM = const(128)  # the save buffer's room to grow beyond the answers' log: messages waiting
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

class CableMatch:
    cable = True
    last = None  # the last call shown (torpedo.locate), kept while the periscope is up

    def __init__(self, app, lg, rand, snapshot=None, resumed=False):
        """lg: a LinkGame made before the link's modules were loaded (torpedo.link_ui.linking), so
        that the rival's 3.2 KB of commitments found one piece of heap; resumed: a saved game."""
        self.lg = lg
        self.level = lg.game.level
        self.touching = lg.touching
        self.rand = rand
        self.link = Link(app.hw.link, rand, app.now, fw=FW, rules=rules_bytes(self.level, self.touching),
                         saved=snapshot, tx_slots=_TX_SLOTS)  # fmt: skip
        self.stage = _PLAY if resumed else _LINKING
        self.coin = None
        self.g = lg.game if resumed else None
        self.me = lg.me
        self.saving = resumed  # saves begin once the game is under way (see save())
        self.peer_saved = resumed
        self.out = []  # messages waiting for room in the link's send queue
        self.parts = 0  # our fleet commitment's parts (see begin())
        self.cheat = None
        self.cursor = 44
        self.finished = False
        self.seen = -1  # the link status last drawn
        self.buf = None  # the save's bytes, reused from save to save (see save())

    # -- what the screens ask ------------------------------------------------------
    def ready(self):
        return self.stage >= _PLAY

    def verified(self):
        """The rival's fleet is checked and it has our reveal: the result stands."""
        return self.stage == _DONE and self.link.unacked() == 0

    def status(self):
        return self.link.status()

    def shuffle(self, rng=None):
        self.g.fleets[self.me].shuffle(rng or Rng(_seed(self.rand)))

    def begin(self, app):
        """Our fleet is placed: commit to it (the rival's commitment may be in already)."""
        self.parts = self.lg.commit()
        # the commitment's parts wait in out as the number of the next one: each is made when
        # the link has room (15 messages of 240 bytes held at once would cut up the heap)
        self.out.append(0)
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
        msg = self.link.recv()
        if msg is None:
            return None
        try:
            kind, res, reply = self.lg.take(msg)
        except CheatError as e:
            self.caught_out(e)
            return None
        if reply is not None:
            self.send(reply)
        if kind == M_SHOT:
            return (_EV_CALL, msg[1], res[0], res[1])
        if kind == M_ANSWER:
            return (_EV_ANSWER, self.g.last_cell, res[0], res[1])
        if kind == M_PRESS:
            return (_EV_PRESS, msg[2] | (msg[3] << 8), res[0], res[1])
        return None

    # -- the frame ---------------------------------------------------------------------
    def tick(self, app):
        link = self.link
        if link.needs_save:
            self.save(app)
        link.poll(app.now)
        st = link.status()
        if st != self.seen:
            self.seen = st
            app.redraw()
            if st in (ST_MISMATCH, ST_VERSION, ST_RULES) and self.stage >= _PLACE:
                top = app.top()
                if not getattr(top, "modal", False):
                    app.push(_screens(app).LinkScreen(self, True))  # only the player can settle this
        if st == ST_OPEN and self.cheat is None:
            try:
                self.auto()
            except CheatError as e:
                self.caught_out(e)
            except (IndexError, ValueError):
                self.caught_out(CheatError(C_PROTOCOL, "Opponent sent a bad message"))
        self.flush()
        if link.needs_save:
            self.save(app)

    def auto(self):
        """The messages the match handles itself: the coin toss, the commitments, the reveals."""
        link = self.link
        if self.stage == _LINKING:
            self.coin = CoinFlip(link.role, link.stream, self.rand)
            self.stage = _FLIP
            self.send(self.coin.commit_msg())
        if self.stage == _PLAY and self.g.phase == OVER:
            self.send(self.lg.reveal_msg())
            self.stage = _REVEAL
        while self.stage < _PLAY or self.stage == _REVEAL:
            msg = link.recv()
            if msg is None:
                return
            self.setup(msg)

    def setup(self, msg):
        k = msg[0]
        st = self.stage
        if k == M_COIN_COMMIT and st == _FLIP:
            self.coin.take_commit(msg)
            self.send(self.coin.reveal_msg())
        elif k == M_COIN_REVEAL and st == _FLIP:
            first = self.coin.take_reveal(msg)
            self.start(first)
        elif k == M_FLEET_COMMIT and (st == _PLACE or st == _COMMIT):
            self.lg.take(msg)
            if st == _COMMIT and self.lg.ready():
                self.stage = _PLAY
        elif k == M_FLEET_REVEAL and st == _REVEAL:
            self.lg.take(msg)
            self.stage = _DONE
        else:
            raise CheatError(C_PROTOCOL, "Opponent sent a message out of turn")

    def start(self, first):
        c = self.coin
        _rekey(self.lg, c.role, c.game_id, first, self.level, self.touching)
        self.g = self.lg.game
        self.me = self.lg.me
        self.coin = None
        self.stage = _PLACE
        self.shuffle()

    def send(self, msg):
        self.out.append(msg)
        self.flush()

    def flush(self):
        out = self.out
        link = self.link
        while out and link.free():
            m = out[0]
            if isinstance(m, int):  # the next part of our fleet commitment (begin())
                link.send(self.lg.mine.part_msg(m))
                if m + 1 < self.parts:
                    out[0] = m + 1
                    continue
            else:
                link.send(m)
            out.pop(0)

    def caught_out(self, e):
        self.cheat = e
        self.finished = True

    def caught(self, app):
        """Show the cheat caught (the screens call this when .cheat is set)."""
        need(app, "torpedo.cheat")  # loaded only now: a fair game never needs it
        load("torpedo.cheat").caught(app, self)

    def new_game(self, app):
        """Forget this game on both sides (after saves that differ): a fresh coin toss."""
        self.link.new_stream()
        self.stage = _LINKING
        self.coin = self.g = None
        self.lg = LinkGame(0, bytes(8), 0, self.level, self.touching, self.rand)
        self.saving = self.peer_saved = False
        self.out = []
        self.cheat = None
        self.finished = False
        app.clear_game(SLOT)

    def has_game(self):
        return self.stage != _LINKING

    # -- saving ------------------------------------------------------------------------
    def save(self, app):
        """The game and the link's snapshot in one save (the link's write-ahead rule).

        Saves begin once the game is under way: both fleets committed and ours
        acknowledged (a power cut while linking up starts a new game instead).
        The rival's commitments (3.2 KB, fixed from then on) are saved once, as
        "ta_peer"; each later save (after nearly every message) is under a
        kilobyte, built in one buffer kept for the match (a new one every save cut up the heap)."""
        link = self.link
        if not link.needs_save:
            return  # nothing new since the last save (the screens ask after every move)
        if not self.saving:
            if self.finished or self.stage < _PLAY or self.out or link.unacked():
                link.needs_save = False  # nothing worth keeping yet (or any more)
                return
            self.saving = True
        if self.finished:
            link.needs_save = False
            return
        lg = self.lg
        if not self.peer_saved:
            app.save(_PEER, lg.peer.blob)
            self.peer_saved = True
        count = _Count()
        link.write_snapshot(count)
        game = lg.game.to_bytes()
        mine = lg.mine.to_bytes()
        p = lg.peer
        k = 3 * p.n_log
        n = 5 + 11 + 2 + len(game) + 2 + len(mine) + 12 + 32 + 2 + k + 1 + count.n
        for m in self.out:
            n += 1 + len(m)
        if self.buf is None or len(self.buf) < n:  # one buffer for the match's saves
            self.buf = None  # the old one goes before the new one comes
            # room for every answer still to come (their log grows the save) and a little more
            self.buf = bytearray(n + len(p.log) - k + _ROOM)
        b = self.buf
        b[0:5] = bytes((_TAG, _CABLE, self.stage, self.cursor, 1 if self.touching else 0))
        b[5] = lg.me
        b[6] = lg.pending & 0xFF
        b[7] = 1 if lg.touching else 0
        b[8:16] = lg.game_id
        i = _put(b, 16, game)
        i = _put(b, i, mine)
        b[i : i + 8] = p.game_id  # the rival's PeerFleet as its to_bytes() has it, less the blob
        b[i + 8] = p.role
        b[i + 9] = p.n & 0xFF
        b[i + 10] = p.width
        b[i + 11] = p.got
        b[i + 12 : i + 44] = memoryview(p.blob)[:32]  # the fleet hash: names the blob in "ta_peer"
        i += 44
        b[i] = p.n_log & 0xFF
        b[i + 1] = p.n_log >> 8
        memoryview(b)[i + 2 : i + 2 + k] = memoryview(p.log)[:k]
        i += 2 + k
        b[i] = len(self.out)
        i += 1
        for m in self.out:
            b[i] = len(m)
            b[i + 1 : i + 1 + len(m)] = m
            i += 1 + len(m)
        link.write_snapshot(_Into(b, i))
        game = mine = None
        app.save_game(SLOT, memoryview(b)[:n], lg.game.turns[0] + lg.game.turns[1] + 1, unit="u_turn")

    def finish(self, app):
        self.finished = True
        app.clear_game(SLOT)
        app.clear_save(_PEER)

    @classmethod
    def load(cls, app, payload):
        """The match saved by save() (with "ta_peer"); ValueError when they do not make one."""
        b = payload
        if len(b) < 60 or b[0] != _TAG or b[1] != _CABLE or not _PLAY <= b[2] <= _DONE:
            raise ValueError("not a Torpedo Attack cable game")
        blob = app.hw.storage.load(_PEER)[0] if app.hw.storage is not None else None
        game, i = _get(b, 16)
        mine, i = _get(b, i)
        head = bytes(b[i : i + 12])
        if blob is None or bytes(blob[:32]) != bytes(b[i + 12 : i + 44]):
            raise ValueError("the rival's fleet commitments are missing")
        i += 44
        k = 3 * (b[i] | (b[i + 1] << 8))
        tail = bytes(b[i : i + 2 + k])
        i += 2 + k
        out = []
        for _ in range(b[i]):
            n = b[i + 1]
            out.append(bytes(b[i + 2 : i + 2 + n]))
            i += 1 + n
        snapshot = bytes(b[i + 1 :])
        peer = head + blob + tail
        whole = bytearray(11 + 2 + len(game) + 2 + len(mine) + 2 + len(peer))  # LinkGame.to_bytes()
        whole[0:11] = b[5:16]
        j = _put(whole, 11, game)
        j = _put(whole, j, mine)
        _put(whole, j, peer)
        blob = peer = None
        rand = app.rand_bytes()
        lg = LinkGame.from_bytes(whole, rand)
        whole = None
        m = cls(app, lg, rand, snapshot, True)
        m.stage = b[2]
        m.cursor = b[3] % 100
        m.out = out
        return m

    # -- drawing -------------------------------------------------------------------
    def trouble(self):
        """The word for what the link is doing while it is not open (the game waits, nothing is
        lost), or None; the screens show it in place of their title."""
        st = self.status()
        if st == ST_OPEN or self.stage == _DONE:
            return None
        return "ta_unplugged" if st == ST_UNPLUGGED else "ta_syncing"


class _Count:
    """A file that only counts what is written to it."""

    def __init__(self):
        self.n = 0

    def write(self, data):
        self.n += len(data)
        return len(data)


class _Into:
    """A file writing into a bytearray from an offset."""

    def __init__(self, buf, i):
        self.mv = memoryview(buf)
        self.i = i

    def write(self, data):
        n = len(data)
        self.mv[self.i : self.i + n] = data
        self.i += n
        return n


def _rekey(lg, me, game_id, first, level, touching):
    """Point the LinkGame made at the start at the game the coin toss chose: afterwards it is what
    LinkGame(me, game_id, first, ...) would be (tests/mp/test_ta_ui.py checks this), its buffers
    the ones allocated early."""
    lg.me = me
    lg.game_id = bytes(game_id)
    lg.touching = touching
    lg.game = Game(seed_from_game_id(game_id), level, first, (False, False), 1 - me, touching)
    lg.peer.game_id = lg.game_id
    lg.peer.role = 1 - me


def _screens(app):
    """The link's screens (torpedo.link_ui), loaded again if they were dropped."""
    need(app, "torpedo.link_ui")
    return load("torpedo.link_ui")


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
