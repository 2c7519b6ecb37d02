"""The card game between two linked handhelds: this handheld's side of the protocol (pure).

Owns the coin flip (who plays first, the game id), this side's 12 Coordinate cards and their
per-cell commitments (cards.cable.grid), both battle decks shuffled by mental poker (link.deck),
the turn flow over cards.engine through cards.cable.table, and the check at the end
(cards.cable.check). It runs on the one harness of the cable games, link.match.Match (the
app ticks it: poll, take, work, send, the forfeit clock, the save). No clock, no screen of
its own: messages come in through take(msg) and go out through `outbox`; work(units) does at
most `units` modular exponentiations, so a shuffle spreads over frames; randomness comes from
the injected rand(n) (os.urandom on the device).

Both sides follow the same agenda, derived from what both know: each task either sends (this
side's turn to act) or waits for the peer's next message, which must be the one the task
names. Message layouts: docs/link-protocol.md section 9.

    g = Game(role, mode, rand); g.start(stream)      # without a link (tests, the bench)
    loop: for m in peer's messages: g.take(m)
          g.work(4); send g.outbox (and empty it); if g.my_move(): g.play(move)
    over the cable: g.link = Link(...); the app ticks it (g.start() when the link opens)
"""

from cards.cable.proto import (  # noqa: F401  (the phases and SLOT: the game's, named in proto)
    C_DEAL,
    C_DOUBLED,
    C_GRID,
    C_HAND,
    C_MARKED,
    C_RULE,
    CHEAT,
    CHECK,
    COIN,
    COIN_COMMIT,
    COIN_REVEAL,
    DONE,
    HASH_LEN,
    M_DEAL,
    M_GRID,
    M_OPEN,
    M_PLAY,
    M_REVEAL,
    M_SHUFFLE,
    PLAY,
    SETUP,
    SLOT,
    CheatError,
    parse_play,
    play_msg,
    shuffle_no,
    shuffles,
)
from cards.rules import CARD_TYPE, DOWN, M_DISCARD, M_DISCARD_WHITES, M_END, M_PEG, MODES, deck_cards
from core.compat import const
from link import deck
from link.match import Match

# agenda tasks: (kind, a, epoch, index, stand-in)
_T_COIN = const(1)  # take the peer's coin commitment, send our reveal
_T_FLIP = const(2)  # take the peer's reveal: the toss
_T_GRID = const(3)  # take the peer's grid part a
_T_S1 = const(4)  # stage 1 of deck a (its owner encrypts)
_T_S2 = const(5)  # stage 2 of deck a (the other side encrypts)
_T_DEAL = const(6)  # deck a's card at (epoch, index) to its owner
_T_PLAY = const(7)  # player a moves
_T_REVEAL = const(8)  # player a shows a searched card (cell in index)
_T_OPEN = const(9)  # take the peer's keys and grid
_T_CHECK = const(10)  # the end-of-game check

_DECK_BYTES = const(832)  # 26 values of link.deck.PLEN bytes
# room made at the start for the records of a game (bytes; most in 600 games of two CPUs, standard
# and beginner: 203, 256, 784, 72). Past its room a record moves to a block one message longer at
# every append: at the heap's peak (192 KB) the scripted game of the memory bench found none.
_EPOCHS_ROOM = const(224)
_HASHES_ROOM = const(256)
_LOG_ROOM = const(1024)
_DRAWN_ROOM = const(80)


GAME_CARDS = const(4)  # link.session.GAME_CARDS: HELLO rules byte 0 (tests/cards/test_cable_pulled.py)


def rules(mode):
    """HELLO rules bytes: the card game, then its mode (0 standard, 1 beginner)."""
    return bytes((GAME_CARDS, mode))


class Game(Match):
    head = b"D"  # the save's tag
    units = 8  # exponentiations a frame over the cable: 0.19 s on the device (docs 9.8)
    big = 64  # its save's longer fields (deck stages, logs) referenced, not copied (link.match.Sink)

    def __init__(self, role, mode, rand):
        Match.__init__(self)
        self.watch = False  # a screen shows the end: keep our table as the game ended (last)
        self.last = None  # ... once the check began (the table leaves the heap otherwise)
        self.me = role
        self.peer = 1 - role
        self.mode = mode
        self.rand = rand
        self.phase = COIN
        self.cheat = None  # (code, text) once caught
        self.outbox = self.out  # link.match's outbox: what the link's queue has no room for yet
        self.inbox = []
        self.agenda = []
        self.coin = None  # the coin toss (link.commit.CoinFlip) until it is settled
        self.gid = None  # the game id it gives
        self.key_seed = bytes(rand(deck.SEED_LEN))
        self.grid = None  # MyGrid
        self.pgrid = None  # PeerGrid
        self.table = None
        self.first = -1
        self.job = None  # the stage being computed
        self.pre = None  # our stage 1 of the first shuffle, computed ahead while the coin is tossed
        # allocated once, before the heap is in pieces: a deck's values each
        self.rx = bytearray(_DECK_BYTES)  # a stage being received
        self.rx_parts = 0
        self.mine1 = bytearray(_DECK_BYTES)  # our stage 1 of our deck, this epoch (finds our cards)
        # our stage 2 of the peer's deck this epoch while it is made; once sent, what each position
        # decrypts to under our layer (the peer's stage 1 in our order): the deals, kept (9.2)
        self.peer2 = bytearray(_DECK_BYTES)
        # the game's records grow all game long: each made with its room, so that they grow in
        # place (a bytearray grown by += past its room moves, and leaves a hole behind)
        self.epochs = _room(_EPOCHS_ROOM)  # (deck, epoch lo, hi, n, cards...) of every shuffle, in order
        self.hashes = _room(_HASHES_ROOM)  # per shuffle above: SHA-256 of the stage the peer sent
        self.log = _room(_LOG_ROOM)  # every PLAY message, both sides, in order
        self.drawn = _room(_DRAWN_ROOM)  # the cards dealt to us, in order
        self.move = None  # a searching move waiting for its card: (move, whites)
        self.peer_open = None
        self.check = None
        self.final = None  # (winner + 1, turn, sunk of 0, sunk of 1) once the engine is dropped
        self.check_done = 0
        self.dirty = False
        self.lie = None  # tests and the bench: lie(kind, value) -> value this side sends

    # --- flow -----------------------------------------------------------------
    def start(self, stream=None):
        """The coin toss begins. Over the cable (no stream given) the link has just opened: its
        role is ours and its stream names the game."""
        from link.commit import CoinFlip

        if stream is None:
            self.me = self.link.role
            self.peer = 1 - self.me
            stream = self.link.stream
        self.coin = CoinFlip(self.me, stream, self.rand)
        self._send(self.coin.commit_msg())
        self.agenda = [(_T_COIN, 0, 0, 0, 0), (_T_FLIP, 0, 0, 0, 0)]
        return 1

    def take(self, msg):
        """A message of the peer's, into the inbox: the agenda checks it in turn (work())."""
        self.inbox.append(bytes(msg))
        return 1

    # --- what link.screen asks of the game ----------------------------------------
    def rules_name(self, rules):
        """The other handheld's HELLO rules in words, None when they are not this game's."""
        if len(rules) != 2 or rules[0] != GAME_CARDS or rules[1] > 1:
            return None
        from core.strings import t

        return t("cg_beginner" if rules[1] else "cg_standard")

    def adopt(self, app):
        """Play the other handheld's rules (our game has not begun)."""
        r = self.link.peer_rules
        if self.rules_name(r) is not None:  # link.screen asked rules_name() first
            self.mode = r[1]
            self.link.set_rules(rules(self.mode))

    def new_game(self, app):
        """The saved game gives way to a new one on both handhelds."""
        link = self.link
        link.new_stream()
        Game.__init__(self, 0, self.mode, self.rand)  # its role is the link's, once it opens
        self.link = link
        app.clear_game(SLOT)

    # --- the harness's side (link.match) -----------------------------------------
    def has_game(self):
        return self.coin is not None or self.gid is not None

    def done(self):
        return self.phase == DONE or self.phase == CHEAT

    def _caught(self, e):
        if e is not None:  # take() never raises: the agenda catches what a message breaks
            raise e
        self.forfeit()  # silent where it owed a message
        return 1

    def write(self, sink):
        from cards.cable.save import save

        save(self, sink)

    def save(self, app):
        tb = self.table
        # the save in parts (the game's own buffers, not copied): no 4-5 KB block for it
        app.save_game(SLOT, self.data(), tb.turn if tb is not None else 0, "link_cards", "u_turn")

    def work(self, units=0):
        """Work through the agenda: take what arrived, send what is ours, at most `units`
        exponentiations (self.units over the cable). Returns True if anything changed (saved,
        unless it was only a stage's progress: a restart computes the stage again)."""
        units = units or self.units
        self.dirty = False
        changed = False
        moved = False  # a stage went on: redraw, but nothing to save (a restart computes it again)
        self.budget = units
        try:
            while self.agenda and self.phase != CHEAT and self.budget > 0:
                r = self._task(self.agenda[0], units)
                if r < 0:
                    changed = self._deals_ahead() or changed
                    break
                if r == 0 and self.job is not None:  # a stage's progress: the budget is spent
                    moved = True
                    break
                changed = True
                if r == 0:  # progress, not finished: the work budget is spent
                    break
                self.agenda.pop(0)
            moved = self._ahead() or moved
        except CheatError as e:
            self.phase = CHEAT
            self.cheat = (e.code, e.text)
            self.agenda = []
            _void(self)
            changed = True
        if changed or self.dirty:
            self._dirty = True
            return True
        return moved

    def my_move(self):
        """True when this side's player is to choose a move (view() and play())."""
        return self.phase == PLAY and bool(self.agenda) and self.agenda[0][0] == _T_PLAY and \
            self.agenda[0][1] == self.me

    def _deals_ahead(self):
        """Waiting to take the peer's stage or deals of our deck: our deals of its deck that come
        next on the agenda go now (they need only our stage 2, done: no exponentiation), so both
        sides' deals cross on the cable at once. Our messages keep their order; the peer takes
        them when its agenda comes to them (docs/link-protocol.md 9.5)."""
        ag = self.agenda
        me = self.me
        sent = False
        i = 1
        while i < len(ag) and self.budget > 0:
            x = ag[i]
            if x[0] in (_T_DEAL, _T_S2) and x[1] == me:  # a take: ours does not wait for it
                i += 1
            elif x[0] == _T_DEAL:  # a deal of the peer's deck: ours to send
                self._deal(x[1], x[2], x[3], x[4])
                ag.pop(i)
                sent = True
            else:
                break
        return sent

    def _ahead(self):
        """The frame's budget left, while the link opens or a message of the peer's is awaited,
        goes to our stage 1 of the first shuffle: it needs nothing of the other side's (not even
        our deck's number: docs/link-protocol.md 9.2), so it is ready when its turn comes."""
        if self.budget <= 0 or self.phase > SETUP:  # (play, the end, a cheat: long past it)
            return False
        if self.gid is not None and (_T_S1, self.me, 0, 0, 0) not in self.agenda:
            return False  # sent, or a game continued past it
        cards = deck_cards(MODES[self.mode][1])
        job = self.pre
        if job is None or job.n != len(cards):  # (the other's rules taken: another deck)
            job = self.pre = deck.Stage(self.key_seed, self.me, 0, cards, True, self.mine1)
        if job.done == job.n:
            return False
        job.step(self.budget)
        self.budget = 0
        return True

    def rx_live(self):
        """Bytes of rx still needed (what a save keeps): the parts of a stage being received, or
        the peer's stage 1 that our stage 2 is made from; none otherwise."""
        if self.rx_parts:
            return self.rx_parts * deck.PER_PART * deck.PLEN
        ag = self.agenda
        if ag and ag[0][0] == _T_S2 and ag[0][1] == self.peer:
            return len(self.rx)
        return 0

    def owed(self):
        """The peer owes us a message that no person has to think about: its coin, grid, shuffle
        stages, deals, a searched card, its keys at the end (its player's move is not owed)."""
        ag = self.agenda
        return not self.inbox and self.waiting_for_peer() and not (ag[0][0] == _T_PLAY)

    def forfeit(self):
        """The peer went silent where it owed a message: the game ends as a caught cheat would
        (a side that withholds its keys at the end must not escape the check that way)."""
        from cards.cable.proto import C_SILENT

        self.phase = CHEAT
        self.cheat = (C_SILENT, "")
        self.agenda = []
        _void(self)

    def dealing(self):
        """The deal goes on: a card to either hand is on its way (ours is a stand-in until then)."""
        ag = self.agenda
        return bool(ag) and ag[0][0] == _T_DEAL

    def waiting_for_peer(self):
        return bool(self.agenda) and not self.my_move() and self.job is None and \
            self.phase not in (DONE, CHEAT)

    def play(self, move):
        """Our player's move (a tuple from table.legal_moves())."""
        t = self.table
        move = tuple(move)
        if not self.my_move() or not t.is_legal(move):
            raise ValueError("not a legal move now")
        whites = ()
        if move[0] == M_DISCARD_WHITES:
            whites = [k for k in t.hand[self.me] if CARD_TYPE[k] == 0 and k != move[1]][: move[3]]
        msg = play_msg(move, whites)
        self._send(msg)
        self.agenda.pop(0)
        self.log += msg
        if move[0] == M_PEG and t.up[self.peer][move[2]] == DOWN:
            self.move = (move, whites)
            self.agenda.insert(0, (_T_REVEAL, self.peer, 0, move[2], 0))
        else:
            self._apply(move, whites)

    # --- tasks ------------------------------------------------------------------
    def _next(self):
        if not self.inbox:
            return None
        self.dirty = True
        return self.inbox.pop(0)

    def _task(self, task, units):
        """1 done, 0 progress (more next step), -1 waiting."""
        kind, a = task[0], task[1]
        if kind == _T_PLAY:
            self.phase = PLAY
            if a == self.me:
                return -1
            return self._take_play()
        if kind in (_T_S1, _T_S2):
            mine = (a == self.me) == (kind == _T_S1)
            return self._stage(kind, a, task[2], units) if mine else self._take_stage(kind, a, task[2])
        if kind == _T_DEAL:
            return self._deal(a, task[2], task[3], task[4])
        if kind == _T_REVEAL:
            return self._reveal(a, task[3])
        if kind == _T_CHECK:
            return self._check(units)
        m = self._next()
        if m is None:
            return -1
        if kind == _T_COIN:
            self._need(m, COIN_COMMIT)
            try:
                self.coin.take_commit(m)
            except Exception as e:  # link.commit's CheatError
                raise _coin_cheat(e)
            self._send(self.coin.reveal_msg())
        elif kind == _T_FLIP:
            self._need(m, COIN_REVEAL)
            try:
                first = self.coin.take_reveal(m)
            except Exception as e:
                raise _coin_cheat(e)
            self.gid = self.coin.game_id
            self.coin = None
            _drop_commit()
            self._setup(first)
        elif kind == _T_GRID:
            self._need(m, M_GRID)
            self.pgrid.take_part(m, a)
        elif kind == _T_OPEN:
            self._need(m, M_OPEN)
            if len(m) != 1 + 2 * deck.SEED_LEN + 12:
                raise CheatError(C_RULE, "Opponent sent a bad key reveal")
            self.peer_open = m
            self.agenda.append((_T_CHECK, 0, 0, 0, 0))
        return 1

    def _setup(self, first):
        # the grids and the engine come in after the coin toss (link.commit has left the heap)
        from cards.cable.grid import MyGrid, PeerGrid
        from cards.cable.table import Table

        self.first = first
        gid = self.gid
        self.grid = MyGrid(gid, self.me, self.rand)
        self.pgrid = PeerGrid(gid, self.peer)
        for k in (0, 1):
            self._send(self.grid.part_msg(k))
        grids = [None, None]  # type: list
        grids[self.me] = self.grid.map
        self.table = Table(mode=self.mode, first=first, me=self.me, grids=grids)
        self.phase = SETUP
        ag = self.agenda
        for d in (0, 1):
            self._note_epoch(d)
        # our stage 1 (made ahead) leaves behind our grid, before the other's grid is in: what we
        # send keeps its order, what we take too (docs/link-protocol.md 9.1)
        ag.append((_T_S1, self.me, 0, 0, 0))
        ag.append((_T_GRID, 0, 0, 0, 0))
        ag.append((_T_GRID, 1, 0, 0, 0))
        ag.append((_T_S1, self.peer, 0, 0, 0))
        ag.append((_T_S2, self.peer, 0, 0, 0))
        ag.append((_T_S2, self.me, 0, 0, 0))
        self._queue_draws(False)
        ag.append((_T_PLAY, first, 0, 0, 0))

    def _cards(self, d, epoch):
        for x in shuffles(self.epochs):
            if x[0] == d and x[1] == epoch:
                return x[2]
        raise ValueError("no such shuffle")

    def _note_epoch(self, d):
        cards = self.table.epoch_cards[d]
        e = self.table.epoch[d]
        self.epochs += bytes((d, e & 255, e >> 8, len(cards))) + bytes(cards)
        self.hashes += bytes(HASH_LEN)

    def _queue_draws(self, shuffles=True):
        for p, e, i, k in self.table.draws:
            if i == 0 and shuffles:
                self._note_epoch(p)
                self.agenda.append((_T_S1, p, e, 0, 0))
                self.agenda.append((_T_S2, p, e, 0, 0))
            self.agenda.append((_T_DEAL, p, e, i, k))
        self.table.draws = []

    def _stage(self, kind, d, epoch, units):
        n = len(self._cards(d, epoch))
        buf = self.mine1 if kind == _T_S1 else self.peer2
        if self.job is None and self.pre is not None and kind == _T_S1 and epoch == 0 and self.pre.n == n:
            self.job, self.pre = self.pre, None  # begun (or done) ahead: the same values
        if self.job is None:
            if kind == _T_S1:
                self.job = deck.Stage(self.key_seed, d, epoch, self._cards(d, epoch), True, buf)
            else:
                vals = memoryview(self.rx)[: n * deck.PLEN]  # the peer's stage 1, as received
                self.job = deck.Stage(self.key_seed, d, epoch, vals, False, buf)
        self.budget = 0  # a stage's work takes the step
        job = self.job
        if not job.step(units):
            return 0
        self.job = None
        if self.lie is not None:
            lie = self.lie("stage", bytes(buf[: n * deck.PLEN]))
            buf[: len(lie)] = lie
        for m in deck.part_msgs(M_SHUFFLE, d, 1 if kind == _T_S1 else 2, epoch, buf, n):
            self._send(m)  # copies: buf may change now
        if kind == _T_S2:  # position j under our layer: the peer's stage-1 value at our order[j]
            k = deck.PLEN
            rx = memoryview(self.rx)
            for j in range(n):
                i = job.order[j]
                buf[j * k : j * k + k] = rx[i * k : i * k + k]
        return 1

    def _take_stage(self, kind, d, epoch):
        n = len(self._cards(d, epoch))
        count = (n + deck.PER_PART - 1) // deck.PER_PART
        stage = 1 if kind == _T_S1 else 2
        rx = self.rx
        while self.rx_parts < count:
            m = self._next()
            if m is None:
                return -1
            k = self.rx_parts
            size = min(n - k * deck.PER_PART, deck.PER_PART) * deck.PLEN
            if len(m) != 7 + size or m[0] != M_SHUFFLE or m[1] != d or m[2] != stage or \
                    m[3] != epoch & 255 or m[4] != epoch >> 8 or m[5] != k or m[6] != count:
                raise CheatError(C_RULE, "Opponent sent a bad shuffle")
            o = k * deck.PER_PART * deck.PLEN
            rx[o : o + size] = m[7:]
            self.rx_parts += 1
        self.rx_parts = 0
        got = memoryview(rx)[: n * deck.PLEN]
        o = HASH_LEN * shuffle_no(self.epochs, d, epoch)
        self.hashes[o : o + HASH_LEN] = deck.chain(b"", got)
        bad = deck.check(got, n)  # either stage: every value could be a card, no two alike
        if bad == 1:
            raise CheatError(C_MARKED, "Opponent marked its cards: a shuffle value no card can have")
        if bad:
            raise CheatError(C_DOUBLED, "Opponent stacked the deck: two cards alike")
        return 1

    def _deal(self, d, epoch, i, stand):
        head = bytes((M_DEAL, d, epoch & 255, epoch >> 8, i))
        if d == self.peer:
            y = bytes(self.peer2[i * deck.PLEN : (i + 1) * deck.PLEN])  # kept: no exponentiation
            self.budget -= 1  # a few a frame: what they send waits in the heap (link_cards fits 192 KB)
            if self.lie is not None:
                y = self.lie("deal", y)
            self._send(head + y)
            return 1
        m = self._next()
        if m is None:
            return -1
        if len(m) != 5 + deck.PLEN or m[:5] != head:
            raise CheatError(C_RULE, "Opponent sent a bad deal")
        j = deck.find(self.mine1, m[5:], len(self._cards(d, epoch)))
        t = self.table
        cards = self._cards(d, epoch)
        real = cards[deck.perm(self.key_seed, deck.OWN, epoch, len(cards))[j]] if j >= 0 else -1
        pending = [x[4] for x in self.agenda[1:] if x[0] == _T_DEAL and x[1] == d]
        ok = real >= 0 and (real in t.draw[d] or real == stand or real in pending)
        if not ok or not t.fix(d, stand, real):
            raise CheatError(C_DEAL, "Opponent's decryption dealt us a wrong card")
        if real in pending and real != stand:  # the two stand-ins traded places
            for n in range(1, len(self.agenda)):
                x = self.agenda[n]
                if x[0] == _T_DEAL and x[4] == real:
                    self.agenda[n] = (x[0], x[1], x[2], x[3], stand)
        self.drawn.append(real)
        return 1

    def _reveal(self, who, cell):
        t = self.table
        if who == self.me:
            msg = self.grid.reveal_msg(cell)
            if self.lie is not None:
                msg = self.lie("reveal", msg)
            self._send(msg)
            move, whites = self.move  # a move is held in this state  # pyright: ignore[reportGeneralTypeIssues]
            self.move = None
            self._apply(move, whites)
            return 1
        m = self._next()
        if m is None:
            return -1
        self._need(m, M_REVEAL)
        ident = self.pgrid.take_reveal(m, cell)
        if not t.reveal_cell(self.peer, cell, ident):
            raise CheatError(C_GRID, "Opponent's Coordinate cards are not 5 ships and 7 misses")
        move, whites = self.move  # a move is held in this state  # pyright: ignore[reportGeneralTypeIssues]
        self.move = None
        self._apply(move, whites)
        return 1

    def _take_play(self):
        m = self._next()
        if m is None:
            return -1
        self._need(m, M_PLAY)
        move, whites = parse_play(m)
        t = self.table
        if not t.reconcile(move, whites):
            raise CheatError(C_HAND, "Opponent played a card that is not in its hand")
        if move[0] in (M_DISCARD, M_END):
            # "none of my cards can be played": it depends on the hand we cannot see (the
            # check at the end replays it with the true hand)
            t.forced = move  # Table.forced holds a move, None until one is forced  # pyright: ignore[reportAttributeAccessIssue]
        search = move[0] == M_PEG and t.up[self.me][move[2]] == DOWN
        # a search waits for our answer: checked now; any other move is checked by _apply
        if search and not t.is_legal(move):
            raise CheatError(C_RULE, "Opponent made an illegal move")
        self.log += m
        if search:
            self.move = (move, whites)
            self.agenda.insert(1, (_T_REVEAL, self.me, 0, move[2], 0))
        else:
            self._apply(move, whites)
        return 1

    def _apply(self, move, whites):
        t = self.table
        try:
            t.apply(move)
        except ValueError:
            raise CheatError(C_RULE, "Opponent made an illegal move")
        t.forced = None
        self.phase = PLAY
        self._queue_draws()
        if t.over:
            self.phase = CHECK
            msg = bytes((M_OPEN,)) + self.key_seed + self.grid.seed + bytes(self.grid.map)
            if self.lie is not None:
                msg = self.lie("open", msg)  # None: a cheater that keeps its keys to itself
            if msg is not None:
                self._send(msg)
            self.agenda.append((_T_OPEN, 0, 0, 0, 0))
        else:
            self.agenda.append((_T_PLAY, t.cur, 0, 0, 0))

    def _check(self, units):
        if self.check is None:
            t = self.table
            if t is not None:  # the check replays on an engine of its own; this one is the end's
                self.final = bytes((t.winner + 1, t.turn & 255, t.sunk_count(0), t.sunk_count(1)))
                if self.watch:  # (not saved: a game continued at its check gets the check's replay)
                    self.last = t
                else:
                    from cards.cable.table import empty

                    empty(t)  # its lists leave the heap now, before the check replays
                self.table = t = None
            # the deck buffers served the deals: rx leaves, the check's stages are written into
            # mine1 and peer2 (blocks of their own from the start, not new ones in a heap in pieces)
            self.rx = bytearray()
            from cards.cable.check import Check

            self.check = Check(self)
        self.budget = 0
        r = self.check.step(units)
        if r:
            self.check = None
            self.phase = DONE
        return 1 if r else 0

    # --- helpers -----------------------------------------------------------------
    def _send(self, msg):
        self.outbox.append(bytes(msg))

    def _need(self, m, mtype):
        if not m or m[0] != mtype:
            raise CheatError(C_RULE, "Opponent sent a message out of place")

    @property
    def winner(self):
        if self.table is not None:
            return self.table.winner
        return self.final[0] - 1 if self.final is not None else -1

    def sunk(self, p):
        """p's ships sunk."""
        if self.table is not None:
            return self.table.sunk_count(p)
        return self.final[2 + p] if self.final is not None else 0


def _void(g):
    """The game is void (a cheat caught, a forfeit): its table leaves the heap (the end's screen
    shows none of it)."""
    if g.table is not None:
        from cards.cable.table import empty

        empty(g.table)
        g.table = None


def _room(n):
    """An empty bytearray with room for n bytes (MicroPython keeps a bytearray's block when it
    shrinks, and += fills it without moving it)."""
    b = bytearray(n)
    b[:] = b""
    return b


def _drop_commit():
    """link.commit is needed for the coin only: on the device its 5 KB leave the heap."""
    import sys

    if sys.implementation.name == "micropython":
        from core.compat import unload

        unload("link.commit")


def _coin_cheat(e):
    return CheatError(getattr(e, "code", C_RULE), getattr(e, "text", "Opponent broke the coin toss"))
