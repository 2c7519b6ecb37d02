"""Key presses for a whole card game over the cable against a game against the CPU
(tests/cards/test_cable_presses_*.py: one seed a process, as each game fills the 192 KB heap).

The cable game: this handheld on the card game's screens (cards.cable.ui) against a bot's game
(tests/cards/cable/pair.py: the sensible CPU, cards.ai, from its own view). The CPU game: the card
game against the CPU at the same level, dealt from the same seed. The two cannot be the same game
(the cable's decks are shuffled by both handhelds' keys), so the target is per move: a player
who presses A on every choice (the first playable card, its first target, a menu's first row)
and waits out every other screen presses at most 10 % more a move over the cable than against
the CPU (issue 40). Printed: both counts, moves and presses a move. The menus before (the
rules) are not counted; the press that leaves the end is."""

import gc
import sys

from fakehw import make_hw, press

from core.app import App
from core.compat import unload
from core.hal import A, B


def _counting(scr, moves):
    play = scr.play

    def counted(app, m):
        moves[0] += 1
        play(app, m)

    scr.play = counted


def _cable(seeds):
    """(presses, our moves) of a whole cable game; its modules are dropped after."""
    before = set(sys.modules)
    from cable_pair import Pair

    p = Pair(seeds)
    p.to_play()
    moves = [0]
    _counting(p.top(), moves)
    n = p.player()
    assert p.top().end and p.game().phase == 4, p.kind()  # cards.cable.game.DONE
    p.press(A)  # the end: home
    n += 1
    p.app.stack = []
    p.app.end_mode()
    p = None
    unload(*[k for k in sys.modules if k not in before])
    gc.collect()
    return n, moves[0]


def _cpu(seed):
    """(presses, our moves) of a whole game against the CPU (sensible, cards.game level 2)."""
    from cards.engine import Game
    from cards.game import GameScreen
    from cards.pick import F_WAIT
    from cards.text import EN, HU
    from core import strings
    from core.prng import Rng

    strings.add(EN, HU)
    gc.collect()
    app = App(make_hw())
    scr = GameScreen(Game(seed, 0, seed & 1), 2, Rng(seed))
    app.push(scr)
    moves = [0]
    _counting(scr, moves)
    n = 0
    for _ in range(30000):
        top = app.top()
        kind = type(top).__name__ if top is not None else ""
        if kind == "Menu":
            press(app, A, 1)
            n += 1
        elif kind == "ResultScreen":
            press(app, B, 1)
            n += 1
        elif kind == "GameScreen" and top.focus != F_WAIT:
            press(app, A, 1)
            n += 1
        elif kind == "GameScreen":
            app.step()
        else:
            break
    assert kind != "GameScreen", "the CPU game did not end"
    return n, moves[0]


def presses_per_move(seeds):
    """Print and check the presses of a seeded cable game and of a game against the CPU."""
    cable, cable_moves = _cable(seeds)
    cpu, cpu_moves = _cpu(seeds[0])
    print("seeds %s: cable %d presses for %d moves (%.2f a move), CPU %d presses for %d moves (%.2f a move)"
          % (seeds, cable, cable_moves, cable / cable_moves, cpu, cpu_moves, cpu / cpu_moves))  # fmt: skip
    assert cable * cpu_moves <= cpu * cable_moves * 11 // 10, (seeds, cable, cable_moves, cpu, cpu_moves)
