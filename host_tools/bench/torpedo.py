"""Torpedo Attack, CPU against CPU at each level: game length, scores, torpedo hit rates, endings;
and a player's waiting in a whole game against the CPU.

    python -m host_tools.bench torpedo [--games N] [--seed S] [--levels 0,1,2] [--watch N]

One JSON line per level, then one for the aim model alone (per level, many
drifts). Games use seeds S, S+1, ...; the first player alternates.

Then one line per level for the waiting ("torpedo_watch"): N seeded whole games against the CPU
played on the real screens (torpedo.locate, torpedo.scope_ui: their update() once a frame, as the
app runs them, with a stand-in app and no drawing), the player pressing A only where it is its
move (a call; a torpedo at a frame that hits, or at its first frame when none does) and nothing
during the announcements. It counts the frames spent on the locating screen's announcements
and the CPU's moment before its calls (announce_s: the target is <= 90 s a game) and, apart,
on the periscope's own moments (its intro, results, the CPU's aim watched, the shoot-out's
rounds: scope_s).
"""

import json
import sys
import time

from battleship.ai import make_ai
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
    WINDOW,
)
from torpedo.scope import Drift, period_for

LEVELS = ("easy", "medium", "hard")


def _args(argv):
    opts = {"games": 200, "seed": 1, "levels": "0,1,2", "aim": 3000, "watch": 20}
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


class _Keys:
    mask = 0

    def __call__(self):
        return self.mask


class _App:
    """What the Torpedo screens ask of core.app.App, without a display: the stack, the buttons,
    the saves thrown away."""

    def __init__(self):
        from core.hal import Buttons

        self.keys = _Keys()
        self.buttons = Buttons(self.keys)
        self.stack = []
        self.now = 0

    def push(self, screen):
        self.stack.append(screen)
        self.buttons.clear()
        screen.enter(self)

    def pop(self):
        self.stack.pop()
        self.buttons.clear()
        if self.stack:
            self.stack[-1].resume(self)

    def replace(self, screen):
        self.stack.pop()
        self.push(screen)

    def top(self):
        return self.stack[-1] if self.stack else None

    def redraw(self):
        pass

    def cue(self, name):
        pass

    def save_game(self, slot, payload, n=0, label=None, unit="turn"):
        return True

    def clear_game(self, slot):
        pass


_L_AIM = 0  # torpedo.locate's and torpedo.scope_ui's states (private consts there)
_L_WAIT = 1
_L_SHOW = 2
_S_AIM = 1
_FRAMES_CAP = 200000  # a game that never ends is a bug: stop counting


def watch_game(seed, level):
    """A whole game against the CPU on the screens, the player pressing only for its moves:
    (announcement frames, periscope frames, all frames, the game)."""
    from torpedo import view
    from torpedo.match import CpuMatch
    from torpedo.view import load

    view.words()
    app = _App()
    g = Game(seed, level, first=seed & 1, cpu=(True, True))
    g.ais[0] = make_ai(1, Rng(seed * 7 + 2), True)  # the player calls as the medium CPU: hunt, then target
    g.start()
    m = CpuMatch(g)
    me_ai = Rng(seed * 7 + 1)
    app.push(load("torpedo.locate").Locate(m))
    announce = scope = frames = 0
    while app.stack and frames < _FRAMES_CAP:
        top = app.top()
        name = type(top).__name__
        press = 0
        if name == "Locate":
            if top.state == _L_AIM:
                press = 16  # A: a call, where a CPU of the game's level would call
                top.cur = g.cpu_cell()
            elif top.state == _L_SHOW or (top.state == _L_WAIT and top.timer > 0 and g.turn != 0):
                announce += 1
            elif top.state == 3:  # the end: B leaves
                press = 32
        elif name == "Scope":
            if top.state == _S_AIM:
                hit = [f for f in range(top.f, WINDOW) if top.d.hit(f)]
                want = hit[me_ai.below(len(hit))] if hit else top.f
                press = 16 if top.f >= want else 0
                if press == 0:
                    scope += 1
            else:
                scope += 1
        app.keys.mask = press
        app.now += FRAME
        app.buttons.poll(app.now)
        top.update(app)
        frames += 1
    return announce, scope, frames, g


FRAME = 33


def watch_stats(level, games, seed0):
    ann, sco, tot = [], [], []
    for k in range(games):
        a, s_, f, g = watch_game(seed0 + k, level)
        assert g.phase == OVER, "a game on the screens did not end"
        ann.append(a * FRAME / 1000)
        sco.append(s_ * FRAME / 1000)
        tot.append(f * FRAME / 1000)
    ann.sort()
    return {
        "bench": "torpedo_watch",
        "level": LEVELS[level],
        "games": games,
        "announce_s_mean": round(sum(ann) / games, 1),
        "announce_s_max": round(ann[-1], 1),
        "announce_target_s": 90,
        "scope_s_mean": round(sum(sco) / games, 1),
        "game_s_mean": round(sum(tot) / games, 1),
        "target_met": ann[-1] <= 90,
    }


def main(argv):
    o = _args(argv)
    for level in o["levels"]:
        print(json.dumps(level_stats(level, o["games"], o["seed"])), flush=True)
    print(json.dumps(aim_stats(o["levels"], o["aim"])), flush=True)
    met = True
    for level in o["levels"] if o["watch"] else ():
        row = watch_stats(level, o["watch"], o["seed"])
        met = met and row["target_met"]
        print(json.dumps(row), flush=True)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
