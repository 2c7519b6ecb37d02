"""The end of a linked card game: with both key seeds and both grids known, check everything.

1. the peer's revealed grid opens every committed cell and is 5 ships + 7 misses;
2. the whole game replayed on cards.engine with the true cards: every deck position's card
   follows from the two shuffles' orders, every card dealt to us must be the one we got, and
   every move of the peer's must be legal with the hand it truly held ("a card not in its
   hand"); the shuffles the replay reaches before any failure are noted;
3. every stage the peer sent for those shuffles is recomputed from its key (a stacked deck),
   a few exponentiations a step: this one costs time, so it is spread over frames.
A stacked deck is named before what it would make the replay find. Loaded only at the end; the
stages are written into the game's own deck buffers (mine1, peer2), as in the game.
"""

from cards.cable.proto import C_DEAL, C_HAND, C_RULE, C_STACKED, HASH_LEN, CheatError, parse_play, shuffles
from cards.cable.table import Table, empty
from cards.rules import CARD_TYPE
from link import deck


class Check:
    def __init__(self, g):
        self.g = g
        m = g.peer_open
        n = deck.SEED_LEN
        self.peer_key = bytes(m[1 : 1 + n])
        grid = bytes(m[1 + 2 * n :])
        g.pgrid.check_open(m[1 + n : 1 + 2 * n], grid)
        self.grid = grid
        self.reached = []
        self.n_drawn = 0
        self.orders = {}
        self.t = None
        self.fail = self._replay()
        t, self.t = self.t, None
        if t is not None and self.fail is None and g.watch and g.last is None:
            # a game continued at its check (the table as it ended is not saved): the replay is
            # that table, every card where it was, for the end's screen to show
            t.truth = None
            g.last = t
        else:
            empty(t)  # the replay's table: no stale pointer keeps its lists
        self.todo = [(k, x) for k, x in enumerate(shuffles(g.epochs)) if (x[0], x[1]) in self.reached]
        self.orders = self.reached = None  # the replay's: not needed any more
        self.job = None
        self.mine = None  # our stage 1 of the shuffle being checked (values)
        self.done = g.check_done  # shuffles checked (kept in the save)
        self.total = len(self.todo)

    def _seed(self, d):
        return self.g.key_seed if d == self.g.me else self.peer_key

    def _truth(self, t, p, e, i):
        if i == 0:
            self.reached.append((p, e))
        cards = t.epoch_cards[p]
        key = (p, e)
        if key not in self.orders:  # orders is built before the first draw is checked  # pyright: ignore[reportOperatorIssue]
            o1 = deck.perm(self._seed(p), deck.OWN, e, len(cards))
            o2 = deck.perm(self._seed(1 - p), p, e, len(cards))
            self.orders[key] = bytes(o1[o2[j]] for j in range(len(cards)))  # no list of ints; built first  # pyright: ignore[reportOptionalSubscript]
        k = cards[self.orders[key][i]]  # built at the start  # pyright: ignore[reportOptionalSubscript]
        if p == self.g.me:
            got = self.g.drawn
            if self.n_drawn >= len(got) or got[self.n_drawn] != k:
                raise CheatError(C_DEAL, "Opponent's decryption dealt us a wrong card")
            self.n_drawn += 1
        return k

    def _replay(self):
        g = self.g
        grids = [None, None]  # type: list
        grids[g.me] = g.grid.map
        grids[g.peer] = self.grid
        try:
            t = self.t = Table(mode=g.mode, first=g.first, me=g.me, grids=grids, truth=self._truth)
            log = g.log
            i = 0
            while i < len(log):
                n = 6 + log[i + 5]
                move, whites = parse_play(log[i : i + n])
                i += n
                p = t.cur
                hand = t.hand[p]
                card = move[1]
                pool = t.only if t.only else hand
                bad = any(w not in hand or CARD_TYPE[w] != 0 for w in whites)
                if (card >= 0 and card not in pool) or bad:
                    if p == g.peer:
                        return CheatError(C_HAND, "Opponent played a card that was not in its hand")
                    return CheatError(C_DEAL, "Opponent's decryption dealt us a wrong card")
                if whites:
                    hand[:] = list(whites) + [k for k in hand if k not in whites]
                try:  # apply() checks the move is legal first (one list of moves, not two)
                    t.apply(move)
                except ValueError as e:
                    if e.args and e.args[0] == "illegal move":  # cards.engine's
                        return CheatError(C_RULE, "Opponent made an illegal move")
                    raise
            if t.winner != g.winner:
                return CheatError(C_RULE, "The game does not replay to the same end")
        except CheatError as e:
            return e
        except ValueError:
            return CheatError(C_STACKED, "Opponent stacked the deck")
        return None

    def step(self, units):
        """Some exponentiations of the stage check; True when all is checked (CheatError if not)."""
        g = self.g
        while self.done < self.total:
            k, (d, e, cards) = self.todo[self.done]
            if d == g.peer:  # its stage 1: its cards encrypted with its key
                if self.job is None:
                    self.job = deck.Stage(self.peer_key, d, e, cards, True, g.mine1)
                if not self.job.step(units):
                    return False
            else:  # its stage 2 of our deck: our stage 1 (again), then its layer
                if self.mine is None:
                    if self.job is None:
                        self.job = deck.Stage(g.key_seed, d, e, cards, True, g.mine1)
                    if not self.job.step(units):
                        return False
                    self.mine = memoryview(g.mine1)[: deck.PLEN * len(cards)]  # the values as one blob
                    self.job = None
                    return False
                if self.job is None:
                    self.job = deck.Stage(self.peer_key, d, e, self.mine, False, g.peer2)
                if not self.job.step(units):
                    return False
                self.mine = None
            want = bytes(g.hashes[k * HASH_LEN : (k + 1) * HASH_LEN])
            if deck.chain(b"", memoryview(self.job.out)[: deck.PLEN * len(cards)]) != want:
                raise CheatError(C_STACKED, "Opponent stacked the deck: its shuffle does not match its key")
            self.job = None
            self.done += 1
            g.check_done = self.done
            return self.done == self.total and self.fail is None
        if self.fail is not None:
            raise self.fail
        return True
