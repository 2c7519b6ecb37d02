"""Torpedo Attack over a faulty cable: bot-vs-bot games with planted cheaters (issue 26.5).

`python -m host_tools.bench torpedolink --games 1000 --seed 1` plays games of host_tools/duel/torpedo.py:
two handhelds each running the real torpedo.cable.match.CableMatch (link.session, link.arq,
link.frame, link.commit, link.match, torpedo.cable.game and the Torpedo engine), ticked once a
33 ms frame as the App does, a save written whenever the match asks (CableMatch.data(), loaded
back by CableMatch.load() at a restart), and a bot in place of each player and its screens
(placing, calls, torpedo presses on or off the periscope's sight, the shoot-out). On virtual
time over host_tools.duel.faults.FaultCable (bytes corrupted, dropped and duplicated at the
given rates per million); drift speed (level) and the touching rule vary from game to game. In
each game the cable is pulled `--unplug` times (one pull 31 to 40 s, longer than the forfeit
timeout, where a side owes a message that forfeits: its coin at the start or its fleet at the
end; the others 0.1 to 20 s, at random points) and a random side restarts from its save
`--restart` times (half of them a power cut between a frame's step and its save). A share
`--cheaters` of the games (default: half, the odd ones) has a random side lie, the kinds in
turn (host_tools/duel/torpedo.py KINDS: a press claimed as the hit or miss the drift says it was not, a
false answer, a "ship located" naming another ship, a hidden "ship located", a fleet other than
the committed one at the end, a coin that does not open its commitment, the fleet withheld at
the end). The liar's own game follows its lie, so that the game goes on to where it is caught.

Prints one JSON line. Targets: every game completed (both sides verified the same game, or the
honest side caught the cheat and named it as what it was), 0 desyncs (an honest game whose two
sides disagree about the result, the scores, the turns or any call), every planted cheat caught
by kind, 0 false accusations (a cheat or forfeit named against a side that did not cheat, or the
wrong cheat named).
"""

import argparse
import json
import random
import sys
import time

from host_tools.duel.clock import clock_use, watch_clock, worst_clock
from host_tools.duel.faults import (
    Event,
    FaultCable,
    fault_frame,
    fault_options,
    fault_opts,
    play_games,
    totals,
)
from host_tools.duel.torpedo import KINDS, STEP_MS, WANT, Cheat, Duel, public
from torpedo.rules import OVER, SHOOTOUT

GAME_LIMIT_MS = 1800000  # a game not over in 30 min of game time counts as not completed
SHORT_PULL = (100, 20000)
LONG_PULL = (31000, 40000)  # past the 30 s forfeit timeout (link.match)
_FLIP = 1  # torpedo.cable.match's stage: the coin toss


def _met(k, hands):
    """A trigger of link_faults.Event's met: calls made on both sides, a side's game over, or a
    side tossing its coin."""
    if k[0] == "calls":
        return sum(_calls(h) for h in hands) >= k[1]
    if k[0] == "over":
        return any(h.m.g is not None and h.m.g.phase == OVER for h in hands)
    return any(h.m.stage == _FLIP for h in hands)  # "coin"


def _calls(h):
    g = h.m.g
    if g is None or not h.m.ready():
        return 0
    return sum(1 for c in g.marks[h.m.me] if c)


def _random_trigger(r):
    x = r.random()
    if x < 0.2:
        return ("ms", r.randrange(200, 15000))  # the handshake, the coin, placing, the commitments
    if x < 0.3:
        return ("over", r.randrange(0, 1500))  # the reveals
    return ("calls", r.randrange(0, 120), r.randrange(0, 3000))  # a game has 100 to 140 calls


def play_game(i, o):
    watch_clock()
    clock_use()  # from this game's start
    r = random.Random(o["seed"] * 100003 + i)
    cable = FaultCable(o["seed"] * 7919 + i, o["corrupt_ppm"], o["drop_ppm"], o["dup_ppm"])
    cheat = None
    c = o["cheaters"]
    if int((i + 1) * c) > int(i * c):  # a share c of the games, evenly spread, the kinds in turn
        kinds = o.get("kinds") or KINDS
        cheat = Cheat(kinds[int(i * c) % len(kinds)], r.randrange(2))
    aim = r.choice((40, 60, 90))  # 90: many first-torpedo hits, ties, shoot-outs
    d = Duel(seeds=(r.randrange(1, 1 << 20), r.randrange(1, 1 << 20)), level=r.randrange(3),
             touching=r.random() < 0.5, aims=(aim, aim), cable=cable, cheat=cheat)  # fmt: skip
    pulls = [Event(r.randrange(*SHORT_PULL), _random_trigger(r)) for _ in range(max(0, o["unplug"] - 1))]
    if o["unplug"] > 0:
        where = ("coin", 0) if r.random() < 0.5 else ("over", 0)
        pulls.append(Event(r.randrange(*LONG_PULL), where))
    restarts = [Event((r.randrange(2), r.random() < 0.5), _random_trigger(r)) for _ in range(o["restart"])]
    phase = r.randrange(1, STEP_MS)  # handheld 1's frames start this long after handheld 0's
    start = d.now
    shootout = False
    while not d.over() and d.now - start < GAME_LIMIT_MS:
        d.now += STEP_MS
        t = d.now - start
        fault_frame(d, cable, t, pulls, restarts, phase, _met, over=lambda h: h.over())
        for h in d.hands:
            g = h.m.g
            shootout = shootout or (g is not None and g.phase == SHOOTOUT)
    a, b = d.hands
    res = {"completed": 0, "desync": 0, "false": 0, "planted": 0, "caught": 0, "ms": d.now - start,
           "restarts": sum(e.done for e in restarts), "long_pull": 1 if pulls and pulls[-1].when >= 0 else 0,
           "renewals": a.renewals + b.renewals, "shootout": 1 if shootout else 0,
           "retransmits": sum(h.retransmits + h.m.link.arq.retransmits for h in d.hands),
           "calls": _calls(a) + _calls(b), "kind": ""}  # fmt: skip
    planted = cheat is not None and cheat.told
    if planted:
        res["planted"] = 1
        res["kind"] = cheat.kind
        honest = d.hands[1 - cheat.side].m
        if honest.cheat is not None and honest.cheat.code == WANT[cheat.kind]:
            res["caught"] = res["completed"] = 1
        else:
            res["why"] = honest.cheat.text if honest.cheat is not None else "not caught"
    for side in (0, 1):
        m = d.hands[side].m
        if m.cheat is not None and not (planted and side != cheat.side and res["caught"]):
            res["false"] += 1
            res["why"] = "side %d: %s" % (side, m.cheat.text)
    if not planted:
        if a.over() and b.over():
            res["completed"] = 1 if res["false"] == 0 else 0
            if res["completed"] and public(a.m.g) != public(b.m.g):
                res["desync"] = 1
        elif "why" not in res:
            res["why"] = "not over: stages %d %d" % (a.m.stage, b.m.stage)
    res["clock"] = clock_use()
    return res


def _run(args):
    return play_game(*args)


def run(o, jobs=1):
    t0 = time.time()
    rows = play_games(_run, o, jobs)
    n = len(rows)
    kinds = {}
    for k in o.get("kinds") or KINDS:
        mine = [x for x in rows if x["kind"] == k]
        kinds[k] = "%d/%d" % (sum(x["caught"] for x in mine), len(mine))
    s = {
        "bench": "torpedolink",
        "games": n,
        "honest_games": sum(1 for x in rows if not x["planted"]),
        "caught_by_kind": kinds,
        "calls_per_game": round(sum(x["calls"] for x in rows) / max(1, n), 1),
        "retransmits_per_game": round(sum(x["retransmits"] for x in rows) / max(1, n), 1),
        "mean_game_s": round(sum(x["ms"] for x in rows) / 1000.0 / max(1, n), 1),
        "faults_ppm": [o["corrupt_ppm"], o["drop_ppm"], o["dup_ppm"]],
        "unplug": o["unplug"],
        "restart": o["restart"],
        "seed": o["seed"],
        "jobs": jobs,
        "wall_s": round(time.time() - t0, 1),
        "not_completed": [(i, x["kind"], x.get("why")) for i, x in enumerate(rows) if not x["completed"]][:5],
    }
    s.update(worst_clock([x["clock"] for x in rows if not x["planted"]]))
    s.update(totals(rows, completed="completed", desyncs="desync", cheaters_planted="planted",
                    cheats_caught="caught", false_accusations="false", shootouts="shootout",
                    restarts="restarts", long_pulls="long_pull",
                    new_games_on_differing_saves="renewals"))  # fmt: skip
    s["targets_met"] = (
        s["completed"] == n
        and s["desyncs"] == 0
        and s["cheats_caught"] == s["cheaters_planted"]
        and s["false_accusations"] == 0
    )
    return s


def main(argv):
    p = argparse.ArgumentParser(prog="bench torpedolink", description=__doc__.split("\n")[0])
    fault_options(p, 140, 3)  # of the 3 pulls a game, one is long
    p.add_argument("--jobs", type=int, default=1, help="processes (1)")
    a = p.parse_args(argv)
    s = run(fault_opts(a), a.jobs)
    print(json.dumps(s))
    return 0 if s["targets_met"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
