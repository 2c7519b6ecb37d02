"""The CPU's periscope aim, by level. (Its locating is classic Battleship's search: battleship.ai.)

The CPU plays the skill game by the same rules as a player: it watches the
drift from frame 0, and after a reaction time it presses on the frame the rod
is nearest the point where it believes the sight is. That belief is off by an
error drawn from the injected Rng (uniform in -AIM_ERROR..+AIM_ERROR pixels
for the level), so a faster drift (a higher level) is harder for it too:
between two frames the rod jumps further, and the nearest frame is further
from the aim point.
"""

from torpedo.rules import AIM_ERROR, AIM_REACT, SIGHT_X, WINDOW


def press_frame(drift, level, rng):
    """The frame at which the CPU fires at this drift (always inside the window)."""
    e = AIM_ERROR[level]
    aim = SIGHT_X + rng.range(-e, e + 1)
    f = AIM_REACT[0] + rng.below(AIM_REACT[1])
    prev = drift.x(f - 1) - aim
    while f < WINDOW:
        cur = drift.x(f) - aim
        if cur == 0 or (cur < 0) != (prev < 0):
            # the rod reached or passed the aim point: press on the nearer of the two frames
            if (prev if prev > 0 else -prev) < (cur if cur > 0 else -cur):
                return f - 1
            return f
        prev = cur
        f += 1
    # never crossed (cannot happen with the rule table's sway): the nearest frame
    best, bf = 1 << 20, WINDOW - 1
    for f in range(WINDOW):
        d = drift.x(f) - aim
        d = -d if d < 0 else d
        if d < best:
            best, bf = d, f
    return bf
