"""What one player of the Battleship Card Game may see, and which legal moves a card or a cell has.

`view_for(game, p)` copies out of the full engine state only what player p
may know: their own hand, the faces of revealed Coordinate cards on both
grids (face-down cards stay unknown, to their owner too, since the sheet has
them shuffled and laid face down; cards.rules.OWNER_SEES_GRID turns that off),
every peg card and shield in play, the face-up discard piles, the sizes of
the draw piles and of the opponent's hand, the public event log and, when
it is p's turn, the legal moves. A UI or a CPU player that reads only a View
cannot cheat. Sides in a View: 0 = me, 1 = the opponent.
"""

from cards.rules import (
    BATTLESHIP,
    CARD_TYPES,
    CELLS,
    DOWN,
    IDENTS,
    M_PEG,
    MISS,
    NO_CARD,
    OWNER_SEES_GRID,
    RED,
    SHIELD_HITS,
    UP,
)
from cards.rules import CARD_TYPE as _TYPE

UNKNOWN = -1  # a face-down card seen from outside


class View:
    """Public fields (lists indexed [side][cell] with side 0 = me, 1 = opponent):
    me, mode, ship_powers, power_cards, turn, my_turn, phase, plays_left, played,
    winner, hand (my card numbers), hand_types, only, hand_limit,
    state (DOWN/UP/SUNK), known (identity or UNKNOWN), pegs and spegs (card types
    under each ship / on its shield), shield (card type or -1), draw_count,
    disc_types (face-up discard piles as card types), hand_count, active
    (per side: the ship ids whose power is in play), moves, events, prev_events."""

    # declared for the type checker (make typecheck); MicroPython compiles nothing for them
    me: int
    mode: int
    ship_powers: int
    power_cards: int
    turn: int
    my_turn: bool
    phase: int
    plays_left: int
    played: int
    winner: int
    hand: list
    hand_types: list
    only: list
    hand_limit: int
    state: list
    known: list
    pegs: list
    spegs: list
    shield: list
    draw_count: list
    disc_types: list
    hand_count: list
    active: list
    moves: list
    events: "list | None"
    prev_events: "list | None"

    def ship_hits(self, side, c):
        return IDENTS[self.known[side][c]][2] if self.known[side][c] > MISS else 0

    def value(self, side, t):
        """Hits a peg card of type t played by `side` counts for now."""
        kind, pegs = CARD_TYPES[t][0], CARD_TYPES[t][1]
        if kind == RED and BATTLESHIP in self.active[side]:
            return pegs + 1
        return pegs

    def damage(self, side, c):
        """Hits on side's ship at c (made by the other side's cards)."""
        return sum(self.value(1 - side, t) for t in self.pegs[side][c])

    def shield_left(self, side, c):
        """Pegs still needed to destroy the shield at c (0 if none)."""
        if self.shield[side][c] < 0:
            return 0
        return max(0, SHIELD_HITS - sum(self.value(1 - side, t) for t in self.spegs[side][c]))

    def afloat(self, side, c):
        return self.state[side][c] == UP and self.known[side][c] > MISS


def view_for(g, p):
    v = View()
    v.me = p
    v.mode = g.mode
    v.ship_powers = g.ship_powers
    v.power_cards = g.power_cards
    v.turn = g.turn
    v.my_turn = g.cur == p and not g.over
    v.phase = g.phase if v.my_turn else -1
    v.plays_left = g.plays if v.my_turn else 0
    v.played = g.played if v.my_turn else 0
    v.winner = g.winner
    v.hand = list(g.hand[p])
    v.hand_types = [_TYPE[k] for k in g.hand[p]]
    v.only = list(g.only) if v.my_turn else []
    v.hand_limit = g.hand_limit(p)
    v.state, v.known, v.pegs, v.spegs, v.shield = [], [], [], [], []
    v.draw_count, v.disc_types, v.hand_count, v.active = [], [], [], []
    for side in (0, 1):
        q = p if side == 0 else 1 - p
        v.state.append(bytes(g.up[q]))
        see_down = OWNER_SEES_GRID and side == 0
        v.known.append([g.ident[q][c] if (g.up[q][c] != DOWN or see_down) else UNKNOWN for c in range(CELLS)])
        v.pegs.append([_types(g.pegs[q][c]) for c in range(CELLS)])
        v.spegs.append([_types(g.spegs[q][c]) for c in range(CELLS)])
        v.shield.append([_TYPE[g.shield[q][c]] if g.shield[q][c] != NO_CARD else -1 for c in range(CELLS)])
        v.draw_count.append(len(g.draw[q]))
        v.disc_types.append([_TYPE[k] for k in g.disc[q]])
        v.hand_count.append(len(g.hand[q]))
        v.active.append([s for s in range(1, 6) if g.active(q, s)])
    v.moves = g.legal_moves() if v.my_turn else []
    v.events = list(g.events)
    v.prev_events = list(g.prev_events)
    return v


def _types(cards):
    """The card types of a cell's peg cards, read-only: a tuple, the one empty tuple for most
    cells (a list a cell made the View the biggest object of a cable game's heap)."""
    return tuple([_TYPE[k] for k in cards]) if cards else ()


def moves_for_card(view, card):
    """The legal moves that play this card of the hand: a UI's choices once a card is picked
    (both powers of a two-power card, every target). Moves with no card (PT, End) are left out."""
    return [m for m in view.moves if m[1] == card]


def move_target(move):
    """(side, cell) a move points at: side 1 = enemy grid, 0 = own grid; None if no cell."""
    act, c = move[0], move[2]
    if c < 0:
        return None
    return (1, c) if act == M_PEG else (0, c)
