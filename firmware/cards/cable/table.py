"""One handheld's copy of a linked card game: the single-handheld engine, with what it cannot know
held as stand-ins.

`Table` is cards.engine.Game (the same rules, every power card and ship power) seen from side
`me`. What this side cannot know is held as stand-ins that the rules never look at: the
other side's face-down Coordinate cards (some arrangement of the ones not yet seen), the other
side's hand and draw pile (some assignment of its cards not yet seen), and the order of every
draw pile. Before a move is applied, `reconcile()` swaps stand-ins so the cards the move names
are where it needs them (a card that cannot be there is a cheat); after a draw the real card
replaces its stand-in (`fix()`), once the other side's decryption arrives. `draws` lists every
card drawn since the caller last emptied it: (player, epoch, index in the epoch, stand-in);
a reshuffle starts a new epoch whose cards are `epoch_cards[p]`.

With `truth` set (the end-of-game check: both grids, both keys), draws take the real card of
that deck position at once: truth(table, p, epoch, index) -> card.
"""

from cards.engine import Game
from cards.rules import CARD_TYPE, CELLS, COORDINATE_DECK, DOWN, HAND, deck_cards


class Table(Game):
    def __init__(self, seed=1, mode=0, first=0, rng=None, deal=True, me=0, grids=None, truth=None):
        """grids[p]: p's 12 Coordinate identities, or None where unknown (stand-ins). Without
        grids (Game.from_bytes) nothing is dealt: the caller restores the rest."""
        Game.__init__(self, seed, mode, first, rng, False)
        self.me = me
        self.truth = truth
        self.forced = None  # the peer's "I cannot play" move, legal for a hand we cannot see
        self.draws = []
        self.epoch = [0, 0]
        self.index = [0, 0]
        deck = deck_cards(self.power_cards)
        self.epoch_cards = [bytes(deck), bytes(deck)]  # bytes: no list of ints kept
        if grids is None:
            return
        for p in (0, 1):
            g = grids[p] if grids[p] is not None else COORDINATE_DECK
            for c in range(CELLS):
                self.ident[p][c] = g[c]
            self.draw[p] = list(deck)
        for p in (0, 1):
            for _ in range(HAND):
                self.hand[p].append(self._draw_one(p))
        self._begin_turn()

    shown = False  # a screen shows the public events (cards.cable.ui): kept as cards.engine keeps them

    def apply(self, move):
        Game.apply(self, move)
        if not self.shown:  # none kept for no screen (the other side's copy, the end's replay)
            self.events = []
            self.prev_events = []

    def legal_moves(self, distinct=False, pick=-1):
        if self.forced is not None:
            return [self.forced]
        return Game.legal_moves(self, distinct, pick)

    def _draw_one(self, p):
        fresh = not self.draw[p] and bool(self.disc[p])
        k = Game._draw_one(self, p)
        if k < 0:
            return k
        if fresh:
            self.epoch[p] += 1
            self.index[p] = 0
            self.epoch_cards[p] = bytes(sorted(self.draw[p] + [k]))
        i = self.index[p]
        self.index[p] += 1
        if self.truth is not None:
            real = self.truth(self, p, self.epoch[p], i)
            if real != k:
                if real not in self.draw[p]:
                    raise ValueError("dealt a card that is not in the deck")
                self.draw[p][self.draw[p].index(real)] = k
                k = real
        else:
            self.draws.append((p, self.epoch[p], i, k))
        return k

    # --- stand-ins ----------------------------------------------------------------
    def fix(self, p, stand, real):
        """Our drawn stand-in `stand` is really `real` (in our draw pile, or another stand-in not
        yet fixed: the caller checks). False if it cannot be."""
        if stand == real:
            return True
        hand = self.hand[p]
        if real in self.draw[p]:
            self.draw[p][self.draw[p].index(real)] = stand
            _swap(hand, stand, real)
            _swap(self.only, stand, real)
            return True
        if real in hand and stand in hand:  # another stand-in not yet fixed: trade places
            i, j = hand.index(stand), hand.index(real)
            hand[i], hand[j] = real, stand
            _trade(self.only, stand, real)
            return True
        return False

    def reveal_cell(self, p, c, ident):
        """p's face-down cell c is `ident`: put it there among p's face-down cards. False if none left."""
        row = self.ident[p]
        if row[c] == ident:
            return True
        for c2 in range(CELLS):
            if c2 != c and row[c2] == ident and self.up[p][c2] == DOWN:
                row[c2] = row[c]
                row[c] = ident
                return True
        return False

    def reconcile(self, move, whites=()):
        """Place the other side's named cards in its hand (and its Draw Three's choice) before
        applying its move. False if a named card cannot be there (it is not in that hand)."""
        p = self.cur
        card = move[1]
        keep = []
        if card >= 0:
            if not self._into_hand(p, card, keep, bool(self.only)):
                return False
            keep.append(card)
        for w in whites:
            if w == card or CARD_TYPE[w] != 0 or not self._into_hand(p, w, keep, False):
                return False
            keep.append(w)
        if whites:  # the engine discards the first White Pegs of the hand: these ones
            hand = self.hand[p]
            rest = [k for k in hand if k not in whites]
            hand[:] = list(whites) + rest
        return True

    def _into_hand(self, p, k, keep, only):
        hand = self.hand[p]
        pool = self.only if only else hand
        if k in pool:
            return True
        free = [h for h in pool if h not in keep]
        if not free:
            return False
        h = free[0]
        if k in hand:  # in the hand but not among Draw Three's cards: trade places with one
            i, j = hand.index(h), hand.index(k)
            hand[i], hand[j] = k, h
            _swap(self.only, h, k)
            return True
        if k in self.draw[p]:
            self.draw[p][self.draw[p].index(k)] = h
            hand[hand.index(h)] = k
            _swap(self.only, h, k)
            return True
        return False


def empty(t):
    """Drop everything a table holds (the collector scans the stack conservatively: a stale
    pointer to a table left behind must not keep its lists)."""
    if t is not None:
        for k in t.__dict__:  # (an instance's __dict__ is read-only on MicroPython; no list of
            setattr(t, k, None)  # its names either: the values change, not the keys)


def _swap(seq, old, new):
    for i in range(len(seq)):
        if seq[i] == old:
            seq[i] = new


def _trade(seq, a, b):
    for i in range(len(seq)):
        if seq[i] == a:
            seq[i] = b
        elif seq[i] == b:
            seq[i] = a
