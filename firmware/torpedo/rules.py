"""Torpedo Attack as data: announcements, torpedo scores, the win rule, the periscope and the shoot-out.

Everything a rule change touches lives here (one line per fact). The grid,
the fleet and the CPU search levels are classic Battleship's (battleship.rules):
this game only adds what happens after a ship is located. The seeds/000
digest lists every value that the rule sheet leaves open and why it was chosen.
"""

from core.compat import const

# -- Locating (one coordinate call is one turn) ------------------------------
OPEN_WATER = const(0)  # no ship at the called cell (white peg)
TARGET_LOCATED = const(1)  # a ship is there, not all of it called yet (red peg)
SHIP_LOCATED = const(2)  # the call was the ship's last uncalled cell: fire at it now
ANNOUNCE = ("OPEN WATER", "TARGET LOCATED", "SHIP LOCATED")

# Who calls first: the sheet does not say. -1: a coin toss drawn from the game seed
# (as classic Battleship's FIRST_SHOOTER), 0: the player, 1: the CPU. On the cable
# the link's coin flip decides.
FIRST_PLAYER = -1

# -- Firing ---------------------------------------------------------------
TORPEDOES = const(3)  # torpedoes per located ship
SCORES = (200, 150, 100)  # points for a hit with the 1st, 2nd, 3rd torpedo
TARGET_SCORE = const(1000)  # first to this after equal turns wins
# Assumption: end as soon as the trailing side cannot catch up even if every
# ship it has still to locate is hit with a first torpedo (a game-time saver;
# it never changes who wins). False: play until every ship is resolved.
END_WHEN_DECIDED = True

# Outcome of one torpedo
T_MISS = const(0)  # missed, torpedoes left: aim again
T_HIT = const(1)  # the ship is taken, points scored, the turn passes
T_ESCAPED = const(2)  # the third miss: the ship escapes and cannot be attacked again

# -- The periscope skill game (128 x 64 OLED, 30 frames a second) ----------
FRAME_MS = const(33)  # the app's frame pace; all scope timing is counted in frames
WINDOW = const(300)  # frames a torpedo may be aimed (10 s); no press by then: a miss
NO_PRESS = const(0xFFFF)  # the press "frame" of a torpedo that was never fired
SIGHT_X = const(64)  # the sight's arrow, in pixels from the left edge
HIT_HALF = const(3)  # a hit when the rod is at most this many pixels from the arrow
SWAY_MIN = const(28)  # main sway amplitude, pixels (drawn per torpedo)
SWAY_MAX = const(40)
WOBBLE_MIN = const(3)  # a second, faster swell on top of the sway, pixels
WOBBLE_MAX = const(7)
WOBBLE_RATIO = (15, 25)  # wobble speed / sway speed, in tenths (drawn per torpedo)
CENTRE_SHIFT = const(8)  # the sway's centre is off the sight by up to this, pixels
SPEED_JITTER = const(10)  # per-torpedo speed varies by up to this percent
# Sway period in frames by level (drift speed scales with the level setting)
PERIOD = (120, 90, 60)  # easy 4 s, medium 3 s, hard 2 s

# -- CPU aim by level ----------------------------------------------------
# The CPU watches the rod for a reaction time, then presses on the frame the
# rod is nearest to the point it *thinks* is the sight: the sight plus an
# error drawn uniformly from -AIM_ERROR..+AIM_ERROR pixels.
AIM_ERROR = (9, 6, 4)  # easy, medium, hard
AIM_REACT = (12, 30)  # first frame it may fire: 12 + below(30) (0.4 s - 1.4 s)

# -- Sudden-death shoot-out (a tie at the end) -------------------------------
# Each round both players fire one torpedo at the same drift (same seed, same
# level); on a cable both handhelds show it at once. Hit beats miss; if both
# hit or both miss, another round with a new drift that is a little faster.
SD_SPEEDUP = const(15)  # percent faster per round
SD_PERIOD_MIN = const(30)  # ...but never faster than a 1 s sway
SD_CLOSEST_AFTER = const(2)  # after this many level rounds, a level round goes to the closer press
SD_MAX_ROUNDS = const(20)  # still level after this many rounds: a draw (both never fired)
FAR = const(255)  # distance of a torpedo never fired, for "closer press" comparisons

# -- Phases, players, endings --------------------------------------------
SETUP = const(0)  # fleets being placed
LOCATE = const(1)  # the player to move calls a cell
FIRE = const(2)  # the player to move fires at the ship just located
SHOOTOUT = const(3)  # sudden death after a tie
OVER = const(4)
PHASE_NAMES = ("setup", "locate", "fire", "shootout", "over")

DRAW = const(2)  # winner value when a shoot-out never separates the players
NO_WINNER = const(0xFF)

END_TARGET = const(1)  # someone reached TARGET_SCORE after equal turns
END_RESOLVED = const(2)  # every ship of both fleets was hit or escaped
END_DECIDED = const(3)  # the trailing side could no longer catch up
END_SHOOTOUT = const(4)  # a tie, settled by the shoot-out
END_NAMES = ("", "1000 points", "all ships resolved", "out of reach", "shoot-out")

# Ship state, as seen by the player attacking it
HIDDEN = const(0)  # not yet located
FIRING = const(1)  # located, torpedoes on their way
GONE = const(2)  # escaped after three misses
HIT1 = const(3)  # hit with torpedo 1, 2, 3: HIT1 + torpedo index
