"""Link stalls: `python -m host_tools.bench stall [options]`.

A handheld reads the cable once a frame. Between two reads the bytes the
other handheld sends wait in the UART's receive buffer (rp2: a ring that the
UART interrupt fills, `rxbuf` bytes in boards/pico_oled.py); a frame that
runs longer than the buffer takes to fill loses bytes, and the link resends
them. This bench plays the link games of the memory bench (Link battle, Link
salvo, Torpedo over the cable; two handhelds on the virtual cable, the
game's ROMFS image, fixed seeds) and prints, for each, the longest frames in
device milliseconds against the link budget (docs/link-protocol.md, section 1):

  budget_ms              the longest frame the link allows: rxbuf's fill time
                         at 115200 baud less a margin (LINK_BUDGET_MS)
  worst_ms               the longest frame, modelled on the device
  over_budget            frames longer than the budget
  flash_off_ms_worst     the longest time with interrupts off for flash (in
                         that time only the UART's 32-byte FIFO receives)
  top                    the longest frames: device ms, the Python part, OLED
                         bytes, saves (bytes, erases), screen, modules first
                         imported in that frame

The model (host_tools/bench/probes/stallprobe.py): Python work is host time (less time
preempted) times K, from a loop whose RP2040 time is stated there, run again
right after each long frame (a shared host's speed varies); the
OLED costs 22.5 us a byte on the 400 kHz I2C bus; a save costs the flash's
datasheet erase and program times. Each session runs `--runs` times and a
frame counts its median.
Numbers only; nothing here fails on a slow frame.
"""

import argparse
import json
import os
import sys
import tempfile

from host_tools.bench import session as bm
from host_tools.bench.memory import merged
from host_tools.bench.probes.calib import CAL_DEVICE_US
from host_tools.paths import BUILD, FIRMWARE, PROBES
from host_tools.sim.handheld import FRAME_MS, Cable, FirmwareCrashed, parse_keys

HERE = os.path.dirname(os.path.abspath(__file__))
STALLPROBE = os.path.join(PROBES, "stallprobe.py")
BAUD = 115200
FIFO = 32  # the RP2040 UART's receive FIFO: all that arrives while interrupts are off
I2C_US_PER_BYTE = 22.5


def board_link():
    """(rxbuf, LINK_BUDGET_MS) from boards/pico_oled.py."""
    scope = {}
    with open(os.path.join(FIRMWARE, "..", "boards", "pico_oled.py")) as f:
        exec(compile(f.read(), "pico_oled.py", "exec"), scope)
    return scope["RXBUF"], scope["LINK_BUDGET_MS"]


def fill_ms(nbytes, baud=BAUD):
    """Milliseconds the line takes to bring nbytes (10 bit times each)."""
    return nbytes * 10000 / baud


def _link_layer():
    from link import frame
    from link import session as link_session

    return link_session.Link, frame


def peer_bytes(stall_ms, window=4, baud=BAUD):
    """The most bytes the other handheld can put on the cable while this one does not read it
    for stall_ms (docs/link-protocol.md, section 1): never more than the line carries, and never
    more than what its link lets out unacknowledged: the window of DATA frames in flight when the
    stall began, one more window released by acks still leaving our UART then, the whole window
    again at each retransmission timeout (go-back-N; the first counted a loop period early, as
    its timer may have started before the stall; then backing off), an ACK for each message of
    ours it takes and each keepalive, and one frame already under way."""
    Link, lf = _link_layer()
    big, small = lf.MAX_WIRE, lf.MIN_WIRE
    frame_ms = (big * 10000 + baud - 1) // baud
    ack_ms = (small * 10000 + baud - 1) // baud
    rto = 2 * (window * frame_ms + ack_ms) + Link.slack_ms
    win = window * big
    n = 2 * win + big + small * (window + 1 + int(stall_ms) // Link.keepalive_ms)
    t, step = rto - Link.slack_ms, rto
    while t <= stall_ms:
        n += win
        step = min(step * 2, Link.rto_max_ms)
        t += step
    return min(n, int(stall_ms * baud / 10000) + 1)


def stall_budget_ms(rxbuf, window=4, baud=BAUD):
    """The longest stall (ms) whose bytes rxbuf holds whatever the peer does (peer_bytes)."""
    ms = 0
    while peer_bytes(ms + 1, window, baud) <= rxbuf and ms < 60000:
        ms += 1
    return ms


# The link games of the memory bench: (name, its row there)
SESSIONS = (
    ("link_battle", "link_battle"),
    ("link_salvo", "link_salvo"),
    ("torpedo_cable", "torpedo"),
)


def _row(mode, n=2):
    for row in bm.ROWS:
        if row[0] == mode and row[2] == n:
            return row
    raise KeyError(mode)


def play_once(mode, keys, install, labels, heap, logs):
    """One session; returns each handheld's calibration numbers (its long frames go to logs)."""
    hs = []
    for i in range(2):
        env = {"BROADSIDE_SEED": str(7 + i), "BROADSIDE_STALL_LOG": logs[i]}
        hs.append(bm.handheld(install, STALLPROBE, env, heap, name="handheld %d" % (i + 1)))
    Cable(hs[0], hs[1])
    steps = parse_keys(bm.SETTLE + bm.menu_keys(mode, labels) + keys) + [(None, 0, 0, 10)]
    # One handheld works at a time (each frame answered, then run to its end before the other's):
    # two firmware processes and this one on a shared 2-core machine would preempt each other.
    try:
        for h in hs:
            h.run_to_frame()
        for who, mask, held, after in steps:
            for i in range(held + after):
                for k, h in enumerate(hs):
                    h.now = (h.now + FRAME_MS) & 0x3FFFFFFF
                    h.reply(mask if (i < held and (who is None or who == k)) else 0)
                    h.run_to_frame()
        stats = []
        for h in hs:
            h.reply(0, 8)
            h.run_to_frame()
            stats.append(merged(h))
    finally:
        for h in hs:
            h.close()
    return stats


def read_log(path, who):
    """{(handheld, frame): record} from one handheld's log (each frame's device factor k from
    the calibration run right after it)."""
    out = {}
    with open(path) as f:
        for line in f:
            r = line.strip().split(":")
            if len(r) < 13:
                continue
            out[(who, int(r[0]))] = {
                "handheld": who + 1, "frame": int(r[0]), "python": int(r[2]), "import": int(r[3]),
                "gc": int(r[4]), "oled_bytes": int(r[5]), "saves": int(r[6]), "save_bytes": int(r[7]),
                "erases": int(r[8]), "flash_off_us": int(r[9]), "screen": r[10],
                "imported": [] if r[11] == "-" else r[11].split("+"), "k": CAL_DEVICE_US / max(1, int(r[12])),
            }  # fmt: skip
    return out


def device_us(rec):
    return rec["python"] * rec["k"] + rec["oled_bytes"] * I2C_US_PER_BYTE + rec["flash_off_us"]


def merge(runs):
    """Each long frame at its median over the runs, each run's Python time scaled by the factor
    of the calibration run right after that frame (the median: a preemption the schedstat does
    not show lengthens a frame, one in the calibration shortens it). A frame some run did not
    log took under the log threshold there: it counts as 0 in that run."""
    keys = set()
    for r in runs:
        keys |= set(r)
    out = []
    for key in keys:
        got = sorted((dict(r[key], us=device_us(r[key])) for r in runs if key in r), key=lambda x: x["us"])
        if len(got) * 2 > len(runs):  # logged in most runs: the median is one of them
            out.append(got[len(got) - (len(runs) + 1) // 2])
    return sorted(out, key=lambda d: -d["us"])


def _ms(us):
    return round(us / 1000, 1)


def run_session(name, mode, install, labels, runs, heap):
    row = _row(mode)
    results, logged = [], []
    with tempfile.TemporaryDirectory(prefix="broadside-stall-") as tmp:
        for n in range(runs):
            logs = [os.path.join(tmp, "%d-%d.log" % (n, i)) for i in range(2)]
            results.append(play_once(mode, row[1], install, labels, heap, logs))
            logged.append((logs[0], logs[1]))
        plays = []
        for logs in logged:
            play = {}
            for i, path in enumerate(logs):
                play.update(read_log(path, i))
            plays.append(play)
    frames = merge(plays)
    ks = [f["k"] for f in frames]
    rxbuf, budget = board_link()
    top = frames[:6]
    return {
        "bench": "stall",
        "session": name,
        "runs": runs,
        "frames": max(int(st["frames"]) for r in results for st in r),
        "k_device_per_host": [round(min(ks)), round(max(ks))] if ks else None,
        "rxbuf": rxbuf,
        "rxbuf_fill_ms": round(fill_ms(rxbuf), 1),
        "budget_ms": budget,
        "worst_ms": _ms(top[0]["us"]) if top else 0,
        "over_budget": sum(1 for f in frames if f["us"] > budget * 1000),
        "flash_off_ms_worst": _ms(max((f["flash_off_us"] for f in frames), default=0)),
        "top": [
            {
                "ms": _ms(f["us"]),
                "python_ms": _ms(f["python"] * f["k"]),
                "import_ms": _ms(f["import"] * f["k"]),
                "gc_ms": _ms(f["gc"] * f["k"]),
                "oled_bytes": f["oled_bytes"],
                "saves": f["saves"],
                "save_bytes": f["save_bytes"],
                "flash_off_ms": _ms(f["flash_off_us"]),
                "screen": f["screen"],
                "imported": f["imported"],
                "handheld": f["handheld"],
                "frame": f["frame"],
            }
            for f in top
        ],
    }


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench stall", description=__doc__.split("\n")[0])
    names = [s[0] for s in SESSIONS]
    ap.add_argument("--session", action="append", choices=names, help="only this (repeatable)")
    ap.add_argument("--runs", type=int, default=3, help="plays of each session (a frame counts its median)")
    ap.add_argument("--heap", default="240K", help="the device has about 240 KB free")
    args = ap.parse_args(argv)
    labels = bm.mode_labels()
    install = bm.build_installs(source=False, where=os.path.join(BUILD, "bench_stall"))["mpy"]
    failed = False
    for name, mode in SESSIONS:
        if args.session and name not in args.session:
            continue
        try:
            line = run_session(name, mode, install, labels, args.runs, args.heap)
        except FirmwareCrashed as e:
            line = {"bench": "stall", "session": name, "crash": str(e).strip().splitlines()[-1][:200]}
            failed = True
        print(json.dumps(line), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
