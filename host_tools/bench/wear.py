"""Flash wear of a Link battle's saves: `python -m host_tools.bench wear [--variant V]`.

A whole Link battle (classic, then salvo) between two bots on the virtual cable
(host_tools.duel.battle), the first handheld's saves recorded as link.match makes them (the
peer's commitments when more came, the game; Storage.ahead in its quiet frames; a save made in
the frame that took a SHOT holds its ANSWER), then replayed under MicroPython on a real
littlefs in RAM that counts the sector erases (probes/wearprobe.py), both ways: plain saves
(before issue 43) and saves into flash erased ahead (core.savelog). One JSON line a variant and
way: saves, erases in the game, answer saves and the erases in them (issue 43: 0 ahead).
Returns 1 when an answer save erased with flash erased ahead."""

import argparse
import json
import os
import subprocess
import sys
import tempfile

from host_tools.paths import BOARDS, FIRMWARE, PROBES, micropython

KEYS = ("way", "saves", "erases", "answer_saves", "erases_in_answer_saves", "most_in_an_answer_save")


def record(variant, seeds=(7, 8)):
    """The first handheld's storage calls over a whole battle: [(op, name, bytes or saves)]."""
    from battleship.cable.game import commitments
    from host_tools.duel.battle import Duel

    d = Duel(seeds=seeds, variant=variant)
    h = d.hands[0]
    ops = []

    def step(now):
        shot_at = sum(h.g.fleet.shots)
        h.play(now)
        g = h.g
        saved = g.needs_save()
        if saved:
            if g.peer.got != h.saved_got:
                ops.append(("save", "lkpeer", len(commitments(g))))
                h.saved_got = g.peer.got
            size = sum(len(p) for p in g.data()) + 9  # and the slot's head (core.app.game_head)
            ops.append(("answer" if sum(g.fleet.shots) > shot_at else "save", "g_link_battle", size))
        if g.quiet(saved):
            ops.append(("ahead", "g_link_battle", g.quiet(saved)))

    h.step = step
    d.play(3600000)
    return ops, d.hands[0].g.phase


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench wear", description=__doc__.split("\n")[0])
    ap.add_argument("--variant", choices=("classic", "salvo", "both"), default="both")
    args = ap.parse_args(argv)
    from battleship.rules import CLASSIC, SALVO

    missed = False
    for name, variant in (("classic", CLASSIC), ("salvo", SALVO)):
        if args.variant not in (name, "both"):
            continue
        ops, phase = record(variant)
        with tempfile.NamedTemporaryFile("w", suffix=".ops", delete=False) as f:
            for op in ops:
                f.write("%s %s %d\n" % op)
        env = dict(os.environ, MICROPYPATH=":".join((FIRMWARE, BOARDS, ".frozen")))
        try:
            cmd = [micropython(), "-X", "heapsize=8M", os.path.join(PROBES, "wearprobe.py"), f.name]
            run = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
        finally:
            os.remove(f.name)
        if run.returncode:
            print(json.dumps({"bench": "wear", "variant": name, "failed": run.stderr[-400:]}))
            missed = True
            continue
        for line in run.stdout.splitlines():
            got = json.loads(line)  # (MicroPython's dict order is not insertion order)
            out = {"bench": "wear", "variant": name, "game_over": phase >= 5}
            out.update((k, got[k]) for k in KEYS)
            missed = missed or (out["way"] == "ahead" and out["erases_in_answer_saves"] > 0)
            print(json.dumps(out), flush=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
