# interpreters: micropython cpython
"""A player who only watches waits at most 90 s of announcements in a whole game against the CPU
(issue 40): the locating screen's announcements, summed from the one table that paces them
(torpedo.view.SHOWN) over seeded whole games at every level, the player calling as the medium
CPU would. A rule of the screen, not a timing: the frames the table gives, at the app's pace.
(On the screens themselves, with nothing pressed: `python -m host_tools.bench torpedo`.)"""

from battleship.ai import make_ai
from core.prng import Rng
from torpedo.engine import Game
from torpedo.rules import FRAME_MS, LOCATE, OVER, SHOOTOUT
from torpedo.view import SHOWN, THINK, TIE, shown

_ANSWER = 1  # the match's events: the answer to our call, the opponent's call (torpedo.view)
_CALL = 2
_MOST_MS = 90000


def _announced_ms(seed, level):
    """The announcements' time in a whole game: our calls' answers, the CPU's moment before each
    of its calls and the call itself, the tie before a shoot-out."""
    g = Game(seed, level, first=seed & 1, cpu=(True, True))
    g.ais[0] = make_ai(1, Rng(seed * 7 + 2), True)  # the player: hunt, then target
    g.start()
    frames = 0
    tied = False
    while g.phase != OVER:
        if g.phase == LOCATE:
            kind = _ANSWER if g.turn == 0 else _CALL
            if kind == _CALL:
                frames += SHOWN[THINK]
            ann, _ship = g.call(g.cpu_cell())
            frames += shown(kind, ann)
        else:
            if g.phase == SHOOTOUT and not tied:
                tied = True
                frames += SHOWN[TIE]
            g.fire(g.cpu_frame(), g.to_move())
    return frames * FRAME_MS


def test_a_whole_game_against_the_cpu_announces_for_at_most_90_s_at_every_level():
    for level in (0, 1, 2):
        worst = max(_announced_ms(seed, level) for seed in range(1, 9))
        assert worst <= _MOST_MS, (level, worst)


def test_what_must_be_read_stays_longest():
    """A target or a ship located (the periscope comes next) stays up longer than open water,
    which the panel keeps beside the grid until the next call."""
    for kind in (_ANSWER, _CALL):
        assert shown(kind, 0) < shown(kind, 1) < shown(kind, 2)
        assert shown(kind, 0) * FRAME_MS >= 180  # still a glimpse (the panel keeps the words)
        assert shown(kind, 1) * FRAME_MS >= 750
