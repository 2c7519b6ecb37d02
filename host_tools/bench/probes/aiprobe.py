"""Run under MicroPython by bench ai (host_tools/bench/ai.py): time the firmware AI's moves.

    MICROPYPATH=firmware micropython -X heapsize=192K \
        host_tools/bench/probes/aiprobe.py LEVEL GAMES SEED [RUNS]

Plays GAMES seeded games (the bench's first uniform games) RUNS times (3 by
default) and times only the AI's work per move: next_shot() plus observe().
The games are deterministic, so each move is the same in every run: a move's
time is its fastest run (a shared host preempts a process now and then, and
that is no work of the AI's). Prints

    #TIMING moves total_us placement_tests
    #MOVES mean_us p99_us max_us
    #CAL calibration_us

the last one the link stall benchmark's calibration loop (calib.py
calibrate(), the same loop; its RP2040 time is calib.CAL_DEVICE_US), its best of
5 runs before each run of the games and 5 after the last (a neighbour on the host's
core slows both alike), so that bench ai can scale host time to the device with the
repo's factor K.
"""

import sys
import time

from calib import best_us, calibrate

from battleship.ai import make_ai
from battleship.fleet import Fleet
from core.prng import Rng

_M30 = (1 << 30) - 1



def one_run(level, games, seed, out):
    """Play the games; out[k] = min(out[k], the k-th move's microseconds)."""
    k = tests = 0
    for i in range(games):
        base = (seed * 1000003 + i * 7919) & _M30
        fleet = Fleet()
        fleet.shuffle(Rng(base))
        ai = make_ai(level, Rng(base ^ 0x2AAAAAAA))
        ai.tests = 0
        while not fleet.defeated():
            t0 = time.ticks_us()
            cell = ai.next_shot()
            t1 = time.ticks_us()
            result, sunk = fleet.receive(cell)
            t2 = time.ticks_us()
            ai.observe(cell, result, sunk)
            t3 = time.ticks_us()
            us = time.ticks_diff(t1, t0) + time.ticks_diff(t3, t2)
            if k == len(out):
                out.append(us)
            elif us < out[k]:
                out[k] = us
            k += 1
        tests += ai.tests
    return tests


def best_cal(cal, runs=5):
    return best_us(calibrate, runs, cal)


def main():
    level, games, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    moves = []
    tests = 0
    cal = best_cal(1 << 40)
    for _ in range(runs):
        tests = one_run(level, games, seed, moves)
        cal = best_cal(cal)
    n = len(moves)
    total = sum(moves)
    moves.sort()
    print("#TIMING %d %d %d" % (n, total, tests))
    print("#MOVES %d %d %d" % (total // n, moves[min(n - 1, 99 * n // 100)], moves[-1]))
    print("#CAL %d" % cal)


main()
