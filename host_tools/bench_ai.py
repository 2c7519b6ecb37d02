"""Battleship CPU levels: shots to sink a fleet, cost per move.

    python -m host_tools.bench ai --level easy|medium|hard|all --games N --seed S [--jobs J]

Prints one JSON object per level:
  mean, median, p90, max  shots to sink a fleet placed uniformly at random
                          (each ship in turn at a uniformly random legal spot),
  edge_mean               mean shots against an edge-hugging player (below),
  placements_per_move     placement tests per move (the hard level's cost; 0 for
                          levels that test none),
  ms_per_move_micropython the firmware AI timed under the venv's MicroPython unix
                          port (-X heapsize=192K) over a few seeded games.

The games run the same firmware modules under CPython (fast path: same code).
The hard level keeps one battleship.habits learner through each series of games, as it
does across saves on the device: against uniform placement it should learn
nothing, against the edge hugger it learns the habit. --no-learn turns the
learner off (the hard level's edge_mean from the first game on).

Edge hugger: each ship in turn, with chance 3/4 at a uniformly random legal spot
lying wholly along the border (row A or J, column 1 or 10), else anywhere legal.
"""

import json
import os
import subprocess
import sys

from host_tools.paths import FIRMWARE, ROOT, micropython

if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from battleship.ai import make_ai  # noqa: E402
from battleship.fleet import Fleet  # noqa: E402
from battleship.habits import Habits  # noqa: E402
from battleship.rules import EASY, HARD, LEVEL_NAMES, MEDIUM, SIZE  # noqa: E402
from core.prng import Rng  # noqa: E402

_M30 = (1 << 30) - 1
DEFAULT_GAMES = 2000
MP_GAMES = 6


def game_seeds(seed, i, series):
    base = (seed * 1000003 + i * 7919 + series * 104729) & _M30
    return base, base ^ 0x2AAAAAAA


def uniform_fleet(rng):
    f = Fleet()
    f.shuffle(rng)
    return f


def edge_fleet(rng):
    f = Fleet()
    for s, n in enumerate(f.sizes):
        spots = []
        if rng.chance(3, 4):
            for line in (0, SIZE - 1):
                for start in range(SIZE - n + 1):
                    for r, c, v in ((line, start, False), (start, line, True)):
                        if f.check(s, r, c, v) == 0:
                            spots.append((r, c, v))
        if spots:
            r, c, v = rng.choice(spots)
            f.place(s, r, c, v)
        elif not f.random_place(s, rng):
            return edge_fleet(rng)
    return f


def play(fleet, ai):
    shots = 0
    while not fleet.defeated():
        cell = ai.next_shot()
        result, sunk = fleet.receive(cell)
        ai.observe(cell, result, sunk)
        shots += 1
    return shots


def series(level, seed, start, stop, edge, learn=True):
    """Play games start..stop-1; returns (shots list, placement tests, moves)."""
    habits = Habits() if level == HARD and learn else None
    out, tests, moves = [], 0, 0
    for i in range(start, stop):
        ps, ais = game_seeds(seed, i, 1 if edge else 0)
        fleet = (edge_fleet if edge else uniform_fleet)(Rng(ps))
        ai = make_ai(level, Rng(ais), habits=habits)
        ai.tests = 0
        n = play(fleet, ai)
        out.append(n)
        tests += getattr(ai, "tests", 0)
        moves += n
        if habits is not None:
            habits.record(fleet)
    return out, tests, moves


def _series_args(args):
    return series(*args)


def run(level, games, seed, jobs=1, edge_games=None, learn=True):
    edge_games = games if edge_games is None else edge_games
    tasks = []
    for edge, n in ((False, games), (True, edge_games)):
        chunk = (n + jobs - 1) // jobs
        for j in range(jobs):
            lo, hi = j * chunk, min(n, (j + 1) * chunk)
            if lo < hi:
                tasks.append((level, seed, lo, hi, edge, learn))
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_series_args, tasks)
    else:
        results = [series(*t) for t in tasks]
    shots, edge_shots, tests, moves = [], [], 0, 0
    for t, (s, te, mv) in zip(tasks, results):
        if t[4]:
            edge_shots += s
        else:
            shots += s
            tests += te
            moves += mv
    shots.sort()
    n = len(shots)
    return {
        "level": LEVEL_NAMES[level],
        "games": n,
        "mean": round(sum(shots) / n, 2),
        "median": shots[n // 2] if n % 2 else (shots[n // 2 - 1] + shots[n // 2]) / 2,
        "p90": shots[max(0, -(-9 * n // 10) - 1)],
        "max": shots[-1],
        "edge_mean": round(sum(edge_shots) / max(1, len(edge_shots)), 2),
        "placements_per_move": round(tests / moves, 1),
        "ms_per_move_micropython": mp_ms_per_move(level, MP_GAMES, seed),
    }


def mp_ms_per_move(level, games, seed):
    """Time the firmware AI's moves (choose + take the answer) under MicroPython."""
    script = os.path.join(ROOT, "host_tools", "mp_ai_timing.py")
    cmd = [micropython(), "-X", "heapsize=192K", script, ROOT, str(level), str(games), str(seed)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    for line in proc.stdout.splitlines():
        if line.startswith("#TIMING "):
            moves, us = (int(x) for x in line.split()[1:3])
            return round(us / moves / 1000, 3)
    raise SystemExit("bench ai: MicroPython timing failed\n" + proc.stdout + proc.stderr)


def main(argv):
    level, games, seed, jobs, learn = "all", DEFAULT_GAMES, 1, 1, True
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--no-learn":
            learn = False
            i += 1
        elif a in ("--level", "--games", "--seed", "--jobs") and i + 1 < len(argv):
            v = argv[i + 1]
            if a == "--level":
                level = v
            elif a == "--games":
                games = int(v)
            elif a == "--seed":
                seed = int(v)
            else:
                jobs = int(v)
            i += 2
        else:
            print("usage: bench ai [--level easy|medium|hard|all] [--games N] [--seed S]")
            print("                [--jobs J] [--no-learn]")
            return 2
    names = {"easy": [EASY], "medium": [MEDIUM], "hard": [HARD], "all": [EASY, MEDIUM, HARD]}
    if level not in names:
        print("bench ai: unknown level %r" % level)
        return 2
    for lv in names[level]:
        r = run(lv, games, seed, jobs, learn=learn)
        print(json.dumps(r), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
