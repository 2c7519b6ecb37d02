"""Battleship Card Game engine: the whole game state, legal moves, moves applied, save bytes.

Owns both players' Coordinate grids (identity, face down / up / sunk, the peg
cards under each ship and its shield), hands, draw and discard piles, and the
turn flow: PT Boat at the start of a turn, one play (more through Power
cards), reload to 5 (7 with the Carrier), reshuffle, win. Pure: no I/O, the
only randomness is the injected Rng (deal and reshuffles), saved with the
state. It knows everything; cards.view cuts out what one player may see.

Step API for a UI: `legal_moves()` lists tuples (act, card, cell, arg) (see
cards.rules M_*), `apply(move)` plays one and appends public events to
`events` (`prev_events` holds the turn before). Card numbers are per owner;
peg cards under player p's cells belong to the other player.
"""

from cards.rules import (
    BATTLESHIP,
    CARD_TYPE,
    CARD_TYPES,
    CARRIER,
    CELLS,
    COORDINATE_DECK,
    DESTROYER,
    DESTROYER_SEARCH_HITS,
    DISCARD_OR_TWO,
    DOWN,
    DRAW,
    DRAW_THREE,
    EV_DISCARDED,
    EV_DRAW,
    EV_LOST_WHITES,
    EV_PLAY,
    EV_REMOVED,
    EV_RESHUFFLE,
    EV_REVEAL,
    EV_SHIELD_DOWN,
    EV_SINK,
    EV_WASTED,
    EV_WIN,
    HAND,
    HAND_CARRIER,
    IDENTS,
    M_DISCARD,
    M_DISCARD_WHITES,
    M_DRAW_THREE,
    M_END,
    M_PEG,
    M_PLAY_TWO,
    M_PT,
    M_REPAIR,
    M_SHIELD,
    M_SKIP,
    MAX_TURNS,
    MISS,
    MODES,
    NO_CARD,
    NOBODY,
    PH_OVER,
    PH_PLAY,
    PH_PT,
    PLAY_TWO,
    PT_BOAT,
    RED,
    REPAIR_OR_THREE,
    SHIELD,
    SHIELD_HITS,
    SHIP_COUNT,
    SUBMARINE,
    SUNK,
    UP,
    WHITE,
    deck_cards,
)
from core.compat import const
from core.prng import Rng

_MAGIC = const(0xC6)


class Game:
    """One game. Players are 0 and 1; `cur` is the player to move."""

    def __init__(self, seed=1, mode=0, first=0, rng=None, deal=True):
        self.rng = rng if rng is not None else Rng(seed)
        self.mode = mode
        self.power_cards = MODES[mode][1]
        self.ship_powers = MODES[mode][2]
        self.cur = first
        self.turn = 1
        self.winner = NOBODY
        self.phase = PH_PLAY
        self.plays = 1  # plays left this turn
        self.played = 0  # cards played this turn
        self.only = []  # after Draw Three: the next play must be one of these
        self.ident = [bytearray(CELLS), bytearray(CELLS)]
        self.up = [bytearray(CELLS), bytearray(CELLS)]
        self.shield = [bytearray(bytes([NO_CARD]) * CELLS), bytearray(bytes([NO_CARD]) * CELLS)]
        # the card numbers under p's ship (the other's cards) and on its shield, as bytes: an
        # empty cell is b"" (no object; 24 lists a side took 4 KB of the 64-bit simulator's heap)
        self.pegs = [[b""] * CELLS, [b""] * CELLS]
        self.spegs = [[b""] * CELLS, [b""] * CELLS]
        self.hand = [[], []]
        self.draw = [[], []]  # top of the pile is the end of the list
        self.disc = [[], []]
        self.events = []
        self.prev_events = []
        if deal:
            self._deal()

    # --- setup ---------------------------------------------------------------
    def _deal(self):
        rng = self.rng
        for p in (0, 1):
            grid = rng.shuffle(list(COORDINATE_DECK))
            for c in range(CELLS):
                self.ident[p][c] = grid[c]
            deck = deck_cards(self.power_cards)
            self.draw[p] = rng.shuffle(deck)
            for _ in range(HAND):
                self.hand[p].append(self.draw[p].pop())
        self._begin_turn()

    # --- what is true now ------------------------------------------------------
    @property
    def over(self):
        return self.winner != NOBODY

    def ship_cell(self, p, ship):
        """Cell of p's ship if it is revealed and afloat, else -1."""
        ident, up = self.ident[p], self.up[p]
        for c in range(CELLS):
            if ident[c] == ship and up[c] == UP:
                return c
        return -1

    def active(self, p, ship):
        """Is p's ship power in play (revealed, afloat, ship powers on)?"""
        return self.ship_powers and self.ship_cell(p, ship) >= 0

    def value(self, a, card):
        """Hits one of attacker a's peg cards counts for now (Battleship: +1 per Red)."""
        kind, pegs = CARD_TYPES[CARD_TYPE[card]][0], CARD_TYPES[CARD_TYPE[card]][1]
        if kind == RED and self.active(a, BATTLESHIP):
            return pegs + 1
        return pegs

    def damage(self, p, c):
        a = 1 - p
        return sum(self.value(a, k) for k in self.pegs[p][c])

    def shield_damage(self, p, c):
        a = 1 - p
        return sum(self.value(a, k) for k in self.spegs[p][c])

    def afloat_ship(self, p, c):
        return self.up[p][c] == UP and self.ident[p][c] != MISS

    def sunk_count(self, p):
        return sum(1 for c in range(CELLS) if self.up[p][c] == SUNK)

    def hand_limit(self, p):
        return HAND_CARRIER if self.active(p, CARRIER) else HAND

    def _pt_can_act(self, p):
        if not self.active(p, PT_BOAT):
            return False
        return any(self.pegs[p][c] and self.afloat_ship(p, c) for c in range(CELLS))

    # --- legal moves -------------------------------------------------------------
    def legal_moves(self, distinct=False, pick=-1):
        """Every legal move now. distinct=True keeps one card of each type (for CPUs); pick >= 0:
        only the moves that play card `pick`, without the ways out offered when no card can be
        played (is_legal)."""
        if self.over:
            return []
        p = self.cur
        own_pegs = [c for c in range(CELLS) if self.afloat_ship(p, c) and self.pegs[p][c]]
        if self.phase == PH_PT:
            out = [(M_PT, -1, c, k) for c in own_pegs for k in range(len(self.pegs[p][c]))]
            out.append((M_SKIP, -1, -1, 0))
            return out
        out = []
        d = 1 - p
        hand = self.hand[p]
        cards = [k for k in hand if k in self.only] if self.only else hand
        if pick >= 0:
            cards = [pick] if pick in cards else []
        seen = []
        whites = sum(1 for k in hand if CARD_TYPE[k] == 0)
        white_hits = self.active(p, DESTROYER)  # your White Pegs damage ships and shields
        for card in cards:
            t = CARD_TYPE[card]
            if distinct:
                if t in seen:
                    continue
                seen.append(t)
            kind = CARD_TYPES[t][0]
            if kind == WHITE or kind == RED:
                for c in range(CELLS):
                    u = self.up[d][c]
                    if u == DOWN:
                        out.append((M_PEG, card, c, 0))
                    elif u == UP and self.ident[d][c] != MISS:
                        sub = self.ship_powers and self.ident[d][c] == SUBMARINE
                        if kind == RED or white_hits or sub:
                            out.append((M_PEG, card, c, 0))
            elif kind == SHIELD:
                for c in range(CELLS):
                    if self.afloat_ship(p, c) and self.shield[p][c] == NO_CARD:
                        out.append((M_SHIELD, card, c, 0))
            elif kind == DISCARD_OR_TWO:
                for n in range(1, whites + 1):
                    out.append((M_DISCARD_WHITES, card, -1, n))
                out.append((M_PLAY_TWO, card, -1, 0))
            elif kind == REPAIR_OR_THREE:
                for c in own_pegs:
                    for k in range(len(self.pegs[p][c])):
                        out.append((M_REPAIR, card, c, k))
                if self.draw[p] or self.disc[p]:
                    out.append((M_DRAW_THREE, card, -1, 0))
        if pick >= 0:
            return out
        if self.played:
            # an extra play (Play Two, Repair, Draw Three) is owed: the seed says "play
            # two more", "then play another card", "then play one of them". End turn is
            # offered only when none of them can be played.
            if not out:
                out.append((M_END, -1, -1, 0))
        elif not out:
            # Nothing can be played (only targetless White Pegs or Shields): an
            # assumed way out so the turn can pass; an empty hand just passes.
            for card in hand:
                out.append((M_DISCARD, card, -1, 0))
            if not hand:
                out.append((M_END, -1, -1, 0))
        return out

    def is_legal(self, move):
        """move in legal_moves(), listing only the moves of the card it plays (a handful, not
        every card's: no list of 60 or more moves for one check)."""
        if self.phase != PH_PLAY or move[0] in (M_END, M_DISCARD) or move[1] < 0:
            return move in self.legal_moves()
        return move in self.legal_moves(False, move[1])

    # --- applying a move -------------------------------------------------------
    def apply(self, move):
        """Play one legal move (a tuple from legal_moves); ValueError if it is not legal."""
        move = tuple(move)
        if not self.is_legal(move):
            raise ValueError("illegal move")
        act, card, c, arg = move
        p = self.cur
        ev = self.events
        ev.append((p, EV_PLAY, act, CARD_TYPE[card] if card >= 0 else -1, c))
        if act == M_PT:
            self._remove_peg(p, c, arg)
            self.phase = PH_PLAY
            return
        if act == M_SKIP:
            self.phase = PH_PLAY
            return
        if act == M_END:
            self._end_turn()
            return
        self.hand[p].remove(card)
        self.plays -= 1
        self.played += 1
        self.only = []
        if act == M_PEG:
            self._peg(p, card, c)
        elif act == M_SHIELD:
            self.shield[p][c] = card
        elif act == M_DISCARD_WHITES:
            for _ in range(arg):
                for k in self.hand[p]:
                    if CARD_TYPE[k] == 0:
                        self.hand[p].remove(k)
                        self.disc[p].append(k)
                        break
            ev.append((p, EV_DISCARDED, arg, 0, 0))
            self.disc[p].append(card)
        elif act == M_PLAY_TWO:
            self.plays += PLAY_TWO
            self.disc[p].append(card)
        elif act == M_REPAIR:
            self._remove_peg(p, c, arg)
            self.plays += 1
            self.disc[p].append(card)
        elif act == M_DRAW_THREE:
            got = []
            for _ in range(DRAW_THREE):
                k = self._draw_one(p)
                if k < 0:
                    break
                got.append(k)
            self.hand[p].extend(got)
            ev.append((p, EV_DRAW, len(got), 0, 0))
            self.only = got
            self.plays += 1
            self.disc[p].append(card)
        else:  # M_DISCARD
            self.disc[p].append(card)
        self._settle()
        if self.sunk_count(1 - p) == SHIP_COUNT:
            self._finish(p)
        elif self.sunk_count(p) == SHIP_COUNT:
            self._finish(1 - p)
        elif self.plays <= 0:
            self._end_turn()

    def _peg(self, p, card, c):
        d = 1 - p
        kind = CARD_TYPES[CARD_TYPE[card]][0]
        ident = self.ident[d][c]
        sub = self.ship_powers and ident == SUBMARINE
        if self.up[d][c] == DOWN:
            self.up[d][c] = UP
            self.events.append((p, EV_REVEAL, c, ident, 0))
            # A search damages only with Red Pegs, or a White Peg on a Submarine.
            white = sub or (DESTROYER_SEARCH_HITS and self.active(p, DESTROYER))
            hits = ident != MISS and ((kind == RED and not sub) or (kind == WHITE and white))
            if hits:
                self.pegs[d][c] += bytes((card,))
            else:
                self.disc[p].append(card)
                if ident != MISS or kind == RED:
                    self.events.append((p, EV_WASTED, CARD_TYPE[card], c, 0))
        elif sub and kind == RED:
            self.disc[p].append(card)  # only White Pegs damage the Submarine
            self.events.append((p, EV_WASTED, CARD_TYPE[card], c, 0))
        elif self.shield[d][c] != NO_CARD:
            self.spegs[d][c] += bytes((card,))
        else:
            self.pegs[d][c] += bytes((card,))

    def _remove_peg(self, p, c, k):
        """Repair / PT Boat: take peg card k from under p's ship; it goes to its owner's discard."""
        under = self.pegs[p][c]
        card = under[k]
        self.pegs[p][c] = under[:k] + under[k + 1 :]
        self.disc[1 - p].append(card)
        self.events.append((p, EV_REMOVED, CARD_TYPE[card], c, 0))

    def _settle(self):
        """Destroy shields and sink ships that have taken enough pegs, on both sides."""
        changed = True
        while changed:
            changed = False
            for p in (0, 1):
                for c in range(CELLS):
                    if not self.afloat_ship(p, c):
                        continue
                    sh = self.shield[p][c]
                    if sh != NO_CARD and self.shield_damage(p, c) >= SHIELD_HITS:
                        self._drop_shield(p, c)
                        changed = True
                    if self.damage(p, c) >= IDENTS[self.ident[p][c]][2]:
                        self._sink(p, c)
                        changed = True

    def _drop_shield(self, p, c):
        self.disc[p].append(self.shield[p][c])
        self.shield[p][c] = NO_CARD
        self.disc[1 - p].extend(self.spegs[p][c])
        self.spegs[p][c] = b""
        self.events.append((self.cur, EV_SHIELD_DOWN, p, c, 0))

    def _sink(self, p, c):
        a = 1 - p
        if self.shield[p][c] != NO_CARD:
            self._drop_shield(p, c)
        self.disc[a].extend(self.pegs[p][c])
        self.pegs[p][c] = b""
        self.up[p][c] = SUNK
        ship = self.ident[p][c]
        self.events.append((self.cur, EV_SINK, p, c, ship))
        if ship == DESTROYER and self.ship_powers:
            # p's Destroyer is gone: p's White Pegs on a's ships (but the Submarine) are discarded.
            lost = 0
            for c2 in range(CELLS):
                if self.ident[a][c2] == SUBMARINE:
                    continue
                for stacks in (self.pegs[a], self.spegs[a]):
                    stack = stacks[c2]
                    for k in stack:
                        if CARD_TYPE[k] == 0:
                            self.disc[p].append(k)
                            lost += 1
                    stacks[c2] = bytes([k for k in stack if CARD_TYPE[k] != 0])
            if lost:
                self.events.append((p, EV_LOST_WHITES, lost, 0, 0))

    def _finish(self, w):
        self.winner = w
        self.phase = PH_OVER
        self.events.append((self.cur, EV_WIN, w, 0, 0))

    def _draw_one(self, p):
        """Top card of p's draw pile (reshuffling the discard pile if empty), -1 if none."""
        if not self.draw[p]:
            if not self.disc[p]:
                return -1
            self.draw[p] = self.rng.shuffle(self.disc[p])
            self.disc[p] = []
            self.events.append((p, EV_RESHUFFLE, len(self.draw[p]), 0, 0))
        return self.draw[p].pop()

    def _end_turn(self):
        p = self.cur
        n = 0
        while len(self.hand[p]) < self.hand_limit(p):
            k = self._draw_one(p)
            if k < 0:
                break
            self.hand[p].append(k)
            n += 1
        if n:
            self.events.append((p, EV_DRAW, n, 0, 0))
        self.turn += 1
        self.cur = 1 - p
        self.prev_events = self.events
        self.events = []
        if self.turn > MAX_TURNS:
            self._finish(DRAW)
            return
        self._begin_turn()

    def _begin_turn(self):
        self.plays = 1
        self.played = 0
        self.only = []
        self.phase = PH_PT if self._pt_can_act(self.cur) else PH_PLAY

    # --- save / restore --------------------------------------------------------------
    def to_bytes(self):
        """Compact save (about 170 bytes). Event logs are not saved."""
        b = bytearray([_MAGIC, self.mode, self.cur, self.phase, self.plays, self.played, self.winner + 1])
        b.extend(bytes([self.turn >> 8, self.turn & 255]))
        for v in self.rng.getstate():
            b.extend(bytes([(v >> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255]))
        _put(b, self.only)
        for p in (0, 1):
            for c in range(CELLS):
                b.append(self.ident[p][c] | (self.up[p][c] << 4))
            _put(b, self.hand[p])
            _put(b, self.draw[p])
            _put(b, self.disc[p])
            for c in range(CELLS):
                b.append(self.shield[p][c])
                _put(b, self.pegs[p][c])
                _put(b, self.spegs[p][c])
        return bytes(b)

    @classmethod
    def from_bytes(cls, data):
        """Restore a game saved by to_bytes (the same future, same Rng). ValueError if damaged."""
        data = bytes(data)
        if len(data) < 18 or data[0] != _MAGIC or data[1] >= len(MODES):
            raise ValueError("not a card game save")
        g = cls(mode=data[1], deal=False)
        g.cur, g.phase, g.plays, g.played = data[2], data[3], data[4], data[5]
        g.winner = data[6] - 1
        g.turn = (data[7] << 8) | data[8]
        z = (data[9] << 24) | (data[10] << 16) | (data[11] << 8) | data[12]
        w = (data[13] << 24) | (data[14] << 16) | (data[15] << 8) | data[16]
        g.rng.setstate((z, w))
        r = _Reader(data, 17)
        g.only = r.list()
        for p in (0, 1):
            for c in range(CELLS):
                v = r.byte()
                g.ident[p][c] = v & 15
                g.up[p][c] = v >> 4
            g.hand[p] = r.list()
            g.draw[p] = r.list()
            g.disc[p] = r.list()
            for c in range(CELLS):
                g.shield[p][c] = r.byte()
                g.pegs[p][c] = bytes(r.list())
                g.spegs[p][c] = bytes(r.list())
        if r.i != len(data) or not g.consistent():
            raise ValueError("damaged card game save")
        return g

    def copy(self):
        g = Game.from_bytes(self.to_bytes())
        g.events = list(self.events)
        g.prev_events = list(self.prev_events)
        return g

    def consistent(self):
        """Every battle card of each player is in exactly one place; grids hold the right cards."""
        if self.cur not in (0, 1) or self.phase > PH_OVER:
            return False
        for p in (0, 1):
            if max(self.up[p]) > SUNK:
                return False
            if sorted(self.ident[p]) != sorted(COORDINATE_DECK):
                return False
            cards = self.hand[p] + self.draw[p] + self.disc[p]
            for c in range(CELLS):
                cards = cards + list(self.pegs[1 - p][c] + self.spegs[1 - p][c])
                if self.shield[p][c] != NO_CARD:
                    cards.append(self.shield[p][c])
            want = deck_cards(self.power_cards)
            if sorted(cards) != want:
                return False
        return True


def _put(b, items):
    b.append(len(items))
    b.extend(bytes(items))


class _Reader:
    def __init__(self, data, i):
        self.data = data
        self.i = i

    def byte(self):
        if self.i >= len(self.data):
            raise ValueError("damaged card game save")
        self.i += 1
        return self.data[self.i - 1]

    def list(self):
        n = self.byte()
        if self.i + n > len(self.data):
            raise ValueError("damaged card game save")
        self.i += n
        return list(self.data[self.i - n : self.i])
