"""Battleship Express: the DP captain against the random captain, and its speed.

`python -m host_tools.bench express [--games N] [--seed S] [--only captain|admiral]
[--no-mp] [--mp-only]` prints JSON lines:
  {"what": "odds", ...}      the seed's turn example and the guide check, exact
  {"what": "winrate", ...}   per game type: DP-captain wins over N seeded games
  {"what": "mp_timing", ...} ms per CPU decision under the MicroPython unix port

Seating: 2 players: the DP captain takes seat i % 2 in game i (player 0 always
starts), so first-move advantage cancels. 3/4 players: one DP captain among
random ones, seat i % players (baseline 1/players). Team game: a DP team (two
DP captains sitting across) against a random team, seats alternating.
"""

import argparse
import json
import subprocess
import sys
import time

from core.prng import Rng
from express import ai as A
from express import engine as E
from express.rules import ADMIRAL, BURST_ONE, CAPTAIN, CARRIER
from host_tools.paths import FIRMWARE, HEAP, micropython, micropython_env

CONFIGS = ((2, False), (3, False), (4, False), (4, True))


def _frac(num, den):
    return {"num": num, "den": den, "percent": round(100 * num / den, 2)}


def odds_lines():
    bs = A.SHIP_TABLE[ADMIRAL][0]
    yield {
        "what": "odds",
        "case": "Captain's turn example: Carrier (7 dice, 2 rolls) vs Battleship (4 hits), before rolling",
        "exact": _frac(*A.odds_exact(BURST_ONE, 7, 4, 2)),
        "fixed": A.attack_odds(CAPTAIN, CARRIER, 0),
        "one": A.ONE,
    }
    yield {
        "what": "odds",
        "case": "... after the first roll: 3 hits set aside, 4 dice for the last hit, 1 roll",
        "exact": _frac(*A.odds_exact(BURST_ONE, 4, 1, 1)),
        "fixed": A.odds(BURST_ONE, 4, 1, 1),
    }
    yield {
        "what": "odds",
        "case": "Admiral's Carrier with only a Battleship to declare (roll 6, declare, reroll)",
        "exact": _frac(*A.carrier_odds_exact(ADMIRAL, 1)),
    }
    for t, name in ((1, "Destroyer"), (2, "Carrier")):
        yield {
            "what": "odds",
            "case": "guide check: Admiral's Battleship sinks a " + name,
            "exact": _frac(*A.odds_exact(bs[3], bs[0], A.SHIP_TABLE[ADMIRAL][t][2], bs[1])),
        }
    for game in (CAPTAIN, ADMIRAL):
        yield {
            "what": "odds_matrix",
            "game": ("captain", "admiral")[game],
            "rows_attacker_cols_target_percent": [
                [round(100 * A.attack_odds(game, a, t) / A.ONE, 1) for t in range(5)] for a in range(5)
            ],
        }


def play_one(game, players, team, i, seed):
    if players == 2:
        dp_seats = (i % 2,)
    elif team:
        dp_seats = (i % 2, i % 2 + 2)
    else:
        dp_seats = (i % players,)
    caps = [
        A.DpCaptain() if p in dp_seats else A.RandomCaptain(Rng(seed + 100003 * (p + 1) + i))
        for p in range(players)
    ]
    g = E.Game(game, players, team, 0, Rng(seed + i))
    A.play(g, caps)
    return g.winners()[0] in dp_seats


def winrate(game, players, team, games, seed):
    t0 = time.perf_counter()
    wins = 0
    for i in range(games):
        wins += play_one(game, players, team, i, seed)
    baseline = 0.5 if players == 2 or team else 1 / players
    return {
        "what": "winrate",
        "game": ("captain", "admiral")[game],
        "players": players,
        "team": team,
        "games": games,
        "seed": seed,
        "dp_wins": wins,
        "win_rate": round(wins / games, 4),
        "baseline": round(baseline, 4),
        "seconds": round(time.perf_counter() - t0, 2),
    }


_MP_SCRIPT = r"""
import time, gc
from express import ai as A
from express import engine as E
from core.prng import Rng
out = []
for game in (0, 1):
    gc.collect()
    before = gc.mem_alloc()
    t0 = time.ticks_us()
    A.warm(game)
    fill = time.ticks_diff(time.ticks_us(), t0)
    gc.collect()
    tables = gc.mem_alloc() - before
    n = 0
    total = 0
    worst = 0
    for seed in range(6):
        g = E.Game(game, 2 + seed % 3, False, 0, Rng(seed + 1))
        caps = [A.DpCaptain() for _ in range(g.players)]
        while g.phase != E.OVER:
            if g.phase in (E.ATTACKER, E.DECLARE):
                c = caps[g.turn]
                t0 = time.ticks_us()
                if g.phase == E.ATTACKER:
                    c.attack(g)
                else:
                    c.target(g)
                dt = time.ticks_diff(time.ticks_us(), t0)
                total += dt
                n += 1
                worst = dt if dt > worst else worst
            A.step(g, caps)
    gc.collect()
    out.append((game, fill, n, total, worst, tables, gc.mem_alloc()))
for r in out:
    print("%d %d %d %d %d %d %d" % r)
"""


def mp_timing():
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=" + HEAP, "-c", _MP_SCRIPT],
        capture_output=True,
        text=True,
        timeout=600,
        env=micropython_env(FIRMWARE),
    )
    if proc.returncode:
        yield {"what": "mp_timing", "error": proc.stderr[-500:]}
        return
    for line in proc.stdout.split("\n"):
        if not line.strip():
            continue
        game, fill, n, total, worst, tables, alloc = (int(x) for x in line.split())
        yield {
            "what": "mp_timing",
            "interpreter": "micropython unix port",
            "heap": HEAP,
            "game": ("captain", "admiral")[game],
            "warm_ms": round(fill / 1000, 2),
            "table_bytes": tables,
            "decisions": n,
            "ms_per_decision": round(total / n / 1000, 3),
            "worst_ms": round(worst / 1000, 3),
            "heap_alloc_after_games": alloc,
        }


def main(argv):
    head = __doc__.split("\n")[0]
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench express", description=head)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("captain", "admiral"), help="one game's win rates")
    ap.add_argument("--no-mp", action="store_true", help="skip the MicroPython timing")
    ap.add_argument("--mp-only", action="store_true", help="skip the win-rate games")
    args = ap.parse_args(argv)
    for line in odds_lines():
        print(json.dumps(line), flush=True)
    if not args.no_mp:
        for line in mp_timing():
            print(json.dumps(line), flush=True)
    if not args.mp_only:
        for game in (CAPTAIN, ADMIRAL):
            if args.only and args.only != ("captain", "admiral")[game]:
                continue
            for players, team in CONFIGS:
                print(json.dumps(winrate(game, players, team, args.games, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
