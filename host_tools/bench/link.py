"""Link cable benchmark: `python -m host_tools.bench link [--seeds N] [--step MS] [--loss PPM,...]`,
or the fault benchmark with `--games N` (`--help` lists its options; host_tools/duel/faults.py).

Prints JSON lines:
- what=framing: frames encoded+decoded per second of CPU (CPython, and the
  MicroPython unix port when available, a rough upper bound for the RP2040).
- what=throughput: messages per second through two Links over the virtual
  115200-baud cable, polled every --step ms (the game loop), and the share of
  the wire's 11520 bytes/s that is payload.
- what=duel: a whole Battleship duel (coin flip, fleet commitments, one shot a
  turn, answers with openings, fleet reveal and check): bytes on the wire for
  the commitments, per shot and for the reveal, and simulated duration.
- what=loss: retransmissions, drops and delivery time for 100 messages (and a
  duel) at each byte-corruption rate in --loss (parts per million bytes).
"""

import argparse
import json
import os
import subprocess
import sys
import time

from host_tools.duel.cable import Cable, Pair
from host_tools.duel.session import Duel
from host_tools.paths import FIRMWARE, micropython, micropython_env
from link import frame as lf

_MP_FRAMING = """
import time
import link.frame as lf
for size in (20, 240):
    f = lf.Framer(); d = lf.Deframer([0] * lf.N_DROPS)
    payload = bytes(range(1, size + 1)) if size < 256 else bytes(size)
    n = 300
    t = time.ticks_us()
    for i in range(n):
        w = f.build(lf.T_DATA, b'abcd', i, i, payload, size)
        d.push(f.out, 0, w)
    dt = time.ticks_diff(time.ticks_us(), t)
    print(size, n * 1000000 // dt)
"""


def _emit(**kw):
    kw["bench"] = "link"
    print(json.dumps(kw, sort_keys=True))


def bench_framing():
    for size in (20, 240):
        f = lf.Framer()
        d = lf.Deframer([0] * lf.N_DROPS)
        payload = bytes((i % 255) + 1 for i in range(size))
        n = 2000
        t = time.perf_counter()
        for i in range(n):
            w = f.build(lf.T_DATA, b"abcd", i, i, payload, size)
            d.push(f.out, 0, w)
            assert d.ready == 1
        dt = time.perf_counter() - t
        _emit(what="framing", interp="cpython", payload=size, frames_per_s=int(n / dt))
    try:
        out = subprocess.run([micropython(), "-c", _MP_FRAMING], capture_output=True, text=True,
                             timeout=60, env=micropython_env(FIRMWARE)).stdout
        for line in out.split("\n"):
            if line.strip():
                size, fps = line.split()
                _emit(what="framing", interp="micropython-unix", payload=int(size), frames_per_s=int(fps))
    except (OSError, SystemExit, subprocess.SubprocessError, ValueError):
        pass


def bench_throughput(step):
    for size in (20, 240):
        p = Pair(Cable(seed=1), seed=1, step=step)
        p.run(3000, until=lambda p=p: p.status() == (6, 6))
        n = 200
        p.outbox[0] = [bytes((i % 251,)) * size for i in range(n)]
        t0 = p.t
        bytes0 = p.cable.wire_bytes[0]
        p.run(120000, until=p.delivered)
        ms = p.t - t0
        wire = p.cable.wire_bytes[0] - bytes0
        _emit(what="throughput", payload=size, poll_ms=step, messages=n, sim_ms=ms,
              messages_per_s=int(n * 1000 / ms), payload_bytes_per_s=int(n * size * 1000 / ms),
              wire_bytes_per_msg=round(wire / n, 1), wire_use_pct=round(100.0 * wire * 1000 / ms / 11520, 1))


def _duel(seed, step, corrupt_ppm=0):
    p = Pair(Cable(seed=seed, corrupt_ppm=corrupt_ppm), seed=seed, step=step)
    d = Duel(p, seed=seed)
    t = 0
    commit_bytes = shots_bytes = None
    shots_start = shots = shots_ms = 0
    while not d.done() and t < 600000:
        t += d.play(step)
        if commit_bytes is None and all(s.phase == 4 for s in d.sides):
            commit_bytes = sum(p.cable.wire_bytes)
            shots_start = t
        if shots_bytes is None and any(s.revealed for s in d.sides):
            shots_bytes = sum(p.cable.wire_bytes) - commit_bytes
            shots = sum(s.shots for s in d.sides)
            shots_ms = t - shots_start
    total = sum(p.cable.wire_bytes)
    a, b = d.sides
    stats = [link.stats() for link in p.links]
    return {
        "ok": a.cheat is None and b.cheat is None and a.result is not None,
        "sim_ms": t,
        "handshake_and_commit_bytes": commit_bytes,
        "shots": shots,
        "shot_bytes_per_shot": round(shots_bytes / shots, 1),
        "shot_phase_ms_per_shot": round(shots_ms / shots, 1),
        "reveal_bytes": total - commit_bytes - shots_bytes,
        "total_bytes": total,
        "retransmits": stats[0]["retransmits"] + stats[1]["retransmits"],
        "drops": sum(v for s in stats for k, v in s.items() if k.startswith("drop_")),
    }


def bench_duel(seeds, step):
    rows = [_duel(s + 1, step) for s in range(seeds)]
    for r in rows:
        assert r["ok"], r
    n = len(rows)
    _emit(what="duel", poll_ms=step, games=n,
          handshake_and_commit_bytes=sum(r["handshake_and_commit_bytes"] for r in rows) // n,
          shots_per_game=sum(r["shots"] for r in rows) // n,
          wire_bytes_per_shot=round(sum(r["shot_bytes_per_shot"] for r in rows) / n, 1),
          ms_per_shot=round(sum(r["shot_phase_ms_per_shot"] for r in rows) / n, 1),
          reveal_bytes=sum(r["reveal_bytes"] for r in rows) // n,
          total_bytes=sum(r["total_bytes"] for r in rows) // n,
          sim_s=round(sum(r["sim_ms"] for r in rows) / n / 1000.0, 2),
          bytes_per_shot_all_in=round(sum(r["total_bytes"] / r["shots"] for r in rows) / n, 1))


def bench_loss(losses, seeds, step):
    for ppm in losses:
        delivered_ms = []
        retx = []
        drops = []
        for s in range(seeds):
            cable = Cable(seed=100 + s, corrupt_ppm=ppm)
            p = Pair(cable, seed=100 + s, step=step)
            p.run(10000, until=lambda p=p: p.status() == (6, 6))
            p.outbox[0] = [bytes((i % 251,)) * 60 for i in range(100)]
            p.outbox[1] = [bytes((i % 241,)) * 20 for i in range(100)]
            t0 = p.t
            p.run(600000, until=p.delivered)
            assert p.delivered()
            delivered_ms.append(p.t - t0)
            st = [link.stats() for link in p.links]
            retx.append(st[0]["retransmits"] + st[1]["retransmits"])
            drops.append(sum(v for x in st for k, v in x.items() if k.startswith("drop_")))
        duel = _duel(200, step, ppm)
        # chance a 60-byte-payload frame (78 bytes on the wire) is hit by at least one bad byte
        frame_loss = 1.0 - (1.0 - ppm / 1e6) ** 78
        _emit(what="loss", corrupt_ppm=ppm, frame_loss_pct=round(100 * frame_loss, 2), messages=200,
              retransmits=sum(retx) // seeds, drops=sum(drops) // seeds,
              deliver_ms=sum(delivered_ms) // seeds, duel_ok=duel["ok"], duel_retransmits=duel["retransmits"],
              duel_sim_s=round(duel["sim_ms"] / 1000.0, 2))


def parse(argv):
    ap = argparse.ArgumentParser(
        prog="python -m host_tools.bench link",
        description="The link cable benchmark. Without --games: framing speed, throughput, a clean duel "
        "and recovery under line noise. With --games N: the fault benchmark (host_tools/duel/faults.py), "
        "N bot-vs-bot Link battles and salvos over a cable that corrupts, drops and duplicates bytes, "
        "is pulled, restarts a side and sometimes carries a lie.")
    ap.add_argument("--seeds", type=int, default=3, help="games / runs per measurement without --games (3)")
    ap.add_argument("--step", type=int, default=16, help="game loop period in ms without --games (16)")
    ap.add_argument("--loss", default="0,100,1000,5000", help="byte corruption rates, ppm, comma-separated")
    f = ap.add_argument_group("fault benchmark")
    f.add_argument("--games", type=int, default=0, help="games to play; 0 (default): the other parts")
    f.add_argument("--seed", type=int, default=1, help="seed of every game's cable, fleets and events (1)")
    f.add_argument("--corrupt-ppm", type=int, default=2000, help="bytes flipped, per million (2000)")
    f.add_argument("--drop-ppm", type=int, default=2000, help="bytes lost, per million (2000)")
    f.add_argument("--dup-ppm", type=int, default=1000, help="bytes received twice, per million (1000)")
    f.add_argument("--unplug", type=int, default=3,
                   help="cable pulls per game: one longer than the forfeit timeout, the others 0.1-20 s (3)")
    f.add_argument("--restart", type=int, default=1, help="restarts of a random side a game (1)")
    f.add_argument("--liars", type=float, default=0.1, help="share of games with a liar (0.1)")
    f.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="processes (2)")
    return ap.parse_args(argv)


def main(argv):
    try:
        a = parse(argv)
    except SystemExit as e:
        return e.code
    if a.games > 0:
        from host_tools.duel import faults as link_faults

        opts = {"games": a.games, "seed": a.seed, "corrupt_ppm": a.corrupt_ppm, "drop_ppm": a.drop_ppm,
                "dup_ppm": a.dup_ppm, "unplug": a.unplug, "restart": a.restart, "liars": a.liars}
        return link_faults.main(opts, a.jobs)
    bench_framing()
    bench_throughput(a.step)
    bench_duel(a.seeds, a.step)
    bench_loss([int(x) for x in a.loss.split(",")], a.seeds, a.step)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
