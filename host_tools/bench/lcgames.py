"""The card game over the cable at scale: CPU-vs-CPU linked card games over the fault cable, with
planted cheaters (`python -m host_tools.bench lcgames --games 40`; `--help`).

Each game is two handhelds of host_tools.duel.cards.WireDuel (the real link.session, link.arq, link.frame,
link.deck and cards.cable, each side's CPU playing cards.ai, a save written whenever the game
asks) on virtual time (a step per handheld every 33 ms) over host_tools.duel.faults.FaultCable
(bytes corrupted, dropped and duplicated), pulled `--unplug` times for 0.1 to 20 s and with
`--restart` restarts of a random side from its last save, at random points of the game. In a
share `--cheaters` of the games side 1 cheats once, the kinds in turn: a lie about a search, a
card not in its hand, a stacked deck (half of them found only at the end), a wrong decryption.

Counted (one JSON document, targets after the colon): completed (= games: honest games verified
on both sides, cheats caught by the honest side), desyncs (honest games whose two sides' move logs
or winners differ: 0), cheats / caught (= cheats) by kind, false_accusations (an honest side
naming a cheat in an honest game: 0).
"""

import argparse
import json
import random
import sys
import time

from cards.cable.game import CHEAT, DONE
from host_tools.duel.cards import KINDS, WireDuel
from host_tools.duel.clock import clock_use, watch_clock, worst_clock
from host_tools.duel.faults import FaultCable, fault_options, fault_opts

GAME_LIMIT_MS = 3600000  # an hour of game time


def play_game(i, o):
    watch_clock()
    clock_use()  # from this game's start
    seed = o["seed"] * 1000 + i
    r = random.Random(seed)
    kind = KINDS[i // 2 % len(KINDS)] if i % 2 and r.random() < 2 * o["cheaters"] else None
    cable = FaultCable(seed, o["corrupt_ppm"], o["drop_ppm"], o["dup_ppm"])
    d = WireDuel(seed, (i // 4) % 2, cable=cable, cheat=kind)  # standard and beginner, honest and not
    events = sorted([(r.randrange(2000, 120000), "pull") for _ in range(o["unplug"])] +
                    [(r.randrange(2000, 120000), "restart") for _ in range(o["restart"])])
    t = 0
    for at, what in events:
        t += d.run(at - t)
        if d.done():
            break
        if what == "pull":
            d.cable.unplug()
            t += d.run(r.randrange(100, 20000), lambda: False)
            d.cable.plug()
        else:
            d.restart(r.randrange(2))
    t += d.run(GAME_LIMIT_MS - t)
    g0, g1 = d.w[0], d.w[1]
    res = {"kind": kind, "ms": t, "lied": d.liar.lied if d.liar else False}
    if kind is None:
        res["completed"] = g0 is not None and g1 is not None and g0.phase == DONE and g1.phase == DONE
        res["desync"] = res["completed"] and (g0.log != g1.log or g0.winner != g1.winner)
        res["false"] = any(g is not None and g.phase == CHEAT for g in (g0, g1))
        res["why"] = [g.cheat for g in (g0, g1) if g is not None and g.cheat]
    else:
        res["caught"] = g0 is not None and g0.phase == CHEAT
        res["completed"] = res["caught"] or (g0 is not None and g0.phase == DONE and not res["lied"])
        res["false"] = False
        res["why"] = g0.cheat if g0 is not None else None
    res["retransmits"] = sum(w.link.stats()["retransmits"] for w in d.w)
    res["clock"] = clock_use()
    return res


def run(o):
    t0 = time.time()
    rows = [play_game(i, o) for i in range(o["games"])]
    kinds = {}
    for k in KINDS:
        mine = [x for x in rows if x["kind"] == k and x["lied"]]
        kinds[k] = {"cheats": len(mine), "caught": sum(1 for x in mine if x["caught"])}
    honest = [x for x in rows if x["kind"] is None]
    s = {
        "games": len(rows),
        "completed": sum(1 for x in rows if x["completed"]),
        "honest_games": len(honest),
        "desyncs": sum(1 for x in honest if x["desync"]),
        "cheats": sum(v["cheats"] for v in kinds.values()),
        "caught": sum(v["caught"] for v in kinds.values()),
        "by_kind": kinds,
        "false_accusations": sum(1 for x in rows if x["false"]),
        "mean_game_s": round(sum(x["ms"] for x in rows) / max(1, len(rows)) / 1000, 1),
        "retransmits_per_game": round(sum(x["retransmits"] for x in rows) / max(1, len(rows)), 1),
        "options": o,
        "wall_s": round(time.time() - t0, 1),
        "not_completed": [(i, x["kind"], x["why"]) for i, x in enumerate(rows) if not x["completed"]][:5],
    }
    s.update(worst_clock([x["clock"] for x in honest]))
    return s


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    fault_options(ap, 40, 2)
    s = run(fault_opts(ap.parse_args(argv)))
    print(json.dumps(s))  # one line, as every bench prints
    ok = s["completed"] == s["games"] and s["caught"] == s["cheats"] and s["false_accusations"] == 0
    return 0 if ok and s["desyncs"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
