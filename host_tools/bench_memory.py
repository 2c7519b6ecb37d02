"""Memory and time budget: `python -m host_tools.bench memory [options]`.

Plays a scripted session of every game mode on the simulated handheld, run
by the MicroPython unix port from the compiled install (build/bench/mpy, the
same builder as `make bundle`, with the sim board) under a 192 KB heap. The
unix port is a 64-bit build (objects take more room than on the RP2040), so
fitting here is a stricter test than the device's ~240 KB.

One JSON line per mode:
  completed            the script ran to the end without a crash and came
                       back to the main menu (every script ends there)
  peak_heap_bytes      the live heap's peak: gc.collect() after every frame,
                       then gc.mem_alloc() (host_tools/memprobe.py)
  end_heap_bytes       live heap back at the menu (a game's modules freed?)
  import_ms            importing the mode's modules when chosen (the menu
                       row: boot, from start to the first frame)
  import_bytes         heap those modules keep while the mode runs
  frames, max_frame_ms, mean_frame_ms
                       the firmware's own work per frame on the unix port
                       (time waiting for the next frame is left out)
  bytes_to_oled_per_frame  mean and max over the session (boot: the first
                       full push)
  cursor_move          on frames where an arrow was just pressed: the most
                       bytes and display pages sent (target: <= 2 pages)
  min_heap_kb          (--min-heap) smallest heap the session completes in
Then comparison lines: sources (.py) against the compiled bundle, and lazy
loading of game modes against importing them all at boot.

Adding a mode = one row in ROWS: its label key in firmware/modes.py, a key
script (host_tools.sim syntax; 1:/2: pick a handheld when two are linked)
that plays a whole game and returns to the main menu, and the number of
handhelds. The bench walks the menu to the mode first. Rows whose mode is not
(yet) in firmware/modes.py are reported as skipped.
"""

import argparse
import json
import os

from host_tools import bundle
from host_tools.paths import BUILD, FIRMWARE
from host_tools.sim import BUTTONS, Cable, FirmwareCrashed, Handheld, parse_keys

HERE = os.path.dirname(os.path.abspath(__file__))
MEMPROBE = os.path.join(HERE, "memprobe.py")
BENCH_DIR = os.path.join(BUILD, "bench")
ARROW_KEYS = "UP,DOWN,LEFT,RIGHT"

# (mode, key script, handhelds[, the arrows that move a cursor in this mode]).
# "menu" is the main menu itself; any other mode is a label key from
# firmware/modes.py (or "settings"). Only presses of the cursor arrows count
# for the cursor_move numbers (in Settings, LEFT/RIGHT change a value).
ROWS = (
    ("menu", "DOWN,UP,UP,DOWN,WAIT500,DOWN,UP", 1),
    ("settings", "RIGHT,LEFT,DOWN,RIGHT,RIGHT,LEFT,DOWN,A,A,DOWN,RIGHT,LEFT,UP,UP,UP,B", 1, "UP,DOWN"),
)
# The target for a cursor move: at most two display pages' worth of bytes
# (two 128-byte rows with their data prefixes, and one window's commands).
CURSOR_BUDGET = 2 * (128 + 2) + 12
SETTLE = "WAIT330,"  # let boot finish drawing before the script starts


def _modes():
    """The label keys of firmware/modes.py, in menu order."""
    scope = {}
    with open(os.path.join(FIRMWARE, "modes.py")) as f:
        exec(compile(f.read(), "modes.py", "exec"), scope)
    return [m[0] for m in scope.get("MODES", ())]


def menu_keys(mode, labels):
    """Keys that open `mode` from the main menu (cursor on the first item)."""
    if mode == "menu":
        return ""
    if mode == "settings":
        return "UP,A,"  # the last item; the cursor wraps
    return "DOWN," * labels.index(mode) + "A,"


def build_bundles(compiled=True, source=True):
    """The sim-board installs the bench runs: {'mpy': dir, 'py': dir}."""
    out = {}
    if compiled:
        out["mpy"] = bundle.build("sim", os.path.join(BENCH_DIR, "mpy"), arch=None).out
    if source:
        out["py"] = bundle.build("sim", os.path.join(BENCH_DIR, "py"), compile=False).out
    return out


def _launch(install, heap, eager, n, saves_root):
    hs = []
    for i in range(n):
        env = {"BROADSIDE_MAIN": os.path.join(install, "main.py")}
        if eager:
            env["BROADSIDE_EAGER"] = "1"
        path = (os.path.join(install, "lib"),)
        saves = os.path.join(saves_root, str(i + 1)) if saves_root else None
        if saves:
            os.makedirs(saves, exist_ok=True)
        hs.append(Handheld(heap=heap, env=env, main=MEMPROBE, path=path, saves=saves, name="handheld %d" % i))
    if n == 2:
        Cable(hs[0], hs[1])
    return hs


def _pages_changed(before, oled):
    return sum(1 for p in range(len(before)) if before[p] != oled.ram[p])


def _mask(names):
    return sum(BUTTONS[k.strip().upper()] for k in names.split(",") if k.strip())


def play(
    mode, keys, n=1, install=None, heap="192K", eager=False, flags=4, saves_root=None, cursor=ARROW_KEYS
):
    """Run one session; returns the measured numbers (a dict)."""
    labels = _modes()
    if mode not in ("menu", "settings") and mode not in labels:
        return {"mode": mode, "skipped": "not in firmware/modes.py yet"}
    script = SETTLE + menu_keys(mode, labels) + keys
    cursor_mask = _mask(cursor)
    hs = _launch(install, heap, eager, n, saves_root)
    result = {"mode": mode, "handhelds": n, "heap": heap}
    cursor_bytes = []
    cursor_pages = []
    try:
        snaps = [[bytes(p) for p in h.oled.ram] for h in hs]
        edge = [False] * n
        steps = parse_keys(script) + [(None, 0, 0, 10)]
        for who, mask, held, after in steps:
            for i in range(held + after):
                for k, h in enumerate(hs):
                    m = mask if (i < held and (who is None or who == k)) else 0
                    h.frame(m, flags)
                    # the bytes just collected were drawn on the previous frame's input
                    if edge[k]:
                        cursor_bytes.append(h.frame_bytes[-1])
                        cursor_pages.append(_pages_changed(snaps[k], h.oled))
                    snaps[k] = [bytes(p) for p in h.oled.ram]
                    edge[k] = bool(i == 0 and m and not m & ~cursor_mask)
        stats = []
        for h in hs:
            h.frame(0, flags | 8)
            h.run_to_frame()
            h.reply(0)
            stats.append(dict(h.mem))
        result["completed"] = all(s.get("screen") == "Home" for s in stats)
        if not result["completed"]:
            result["ended_on"] = [s.get("screen") for s in stats]
    except FirmwareCrashed as e:
        text = str(e)
        result["completed"] = False
        result["crash"] = "MemoryError" if "MemoryError" in text else text.strip().splitlines()[-1][:200]
        return result
    finally:
        for h in hs:
            h.close()
    fb = [b for h in hs for b in h.frame_bytes[1:]]
    first = [next((b for b in h.frame_bytes if b), 0) for h in hs]
    drawn = [b for h in hs for b in _after_first(h.frame_bytes)]
    s0 = max(stats, key=lambda s: int(s["peak_live"]))
    result.update(
        peak_heap_bytes=max(int(s["peak_live"]) for s in stats),
        end_heap_bytes=max(int(s["live_now"]) for s in stats),
        boot_heap_bytes=max(int(s["boot_live"]) for s in stats),
        heap_total_bytes=int(s0["heap_total"]),
        frames=max(int(s["frames"]) for s in stats),
        boot_ms=round(max(int(s["boot_us"]) for s in stats) / 1000, 2),
        max_frame_ms=round(max(int(s["work_max_us"]) for s in stats) / 1000, 2),
        mean_frame_ms=round(
            sum(int(s["work_sum_us"]) for s in stats) / max(1, sum(int(s["frames"]) for s in stats)) / 1000, 3
        ),
        max_gc_ms=round(max(int(s["gc_max_us"]) for s in stats) / 1000, 2),
        bytes_to_oled_per_frame={
            "mean": round(sum(fb) / max(1, len(fb)), 1),
            "max": max(drawn) if drawn else 0,
            "boot": max(first),
        },
        cursor_move={
            "presses": len(cursor_bytes),
            "max_bytes": max(cursor_bytes) if cursor_bytes else 0,
            "max_page_equivalents": round(max(cursor_bytes) / 128, 2) if cursor_bytes else 0,
            "max_pages_touched": max(cursor_pages) if cursor_pages else 0,
            "ok": (max(cursor_bytes) if cursor_bytes else 0) <= CURSOR_BUDGET,
        },
    )
    imports = {}
    for s in stats:
        for k, v in s.items():
            if k.startswith("imp_") and k.endswith("_us"):
                name = k[4:-3]
                imports[name] = (int(v), int(s.get("imp_%s_bytes" % name, 0)))
    if mode == "menu":
        result["import_ms"] = result["boot_ms"]
        result["import_bytes"] = None
    elif imports:
        result["import_ms"] = round(sum(us for us, _ in imports.values()) / 1000, 2)
        result["import_bytes"] = sum(b for _, b in imports.values())
        result["modules"] = sorted(imports)
    else:
        result["import_ms"] = 0.0
        result["import_bytes"] = 0
    return result


def _after_first(frame_bytes):
    """Frame byte counts after the first one that drew (the boot's full push)."""
    seen = False
    out = []
    for b in frame_bytes:
        if seen:
            out.append(b)
        elif b:
            seen = True
    return out


def min_heap_kb(mode, keys, n, install, lo=16, hi=192, step=2):
    """Smallest heap (KB, to `step`) the session completes in, with the
    garbage collector left to run when it needs to (as on the device)."""
    if not play(mode, keys, n, install, heap="%dK" % hi, flags=0).get("completed"):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if play(mode, keys, n, install, heap="%dK" % mid, flags=0).get("completed"):
            hi = mid
        else:
            lo = mid
    return hi


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench memory", description=__doc__.split("\n")[0])
    ap.add_argument("--mode", action="append", help="only this mode (repeatable)")
    ap.add_argument("--heap", default="192K")
    ap.add_argument("--min-heap", action="store_true", help="also find each mode's smallest heap")
    ap.add_argument("--no-compare", action="store_true", help="skip the .py and imported-all comparisons")
    args = ap.parse_args(argv)
    rows = [r for r in ROWS if not args.mode or r[0] in args.mode]
    installs = build_bundles(compiled=True, source=not args.no_compare)
    ok = True
    results = {}
    for row in rows:
        mode, keys, n = row[:3]
        r = play(mode, keys, n, installs["mpy"], heap=args.heap, cursor=_cursor(row))
        if args.min_heap and r.get("completed"):
            r["min_heap_kb"] = min_heap_kb(mode, keys, n, installs["mpy"])
        results[mode] = r
        if "skipped" not in r:
            ok = ok and bool(r.get("completed"))
        print(json.dumps(dict(bench="memory", bundle="mpy", **r)), flush=True)
    if not args.no_compare:
        for line in compare(installs, args.heap, args.min_heap):
            print(json.dumps(line), flush=True)
    return 0 if ok else 1


def compare(installs, heap="192K", with_min_heap=False):
    """Sources against .mpy, and lazy against imported-all, on the menu row."""
    mode, keys, n = ROWS[0][:3]
    lines = []
    py = play(mode, keys, n, installs["py"], heap=heap)
    mpy = play(mode, keys, n, installs["mpy"], heap=heap)
    line = {
        "bench": "memory",
        "compare": "py_vs_mpy",
        "mode": mode,
        "py": _brief(py),
        "mpy": _brief(mpy),
    }
    if py.get("completed") and mpy.get("completed"):
        line["saving_bytes"] = py["peak_heap_bytes"] - mpy["peak_heap_bytes"]
        line["boot_ms_saved"] = round(py["boot_ms"] - mpy["boot_ms"], 2)
    if with_min_heap:
        line["py"]["min_heap_kb"] = min_heap_kb(mode, keys, n, installs["py"])
        line["mpy"]["min_heap_kb"] = min_heap_kb(mode, keys, n, installs["mpy"])
    lines.append(line)
    eager = play(mode, keys, n, installs["mpy"], heap=heap, eager=True)
    line = {
        "bench": "memory",
        "compare": "lazy_vs_all",
        "mode": mode,
        "modes": len(_modes()),
        "lazy": _brief(mpy),
        "all_imported": _brief(eager),
    }
    if eager.get("completed") and mpy.get("completed"):
        line["saving_bytes"] = eager["peak_heap_bytes"] - mpy["peak_heap_bytes"]
    lines.append(line)
    return lines


def _cursor(row):
    return row[3] if len(row) > 3 else ARROW_KEYS


def _brief(r):
    keys = ("completed", "peak_heap_bytes", "end_heap_bytes", "boot_ms", "crash")
    return {k: r[k] for k in keys if k in r}


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
