"""Battleship Card Game as data: decks, ships, hand sizes, shield, modes, move and event codes.

Every number a rule change touches lives here, one line per fact. The engine
(cards.engine), the per-player view (cards.view) and the CPU players (cards.ai) read
only this table. seeds/003_card_game.md says where each value comes from and
which ones are assumptions (the rule sheet prints none of the deck numbers).

Grid cells are numbered row * 4 + column: rows A..C, columns 1..4, so cell 0
is A1 and cell 11 is C4. Battle cards are numbered 0..25 within their
owner's deck; CARD_TYPE maps a card number to its row in CARD_TYPES.
"""

from core.compat import const

# --- Coordinate cards: a 3 x 4 grid of 5 Ship cards and 7 Miss cards -------
ROWS = const(3)
COLS = const(4)
CELLS = const(12)
# row letters no ship uses (EN C B D S P, HU H C R T P): "Z3" is a cell, "C3" a ship
ROW_NAMES = "XYZ"

MISS = const(0)
CARRIER = const(1)
BATTLESHIP = const(2)
DESTROYER = const(3)
SUBMARINE = const(4)
PT_BOAT = const(5)
SHIP_COUNT = const(5)
_MISS_CARDS = const(7)

# Index = card identity above: (name, short name, hits to sink).
# Hits to sink are assumed (RULE-FACTS): the sheet's tip says a 4-peg card
# sinks anything but the Carrier, and its example sinks the Carrier with 6.
IDENTS = (
    ("Miss", "Miss", 0),
    ("Aircraft Carrier", "Carrier", 5),
    ("Battleship", "Battlesh", 4),
    ("Destroyer", "Destroyr", 3),
    ("Submarine", "Sub", 3),
    ("PT Boat", "PT Boat", 2),
)
# The coordinate deck before shuffling: five ships and seven misses.
COORDINATE_DECK = bytes([CARRIER, BATTLESHIP, DESTROYER, SUBMARINE, PT_BOAT] + [MISS] * _MISS_CARDS)

# --- Battle cards: 26 per player -------------------------------------------
WHITE = const(0)  # White Peg card
RED = const(1)  # Red Peg card
SHIELD = const(2)  # Power: Shield
DISCARD_OR_TWO = const(3)  # Power: discard White Pegs, or play two more cards
REPAIR_OR_THREE = const(4)  # Power: repair a ship, or draw three and play one

# (kind, pegs, copies, short name). The split is assumed (RULE-FACTS).
CARD_TYPES = (
    (WHITE, 1, 8, "White"),
    (RED, 1, 7, "Red 1"),
    (RED, 2, 4, "Red 2"),
    (RED, 4, 1, "Red 4"),
    (SHIELD, 0, 2, "Shield"),
    (DISCARD_OR_TWO, 0, 2, "Disc/Two"),
    (REPAIR_OR_THREE, 0, 2, "Rep/Three"),
)
DECK_SIZE = const(26)


def _expand():
    out = bytearray()
    for t in range(len(CARD_TYPES)):
        out.extend(bytes([t]) * CARD_TYPES[t][2])
    return bytes(out)


CARD_TYPE = _expand()  # card number -> type row
if len(CARD_TYPE) != DECK_SIZE:
    raise ValueError("deck table does not add up to DECK_SIZE")


def kind_of(card):
    return CARD_TYPES[CARD_TYPE[card]][0]


def pegs_of(card):
    return CARD_TYPES[CARD_TYPE[card]][1]


def is_power(card):
    return CARD_TYPES[CARD_TYPE[card]][0] >= SHIELD


# --- Hands, shield, limits ---------------------------------------------------
HAND = const(5)  # reload to this many at the end of your turn
HAND_CARRIER = const(7)  # ... with your Carrier revealed and afloat
SHIELD_HITS = const(2)  # pegs that destroy a Shield (the sheet's example: "two pegs")
DRAW_THREE = const(3)
PLAY_TWO = const(2)
DESTROYER_SEARCH_HITS = False  # with your Destroyer, does a White Peg search hit? (assumed no)
MAX_TURNS = const(400)  # safety net: after this many turns the game is a draw (assumed)
OWNER_SEES_GRID = False  # coordinate cards are shuffled and laid face down: nobody knows them

# --- Modes: (name, power cards in the deck, ship powers) ----------------------
STANDARD = const(0)
BEGINNER = const(1)
MODES = (
    ("standard", True, True),
    ("beginner", False, False),
)


def deck_cards(power_cards):
    """The card numbers of one player's battle deck, ascending: all 26, or the peg cards alone
    (no power cards)."""
    return [k for k in range(DECK_SIZE) if power_cards or CARD_TYPES[CARD_TYPE[k]][0] < SHIELD]

# --- Grid cell states ---------------------------------------------------------
DOWN = const(0)  # face down
UP = const(1)  # face up (a Miss, or a ship afloat)
SUNK = const(2)  # ship sunk, out of the game
NO_CARD = const(255)  # no shield on the cell

# --- Phases of a turn ---------------------------------------------------------
PH_PT = const(0)  # start of turn: PT Boat may remove one Peg card
PH_PLAY = const(1)  # play a card (or, after the first, end the turn)
PH_OVER = const(2)

# --- Moves: tuples (act, card, cell, arg); unused fields are -1 or 0 --------
M_PEG = const(1)  # a Peg card on an enemy cell: search if face down, hit if a ship
M_SHIELD = const(2)  # Shield on your own revealed ship
M_DISCARD_WHITES = const(3)  # Discard-or-Play-Two, first choice: discard arg White Pegs
M_PLAY_TWO = const(4)  # Discard-or-Play-Two, second choice
M_REPAIR = const(5)  # Repair-or-Draw-Three, first choice: peg card number arg under cell
M_DRAW_THREE = const(6)  # Repair-or-Draw-Three, second choice
M_PT = const(7)  # PT Boat: remove peg card number arg under your cell
M_SKIP = const(8)  # PT Boat: remove nothing
M_END = const(9)  # end the turn (only after a first play, or with an empty hand)
M_DISCARD = const(10)  # no card can be played: discard one (assumed)

# --- Public events (who, code, a, b, c) --------------------------------------
EV_PLAY = const(1)  # a=move act, b=card type (-1 none), c=cell (-1 none)
EV_REVEAL = const(2)  # a=cell of the opponent, b=identity
EV_WASTED = const(3)  # a Red Peg on a Submarine or a search miss: a=card type, b=cell
EV_SHIELD_DOWN = const(4)  # a=owner, b=cell
EV_SINK = const(5)  # a=owner, b=cell, c=ship
EV_REMOVED = const(6)  # repair/PT: a=card type, b=cell (of who's own grid)
EV_RESHUFFLE = const(7)  # who reshuffled the discard pile into the draw pile
EV_DRAW = const(8)  # a=cards drawn
EV_LOST_WHITES = const(9)  # Destroyer sunk: a=White Peg cards who lost from enemy ships
EV_WIN = const(10)  # a=winner (2 = draw)
EV_DISCARDED = const(11)  # Discard-White: a=White Peg cards discarded

DRAW = const(2)  # winner code for a drawn game
NOBODY = const(-1)


def cell_name(cell):
    return ROW_NAMES[cell // COLS] + str(cell % COLS + 1)
