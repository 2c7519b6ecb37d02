"""Battleship Card Game: the sensible CPU against the random-legal-move CPU.

`python -m host_tools.bench cards [--games N] [--seed S] [--mode standard|beginner|both]
[--mirror]` plays N seeded games per mode (game i uses seed S + i; the
sensible CPU starts the even-numbered games, the random CPU the odd ones)
and prints one JSON line per mode: wins, draws, win rate, and how long games
last. --mirror adds sensible-vs-sensible lines (first-player advantage).
"""

import argparse
import json
import sys
import time

from cards.ai import choose, choose_random
from cards.engine import Game
from cards.rules import DRAW, MODES
from cards.view import view_for
from core.prng import Rng


def play(seed, mode, players, first):
    """One game; players[p] is a chooser. Returns (winner, turns, moves)."""
    g = Game(seed=seed, mode=mode, first=first)
    rngs = (Rng(seed * 2 + 1), Rng(seed * 2 + 2))
    moves = 0
    while not g.over:
        p = g.cur
        g.apply(players[p](view_for(g, p), rngs[p]))
        moves += 1
    return g.winner, g.turn - 1, moves


def run(games, seed, mode, players, label):
    t0 = time.time()
    wins = [0, 0]
    draws = 0
    first_wins = 0
    wins_starting = 0  # seat 0's wins in the games it started
    turns = []
    for i in range(games):
        first = i & 1
        # seat 0 is players[0] always; "first" says who starts
        w, n, _ = play(seed + i, mode, players, first)
        turns.append(n)
        if w == DRAW:
            draws += 1
            continue
        wins[w] += 1
        if w == first:
            first_wins += 1
        if w == 0 and first == 0:
            wins_starting += 1
    turns.sort()
    decided = games - draws
    return {
        "bench": "cards",
        "mode": MODES[mode][0],
        "match": label,
        "games": games,
        "seed": seed,
        "wins": wins[0],
        "losses": wins[1],
        "draws": draws,
        "win_rate": round(wins[0] / games, 4),
        "win_rate_starting": round(wins_starting / ((games + 1) // 2), 4),
        "win_rate_second": round((wins[0] - wins_starting) / (games // 2), 4) if games > 1 else None,
        "first_player_win_rate": round(first_wins / decided, 4) if decided else None,
        "turns_mean": round(sum(turns) / games, 1),
        "turns_median": turns[games // 2],
        "turns_max": turns[-1],
        "seconds": round(time.time() - t0, 1),
    }


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench cards", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", choices=[m[0] for m in MODES] + ["both"], default="both")
    ap.add_argument("--mirror", action="store_true", help="also the sensible CPU against itself")
    args = ap.parse_args(argv)
    names = [m[0] for m in MODES]
    modes = range(len(MODES)) if args.mode == "both" else [names.index(args.mode)]
    for mode in modes:
        print(json.dumps(run(args.games, args.seed, mode, (choose, choose_random), "sensible_vs_random")))
        sys.stdout.flush()
        if args.mirror:
            print(json.dumps(run(args.games, args.seed, mode, (choose, choose), "sensible_vs_sensible")))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
