"""Torpedo Attack, CPU against CPU at each level: game length, scores, torpedo hit rates, endings.

    python -m host_tools.bench torpedo [--games N] [--seed S] [--levels 0,1,2]

One JSON line per level, then one for the aim model alone (per level, many
drifts). Games use seeds S, S+1, ...; the first player alternates.
"""

import json
import sys
import time

from core.prng import Rng
from torpedo.ai import press_frame
from torpedo.engine import Game, drift_seed
from torpedo.rules import (
    END_NAMES,
    END_SHOOTOUT,
    GONE,
    HIT1,
    LOCATE,
    OVER,
    TORPEDOES,
)
from torpedo.scope import Drift, period_for

LEVELS = ("easy", "medium", "hard")


def _args(argv):
    opts = {"games": 200, "seed": 1, "levels": "0,1,2", "aim": 3000}
    i = 0
    while i < len(argv):
        k = argv[i].lstrip("-")
        if k not in opts or i + 1 >= len(argv):
            raise SystemExit("bench torpedo: unknown option %s" % argv[i])
        opts[k] = argv[i + 1] if k == "levels" else int(argv[i + 1])
        i += 2
    opts["levels"] = [int(x) for x in opts["levels"].split(",")]
    return opts


def play(seed, level, first):
    g = Game(seed, level, first, (True, True))
    g.start()
    moves = 0
    while g.phase != OVER:
        if g.phase == LOCATE:
            g.call(g.cpu_cell())
        else:
            g.fire(g.cpu_frame(), g.to_move())
        moves += 1
    return g


def _pct(sorted_vals, q):
    return sorted_vals[min(len(sorted_vals) - 1, len(sorted_vals) * q // 100)]


def level_stats(level, games, seed0):
    turns, scores, winners_first, ends, sizes = [], [], 0, {}, []
    shots = [0] * TORPEDOES  # torpedoes aimed as 1st, 2nd, 3rd
    hits = [0] * TORPEDOES
    escaped = located = sd_games = sd_rounds = 0
    t0 = time.perf_counter()
    for k in range(games):
        first = k & 1
        g = play(seed0 + k, level, first)
        turns.append(g.turns[0])
        sizes.append(len(g.to_bytes()))
        for p in (0, 1):
            scores.append(g.score(p))
            for st in g.status[p]:
                if st >= HIT1:
                    t = st - HIT1
                    for i in range(t + 1):
                        shots[i] += 1
                    hits[t] += 1
                    located += 1
                elif st == GONE:
                    for i in range(TORPEDOES):
                        shots[i] += 1
                    escaped += 1
                    located += 1
        if g.winner == first:
            winners_first += 1
        name = END_NAMES[g.end_reason]
        ends[name] = ends.get(name, 0) + 1
        if g.end_reason == END_SHOOTOUT:
            sd_games += 1
            sd_rounds += g.sd_round + 1
    dt = time.perf_counter() - t0
    turns.sort()
    scores.sort()
    hist = {}
    for s in scores:
        hist[s] = hist.get(s, 0) + 1
    return {
        "bench": "torpedo",
        "level": LEVELS[level],
        "games": games,
        "turns_mean": round(sum(turns) / games, 1),
        "turns_p10_p50_p90": [_pct(turns, 10), _pct(turns, 50), _pct(turns, 90)],
        "score_mean": round(sum(scores) / len(scores), 1),
        "score_p10_p50_p90": [_pct(scores, 10), _pct(scores, 50), _pct(scores, 90)],
        "score_histogram": {str(k): hist[k] for k in sorted(hist)},
        "torpedo_hit_rate": round(sum(hits) / max(1, sum(shots)), 3),
        "hit_rate_by_torpedo": [round(hits[i] / max(1, shots[i]), 3) for i in range(TORPEDOES)],
        "escape_rate": round(escaped / max(1, located), 3),
        "first_player_wins": round(winners_first / games, 3),
        "endings": ends,
        "shootouts": sd_games,
        "shootout_rounds_mean": round(sd_rounds / sd_games, 2) if sd_games else 0,
        "save_bytes_max": max(sizes),
        "ms_per_game_cpython": round(dt * 1000 / games, 1),
    }


def aim_stats(levels, n):
    out = {"bench": "torpedo_aim", "drifts": n}
    for level in levels:
        rng = Rng(1234 + level)
        h = 0
        frames = 0
        for k in range(n):
            d = Drift(drift_seed(555, level, k), period_for(level))
            f = press_frame(d, level, rng)
            frames += f
            h += d.hit(f)
        out[LEVELS[level]] = {"hit_rate": round(h / n, 3), "mean_press_frame": round(frames / n, 1)}
    return out


def main(argv):
    o = _args(argv)
    for level in o["levels"]:
        print(json.dumps(level_stats(level, o["games"], o["seed"])), flush=True)
    print(json.dumps(aim_stats(o["levels"], o["aim"])), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
