"""Key presses for a whole Express game over the cable against the same game against the CPU
(tests/express/test_cable_presses_*.py: one seed a process, as each game fills the 192 KB heap).

The cable game: this handheld on Express's screens (express.cable.ui) against a bot handheld
(tests/express/test_cable_ui.py's Pair: a Game choosing uniformly, as express.ai's RandomCaptain does,
with its own Rng). The CPU game replays it: the same fleets (Express's suggestion for ours, the
CPU's shuffle from the same Rng), the same side first, the same dice (the faces the cable's dice
chains gave, fed to the engine in the same order) and the CPU at the easy level (RandomCaptain on
the same Rng): the very same game, move for move. The player presses only where the screen waits
for it (A on its own turn, on its own finished attack; DOWN, A on its fleet; A on the end, the
cable's as the CPU's result); the other side's turn is waited out. Printed: both counts per seed. The
cable may take at most 10 % more presses than the CPU (issue 25). From the fleet to the end
screen; the menus before (the cable's rules: A; Express's setup) are not counted."""

import gc
import sys

from fakehw import make_hw

from core.app import App
from core.compat import unload
from core.hal import DOWN, A
from core.prng import Rng
from express.engine import Game as Engine

_SEEN = bytearray(1024)  # the faces our side's engine threw, in the order it threw them
_N = [0]


class _Replay:
    """The engine's Rng, handing out the cable game's faces in order."""

    def __init__(self, faces):
        self.faces = faces
        self.i = 0

    def below(self, n):
        f = self.faces[self.i]
        self.i += 1
        return f

    def getstate(self):  # the CPU game's save
        return (self.i, 0)


def _cable(seeds):
    """(presses, first seat: 0 ours, faces) of a whole cable game; its modules are dropped after
    (one process holds both handhelds' games, then the CPU's)."""
    before = set(sys.modules)
    out = _cable_game(seeds)
    unload(*[k for k in sys.modules if k not in before])
    gc.collect()
    return out


def _cable_game(seeds):
    from test_cable_ui import Pair  # tests/express/test_cable_ui.py, beside this one

    import express.cable.game as lx_game

    roll = lx_game.Game._roll

    def recording(self, j, theirs, mine):
        roll(self, j, theirs, mine)
        if self.link.role == 0:  # our side (the bot's stand-in link is role 1)
            e = self.g
            for i in range(8):
                if e.rolled & (1 << i):
                    _SEEN[_N[0]] = e.dice[i]
                    _N[0] += 1

    _N[0] = 0
    lx_game.Game._roll = recording
    try:
        p = Pair(seeds)
        p.app.start_mode("express.cable.ui", None)
        p.press(A)  # Captain's (a menu: not counted)
        n = 0
        m = p.app.match
        for _ in range(20000):
            top = p.app.top()
            kind = type(top).__name__ if top is not None else ""
            if kind == "Arrange":
                p.press(DOWN)
                p.press(A)
                n += 2
            elif kind == "Cable" and top.end:
                p.press(A)
                n += 1
            elif kind == "Cable" and not top.anim and (
                    (top.view is not None and top.mine(top.g.turn)) or (top.view is None and m.my_turn())):
                p.press(A)
                n += 1
            elif kind in ("Cable", "Arrange"):
                p.frame()
            else:
                break
        assert kind != "Cable", "the cable game did not end"
        first = 0 if m.first == m.role else 1
        e = m.g
        sank = (bytes(e.sank[m.role]), bytes(e.sank[1 - m.role]))  # ours, theirs
        p.app.stack = []
        p.app.end_mode()
        return n, first, bytes(_SEEN[: _N[0]]), sank
    finally:
        lx_game.Game._roll = roll


def _cpu(seeds, first, faces):
    """Presses of the same game against the CPU (seat 1), replayed."""
    from core import strings
    from express.game import EASY, GameScreen  # after the cable game has left the heap
    from express.text import EN, HU

    strings.add(EN, HU)  # Express's words, as express.ui registers them

    gc.collect()
    app = App(make_hw())
    scr = GameScreen(Engine(0, 2, False, first, _Replay(faces)), 0b10, EASY, Rng(seeds[1]))
    app.push(scr)
    scr.base = len(app.stack) - 1
    n = 0

    def press(mask):
        app.hw.keys.mask = mask
        app.step()
        app.hw.keys.mask = 0
        app.step()

    for _ in range(20000):
        top = app.top()
        kind = type(top).__name__ if top is not None else ""
        if kind == "Arrange":
            press(DOWN)
            press(A)
            n += 2
        elif kind == "Result":
            press(A)
            n += 1
        elif kind == "GameScreen" and not top.anim and top.g.phase and top.mine(top.g.turn):
            press(A)
            n += 1
        elif kind == "GameScreen":
            app.step()
        else:
            break
    assert kind == "", "the CPU game did not end"
    return n, (bytes(scr.g.sank[0]), bytes(scr.g.sank[1]))


def same_game_presses(seeds):
    """Print and check the presses of the seeded cable game and of the same game against the CPU."""
    cable, first, faces, sank = _cable(seeds)
    cpu, cpu_sank = _cpu(seeds, first, faces)
    # the very same game: every ship sunk by the same side in the same order (ids as seats: ours 0)
    assert [v & 7 for v in sank[0]] == [v & 7 for v in cpu_sank[0]], (sank, cpu_sank)
    assert [v & 7 for v in sank[1]] == [v & 7 for v in cpu_sank[1]], (sank, cpu_sank)
    print("seeds %s: cable %d presses, CPU %d presses (the same game: %d dice thrown, %d:%d sunk)"
          % (seeds, cable, cpu, len(faces), len(sank[0]), len(sank[1])))  # fmt: skip
    assert cable <= cpu * 11 // 10, (seeds, cable, cpu)
