"""Run under MicroPython by bench_ai: time the firmware AI's moves.

    micropython -X heapsize=192K host_tools/mp_ai_timing.py ROOT LEVEL GAMES SEED

Plays GAMES seeded games (the bench's first uniform games) and times only the
AI's work per move: next_shot() plus observe(). Prints
`#TIMING moves microseconds placement_tests` and the setup time per game.
"""

import sys
import time

root = sys.argv[1]
sys.path.insert(0, root + "/firmware")

from battleship.ai import make_ai  # noqa: E402
from battleship.fleet import Fleet  # noqa: E402
from core.prng import Rng  # noqa: E402

_M30 = (1 << 30) - 1


def main():
    level, games, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    moves = us = tests = setup = 0
    for i in range(games):
        base = (seed * 1000003 + i * 7919) & _M30
        fleet = Fleet()
        fleet.shuffle(Rng(base))
        t0 = time.ticks_us()
        ai = make_ai(level, Rng(base ^ 0x2AAAAAAA))
        setup += time.ticks_diff(time.ticks_us(), t0)
        ai.tests = 0
        while not fleet.defeated():
            t0 = time.ticks_us()
            cell = ai.next_shot()
            t1 = time.ticks_us()
            result, sunk = fleet.receive(cell)
            t2 = time.ticks_us()
            ai.observe(cell, result, sunk)
            t3 = time.ticks_us()
            us += time.ticks_diff(t1, t0) + time.ticks_diff(t3, t2)
            moves += 1
        tests += ai.tests
    print("#TIMING %d %d %d" % (moves, us, tests))
    print("setup ms per game: %d" % (setup // games // 1000))


main()
