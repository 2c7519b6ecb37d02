"""The real rp2 firmware: `python -m host_tools.bench rp2 [CHECK...] [--firmware F.uf2]`.

Boots the install `make flash` puts on a handheld, as a littlefs image, on MicroPython v1.28.0
for RPI_PICO in the rp2040py emulator (host_tools/device/rp2pico.py) and prints one JSON line per
check, every time in emulated milliseconds (the emulator counts Cortex-M0+ cycles at 125 MHz;
it models neither flash erase/program time nor XIP cache misses, so a real Pico is slower by
those). Numbers are printed, never asserted (tests/rp2/ checks what must hold):

  boot      power-on to the main menu drawn; the live heap then (gc.collect(), less the
            interpreter and the probe), free heap
  reflash   a game running, Ctrl-C to the REPL, then `make flash` over the emulated USB console
            (a pty) twice: the first finds the install up to date, the second, from a checkout
            with main.py changed, copies that one file; /saves untouched
  MODE      (battleship salvo express cards torpedo link_battle link_salvo link_express
            link_cards): from the menu through keys into the mode, a few moves (cable modes: up
            to "looking for the other handheld"), back to the menu (the soft reset): ms from A
            to the mode's first screen, live heap there, peak, ms from the last key to the menu
  pair      two Picos UART to UART on a 115200-baud cable: a Link battle's handshake, coin toss,
            commitments and a shot each way; bytes lost to a full RX FIFO, frames resent
  shuffle   the card game over the cable on two Picos: the first mental-poker shuffle's time
  clock     the emulator's wall seconds per emulated second on a fixed loop at the REPL
With no CHECK: boot and every MODE (`all`: everything). Goals (issue 28): worst mode <= 96 KB
live, game -> menu <= 500 ms, 0 bytes lost, shuffle <= 1 s.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import time

from host_tools.device import rp2pico as R
from host_tools.paths import ROOT

MODES = {
    # mode: (menu entries, outer first; keys once its first screen is up)
    "battleship": (("battleship_menu", "battleship"), "A,A,WAIT500,A,WAIT800"),
    "salvo": (("battleship_menu", "salvo"), "A,A,WAIT500,A,WAIT800,RIGHT,A,WAIT800"),
    "express": (("express_menu", "express"), "DOWN,RIGHT,DOWN,DOWN,A,UP,UP,UP,A,WAIT300,B,WAIT300,B,WAIT300"),
    "cards": (("cards_menu", "cards"), "A,WAIT400,UP,UP,A,WAIT400,A,WAIT400"),
    "torpedo": (("torpedo",), "A,A,WAIT400,A,WAIT400,A,WAIT400"),
    "link_battle": (("battleship_menu", "link_battle"), "WAIT600"),
    "link_salvo": (("battleship_menu", "link_salvo"), "WAIT600"),
    "link_express": (("express_menu", "link_express"), "A,WAIT600"),  # the rules, then the link
    "link_cards": (("cards_menu", "link_cards"), "A,WAIT600"),  # the rules, then the link
}
CI_MODE = "battleship"
GOALS = {"worst_live_bytes": 96 * 1024, "menu_return_ms": 500, "bytes_lost": 0, "shuffle_ms": 1000,
         "answer_ms": 100}
QUIT = ("quit", "give_up")
# Keys on a screen that stays (no new screen after a key): from a battle's aim B shows the own
# fleet and A there opens the game's menu; from the CPU's turn B skips it first.
STUCK = ("B", "A", "B", "B", "A", "B", "B", "B", "A")
BOOT_MS = 6000
FLASH_SLOW = 60  # make flash's time limits, stretched for the emulator


class CheckFailed(Exception):
    pass


def image(extra=None):
    return R.build_image(R.build_bundle(), extra=extra)


def ms(ns):
    return round(ns / R.NS, 1)


def boot(firmware, img=None, name="pico"):
    """A Pico booted to its main menu: (pico, the menu's s event)."""
    p = R.Pico(firmware, img if img is not None else image(), name=name)
    if not p.run_until(lambda: _at_home(p), BOOT_MS):
        raise CheckFailed(
            "%s: no main menu %d ms after power-on; console: %r" % (name, BOOT_MS, p.text()[-600:])
        )
    return p, p.last("s")


def state(p):
    return p.last("s") or {}


def _at_home(p, after_ns=0):
    s = p.last("s", after_ns)
    return bool(s) and s["screen"] == "Home" and s["depth"] == 1


def keys(p, script):
    """A key script (host_tools.sim.handheld's words: UP, A, WAIT300, ...)."""
    for tok in [t.strip().upper() for t in script.split(",") if t.strip()]:
        if tok.startswith("WAIT"):
            p.run_ms(int(tok[4:]))
        else:
            p.press(tok)


def heap_after(p, ev):
    """The h line the probe printed right after the s event `ev`."""
    for e in p.events[p.events.index(ev) + 1 :]:
        if e["kind"] == "h":
            return e
        if e["kind"] == "s":
            break
    return None


def open_entries(p, entries):
    """From the main menu into the entries (menu keys, outer first): the time A was pressed on
    the last one."""
    t = None
    for key in entries:
        for _ in range(12):
            if state(p).get("sel") == key:
                break
            _press_and_see(p, "DOWN")
        else:
            raise CheckFailed("no menu entry %r (at %r)" % (key, state(p)))
        _frame_done(p)
        t = p.press("A", after_ms=0)
        p.run_until(lambda t=t: p.last("s", t) is not None, 3000)
    return t


def _frame_done(p, timeout_ms=500):
    """Until the probe's h line after the last s line (the frame that drew the screen is over),
    then one frame more: the key before was released while that frame ran (115 ms with the
    probe's lines), and a press now, before any poll saw it up, would be no new press."""
    s = p.last("s")
    if s is not None:
        p.run_until(lambda: p.events.index(s) < len(p.events) - 1 and p.last("h", s["at_ns"]), timeout_ms)
    p.run_ms(40)


def _press_and_see(p, key, wait_ms=300):
    """A key, then up to wait_ms for its effect (a new screen, or a soft reset and the menu
    after it): the key's time."""
    t = p.press(key, after_ms=0)
    p.run_until(lambda: p.last("s", t) is not None or p.last("r", t) is not None, wait_ms)
    r = p.last("r", t)
    if r is not None:  # a soft reset: the boot shows the menu the game was started from
        p.run_until(lambda: p.last("s", r["at_ns"]) is not None, BOOT_MS)
    return t


def home(p, tries=30):
    """Back to the main menu: B; on a game's menu its quit entry (DOWN to it, A); A where B
    leaves the screen as it is (a battle shows the fleet on B, its menu on A). The last key's
    time."""
    last = None
    same, seen, walked = 0, None, {}  # walked: menu screen -> it has a quit entry
    for _ in range(tries):
        if _at_home(p):
            return last
        s = state(p)
        screen, sel = s.get("screen"), s.get("sel", "-")
        if sel != "-" and any(q in sel for q in QUIT):
            last = _press_and_see(p, "A")
            continue
        if sel != "-" and screen not in ("Home", "GroupMenu") and walked.get(screen, True):
            walked[screen] = False
            for _ in range(8):
                _press_and_see(p, "DOWN")
                if any(q in state(p).get("sel", "-") for q in QUIT):
                    walked[screen] = True
                    break
                if state(p).get("sel") == sel:
                    break
            continue
        if screen == "GroupMenu":  # a submenu (where a game comes back to): B is the way out
            key = "B"
        elif s.get("view", -1) >= 0:  # a battle: B skips the CPU's turn, shows the own fleet at aim
            key = "A" if s.get("state") == 0 and s.get("view") == 1 else "B"
        else:
            same = same + 1 if screen == seen else 0
            seen = screen
            key = STUCK[same % len(STUCK)]
        last = _press_and_see(p, key)
    if not _at_home(p):
        raise CheckFailed("could not get back to the main menu (at %r)" % (state(p),))
    return last


def check_boot(firmware):
    t0 = time.time()
    p, s = boot(firmware)
    h = heap_after(p, s)
    out = {
        "check": "boot",
        "boot_ms": ms(s["ns"]),
        "live_heap_bytes": h["live"] - h["probe"],
        "free_heap_bytes": h["free"],
        "probe_bytes": h["probe"],
        "heap_total_bytes": h["live"] + h["free"],
        "wall_s": round(time.time() - t0, 1),
        "emulated_ms": round(p.now_ms(), 1),
        "wall_s_per_emulated_s": round(p.wall / (p.now_ns() / 1e9), 1),
    }
    return out, p


def check_mode(firmware, mode, p=None):
    """Into `mode` and back (a fresh Pico unless one at the main menu is given)."""
    t0 = time.time()
    if p is None:
        p, _ = boot(firmware)
    entries, script = MODES[mode]
    menu_screens = {"Home", "GroupMenu"}
    t_a = open_entries(p, entries)
    p.run_until(lambda: (p.last("s", t_a) or {}).get("screen") not in menu_screens | {None}, 4000)
    first = p.first("s", t_a)
    if first is None or first["screen"] in menu_screens:
        raise CheckFailed("%s: no first screen after A (at %r)" % (mode, state(p)))
    h_first = heap_after(p, first)
    p.keep_peak(True)
    keys(p, script)
    p.keep_peak(False)
    mark = len(p.events)
    home(p)
    reset = p.first("r", t_a)
    # the key that ended the game: the last one pressed before the soft reset
    quit_key = max((t for t in p.keys_at if reset and t <= reset["ns"]), default=None)
    window = [e for e in p.events if e["at_ns"] >= t_a and e["kind"] == "h"]
    probe = h_first["probe"] if h_first else 0
    back = p.first("s", reset["at_ns"]) if reset else None  # the menu the game was started from
    out = {
        "check": "mode",
        "mode": mode,
        "first_screen": first["screen"],
        "ms_to_first_screen": ms(first["ns"] - t_a),
        "live_heap_bytes": (h_first["live"] - probe) if h_first else None,
        "peak_heap_bytes": max(e["peak"] for e in window) - probe if window else None,
        "screens": [e["screen"] for e in p.events[:mark] if e["kind"] == "s" and e["at_ns"] >= t_a],
        "soft_reset": reset is not None,
        "menu_back_on": back["screen"] if back else None,
        "ms_key_to_menu": ms(back["ns"] - quit_key) if back and quit_key else None,
        "ms_reset_to_menu": ms(back["ns"] - reset["ns"]) if back else None,
        "menu_heap_bytes": None,
        "wall_s": round(time.time() - t0, 1),
    }
    if back is not None and quit_key:
        e, pg = p.flash.between(quit_key, back["ns"])
        out.update(key_to_menu_erases=e, key_to_menu_programs=pg, key_to_menu_flash_ms=R.flash_ms(e, pg))
        out["key_to_reset_ms"] = ms(reset["ns"] - quit_key)
        out.update(frame_report(p, quit_key))
    if back is not None:
        hb = heap_after(p, back)
        out["menu_heap_bytes"] = hb["live"] - hb["probe"] if hb else None
    return out, p


def ctrl_c(p, timeout_ms=3000):
    """Ctrl-C on the USB console: the emulated ms until the REPL prompt, or CheckFailed."""
    mark = len(p.console)
    t = p.now_ns()
    p.write(b"\x03")
    if p.wait_for(r">>> $", timeout_ms, since=mark) is None:
        raise CheckFailed("Ctrl-C: no REPL prompt in %d ms; console: %r" % (timeout_ms, p.text()[-400:]))
    return ms(p.now_ns() - t), p.console[mark:].decode("utf-8", "replace")


LOOP = (
    "import time\nt=time.ticks_us()\nfor i in range(%d): pass\n"
    "print('@clk', time.ticks_diff(time.ticks_us(), t))"
)


def clock_ratio(p, n=20000):
    """At the REPL: a fixed loop, its emulated time (the device's ticks_us) and the wall time
    the emulator took for the whole exchange per emulated second."""
    mark = len(p.console)
    w0, e0 = p.wall, p.now_ns()
    p.write(("exec(%r)\r" % (LOOP % n)).encode())
    m = p.wait_for(r"@clk (\d+)", 60000, since=mark)
    if m is None:
        raise CheckFailed("the timing loop printed nothing: %r" % p.text()[-300:])
    p.wait_for(r">>> $", 2000, since=mark)
    loop_us = int(m.group(1))
    wall, emu = p.wall - w0, (p.now_ns() - e0) / 1e9
    return {"loop": "for i in range(%d): pass" % n, "loop_ms": round(loop_us / 1000, 1),
            "wall_s_per_emulated_s": round(wall / emu, 1), "emulated_s": round(emu, 3),
            "wall_s": round(wall, 1)}  # fmt: skip


def check_clock(firmware):
    p, _ = boot(firmware)
    ctrl_c(p)
    out = {"check": "clock"}
    out.update(clock_ratio(p))
    return out


def make_flash(p, checkout, log):
    """`make flash PORT=<the pty>` from `checkout`, the emulator running meanwhile:
    (status, its output, emulated ms, wall s)."""
    import threading

    port = p.open_pty()
    t0, e0 = time.time(), p.now_ns()
    # the emulator is 20-50 times slower than a Pico: flash.py's time limits stretch as much;
    # LINES= (a terminal's LINES in the environment would ask for line numbers)
    env = dict(os.environ, BROADSIDE_FLASH_SLOW=str(FLASH_SLOW))
    proc = subprocess.Popen(
        ["make", "--no-print-directory", "-C", checkout, "flash", "PORT=" + port, "LINES="],
        env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()
    deadline = time.time() + 1200
    while proc.poll() is None:
        p.run_ms(2)
        if time.time() > deadline:
            proc.kill()
    reader.join(10)
    p.run_ms(5)
    p.close_pty()
    text = "".join(lines)
    with open(log, "w") as f:
        f.write(text)
    return proc.returncode, text, ms(p.now_ns() - e0), round(time.time() - t0, 1)


def changed_checkout(where):
    """A copy of the checkout's make flash inputs with one file changed (main.py: a line)."""
    shutil.rmtree(where, ignore_errors=True)
    os.makedirs(where)
    for d in ("firmware", "boards", "host_tools"):
        shutil.copytree(
            os.path.join(ROOT, d), os.path.join(where, d), ignore=shutil.ignore_patterns("__pycache__")
        )
    for f in ("Makefile", "requirements.txt", "requirements-stubs.txt"):  # what make venv reads
        shutil.copy(os.path.join(ROOT, f), where)
    os.symlink(os.path.join(ROOT, ".venv"), os.path.join(where, ".venv"))
    with open(os.path.join(where, "firmware", "main.py"), "a") as f:
        f.write("# rp2 lane: the one changed file of the second flash\n")
    return os.path.join(where, "firmware", "main.py")


def saves_of(p):
    return {k: v for k, v in R.read_image(p.flash_image()).items() if k.startswith("/saves/")}


def check_reflash(firmware, p=None):
    """A game running, Ctrl-C to the REPL, make flash twice over the pty (a fresh Pico unless
    one at the main menu is given)."""
    t0 = time.time()
    if p is None:
        p, _ = boot(firmware)
    entries, script = MODES[CI_MODE]
    open_entries(p, entries)
    p.run_until(lambda: state(p).get("screen") not in ("Home", "GroupMenu"), 3000)
    if state(p).get("screen") == "Ask":  # a game of this mode is saved: a new game replaces it
        _press_and_see(p, "DOWN")
        t = _press_and_see(p, "A", 0)
        p.run_until(lambda: (p.last("s", t) or {}).get("screen") not in (None, "Ask", "GroupMenu"), 3000)
    keys(p, script)
    game = state(p).get("screen")
    saves = saves_of(p)
    stop_ms, said = ctrl_c(p)
    if "stopped by Ctrl-C" not in said:
        raise CheckFailed("Ctrl-C reached the REPL without Broadside saying it stopped: %r" % said)
    out = {"check": "reflash", "game_screen": game, "ctrl_c_to_repl_ms": stop_ms, "saves": sorted(saves)}
    out.update(clock_ratio(p))
    logs = os.path.join(R.RP2_BUILD, "flash")
    os.makedirs(logs, exist_ok=True)
    rc, text, e_ms, w_s = make_flash(p, ROOT, os.path.join(logs, "flash1.log"))
    out.update(flash1_rc=rc, flash1_emulated_ms=e_ms, flash1_wall_s=w_s,
               flash1_up_to_date="already up to date" in text)  # fmt: skip
    if rc != 0:
        raise CheckFailed("make flash #1 failed (%d):\n%s" % (rc, text[-1500:]))
    mark = p.now_ns()
    if not p.run_until(lambda: _at_home(p, mark), BOOT_MS + 4000):
        raise CheckFailed("no main menu after make flash #1 reset the board: %r" % p.text()[-400:])
    main_py = changed_checkout(os.path.join(R.RP2_BUILD, "checkout"))
    rc, text, e_ms, w_s = make_flash(
        p, os.path.join(R.RP2_BUILD, "checkout"), os.path.join(logs, "flash2.log")
    )
    m = re.search(r"copying (\d+) changed file", text)
    out.update(
        flash2_rc=rc, flash2_emulated_ms=e_ms, flash2_wall_s=w_s, flash2_copied=int(m.group(1)) if m else 0
    )
    if rc != 0:
        raise CheckFailed("make flash #2 failed (%d):\n%s" % (rc, text[-1500:]))
    mark = p.now_ns()
    if not p.run_until(lambda: _at_home(p, mark), BOOT_MS + 4000):
        raise CheckFailed("no main menu after make flash #2 reset the board: %r" % p.text()[-400:])
    files = R.read_image(p.flash_image())
    out["main_py_is_new"] = files.get("/main.py") == open(main_py, "rb").read()
    out["saves_untouched"] = saves_of(p) == saves
    out["resets"] = p.resets
    out["wall_s"] = round(time.time() - t0, 1)
    return out


# -- two Picos on the cable ----------------------------------------------------------------


class Pair:
    """Two booted Picos joined by the cable model, run in lockstep."""

    def __init__(self, firmware):
        img = image()
        self.a, _ = boot(firmware, img, "A")
        self.b, _ = boot(firmware, img, "B")
        self.both = (self.a, self.b)
        self.cable = R.Cable(self.a, self.b)
        self.t0 = max(self.a.now_ns(), self.b.now_ns())

    def run(self, ms, until=None):
        return R.run_pair(self.a, self.b, self.cable, ms, until=until)

    def press(self, key, who=None):
        targets = self.both if who is None else (who,)
        t = max(p.now_ns() for p in self.both)
        for p in targets:
            p.hold(key, True)
        self.run(50)
        for p in targets:
            p.hold(key, False)
        self.run(50)
        return t

    def press_and_see(self, key, who, wait_ms=300):
        t = self.press(key, who)
        self.run(wait_ms, until=lambda: who.last("s", t) is not None)
        return t

    def open(self, entries):
        """Both into the mode under `entries`: A pressed on both at once on the last one."""
        t = None
        for key in entries:
            for p in self.both:
                for _ in range(12):
                    if state(p).get("sel") == key:
                        break
                    self.press_and_see("DOWN", p)
                else:
                    raise CheckFailed("%s: no menu entry %r" % (p.name, key))
            t = self.press("A")
            self.run(3000, until=lambda t=t: all(p.last("s", t) for p in self.both))
        return t

    def numbers(self):
        fa, fb = R.wire_frames(self.cable.log[0]), R.wire_frames(self.cable.log[1])
        ra, rb = R.resent(fa), R.resent(fb)
        return {
            "bytes_a_to_b": len(self.cable.log[0]), "bytes_b_to_a": len(self.cable.log[1]),
            "frames_a_to_b": len(fa), "frames_b_to_a": len(fb),
            "bytes_lost": self.cable.lost, "lost_at_a": self.a.link.lost, "lost_at_b": self.b.link.lost,
            "retransmits_a": ra[0], "retransmit_bytes_a": ra[1],
            "retransmits_b": rb[0], "retransmit_bytes_b": rb[1],
        }  # fmt: skip


def _views(p, after_ns, screen="Battle"):
    return [
        e["view"] for e in p.events if e["kind"] == "s" and e["at_ns"] >= after_ns and e["screen"] == screen
    ]


def _turns(views):
    return sum(1 for x, y in zip(views, views[1:]) if x != y)


M_SHOT, M_ANSWER = 0x21, 0x22  # link.commit: a shot's and an answer's message type
T_DATA = 3
SHOTS = int(os.environ.get("BROADSIDE_RP2_SHOTS") or 5)  # shots each way in check_pair


def shot_answers(pr):
    """Every SHOT of a Link battle and its ANSWER on the wire: [(shooter, the defender's
    turnaround ms (the SHOT's last byte in to the ANSWER's first byte out), fire to answer ms
    (the SHOT's first byte out to the ANSWER's last byte in), the defender's flash erases and
    programs in its turnaround, and in the shooter's wait)]."""
    ends = (pr.a, pr.b)
    frames = [R.timed_frames(pr.cable.log[k], pr.cable.times[k]) for k in (0, 1)]
    byte = R.BYTE_NS
    out = []
    for k in (0, 1):
        seen = set()
        for typ, seq, t0, t1, pl in frames[k]:
            if typ != T_DATA or not pl or pl[0] != M_SHOT or seq in seen:
                continue
            seen.add(seq)
            arrive = t1 + byte
            ans = next((f for f in frames[1 - k] if f[0] == T_DATA and f[4][:1] == bytes((M_ANSWER,))
                        and f[2] >= arrive), None)  # fmt: skip
            if ans is None:
                continue
            e, p = ends[1 - k].flash.between(arrive, ans[2])
            e2, p2 = ends[k].flash.between(t0, ans[3] + byte)
            out.append({
                "shooter": ends[k].name, "turnaround_ms": ms(ans[2] - arrive),
                "fire_to_answer_ms": ms(ans[3] + byte - t0), "erases": e, "programs": p,
                "flash_ms": R.flash_ms(e, p), "shooter_erases": e2, "shooter_programs": p2,
            })  # fmt: skip
    return out


def frame_report(p, after_ns):
    """The probe's f lines since after_ns: the slowest frame's work and its save time (ms),
    frames that saved, saves, ms in saves, the longest save frame."""
    fs = [e for e in p.events if e["kind"] == "f" and e["at_ns"] >= after_ns]
    if not fs:
        return {}
    worst = max(fs, key=lambda e: e["work"])
    slowest = max(e["max"] for e in fs)
    saving = [e for e in fs if e["saves"]]
    n = sum(e["saves"] for e in saving)
    return {
        "slowest_frame_ms": round(slowest / 1000, 1),
        "worst_saving_frame_ms": round(worst["work"] / 1000, 1),
        "worst_saving_frame_save_ms": round(worst["save"] / 1000, 1),
        "frames_saving": len(saving), "saves": n,
        "save_ms_each": round(sum(e["save"] for e in saving) / 1000 / max(1, n), 1),
        "erases": len([o for o in p.flash.ops if o[0] >= after_ns and o[1] == "e"]),
    }  # fmt: skip


def check_pair(firmware, rounds=None):
    """Link battle on two Picos: they find each other, A on both takes the coin toss and the
    shuffled fleet (commitments), then A on each in turn until each has fired SHOTS times and
    been answered (each Battle screen turned from its target to its own fleet and back)."""
    t0 = time.time()
    rounds = rounds or 2 * SHOTS + 2
    pr = Pair(firmware)
    t_a = pr.open(MODES["link_battle"][0])
    pr.run(1500)
    pr.press("A")
    pr.run(300)
    pr.press("A")
    pr.run(800)
    done = lambda: all(_turns(_views(p, t_a)) >= 2 * SHOTS for p in pr.both)  # noqa: E731
    n = 0
    while n < rounds and not done():
        for p in pr.both:
            pr.press("A", p)
            pr.run(400)
        n += 1
    pr.run(500)
    out = {"check": "pair", "mode": "link_battle", "rounds": n, "shots_each_way": SHOTS}
    out["shot_each_way"] = done()
    out["screens_a"] = [e["screen"] for e in pr.a.events if e["kind"] == "s" and e["at_ns"] >= t_a]
    out["screens_b"] = [e["screen"] for e in pr.b.events if e["kind"] == "s" and e["at_ns"] >= t_a]
    out["battle_views_a"], out["battle_views_b"] = _views(pr.a, t_a), _views(pr.b, t_a)
    out.update(pr.numbers())
    shots = shot_answers(pr)
    out["shots"] = shots
    if shots:
        ta = [x["turnaround_ms"] for x in shots]
        fl = [x["turnaround_ms"] + x["flash_ms"] for x in shots]
        out.update(turnaround_ms_min=min(ta), turnaround_ms_max=max(ta),
                   turnaround_with_flash_ms_max=max(fl), goal_turnaround_ms=GOALS["answer_ms"])  # fmt: skip
    for p in pr.both:
        out["frames_" + p.name.lower()] = frame_report(p, t_a)
    out["goal_bytes_lost"] = GOALS["bytes_lost"]
    out["goal_retransmits"] = 0
    out["emulated_ms"] = ms(pr.a.now_ns() - pr.t0)
    out["wall_s"] = round(time.time() - t0, 1)
    return out


def check_shuffle(firmware):
    """The card game over the cable on two Picos: A on both picks the rules; the link, the
    coin (phase COIN), then SETUP: the grid commitments and the first mental-poker shuffle of
    both decks (linkcards.game), until PLAY. The probe reports the phase on each screen update
    (its state field): SETUP's emulated time on each side is the shuffle's, commitments
    included (an upper bound for the shuffle alone)."""
    t0 = time.time()
    pr = Pair(firmware)
    pr.open(MODES["link_cards"][0])
    pr.run(300)
    t_rules = pr.press("A")

    def phase_at(p, phase):
        return next(
            (e for e in p.events if e["kind"] == "s" and e["at_ns"] >= t_rules and e.get("state") == phase
             and e["screen"] == "LinkCards"),
            None,
        )  # fmt: skip

    pr.run(30000, until=lambda: all(phase_at(p, 2) for p in pr.both))
    out = {"check": "shuffle", "mode": "link_cards"}
    for p in pr.both:
        k = p.name.lower()
        setup, play = phase_at(p, 1), phase_at(p, 2)
        out["setup_ms_" + k] = ms(play["ns"] - setup["ns"]) if setup and play else None
        if setup and play:
            e, pg = p.flash.between(setup["ns"], play["ns"])
            out["setup_flash_ms_" + k] = R.flash_ms(e, pg)
            out["setup_erases_" + k] = e
            out["frames_" + k] = frame_report(p, setup["ns"])
        h = [e for e in p.events if e["kind"] == "h" and e["at_ns"] >= t_rules]
        out["peak_heap_bytes_" + k] = max(e["peak"] - e["probe"] for e in h) if h else None
    out.update(pr.numbers())
    out["goal_shuffle_ms"] = GOALS["shuffle_ms"]
    out["wall_s"] = round(time.time() - t0, 1)
    return out


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench rp2", description=__doc__.split("\n")[0])
    ap.add_argument(
        "checks", nargs="*", help="boot reflash pair shuffle clock all, or a mode: %s" % " ".join(MODES)
    )
    ap.add_argument("--firmware", help="the RPI_PICO .uf2 (default: FIRMWARE, or ../shared/firmware/)")
    args = ap.parse_args(argv)
    fw = R.firmware_path(args.firmware)
    if fw is None:
        print(
            "rp2: skipped, no MicroPython RPI_PICO firmware: get the official UF2 from %s and pass "
            "FIRMWARE=path.uf2" % R.OFFICIAL
        )
        return 0
    checks = args.checks or ["boot"] + list(MODES)
    if checks == ["all"]:
        checks = ["boot", "clock", "reflash"] + list(MODES) + ["pair", "shuffle"]
    worst = {}
    pico = None  # the modes run one after the other on one Pico: each game ends in a soft reset
    for c in checks:
        try:
            if c == "boot":
                out, pico = check_boot(fw)
            elif c in MODES:
                out, pico = check_mode(fw, c, pico if pico is not None and _at_home(pico) else None)
                worst[c] = out
            else:
                fn = globals().get("check_" + c)
                if fn is None:
                    print("bench rp2: no check %r" % c)
                    return 2
                out = fn(fw)
        except CheckFailed as e:
            out = {"check": c, "failed": str(e)}
        print(json.dumps(out), flush=True)
    if worst:
        lives = {m: o["peak_heap_bytes"] or 0 for m, o in worst.items()}
        backs = {m: o["ms_key_to_menu"] or 0 for m, o in worst.items()}
        wm, bm = max(lives, key=lives.get), max(backs, key=backs.get)
        print(json.dumps({
            "check": "modes", "worst_peak_mode": wm, "worst_peak_bytes": lives[wm],
            "goal_live_bytes": GOALS["worst_live_bytes"], "slowest_menu_return": bm,
            "slowest_menu_return_ms": backs[bm], "goal_menu_return_ms": GOALS["menu_return_ms"],
        }))  # fmt: skip
    return 0
