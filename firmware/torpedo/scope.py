"""The periscope skill game: where the located ship's rod is at each frame, and whether a press hits.

Pure and integer-only. A Drift is built from a 30-bit drift seed and a sway
period (frames); its rod x position at frame f (0 = the first frame the
scope shows) is

    x(f) = centre + (sway * S(p0 + v*f) + wobble * S(q0 + w*f)) // 127

where S is a 256-step sine table scaled to +-127 and phases count in 1/64
of a table step. Every parameter is drawn from Rng(drift seed), so two
handhelds with the same seed show the same drift frame for frame, and a
press at frame f is a hit or a miss on both: that is the link verifier.

torpedo.engine.drift_seed() derives one seed per torpedo from the game seed, so
nothing of the game's own random stream is used (a cable game never has to
agree on it). The engine loads this module only when a periscope is up.
"""

from core.compat import const
from core.prng import Rng
from torpedo.rules import (
    CENTRE_SHIFT,
    FAR,
    HIT_HALF,
    NO_PRESS,
    PERIOD,
    SD_PERIOD_MIN,
    SD_SPEEDUP,
    SIGHT_X,
    SPEED_JITTER,
    SWAY_MAX,
    SWAY_MIN,
    WINDOW,
    WOBBLE_MAX,
    WOBBLE_MIN,
    WOBBLE_RATIO,
)

_SUB = const(6)  # phase sub-steps: 1/64 of a table step
_FULL = const(16384)  # one full sine period in phase units (256 << _SUB)

# sin(2*pi*i/256) * 127 for i = 0..64: a quarter wave; S() mirrors it.
_QSIN = bytes(
    (
        0, 3, 6, 9, 12, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 51, 54, 57, 60, 63, 65, 68,
        71, 73, 76, 78, 81, 83, 85, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 107, 109, 111, 112,
        113, 115, 116, 117, 118, 120, 121, 122, 122, 123, 124, 125, 125, 126, 126, 126, 127, 127,
        127, 127,
    )
)  # fmt: skip


def sine(phase):
    """127 * sin(2*pi*phase/16384), rounded, for any non-negative integer phase."""
    i = (phase >> _SUB) & 255
    q = i & 63
    if i & 64:
        q = 64 - q
    v = _QSIN[q]
    return -v if i & 128 else v


class Drift:
    """One torpedo's view: the rod's x position per frame and the hit test."""

    def __init__(self, seed, period):
        r = Rng(seed)
        self.seed = seed
        self.period = period
        self.centre = SIGHT_X + r.range(-CENTRE_SHIFT, CENTRE_SHIFT + 1)
        self.sway = r.range(SWAY_MIN, SWAY_MAX + 1)
        self.wobble = r.range(WOBBLE_MIN, WOBBLE_MAX + 1)
        self.p0 = r.below(_FULL)
        self.q0 = r.below(_FULL)
        v = _FULL * r.range(100 - SPEED_JITTER, 101 + SPEED_JITTER) // (100 * period)
        self.v = v
        self.w = v * r.range(WOBBLE_RATIO[0], WOBBLE_RATIO[1] + 1) // 10

    def x(self, frame):
        """The rod's x pixel (0..127) at a frame; allocation-free for frames < WINDOW."""
        return (
            self.centre
            + (self.sway * sine(self.p0 + self.v * frame) + self.wobble * sine(self.q0 + self.w * frame))
            // 127
        )

    def distance(self, frame):
        """Pixels between the rod and the sight at a press (FAR for no press)."""
        if frame < 0 or frame >= WINDOW:
            return FAR
        d = self.x(frame) - SIGHT_X
        return -d if d < 0 else d

    def hit(self, frame):
        """A press at this frame hits (a press outside 0..WINDOW-1, or NO_PRESS, misses)."""
        return self.distance(frame) <= HIT_HALF


def period_for(level, sd_round=-1):
    """Sway period (frames) for a level; a shoot-out round r is (15 * r)% faster."""
    p = PERIOD[level]
    if sd_round > 0:
        p = p * 100 // (100 + SD_SPEEDUP * sd_round)
        if p < SD_PERIOD_MIN:
            p = SD_PERIOD_MIN
    return p


def verify(seed, period, frame, claimed_hit):
    """Check a cable peer's claim: does a press at `frame` on this drift give `claimed_hit`?"""
    if frame != NO_PRESS and not 0 <= frame < WINDOW:
        return False
    return Drift(seed, period).hit(frame) == bool(claimed_hit)
