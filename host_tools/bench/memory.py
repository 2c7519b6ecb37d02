"""Memory and time budget: `python -m host_tools.bench memory [options]`.

Plays a scripted whole game of every mode (host_tools/bench/session.py ROWS) on the simulated
handheld from the game's ROMFS image under the 192 KB heap and prints one JSON line per mode,
then the tour and two comparisons; `--help` says what each field means."""

import argparse
import json
import os

from host_tools.bench.session import (
    BENCH_DIR,
    MEMPROBE,
    ROWS,
    SETTLE,
    build_installs,
    game_over,
    handheld,
    menu_keys,
    mode_labels,
    split_at_end,
)
from host_tools.paths import FIRMWARE, HEAP, HEAP_BYTES
from host_tools.sim.handheld import BUTTONS, Cable, FirmwareCrashed, parse_keys

OUTPUT = """\
Plays a scripted session of every game mode on the simulated handheld, run
by the MicroPython unix port from the game's ROMFS image (build/romfs, the
bytes the Broadside firmware carries; host_tools/sim/romboot.py mounts it at
/rom and the modules run in place) under a 192 KB heap: the process gets
192 KB's pool plus exactly the room the image's bytearray takes
(host_tools.paths.rom_heap), and every heap figure below leaves the image out.
The unix port is a 64-bit build (objects take more room than on the
RP2040), so fitting here is a stricter test than the device's ~240 KB.

One JSON line per mode:
  completed            the script ran to the end without a crash and came
                       back to the main menu (every script ends there)
  peak_heap_bytes      the live heap's peak: gc.collect() after every frame,
                       then gc.mem_alloc() (host_tools/bench/probes/memprobe.py), less
                       probe_heap_bytes (the interpreter, the launcher, the
                       image's bytearray and the probe, in use before the
                       firmware starts)
  heap_total_bytes     the pool the game has: the process's, less rom_heap_bytes
  rom_heap_bytes       the image's bytearray (romboot's ROM_BYTES; 0 from sources)
  probe_heap_bytes     the interpreter, the launcher and the probe (the image left out)
  peak_screen, peak_modules  the screen on top at that peak, and every
                       module imported then (where to look for savings)
  boot_heap_bytes      live heap at the first frame (code of the menu, buffers)
  end_heap_bytes       live heap back at the menu; left_loaded names any game
                       module still imported (lazy loading should leave none)
  import_ms            importing the mode's modules when chosen (the menu
                       row: boot, from start to the first frame)
  import_bytes         heap those modules keep while the mode runs
  frames, max_frame_ms, mean_frame_ms, max_gc_ms
                       the firmware's own work per frame on the unix port
                       (waiting for the next frame is left out; gc.collect
                       after the frame is timed apart)
  bytes_to_oled_per_frame  mean and max over the session (boot: the first
                       full push, left out of max)
  cursor_move          frames where a cursor arrow was just pressed: most
                       bytes, in 128-byte pages, pages touched; ok when at
                       most two pages' worth were sent
  min_heap_kb          (--min-heap) smallest heap the session completes in,
                       garbage collected only when needed (as on the device)
Then the tour (mode "tour", host_tools/bench/soak.py): one session enters
every mode in turn (its first screen) and comes back; menu_heap is the live
heap at the main menu after each, qstrs the names the interpreter holds
then (interned for good: the heap a first visit keeps), visit_bytes what
each visit added. Then two comparisons on the menu: sources (.py, a files install) against
the image ("mpy": its compiled modules, run in place), and lazy loading against importing
every game mode and every other module of the install at boot; and a summary line.
Exit status 1 when a mode does not complete.

Adding a mode = one row in ROWS: its label key in firmware/core/modes.py, a key
script (host_tools.sim.handheld syntax; 1:/2: pick a handheld when two are linked)
that plays a whole game and returns to the main menu, and the number of
handhelds. The bench walks the menu to the mode first. Rows whose mode is not
(yet) in firmware/core/modes.py are reported as skipped.
"""
ARROW_KEYS = "UP,DOWN,LEFT,RIGHT"


# A cursor move may send at most two display pages' worth of bytes: two
# 128-byte page rows with their data prefixes, and one window's commands.
CURSOR_BUDGET = 2 * (128 + 2) + 12


def _launch(install, heap, eager, n, warm=False):
    hs = []
    for i in range(n):
        # fixed seeds: every game mode replays the same game each run (two handhelds on a
        # cable need seeds of their own, or their nonces and coins would be the same)
        env = {"BROADSIDE_SEED": str(7 + i)}
        if eager:
            env["BROADSIDE_EAGER"] = "1"
        if warm:
            env["BROADSIDE_WARM"] = "1"
        hs.append(handheld(install, MEMPROBE, env, heap, name="handheld %d" % (i + 1)))
    if n == 2:
        Cable(hs[0], hs[1])
    return hs


def _mask(names):
    return sum(BUTTONS[k.strip().upper()] for k in names.split(",") if k.strip())


def play(
    mode,
    keys,
    n=1,
    install=None,
    heap=HEAP,
    eager=False,
    flags=4,
    cursor=ARROW_KEYS,
    labels=None,
    warm=False,
):
    """Run one session from the main menu; returns the numbers (a dict).
    flags 4: collect garbage after every frame (peak live heap); 0: leave
    the collector to run when the heap fills, as on the device."""
    labels = mode_labels() if labels is None else labels
    if mode not in ("menu", "settings") and mode not in labels:
        return {"mode": mode, "skipped": "not in firmware/core/modes.py yet"}
    keys, after = split_at_end(keys)
    steps = parse_keys(SETTLE + menu_keys(mode, labels) + keys)
    stop = len(steps) if after else -1  # play stops at the game's end (session.UNTIL_END)
    steps += parse_keys(after) + [(None, 0, 0, 10)]
    cursor_mask = _mask(cursor)
    hs = _launch(install, heap, eager, n, warm)
    result = {"mode": mode, "handhelds": n, "heap": heap}
    if warm:
        result["names"] = "all"  # every game module's names interned first, as after an evening
    moves = []  # (bytes, pages touched) of each cursor move
    try:
        snaps = [[bytes(p) for p in h.oled.ram] for h in hs]
        edge = [False] * n
        since = [0] * n
        j = 0
        while j < len(steps):
            who, mask, held, after = steps[j]
            j += 1
            if j < stop and game_over(hs, since):
                j = stop  # the game is over: on to the keys after it
                continue
            for i in range(held + after):
                for k, h in enumerate(hs):
                    m = mask if (i < held and (who is None or who == k)) else 0
                    h.frame(m, flags)
                    if edge[k]:  # the bytes just collected answer the previous frame's press
                        ram = h.oled.ram
                        moves.append((h.frame_bytes[-1], sum(1 for p in range(8) if snaps[k][p] != ram[p])))
                    snaps[k] = [bytes(p) for p in h.oled.ram]
                    edge[k] = bool(i == 0 and m and not m & ~cursor_mask)
        stats = []
        for h in hs:
            h.frame(0, flags | 8)
            h.run_to_frame()
            h.reply(0)
            stats.append(merged(h))
    except FirmwareCrashed as e:
        text = str(e)
        result["completed"] = False
        result["crash"] = "MemoryError" if "MemoryError" in text else text.strip().splitlines()[-1][:200]
        if os.environ.get("BROADSIDE_CRASH_LOG"):
            with open(os.environ["BROADSIDE_CRASH_LOG"], "w") as f:
                f.write(text)
        return result
    finally:
        for h in hs:
            h.close()
    result["completed"] = all(s.get("screen") == "Home" for s in stats)
    if not result["completed"]:
        result["ended_on"] = [s.get("screen") for s in stats]
    result.update(_numbers(stats, hs, moves))
    result["left_loaded"] = sorted({m for s in stats for m in s.get("loaded", "").split(",") if m})
    worst = max(stats, key=lambda s: int(s["peak_live"]))
    screen, _, loaded = worst.get("peak_at", "").partition(":")
    result["peak_screen"] = screen
    result["peak_modules"] = sorted(m for m in loaded.split(",") if m)  # (sorted here, not in the probe)
    imports = {}
    for s in stats:
        for k, v in s.items():
            if k.startswith("imp_") and k.endswith("_us"):
                name = k[4:-3]
                imports[name] = (int(v), int(s.get("imp_%s_bytes" % name, 0)))
    if mode == "menu":
        result["import_ms"] = result["boot_ms"]
        result["import_bytes"] = result["boot_heap_bytes"]
    else:
        result["import_ms"] = round(sum(us for us, _ in imports.values()) / 1000, 2)
        result["import_bytes"] = sum(b for _, b in imports.values())
        result["modules"] = sorted(imports)
    return result


def merged(h):
    """A handheld's numbers over the whole session: the firmware restarts on its way back
    to the menu after a game (hw.reset), and each process reported before it ended."""
    runs = h.mems + [h.mem]
    out = dict(runs[-1])
    for key in ("peak_live", "work_max_us", "gc_max_us", "heap_total", "probe_start"):
        out[key] = str(max(int(r.get(key, 0)) for r in runs))
    for key in ("frames", "work_sum_us"):
        out[key] = str(sum(int(r.get(key, 0)) for r in runs))
    for key in ("boot_us", "boot_live"):
        out[key] = runs[0].get(key, "0")
    out["peak_at"] = max(runs, key=lambda r: int(r.get("peak_live", 0))).get("peak_at", "")
    for r in runs:
        for k, v in r.items():
            if k.startswith("imp_"):
                out.setdefault(k, v)
    out["restarts"] = str(h.restarts)
    return out


def _numbers(stats, hs, moves):
    def most(key):
        return max(int(s[key]) for s in stats)

    def heap(key):  # the firmware's part: less what was in use before it started
        return max(int(s[key]) - int(s["probe_start"]) for s in stats)

    frames = sum(int(s["frames"]) for s in stats)
    sent = [b for h in hs for b in h.frame_bytes[1:]]
    drawn = [b for h in hs for b in _after_first(h.frame_bytes)]
    worst = max(moves) if moves else (0, 0)
    return {
        "peak_heap_bytes": heap("peak_live"),
        "boot_heap_bytes": heap("boot_live"),
        "end_heap_bytes": heap("live_now"),
        "heap_total_bytes": most("heap_total"),
        "rom_heap_bytes": max(int(s.get("rom_bytes", 0)) for s in stats),
        "probe_heap_bytes": max(int(s["probe_start"]) - int(s.get("rom_bytes", 0)) for s in stats),
        "frames": most("frames"),
        "boot_ms": round(most("boot_us") / 1000, 2),
        "max_frame_ms": round(most("work_max_us") / 1000, 2),
        "mean_frame_ms": round(sum(int(s["work_sum_us"]) for s in stats) / max(1, frames) / 1000, 3),
        "max_gc_ms": round(most("gc_max_us") / 1000, 2),
        "bytes_to_oled_per_frame": {
            "mean": round(sum(sent) / max(1, len(sent)), 1),
            "max": max(drawn) if drawn else 0,
            "boot": max(next((b for b in h.frame_bytes if b), 0) for h in hs),
        },
        "cursor_move": {
            "presses": len(moves),
            "max_bytes": worst[0],
            "max_pages": round(worst[0] / 128, 2),
            "max_pages_touched": max(p for _, p in moves) if moves else 0,
            "ok": worst[0] <= CURSOR_BUDGET,
        },
    }


def _after_first(frame_bytes):
    """Frame byte counts after the first that drew anything (boot's full push)."""
    seen = False
    out = []
    for b in frame_bytes:
        if seen:
            out.append(b)
        elif b:
            seen = True
    return out


def min_heap_kb(mode, keys, n, install, labels=None, lo=16, hi=HEAP_BYTES // 1024, step=2):
    """Smallest heap (KB, to `step`) the session completes in, the garbage
    collector left to run when it must (as on the device); None if not even hi."""

    def fits(kb):
        return play(mode, keys, n, install, heap="%dK" % kb, flags=0, labels=labels).get("completed")

    if not fits(hi):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if fits(mid):
            hi = mid
        else:
            lo = mid
    return hi


def compare(installs, heap=HEAP, labels=None):
    """On the menu: sources against .mpy; lazy game modes against all imported."""
    mode, keys, n = ROWS[0][:3]
    labels = mode_labels() if labels is None else labels
    py = play(mode, keys, n, installs["py"], heap=heap, labels=labels)
    mpy = play(mode, keys, n, installs["mpy"], heap=heap, labels=labels)
    # Everything imported at boot may well not fit the capped heap (that is
    # why modes load lazily): measure it with room to spare, and say whether
    # it would have fitted.
    eager = play(mode, keys, n, installs["mpy"], heap="1024K", eager=True, labels=labels)
    eager_fits = play(mode, keys, n, installs["mpy"], heap=heap, eager=True, labels=labels).get("completed")
    py_min = min_heap_kb(mode, keys, n, installs["py"], labels)
    mpy_min = min_heap_kb(mode, keys, n, installs["mpy"], labels)
    out = []
    line = {"bench": "memory", "compare": "py_vs_mpy", "mode": mode, "py": _brief(py), "mpy": _brief(mpy)}
    line["py"]["min_heap_kb"] = py_min
    line["mpy"]["min_heap_kb"] = mpy_min
    if py.get("completed") and mpy.get("completed"):
        line["live_heap_saved_bytes"] = py["peak_heap_bytes"] - mpy["peak_heap_bytes"]
        line["min_heap_saved_kb"] = (py_min or 0) - (mpy_min or 0)
        line["boot_ms_saved"] = round(py["boot_ms"] - mpy["boot_ms"], 2)
    out.append(line)
    line = {
        "bench": "memory",
        "compare": "lazy_vs_all_imported",
        "mode": mode,
        "game_modes": len(labels),
        "lazy": _brief(mpy),
        "all_imported": _brief(eager),
        "all_imported_fits_%s" % heap: bool(eager_fits),
    }
    if eager.get("completed") and mpy.get("completed"):
        line["saved_bytes"] = eager["peak_heap_bytes"] - mpy["peak_heap_bytes"]
    out.append(line)
    return out


def _brief(r):
    keys = ("completed", "peak_heap_bytes", "boot_heap_bytes", "boot_ms", "crash")
    return {k: r[k] for k in keys if k in r}


def _cursor(row):
    return row[3] if len(row) > 3 else ARROW_KEYS


def run(
    rows=ROWS,
    heap=HEAP,
    with_min_heap=False,
    with_compare=True,
    firmware_dir=FIRMWARE,
    where=BENCH_DIR,
    with_tour=False,
    warm=False,
):
    """Every row, then the comparisons and a summary: a list of JSON-able lines."""
    labels = mode_labels(firmware_dir)
    installs = build_installs(source=with_compare, firmware_dir=firmware_dir, where=where)
    lines = []
    for row in rows:
        mode, keys, n = row[:3]
        r = play(mode, keys, n, installs["mpy"], heap=heap, cursor=_cursor(row), labels=labels, warm=warm)
        if with_min_heap and r.get("completed"):
            r["min_heap_kb"] = min_heap_kb(mode, keys, n, installs["mpy"], labels)
        lines.append(dict(bench="memory", bundle="romfs", **r))
    if with_tour:
        from host_tools.bench import soak as bench_soak

        lines.append(bench_soak.tour(installs["mpy"], heap))
    played = [x for x in lines if "skipped" not in x]
    if with_compare:
        lines += compare(installs, heap, labels)
    lines.append(
        {
            "bench": "memory",
            "summary": True,
            "heap": heap,
            "modes_played": [x["mode"] for x in played],
            "modes_skipped": [x["mode"] for x in lines if "skipped" in x],
            "all_completed": all(x.get("completed") for x in played),
            "worst_peak_heap_bytes": max((x.get("peak_heap_bytes", 0) for x in played), default=0),
            "worst_max_frame_ms": max((x.get("max_frame_ms", 0) for x in played), default=0),
            "cursor_moves_ok": all(x.get("cursor_move", {}).get("ok", True) for x in played),
        }
    )
    return lines


def main(argv):
    ap = argparse.ArgumentParser(
        prog="python -m host_tools.bench memory",
        description=__doc__.split("\n")[0],
        epilog=OUTPUT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--mode", action="append", help="only this mode (repeatable)")
    ap.add_argument("--heap", default=HEAP)
    ap.add_argument("--min-heap", action="store_true", help="also find each mode's smallest heap")
    ap.add_argument("--no-compare", action="store_true", help="skip the .py and imported-all comparisons")
    ap.add_argument("--no-tour", action="store_true", help="skip the tour of every mode in one session")
    ap.add_argument(
        "--warm",
        action="store_true",
        help="every game module's names interned before each row (the heap after an evening)",
    )
    args = ap.parse_args(argv)
    rows = [r for r in ROWS if not args.mode or r[0] in args.mode]
    tour = not args.no_tour and not args.mode
    lines = run(rows, args.heap, args.min_heap, not args.no_compare, with_tour=tour, warm=args.warm)
    for line in lines:
        print(json.dumps(line), flush=True)
    return 0 if lines[-1]["all_completed"] else 1


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
