"""Battleship Express: the screen catalogue (every screen in representative
states, for tests/core/test_screens.py and host_tools/sim/screens.py). Loaded only
by express.ui.catalog(), never during play."""

from core.hal import RIGHT
from core.prng import Rng
from express import ai, human
from express.engine import AGAIN, ATTACKER, DONE, OVER, TARGET, Game
from express.game import HARD, GameScreen
from express.help import _PAGES as _HELP_PAGES
from express.help import Help
from express.menus import Arrange, Curtain, Pause, Result
from express.rules import ADMIRAL, CAPTAIN, CARRIER, SUBMARINE
from express.ui import Loading, Setup


def _played(game, players, team, cpu, steps, seed=7, level=HARD):
    """A GameScreen after `steps` CPU moves (fleets set by the DP captain)."""
    g = Game(game, players, team, 0, Rng(seed))
    scr = GameScreen(g, cpu, level, Rng(seed + 1))
    caps = [ai.DpCaptain() for _ in range(players)]
    for _ in range(steps):
        if g.phase == 8:
            break
        ai.step(g, caps)
    scr.base = 1
    return scr


class _Press:
    """One button pressed this frame (for a screen state that follows a key)."""

    def __init__(self, key):
        self.key = key

    def pressed(self, k):
        return k == self.key


def _target_right(app):
    """Four fleets, the second ship of the first one in reach chosen, then RIGHT: the
    highlight must move right on screen (to that fleet's front ship)."""
    scr = _until(_played(CAPTAIN, 4, False, 0b1110, 0), (TARGET,), 0)
    scr.tsel = 1
    human.play(scr, app, _Press(RIGHT))
    return scr


def _until(scr, phases, turn=None, extra=0):
    """Step scr's game with DP captains until its phase is in `phases`."""
    g = scr.g
    caps = [ai.DpCaptain() for _ in range(g.players)]
    for _ in range(2000):
        if g.phase in phases and (turn is None or g.turn == turn):
            if extra == 0:
                break
            extra -= 1
        if g.phase == 8:
            break
        ai.step(g, caps)
    return scr


def _carrier(seed=3):
    """Player 1's Admiral's Carrier has rolled and must declare its target."""
    for sd in range(seed, seed + 50):
        scr = _until(_played(ADMIRAL, 3, False, 0b110, 0, sd), (ATTACKER,), 0)
        g = scr.g
        g.pick_attacker(CARRIER)
        g.roll()
        o, t = g.legal_targets()[0]
        if g.hits_against(t) < g.row(t)[2]:
            return scr
    return scr


def _burst():
    """A Captain's Submarine's burst has just sunk a ship short of its hits."""
    for sd in range(1, 400):
        scr = _until(_played(CAPTAIN, 2, False, 0b10, 0, sd), (ATTACKER,), 0)
        g = scr.g
        g.pick_attacker(SUBMARINE)
        o, t = g.legal_targets()[0]
        g.pick_target(o, t)
        g.roll()
        if g.phase == DONE and g.result == 1 and g.hits() < g.need():
            return scr
    return scr


def _sub_rolls():
    """A Captain's Submarine about to roll its two dice at a target that takes 4 hits."""
    scr = _until(_played(CAPTAIN, 2, False, 0b10, 0), (ATTACKER,), 0)
    g = scr.g
    g.pick_attacker(SUBMARINE)
    o, t = g.legal_targets()[0]
    g.pick_target(o, t)
    return scr


def catalog(app):
    """Every screen in representative states (for the screen tests)."""
    s = Setup()
    yield "setup", s
    s4 = Setup()
    s4.choice = 3
    s4._rows()
    s4.sel = 5
    s4.top = 2
    yield "setup_teams", s4
    cap = _played(CAPTAIN, 2, False, 0b10, 0)
    yield "loading", Loading(cap)
    drawn = Loading(cap, True)
    drawn.frames = 2  # the odds are ready: who starts (drawn at random) stays until A
    yield "loading_drawn", drawn
    yield "arrange", Arrange(cap, 0, ai.DpCaptain().arrange(cap.g, 0))
    held = Arrange(cap, 0, (4, 3, 2, 1, 0))
    held.sel = 2
    held.held = True
    yield "arrange_held", held
    yield "curtain", Curtain(_played(CAPTAIN, 2, False, 0, 0), 1)  # two people: to Player 2
    yield "pause", Pause(cap)
    g2 = _until(_played(CAPTAIN, 2, False, 0b10, 0), (ATTACKER,), 0, 6)
    yield "attacker", g2
    g3 = _until(_played(CAPTAIN, 2, False, 0b10, 0), (TARGET,), 0)
    yield "target", g3
    yield "target_right", _target_right(app)
    yield "sub_rolls", _sub_rolls()
    for page in range(len(_HELP_PAGES)):
        h = Help()
        h.page = page
        yield "help_%d" % (page + 1), h
    g4 = _until(_played(ADMIRAL, 4, False, 0b1110, 0), (TARGET,), 1)
    yield "cpu_target_4p", g4
    g5 = _until(_played(CAPTAIN, 2, False, 0b10, 0), (AGAIN,), 0)
    yield "dice_again", g5
    g6 = _carrier()
    yield "declare", g6
    g7 = _carrier()
    o, t = g7.g.legal_targets()[0]
    g7.g.pick_target(o, t)
    g7.dsel = 2
    yield "reroll", g7
    g8 = _until(_played(CAPTAIN, 4, True, 0b1010, 0), (DONE,), 2, 2)
    yield "done_team", g8
    yield "burst", _burst()
    g9 = _until(_played(ADMIRAL, 2, False, 0b11, 0), (OVER,))
    yield "cpu_done", _until(_played(ADMIRAL, 2, False, 0b11, 0), (DONE,), 1)
    yield "result", Result(g9)
    g10 = _until(_played(CAPTAIN, 4, True, 0b1111, 0), (OVER,))
    yield "result_team", Result(g10)
    g11 = _until(_played(CAPTAIN, 4, False, 0, 0), (OVER,))
    yield "result_4p", Result(g11)
    rolling = _until(_played(CAPTAIN, 2, False, 0b10, 0), (AGAIN,), 0)
    rolling.anim = 5
    yield "rolling", rolling
