"""Link Express over a faulty cable: CPU-vs-CPU games with planted cheaters (issue 17).

`python -m host_tools.bench linkexpress --games 240 --seed 1` plays games of
host_tools/duel/express.py (the real link.session, link.dice, express.cable.game and the
Express engine; each side an express.ai captain, a save written whenever the
game asks) on virtual time over host_tools.duel.faults.FaultCable (bytes
corrupted, dropped and duplicated at the given rates per million), Captain's
and Admiral's alternately. In each game the cable is pulled `--unplug` times
(one pull 31 to 40 s, past the forfeit timeout, the others 0.1 to 20 s) and a
random side restarts from its save `--restart` times, at random moments. A
share `--cheaters` of the games (default: half) has one side cheat once, the
kinds in turn (host_tools/duel/express.py CHEATS: a changed dice link, a false roll, a
kept die that was no hit, an illegal attacker, an illegal target, a fleet
other than the one committed).

Prints one JSON line. Targets: every game completed (both sides verified the
same game, or the cheat caught), every planted cheat caught and named as what
it was, 0 false accusations (a CHEAT or FORFEIT against a side that did not
cheat), 0 desyncs.
"""

import argparse
import json
import random
import sys
import time

from express.cable.game import (
    CHEAT,
    FORFEIT,
    VERIFIED,
)
from host_tools.duel.clock import clock_use, watch_clock, worst_clock
from host_tools.duel.express import CHEATS, WANT, Duel, record
from host_tools.duel.faults import FaultCable, fault_options

GAME_LIMIT_MS = 1800000


def play_game(i, o):
    r = random.Random(o.seed * 100003 + i)
    cable = FaultCable(o.seed * 7919 + i, o.corrupt_ppm, o.drop_ppm, o.dup_ppm)
    d = Duel(seeds=(2 * i + 1 + o.seed * 1000, 2 * i + 2 + o.seed * 1000), game=i & 1,
             smart=(r.random() < 0.5, r.random() < 0.5), cable=cable)  # fmt: skip
    cheater, kind = -1, -1
    if r.random() < o.cheaters:
        cheater = r.randrange(2)
        kind = (i // 2) % len(CHEATS)
        d.hands[cheater].plant(kind)
    # events: (time ms, what, arg)
    events = []
    for k in range(o.unplug):
        t = r.randrange(200, 8000)
        length = r.randrange(31000, 40000) if k == 0 else r.randrange(100, 20000)
        events.append((t, "pull", length))
    for _ in range(o.restart):
        events.append((r.randrange(100, 8000), "restart", r.randrange(2)))
    events.sort()
    t = 0
    stats = {"pulls": 0, "restarts": 0}
    for at, what, arg in events:
        if d.over():
            break
        t += d.run(at - t, d.over) if at > t else 0
        if d.over():
            break
        if what == "pull":
            d.cable.unplug()
            t += d.run(arg)
            d.cable.plug()
            stats["pulls"] += 1
        else:
            d.restart(arg)
            stats["restarts"] += 1
    t += d.run(GAME_LIMIT_MS, d.over)
    a, b = d.hands[0].g, d.hands[1].g
    res = {"completed": 0, "desync": 0, "false": 0, "planted": 0, "caught": 0, "ms": t,
           "rolls": max(a.rolls, b.rolls), "retransmits": a.link.arq.retransmits + b.link.arq.retransmits}
    res.update(stats)
    planted = cheater >= 0 and d.hands[cheater].cheated
    res["planted"] = 1 if planted else 0
    for side in (0, 1):
        g = d.hands[side].g
        accused = g.phase in (CHEAT, FORFEIT)
        if accused and not (planted and side != cheater and g.phase == CHEAT and g.cheat == WANT[kind]):
            res["false"] += 1
    if planted:
        honest = d.hands[1 - cheater].g
        if honest.phase == CHEAT and honest.cheat == WANT[kind]:
            res["caught"] = 1
            res["completed"] = 1
    elif a.phase == VERIFIED and b.phase == VERIFIED:
        res["completed"] = 1
        if record(a) != record(b):
            res["desync"] = 1
    res["kind"] = CHEATS[kind] if planted else ""
    return res


def run(o):
    t0 = time.time()
    s = {"games": o.games, "completed": 0, "desyncs": 0, "cheaters_planted": 0, "cheats_caught": 0,
         "false_accusations": 0, "pulls": 0, "restarts": 0, "retransmits": 0, "rolls": 0}  # fmt: skip
    per_kind = {}
    game_ms = 0
    honest = []
    watch_clock()
    for i in range(o.games):
        clock_use()  # from this game's start
        res = play_game(i, o)
        if not res["planted"]:
            honest.append(clock_use())
        s["completed"] += res["completed"]
        s["desyncs"] += res["desync"]
        s["cheaters_planted"] += res["planted"]
        s["cheats_caught"] += res["caught"]
        s["false_accusations"] += res["false"]
        s["pulls"] += res["pulls"]
        s["restarts"] += res["restarts"]
        s["retransmits"] += res["retransmits"]
        s["rolls"] += res["rolls"]
        game_ms += res["ms"]
        if res["kind"]:
            k = per_kind.setdefault(res["kind"], [0, 0])
            k[0] += 1
            k[1] += res["caught"]
    s["caught_by_kind"] = {k: "%d/%d" % (v[1], v[0]) for k, v in sorted(per_kind.items())}
    s["mean_game_s"] = round(game_ms / 1000.0 / max(1, o.games), 1)
    s["rolls_per_game"] = round(s.pop("rolls") / max(1, o.games), 1)
    s["faults_ppm"] = [o.corrupt_ppm, o.drop_ppm, o.dup_ppm]
    s.update(worst_clock(honest))
    s["wall_s"] = round(time.time() - t0, 1)
    s["targets_met"] = (
        s["completed"] == o.games
        and s["cheats_caught"] == s["cheaters_planted"]
        and s["false_accusations"] == 0
        and s["desyncs"] == 0
    )
    return s


def main(argv):
    p = argparse.ArgumentParser(prog="bench linkexpress")
    fault_options(p, 240, 2)
    o = p.parse_args(argv)
    s = run(o)
    print(json.dumps(s))
    return 0 if s["targets_met"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
