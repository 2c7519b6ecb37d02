"""Battleship CPU levels: shots to sink a fleet, cost per move.

    python -m host_tools.bench ai --level easy|medium|hard|all --games N --seed S [--jobs J]
                                  [--fleets seq|exact] [--no-touching] [--no-learn]

Prints one JSON object per level:
  fleets                  how the fleets are placed: "seq" (the default: each
                          ship in turn at a uniformly random legal spot, as
                          Fleet.shuffle does) or "exact" (exactly uniform over
                          every legal fleet: exact_fleet, rejection sampling of
                          whole fleets)
  touching                whether ships may touch (--no-touching: they may not,
                          and the CPU is told so, as the game's option does)
  mean, se, median, p90, max  shots to sink such a fleet (se: the standard error
                          of the mean)
  edge_mean, edge_se      mean shots against an edge-hugging player (below)
  placements_per_move     placement tests per move (the hard level's cost; 0 for
                          levels that test none),
  ms_per_move_micropython the firmware AI timed under the venv's MicroPython unix
                          port (-X heapsize=192K) over MP_GAMES seeded games
                          (sequential fleets, ships touching, whatever the flags),
  move_us_micropython     the same per move: mean, p99 and max microseconds
                          (each move its fastest of three runs),
  move_ms_rp2040          mean, p99 and max estimated on an RP2040: host time
                          times K, the link stall benchmark's factor
                          (host_tools/bench/probes/stallprobe.py: CAL_DEVICE_US over its
                          calibration loop's time, measured in the same process),
  k_factor                that K.

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

from battleship.ai import make_ai
from battleship.fleet import Fleet
from battleship.habits import Habits
from battleship.rules import EASY, HARD, LEVEL_NAMES, MEDIUM, SHIP_SIZES, SIZE
from core.prng import Rng
from host_tools.bench.probes.calib import CAL_DEVICE_US
from host_tools.paths import FIRMWARE, HEAP, PROBES, micropython, micropython_env

_M30 = (1 << 30) - 1
DEFAULT_GAMES = 2000
MP_GAMES = 30


def game_seeds(seed, i, series):
    base = (seed * 1000003 + i * 7919 + series * 104729) & _M30
    return base, base ^ 0x2AAAAAAA


def uniform_fleet(rng, touching=True):
    f = Fleet(touching)
    f.shuffle(rng)
    return f


def _legal(spots, sizes, size, touching):
    """Whether ships at spots [(row, col, vertical)] of these sizes overlap (or touch)."""
    occ = bytearray(size * size)
    for (r, c, v), n in zip(spots, sizes):
        for i in range(n):
            rr, cc = (r + i, c) if v else (r, c + i)
            if occ[rr * size + cc]:
                return False
            occ[rr * size + cc] = 1
    if not touching:
        owner = [0] * (size * size)
        for s, ((r, c, v), n) in enumerate(zip(spots, sizes)):
            for i in range(n):
                rr, cc = (r + i, c) if v else (r, c + i)
                owner[rr * size + cc] = s + 1
        for cell in range(size * size):
            o = owner[cell]
            if not o:
                continue
            r, c = divmod(cell, size)
            for rr in range(max(0, r - 1), min(size, r + 2)):
                for cc in range(max(0, c - 1), min(size, c + 2)):
                    p = owner[rr * size + cc]
                    if p and p != o:
                        return False
    return True


def exact_fleet(rng, touching=True, sizes=SHIP_SIZES, size=SIZE):
    """[(row, col, vertical)] per ship, exactly uniform over every legal fleet.

    Rejection sampling of whole fleets: every ship at a uniformly random spot on
    the grid (each of its 2 * size * (size - n + 1) spots equally likely; a ship of
    one cell has only size * size), ignoring the others; a fleet whose ships
    overlap (or touch, without touching) is thrown away whole and drawn again.
    Every legal fleet is drawn with the same chance, unlike placing ships one
    after the other (a later ship fits in fewer spots when an earlier one lies
    in the middle, so sequential placement favours fleets that leave room)."""
    while True:
        spots = []
        for n in sizes:
            span = size - n + 1
            per = size * span
            k = rng.below(per if n == 1 else 2 * per)
            vertical = k >= per
            k %= per
            if vertical:
                spots.append((k // size, k % size, True))
            else:
                spots.append((k // span, k % span, False))
        if _legal(spots, sizes, size, touching):
            return spots


def exact_uniform_fleet(rng, touching=True):
    f = Fleet(touching)
    for s, (r, c, v) in enumerate(exact_fleet(rng, touching)):
        f.place(s, r, c, v)
    return f


def edge_fleet(rng, touching=True):
    f = Fleet(touching)
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
            return edge_fleet(rng, touching)
    return f


def play(fleet, ai):
    shots = 0
    while not fleet.defeated():
        cell = ai.next_shot()
        result, sunk = fleet.receive(cell)
        ai.observe(cell, result, sunk)
        shots += 1
    return shots


def series(level, seed, start, stop, edge, learn=True, fleets="seq", touching=True):
    """Play games start..stop-1; returns (shots list, placement tests, moves)."""
    habits = Habits() if level == HARD and learn else None
    out, tests, moves = [], 0, 0
    place = edge_fleet if edge else (exact_uniform_fleet if fleets == "exact" else uniform_fleet)
    for i in range(start, stop):
        ps, ais = game_seeds(seed, i, 1 if edge else 0)
        fleet = place(Rng(ps), touching)
        ai = make_ai(level, Rng(ais), touching, habits=habits)
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


def _stats(shots):
    """(mean, standard error of the mean) of a list of shot counts."""
    n = len(shots)
    mean = sum(shots) / max(1, n)
    var = sum((x - mean) ** 2 for x in shots) / max(1, n - 1)
    return round(mean, 2), round((var / max(1, n)) ** 0.5, 3)


def run(level, games, seed, jobs=1, edge_games=None, learn=True, fleets="seq", touching=True,
        timing=True):
    edge_games = games if edge_games is None else edge_games
    tasks = []
    for edge, n in ((False, games), (True, edge_games)):
        chunk = (n + jobs - 1) // jobs
        for j in range(jobs):
            lo, hi = j * chunk, min(n, (j + 1) * chunk)
            if lo < hi:
                tasks.append((level, seed, lo, hi, edge, learn, fleets, touching))
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
    mean, se = _stats(shots)
    edge_mean, edge_se = _stats(edge_shots)
    out = {
        "level": LEVEL_NAMES[level],
        "fleets": fleets,
        "touching": touching,
        "learn": learn and level == HARD,
        "games": n,
        "mean": mean,
        "se": se,
        "median": shots[n // 2] if n % 2 else (shots[n // 2 - 1] + shots[n // 2]) / 2,
        "p90": shots[max(0, -(-9 * n // 10) - 1)],
        "max": shots[-1],
        "edge_mean": edge_mean,
        "edge_se": edge_se,
        "placements_per_move": round(tests / moves, 1),
    }
    if timing:
        out.update(mp_timing(level, MP_GAMES, seed))
    return out



def mp_timing(level, games, seed):
    """Time the firmware AI's moves (choose + take the answer) under MicroPython; scale them to
    the RP2040 with the stall benchmark's factor K."""
    script = os.path.join(PROBES, "aiprobe.py")
    cmd = [micropython(), "-X", "heapsize=" + HEAP, script, str(level), str(games), str(seed)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, env=micropython_env(FIRMWARE))
    got = {}
    for line in proc.stdout.splitlines():
        if line.startswith("#"):
            parts = line.split()
            got[parts[0]] = [int(x) for x in parts[1:]]
    if "#TIMING" not in got or "#MOVES" not in got or "#CAL" not in got:
        raise SystemExit("bench ai: MicroPython timing failed\n" + proc.stdout + proc.stderr)
    moves, us = got["#TIMING"][:2]
    mean = us / moves
    _, p99, worst = got["#MOVES"]
    k = CAL_DEVICE_US / got["#CAL"][0]
    return {
        "ms_per_move_micropython": round(mean / 1000, 3),
        "move_us_micropython": {"mean": round(mean, 1), "p99": p99, "max": worst},
        "move_ms_rp2040": {"mean": round(mean * k / 1000, 1), "p99": round(p99 * k / 1000, 1),
                           "max": round(worst * k / 1000, 1)},
        "k_factor": round(k),
    }


def main(argv):
    level, games, seed, jobs, learn = "all", DEFAULT_GAMES, 1, 1, True
    fleets, touching, timing = "seq", True, True
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--no-learn":
            learn = False
            i += 1
        elif a == "--no-touching":
            touching = False
            i += 1
        elif a == "--no-timing":
            timing = False
            i += 1
        elif a in ("--level", "--games", "--seed", "--jobs", "--fleets") and i + 1 < len(argv):
            v = argv[i + 1]
            if a == "--fleets":
                fleets = v
            elif a == "--level":
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
            print("                [--jobs J] [--fleets seq|exact] [--no-touching] [--no-learn]")
            print("                [--no-timing]")
            return 2
    if fleets not in ("seq", "exact"):
        print("bench ai: unknown fleets %r (seq or exact)" % fleets)
        return 2
    names = {"easy": [EASY], "medium": [MEDIUM], "hard": [HARD], "all": [EASY, MEDIUM, HARD]}
    if level not in names:
        print("bench ai: unknown level %r" % level)
        return 2
    for lv in names[level]:
        r = run(lv, games, seed, jobs, learn=learn, fleets=fleets, touching=touching, timing=timing)
        print(json.dumps(r), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
