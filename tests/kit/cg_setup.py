"""Hand-made Battleship Card Game positions for the cg tests (both interpreters).

`setup()` builds a game with a known grid for both players: A1 Carrier,
A2 Battleship, A3 Destroyer, A4 Submarine, B1 PT Boat, B2..C4 Miss, all face
down, the given hands, every other battle card in the draw pile (in card
number order, so the top card is the highest number left). Card numbers by
type come from the rules table: W (White), R1, R2, R4, SH (Shield), DT
(Discard-or-Play-Two), RT (Repair-or-Draw-Three).
"""

from cards.engine import Game
from cards.rules import (
    BATTLESHIP,
    CARD_TYPE,
    CARRIER,
    CELLS,
    DECK_SIZE,
    DESTROYER,
    MISS,
    MODES,
    PT_BOAT,
    STANDARD,
    SUBMARINE,
    UP,
)


def _cards(t):
    return [k for k in range(DECK_SIZE) if CARD_TYPE[k] == t]


W = _cards(0)
R1 = _cards(1)
R2 = _cards(2)
R4 = _cards(3)[0]
SH = _cards(4)
DT = _cards(5)
RT = _cards(6)

A1, A2, A3, A4, B1, B2, B3, B4, C1, C2, C3, C4 = range(12)
LAYOUT = [CARRIER, BATTLESHIP, DESTROYER, SUBMARINE, PT_BOAT] + [MISS] * 7


def setup(mode=STANDARD, hand0=(), hand1=(), cur=0, seed=1):
    g = Game(seed=seed, mode=mode, deal=False)
    hands = (list(hand0), list(hand1))
    for p in (0, 1):
        for c in range(CELLS):
            g.ident[p][c] = LAYOUT[c]
        g.hand[p] = hands[p]
        g.draw[p] = [
            k for k in range(DECK_SIZE) if k not in hands[p] and (MODES[mode][1] or CARD_TYPE[k] < 4)
        ]
        g.disc[p] = []
    g.cur = cur
    g._begin_turn()
    assert g.consistent()
    return g


def _take(g, owner, card):
    for pile in [g.hand[owner], g.draw[owner], g.disc[owner]]:
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError("card %d of player %d is not in a pile" % (card, owner))


def reveal(g, p, c):
    """Turn p's card at c face up (as if searched)."""
    g.up[p][c] = UP


def hit(g, p, c, card):
    """Put the other player's peg card under p's ship at c (revealing it)."""
    reveal(g, p, c)
    _take(g, 1 - p, card)
    g.pegs[p][c] += bytes((card,))


def shield(g, p, c, card):
    """Put p's Shield card on p's ship at c (revealing it)."""
    reveal(g, p, c)
    _take(g, p, card)
    g.shield[p][c] = card


def to_discard(g, p, cards):
    for k in cards:
        _take(g, p, k)
        g.disc[p].append(k)


def begin(g):
    """Re-run start-of-turn checks (PT Boat phase) after hand-editing a position."""
    g._begin_turn()
    assert g.consistent()
    return g
