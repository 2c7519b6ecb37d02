"""Battleship Express: the one rules table (dice, ships, powers, win thresholds).

Every number the engine and the CPU captains use lives here, so a rule change
is a one-line change. Values marked (assumed) are our reading where the rule
sheet and RULE-FACTS.md give nothing; seeds/002_battleship_express.md lists
each with its reason.

Dice: 8 identical six-sided dice. Faces 0..4 show the five ships (the same
ids as the ships below), face 5 is the burst. No blank faces.
"""

from core.compat import const

# Ship ids double as die faces.
BATTLESHIP = const(0)
DESTROYER = const(1)
CARRIER = const(2)
SUBMARINE = const(3)
PATROL = const(4)
BURST = const(5)
SHIPS = const(5)  # ships per fleet, one of each kind
FACES = const(6)  # faces per die
DICE = const(8)  # dice in the pod
NO_FACE = const(255)  # an unused die slot

SHIP_NAMES = ("Battleship", "Destroyer", "Carrier", "Submarine", "Patrol Boat")
SHIP_SHORT = ("BS", "DD", "CV", "SS", "PB")
FACE_NAMES = SHIP_NAMES + ("Burst",)

# Game types
CAPTAIN = const(0)  # basic game: logo side up
ADMIRAL = const(1)  # advanced game: every ship its own power
GAME_NAMES = ("Captain's", "Admiral's")

# What a burst is worth to the attacking ship (a die showing the target ship's
# own symbol is always 1 hit).
BURST_NONE = const(0)  # Admiral's Battleship: bursts do not count
BURST_ONE = const(1)  # the usual: a burst is 1 hit
BURST_TWO = const(2)  # Admiral's Destroyer: a burst counts 2 hits
BURST_SINKS = const(3)  # Submarine: one burst sinks any target

# Powers (bit flags)
F_MAY_STOP = const(1)  # "you may roll up to N times": the attacker may stop early
F_ANY_TARGET = const(2)  # may target any ship in an enemy fleet, not just the front two
F_STAYS = const(4)  # need not move to the front to attack (attacks from any position)
F_DECLARE_AFTER = const(8)  # roll first, then declare the target, then reroll any dice once

# Per game type, per ship: (dice, rolls, hits to sink this ship, burst value, flags)
# Captain's: every ship rolls twice, a burst is a hit, the Submarine's burst sinks.
# Admiral's: the tile powers. Source: RULE-FACTS.md (guide odds reproduce exactly).
SHIP_TABLE = (
    (  # CAPTAIN
        (8, 2, 4, BURST_ONE, 0),  # Battleship
        (6, 2, 5, BURST_ONE, 0),  # Destroyer (6 dice inferred)
        (7, 2, 4, BURST_ONE, 0),  # Carrier (7 dice: the seed's own example)
        (2, 2, 4, BURST_SINKS, 0),  # Submarine (hits to sink 4 assumed)
        (5, 2, 3, BURST_ONE, 0),  # Patrol Boat (5 dice and 3 hits assumed)
    ),
    (  # ADMIRAL
        (8, 4, 5, BURST_NONE, F_MAY_STOP),  # Battleship: up to 4 rolls, bursts don't count
        (6, 2, 4, BURST_TWO, F_MAY_STOP),  # Destroyer: up to 2 rolls, a burst counts 2
        (6, 2, 3, BURST_ONE, F_STAYS | F_DECLARE_AFTER),  # Carrier: roll, declare, reroll any once
        (3, 1, 4, BURST_SINKS, F_ANY_TARGET),  # Submarine: 3 dice once, any target
        (5, 3, 3, BURST_ONE, F_MAY_STOP),  # Patrol Boat: up to 3 rolls
    ),
)

# What express.ai works out from the table above, kept as data for the screens (so that a screen
# shows it without the CPU's code in the heap; tests/express/test_ai.py checks it against
# express.ai): per game type, the percent chance a ship sinks a target (index attacker * SHIPS +
# target), and the DP captain's fleet, front first (the order a fleet is offered in to arrange).
SINK_PERCENT = (
    b"\x4b\x31\x4b\x4b\x5c\x2d\x11\x2d\x2d\x4b\x3e\x21\x3e\x3e\x55\x30\x30\x30\x30\x30\x1a\x05\x1a\x1a\x3c",
    b"\x28\x43\x58\x43\x58\x3b\x4c\x59\x4c\x59\x11\x2d\x4b\x2d\x4b\x2a\x2a\x2b\x2a\x2b\x11\x36\x54\x36\x54",
)
SUGGESTED_FLEET = (b"\x04\x01\x03\x02\x00", b"\x03\x04\x00\x01\x02")

# Ships a player must sink to win, by number of players (index = players).
WIN_SINKS = (0, 0, 5, 4, 3)
TEAM_SINKS = const(5)  # 4-player team game: ships sunk between the two teammates
TEAM_PLAYERS = const(4)


def win_sinks(players, team=False):
    """Ships a player (or, in the team game, a team) must sink to win."""
    if team:
        return TEAM_SINKS
    return WIN_SINKS[players]


def team_of(player, team):
    """Team id in the team game (partners sit across: 0 & 2, 1 & 3); else the player."""
    return player & 1 if team else player


def hit_value(face, target, burst):
    """Hits a die showing `face` scores against ship `target`.

    A Submarine's burst scores 1 here; that it also sinks outright is the
    engine's check (`BURST_SINKS`)."""
    if face == target:
        return 1
    if face == BURST:
        return 1 if burst == BURST_SINKS else burst
    return 0
