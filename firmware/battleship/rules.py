"""Classic Battleship and Salvo as data: grid, fleet, options, answer and refusal codes.

Everything a rule change touches lives here (one line per fact). Cells are
numbered row * 10 + column: row 0..9 is A..J, column 0..9 is 1..10, so
cell 0 is A-1 and cell 99 is J-10. Engines and the CPU players read only
this table; the seeds/001 digest names where each value comes from.
"""

from core.compat import const

SIZE = const(10)  # 10 x 10 ocean grid
CELLS = const(100)
AIM_START = const(44)  # E-5, mid-ocean: where every aiming cursor starts (Battleship, Link battle, Torpedo)
ROW_NAMES = "ABCDEFGHIJ"

# The fleet, in the order ships are placed (rule sheet, Figure 2).
FLEET = (
    ("Carrier", 5),
    ("Battleship", 4),
    ("Destroyer", 3),
    ("Submarine", 3),
    ("Patrol Boat", 2),
)
SHIP_NAMES = tuple(s[0] for s in FLEET)
SHIP_SIZES = tuple(s[1] for s in FLEET)
_MAX_SHIP = const(5)

# Options (a game's defaults; each one is a flag in the saved game).
TOUCHING_ALLOWED = True  # no rule forbids ships touching; "no touching" forbids even corners
SALVO_SHOTS_PER_SHIP = const(1)  # Salvo: one shot per ship still afloat
FIRST_SHOOTER = -1  # "decide who will go first": -1 a coin toss, 0 the player, 1 the CPU

# Variants
CLASSIC = const(0)
SALVO = const(1)

# CPU levels
EASY = const(0)
MEDIUM = const(1)
HARD = const(2)
LEVEL_NAMES = ("easy", "medium", "hard")

# Answers to a shot
MISS = const(0)
HIT = const(1)

# Refusal reasons (0 means allowed)
OK = const(0)
OFF_GRID = const(1)
OVERLAP = const(2)
TOUCHING = const(3)
REPEAT = const(4)  # that cell was already shot
NOT_YOUR_TURN = const(5)
GAME_OVER = const(6)
NOT_PLACED = const(7)  # the fleet is not complete yet
WRONG_PHASE = const(8)
BAD_SHIP = const(9)
REASONS = (
    "ok",
    "off the grid",
    "overlaps a ship",
    "touches a ship",
    "already shot there",
    "not your turn",
    "game over",
    "fleet not placed",
    "not now",
    "no such ship",
)


class Refused(Exception):
    """An illegal move, with the reason code (see REASONS) in .reason."""

    def __init__(self, reason):
        super().__init__(REASONS[reason])
        self.reason = reason


def cell_name(cell):
    """'D-4' style name of a cell."""
    return "%s-%d" % (ROW_NAMES[cell // SIZE], cell % SIZE + 1)
