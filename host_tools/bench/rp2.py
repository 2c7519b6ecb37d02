"""The real rp2 firmware: `python -m host_tools.bench rp2 [CHECK...] [--route R] [--firmware F.uf2]`.

Boots the game on the rp2040py emulator (host_tools/device/rp2pico.py) by two routes and prints
one JSON line per check, each with its `route`, every time in emulated milliseconds (the
emulator counts Cortex-M0+ cycles at 125 MHz; it models neither flash erase/program time nor
XIP cache misses, so a real Pico is slower by those):
  files   MicroPython's official RPI_PICO UF2, the game as files on its littlefs (make flash);
  romfs   Broadside's own firmware (make firmware) with the game's ROMFS image (make romfs) in
          its partition, the littlefs holding only the probe (and saves a check puts there).
--route files|romfs|both (default both). Numbers are printed, never asserted (tests/rp2/
checks what must hold):

  boot      power-on to the main menu drawn; the live heap then (gc.collect(), less the
            interpreter and the probe), free heap
  imports   at the REPL after the menu (Ctrl-C): modules loaded by the menu, the first import of
            a game's modules one by one (ms each, and per module loaded), Python's call depth
  MODE      (battleship salvo express cards torpedo link_battle link_salvo link_express
            link_cards; express_admiral on request: the Admiral's game, CPU against CPU, to its
            end screen): from the menu through keys into the mode, a
            few moves (cable modes: up to "looking for the other handheld"), back to the menu
            (the soft reset): ms from A to the mode's first screen, live heap there, peak, ms
            from the last key to the menu, the way out taken, a crash's exception if any
  pair      two Picos UART to UART on a 115200-baud cable: a Link battle's handshake, coin toss,
            commitments and BROADSIDE_RP2_SHOTS shots each way (5; "all": the whole battle);
            bytes lost to a full RX FIFO, frames resent (spurious: the cable is clean); every
            SHOT -> ANSWER turnaround with the modelled flash time (count, median, max) and the
            sector erases on those paths (issue 43: 0), the erases of each Pico in the battle
  shuffle   the card game over the cable on two Picos: the first mental-poker shuffle's time
            (SETUP -> PLAY, each stage on the wire; BROADSIDE_RP2_PEAK=0: no gc every frame)
  deck      the deck's own work at the REPL: a stage (stage 1, stage 2), a check, a pow
  tour      one Pico, one session: every mode left by each of its ways out in turn (Save and
            quit, B at a mode's first menu, B at a loading screen, B while looking for the other
            handheld, an end screen's key), the main menu's live heap after each against boot's,
            and the names (qstrs) the session left in RAM
  reflash   files: a game running, Ctrl-C, `make flash` over the emulated USB console (a pty)
            twice (up to date; main.py changed: one file); romfs: a Pico with an older game
            image, Ctrl-C, `make flash` writes the ROMFS image, then finds it up to date
  drag      (romfs) build/uf2/broadside.uf2 dragged onto a Broadside Pico that holds saves: the
            boot ROM's writes applied to its flash, the game boots, /saves the same bytes
  clock     the emulator's wall seconds per emulated second on a fixed loop at the REPL
With no CHECK: boot imports, every MODE, pair, shuffle, for each route, then a goals line per
route. `all`: also clock, reflash, tour, express_admiral, drag. Goals (issue 39): worst peak
<= 40 % of the heap on the ROMFS route, <= 60 % on the files route; power-on -> menu <= 400 ms;
Save and quit -> menu drawn <= 300 ms; 0 bytes lost; shuffle <= 1 s.
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
    # mode: (menu entries, outer first; keys once its first screen is up). A key KEY! is pressed
    # until a new screen line shows (the probe's s line: another screen or menu entry), KEY~
    # until the display changes (a value in a row); a plain key is pressed once.
    "battleship": (("battleship_menu", "battleship"), "A,A,WAIT500,A,WAIT800"),
    "salvo": (("battleship_menu", "salvo"), "A,A,WAIT500,A,WAIT800,RIGHT,A,WAIT800"),
    # Captain's game as Setup offers it (seat 1 human, seat 2 CPU, the first seat drawn): Start,
    # the odds charted, A to play, a few moves either side; the way out is the pause menu's Quit
    "express": (("express_menu", "express"), "A!,WAIT600,A!,WAIT300,A,WAIT500,A,WAIT500,A,WAIT500,A,WAIT500"),
    "cards": (("cards_menu", "cards"), "A,WAIT400,UP,UP,A,WAIT400,A,WAIT400"),
    "torpedo": (("torpedo",), "A,A,WAIT400,A,WAIT400,A,WAIT400"),
    "link_battle": (("battleship_menu", "link_battle"), "WAIT600"),
    "link_salvo": (("battleship_menu", "link_salvo"), "WAIT600"),
    "link_express": (("express_menu", "link_express"), "A,WAIT600"),  # the rules, then the link
    "link_cards": (("cards_menu", "link_cards"), "WAIT300,A,WAIT1500"),  # the rules, then the link
}
# Not in the default run: the Admiral's game with every seat a CPU, played to its end screen (the
# heaviest Express: the Admiral's odds tables). What c1c7cfc's Express script meant: its keys were
# pressed blind and one DOWN was lost, so it started a 3-player Admiral's game, and
# express.ai.warm(ADMIRAL) raised RuntimeError (maximum recursion depth: 43 calls deep on an 8 KB
# C stack) at "Charting the odds" (fixed in 4616cb9). Out by leave_any (no pause menu in a game
# without a human seat).
EXTRA_MODES = {
    "express_admiral": (("express_menu", "express"),
                        "DOWN!,RIGHT~,DOWN!,DOWN!,A~,UP!,UP!,UP!,A!,WAIT600,B,WAIT300,B,WAIT300"),
}  # fmt: skip
ALL_MODES = dict(MODES, **EXTRA_MODES)
CI_MODE = "battleship"
HEAP_BYTES = 245_888  # MicroPython v1.28.0's heap on RPI_PICO (both firmwares: live + free at boot)
PEAK_SHARE = {"romfs": 0.40, "files": 0.60}  # issue 39: the worst peak, a share of the heap
GOALS = {"boot_ms": 400, "save_quit_ms": 300, "bytes_lost": 0, "shuffle_ms": 1000, "answer_ms": 100}
QUIT = ("quit", "give_up")
# Keys on a screen that stays (no new screen after a key): from a battle's aim B shows the own
# fleet and A there opens the game's menu; from the CPU's turn B skips it first.
STUCK = ("B", "A", "B", "B", "A", "B", "B", "B", "A")
BOOT_MS = 6000
FLASH_SLOW = 60  # make flash's time limits, stretched for the emulator


class CheckFailed(Exception):
    pass


def ms(ns):
    return round(ns / R.NS, 1)


def boot(route, img=None, name="pico"):
    """A Pico of the route booted to its main menu: (pico, the menu's s event)."""
    p = R.Pico(route, img if img is not None else route.image(), name=name)
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
    """A key script (host_tools.sim.handheld's words: UP, A, WAIT300, ...; KEY! and KEY~ are
    pressed until they take effect, see MODES)."""
    for tok in [t.strip().upper() for t in script.split(",") if t.strip()]:
        if tok.startswith("WAIT"):
            p.run_ms(int(tok[4:]))
        elif tok[-1] in "!~":
            checked_press(p, tok[:-1], tok[-1] == "!")
        else:
            p.press(tok)


def checked_press(p, key, new_screen, tries=5, wait_ms=400):
    """Press `key` until it shows: a new s line (new_screen), else any change on the display (a
    press that falls inside one long frame is never polled down, and is lost)."""
    for _ in range(tries):
        shows = p.oled.shows
        t = p.press(key, after_ms=0)
        if new_screen:
            seen = lambda t=t: p.last("s", t) is not None  # noqa: E731
        else:
            seen = lambda shows=shows: p.oled.shows > shows  # noqa: E731
        if p.run_until(seen, wait_ms):
            _frame_done(p)
            return t
    raise CheckFailed("key %s: no effect after %d presses (at %r)" % (key, tries, state(p)))


def heap_after(p, ev):
    """The h line the probe printed right after the s event `ev`."""
    for e in p.events[p.events.index(ev) + 1 :]:
        if e["kind"] == "h":
            return e
        if e["kind"] == "s":
            break
    return None


def crash_in(text):
    """The exception line of the last traceback in console text, or None."""
    i = text.rfind("Traceback (most recent call last)")
    if i < 0:
        return None
    for line in text[i:].splitlines()[1:]:
        if not line.startswith(" "):
            return line.strip()
    return "Traceback"


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


def check_boot(route):
    t0 = time.time()
    p, s = boot(route)
    h = heap_after(p, s)
    out = {
        "check": "boot",
        "boot_ms": ms(s["ns"]),
        "live_heap_bytes": h["live"] - h["probe"],
        "free_heap_bytes": h["free"],
        "probe_bytes": h["probe"],
        "heap_total_bytes": h["live"] + h["free"],
        "menu_entry": s["sel"],
        "wall_s": round(time.time() - t0, 1),
        "emulated_ms": round(p.now_ms(), 1),
        "wall_s_per_emulated_s": round(p.wall / (p.now_ns() / 1e9), 1),
    }
    return out, p


def check_mode(route, mode, p=None):
    """Into `mode` and back (a fresh Pico unless one at the main menu is given)."""
    t0 = time.time()
    if p is None:
        p, _ = boot(route)
    entries, script = ALL_MODES[mode]
    menu_screens = set(MENUS)
    con = len(p.console)
    t_a = open_entries(p, entries)
    p.run_until(lambda: (p.last("s", t_a) or {}).get("screen") not in menu_screens | {None}, 4000)
    first = p.first("s", t_a)
    if first is None or first["screen"] in menu_screens:
        raise CheckFailed("%s: no first screen after A (at %r)" % (mode, state(p)))
    h_first = heap_after(p, first)
    p.keep_peak(True)
    try:
        keys(p, script)
    finally:
        p.keep_peak(False)
    mark = len(p.events)
    failed = None
    try:
        if mode in EXTRA_MODES:
            leave_any(p)
        else:
            home(p)
    except CheckFailed as e:  # the numbers so far still count
        failed = str(e)
    back, reset, quit_key = way_back(p, t_a)
    way = _screen_at(p, quit_key) if quit_key else {}
    window = [e for e in p.events if e["at_ns"] >= t_a and e["kind"] == "h"]
    probe = h_first["probe"] if h_first else 0
    out = {
        "check": "mode",
        "mode": mode,
        "first_screen": first["screen"],
        "ms_to_first_screen": ms(first["ns"] - t_a),
        "live_heap_bytes": (h_first["live"] - probe) if h_first else None,
        "peak_heap_bytes": max(e["peak"] for e in window) - probe if window else None,
        "screens": [e["screen"] for e in p.events[:mark] if e["kind"] == "s" and e["at_ns"] >= t_a],
        "soft_reset": reset is not None,
        "way_out": "%s %s" % (way.get("screen"), way.get("sel")) if way else None,
        "menu_back_on": back["screen"] if back else None,
        "ms_key_to_menu": ms(back["ns"] - quit_key) if back and quit_key else None,
        "ms_reset_to_menu": ms(back["ns"] - reset["ns"]) if back and reset else None,
        "menu_heap_bytes": None,
        "crash": crash_in(p.console[con:].decode("utf-8", "replace")),
        "wall_s": round(time.time() - t0, 1),
    }
    if back is not None and quit_key:
        e, pg = p.flash.between(quit_key, back["ns"])
        out.update(key_to_menu_erases=e, key_to_menu_programs=pg, key_to_menu_flash_ms=R.flash_ms(e, pg))
        if reset is not None:
            out["key_to_reset_ms"] = ms(reset["ns"] - quit_key)
        out.update(frame_report(p, quit_key))
    hb = heap_after(p, back) if back is not None else None
    out["menu_heap_bytes"] = hb["live"] - hb["probe"] if hb else None
    if failed:
        out["failed"] = failed
    return out, p


MENUS = ("Home", "GroupMenu")


def way_back(p, t_a):
    """How the game that started at t_a came back to the menu: (the first menu screen drawn
    after the game's screens, the soft reset before it or None (a board that goes back in the
    same interpreter), the last key pressed before it)."""
    in_game = False
    back = None
    for e in p.events:
        if e["kind"] != "s" or e["at_ns"] < t_a or e["screen"] == "-":  # "-": no app yet (a boot)
            continue
        if e["screen"] not in MENUS:
            in_game = True
        elif in_game:
            back = e
            break
    if back is None:
        return None, None, None
    reset = p.first("r", t_a)
    if reset is not None and reset["at_ns"] > back["at_ns"]:
        reset = None
    keys_before = [t for t in p.keys_at if t <= (reset or back)["ns"]]
    return back, reset, max(keys_before) if keys_before else None


def _screen_at(p, t_ns):
    """The screen on top when the key at t_ns was pressed (the last s line before it)."""
    before = [e for e in p.events if e["kind"] == "s" and e["at_ns"] <= t_ns]
    return before[-1] if before else {}


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


def check_clock(route):
    p, _ = boot(route)
    ctrl_c(p)
    out = {"check": "clock"}
    out.update(clock_ratio(p))
    return out


def repl(p, code, timeout_ms=60000):
    """Run `code` at the REPL (exec of one line): the console lines it printed that start with
    @ (the echo of the line itself is left out)."""
    mark = len(p.console)
    p.write(("exec(%r)\r" % (code + "\nprint('@end')")).encode())
    if p.wait_for(r"\n@end", timeout_ms, since=mark) is None:
        raise CheckFailed("the REPL did not finish %r: %r" % (code[:60], p.text()[-400:]))
    p.wait_for(r">>> $", 2000, since=mark)
    lines = p.console[mark:].decode("utf-8", "replace").splitlines()
    return [ln.strip() for ln in lines if ln.startswith(("@", "Q(", "qstr pool"))]


def ram_names(p):
    """At the REPL: the names (qstrs) the interpreter holds in RAM (micropython.qstr_info(1)):
    ({n_qstr, n_total_bytes, ...}, [names]). On Broadside's firmware the game's own names are
    frozen in flash; any listed here were made at run time."""
    head, names = {}, []
    for line in repl(p, "import micropython\nmicropython.qstr_info(1)"):
        if line.startswith("qstr pool"):
            for f in line.split(":", 1)[1].split(","):
                k, _, v = f.strip().partition("=")
                if v.isdigit():
                    head[k] = int(v)
        elif line.startswith("Q("):
            names.append(line[2:-1])
    return head, names


# The first import of a game's modules at the REPL, one statement at a time (a module's own
# imports of modules not loaded yet count with it): ms and how many modules each brought in.
# Express's: loaded by neither the menu nor the CI's Battleship game.
IMPORTS = ("express.rules", "express.engine", "express.ai", "express.ui")
IMPORT_CODE = """import sys, time
print('@mods', len(sys.modules))
for n in %r:
    k = len(sys.modules)
    t = time.ticks_us()
    __import__(n)
    print('@imp', n, time.ticks_diff(time.ticks_us(), t), len(sys.modules) - k)
def _d(n):
    try:
        return _d(n + 1)
    except RuntimeError:
        return n
print('@depth', _d(0))"""


def import_costs(p):
    """At the REPL (after Ctrl-C): the modules the menu had loaded, each first import of IMPORTS
    (ms, modules), ms per module loaded, and how deep Python calls may nest (the REPL's depth;
    a game's own frames come on top of its calls)."""
    out = {}
    each = []
    for line in repl(p, IMPORT_CODE % (IMPORTS,)):
        f = line.split()
        if f[0] == "@mods":
            out["modules_at_menu"] = int(f[1])
        elif f[0] == "@imp":
            each.append({"module": f[1], "ms": round(int(f[2]) / 1000, 2), "modules": int(f[3])})
        elif f[0] == "@depth":
            out["call_depth_at_repl"] = int(f[1])
    out["imports"] = each
    n = sum(e["modules"] for e in each)
    if n:
        out["ms_per_module"] = round(sum(e["ms"] for e in each) / n, 2)
    return out


# The deck's steps at the REPL of the emulated Pico (the image's link.deck): a stage of 26 cards
# (stage 1, one key; stage 2, a key a value), the check of a stage received, one exponentiation.
DECK_CODE = """import time
from link import deck
a, b = bytes(range(16)), bytes(range(1, 17))
t = time.ticks_us()
s1 = deck.Stage(a, 0, 0, list(range(26)), True).run()
print('@stage1', time.ticks_diff(time.ticks_us(), t))
t = time.ticks_us()
s2 = deck.Stage(b, 0, 0, memoryview(s1), False).run()
print('@stage2', time.ticks_diff(time.ticks_us(), t))
t = time.ticks_us()
deck.check(s2, 26)
print('@check', time.ticks_diff(time.ticks_us(), t))
x, e = deck.encode(5), deck.exponent(a, 0, 0)
t = time.ticks_us()
pow(x, e, deck.P)
print('@pow', time.ticks_diff(time.ticks_us(), t))"""


def check_deck(route):
    """The mental-poker deck's own work on the device (ms), at the REPL after Ctrl-C."""
    t0 = time.time()
    p, _ = boot(route)
    ctrl_c(p)
    out = {"check": "deck"}
    for line in repl(p, DECK_CODE):
        f = line.split()
        if len(f) == 2 and f[1].isdigit():
            out[f[0][1:] + "_ms"] = round(int(f[1]) / 1000, 1)
    out["wall_s"] = round(time.time() - t0, 1)
    return out


def check_imports(route):
    t0 = time.time()
    p, _ = boot(route)
    ctrl_c(p)
    out = {"check": "imports"}
    out.update(import_costs(p))
    out["wall_s"] = round(time.time() - t0, 1)
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
    return {k: v for k, v in p.files().items() if k.startswith("/saves/")}


def start_game(p, mode=CI_MODE):
    """From the main menu into `mode` and its key script (a saved game of the mode is replaced
    by a new one): the screen it ended on."""
    entries, script = MODES[mode]
    open_entries(p, entries)
    p.run_until(lambda: state(p).get("screen") not in ("Home", "GroupMenu"), 3000)
    if state(p).get("screen") == "Ask":  # a game of this mode is saved: a new game replaces it
        _press_and_see(p, "DOWN")
        t = _press_and_see(p, "A", 0)
        p.run_until(lambda: (p.last("s", t) or {}).get("screen") not in (None, "Ask", "GroupMenu"), 3000)
    keys(p, script)
    return state(p).get("screen")


def stop_game(p):
    """Ctrl-C in the game: its ms to the REPL; CheckFailed unless Broadside said it stopped."""
    stop_ms, said = ctrl_c(p)
    if "stopped by Ctrl-C" not in said:
        raise CheckFailed("Ctrl-C reached the REPL without Broadside saying it stopped: %r" % said)
    return stop_ms


def _menu_after_reset(p, what):
    mark = p.now_ns()
    if not p.run_until(lambda: _at_home(p, mark), BOOT_MS + 4000):
        raise CheckFailed("no main menu after %s reset the board: %r" % (what, p.text()[-400:]))


def check_reflash(route, p=None):
    """Ctrl-C in a game, then make flash twice over the pty (a fresh Pico unless one at the
    main menu is given): the files route's or the ROMFS route's (check_reflash_romfs)."""
    if route.name == "romfs":
        return check_reflash_romfs(route, p)
    t0 = time.time()
    if p is None:
        p, _ = boot(route)
    game = start_game(p)
    saves = saves_of(p)
    out = {"check": "reflash", "game_screen": game, "ctrl_c_to_repl_ms": stop_game(p), "saves": sorted(saves)}
    out.update(import_costs(p))
    out.update(clock_ratio(p))
    logs = os.path.join(R.RP2_BUILD, "flash")
    os.makedirs(logs, exist_ok=True)
    rc, text, e_ms, w_s = make_flash(p, ROOT, os.path.join(logs, "flash1.log"))
    out.update(flash1_rc=rc, flash1_emulated_ms=e_ms, flash1_wall_s=w_s,
               flash1_up_to_date="already up to date" in text)  # fmt: skip
    if rc != 0:
        raise CheckFailed("make flash #1 failed (%d):\n%s" % (rc, text[-1500:]))
    _menu_after_reset(p, "make flash #1")
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
    _menu_after_reset(p, "make flash #2")
    files = p.files()
    with open(main_py, "rb") as f:
        out["main_py_is_new"] = files.get("/main.py") == f.read()
    out["saves_untouched"] = saves_of(p) == saves
    out["resets"] = p.resets
    out["wall_s"] = round(time.time() - t0, 1)
    return out


def older_pico(route, name="older"):
    """A Broadside Pico one update behind: the route's firmware with an older game image in
    ROMFS (rp2pico.older_image: this checkout's modules and one file more), booted to the menu.
    (pico, the menu's s event)."""
    older = R.romfs_route(image=R.older_image())
    p, s = boot(older, name=name)
    p.route = route  # its littlefs is where the route has it; the game it should get is route's
    return p, s


def romfs_of(p):
    """The ROMFS partition's bytes in the Pico's flash, over the route's image's length."""
    off, _size, image = p.route.romfs
    return bytes(p.mcu.flash[off : off + len(image)])


def check_reflash_romfs(route, p=None):
    """The ROMFS route's make flash over the pty: on a Broadside Pico with an older game image
    (older_pico, unless one is given) and saves (a Battleship game saved, unless it has some),
    Ctrl-C, then make flash writes this checkout's image into ROMFS (mpremote romfs deploy,
    host_tools/device/flash.py) and resets the board; then make flash again finds it up to date.
    /saves untouched by both."""
    t0 = time.time()
    if p is None:
        p, _ = older_pico(route)
    out = {"check": "reflash"}
    out["romfs_current_before"] = romfs_of(p) == route.romfs[2]
    if not saves_of(p):
        out["game_screen"] = start_game(p)
    saves = saves_of(p)
    out["saves"] = sorted(saves)
    out["ctrl_c_to_repl_ms"] = stop_game(p)
    out.update(import_costs(p))
    logs = os.path.join(R.RP2_BUILD, "flash")
    os.makedirs(logs, exist_ok=True)
    for k in (1, 2):
        rc, text, e_ms, w_s = make_flash(p, ROOT, os.path.join(logs, "romfs-flash%d.log" % k))
        e, pg = p.flash.between(p.now_ns() - e_ms * R.NS, p.now_ns())
        last = text.strip().splitlines()[-1] if text.strip() else ""
        got = {"rc": rc, "emulated_ms": e_ms, "wall_s": w_s, "erases": e, "programs": pg,
               "up_to_date": "up to date" in text, "last_line": last}  # fmt: skip
        out.update({"flash%d_%s" % (k, key): v for key, v in got.items()})
        if rc != 0:
            raise CheckFailed("make flash #%d failed (%d):\n%s" % (k, rc, text[-1500:]))
        _menu_after_reset(p, "make flash #%d" % k)
        out["romfs_current_after_%d" % k] = romfs_of(p) == route.romfs[2]
        if k == 1:
            out["saves_untouched_1"] = saves_of(p) == saves
    out["saves_untouched"] = saves_of(p) == saves
    out["main_py_absent"] = "/main.py" not in p.files()
    out["resets"] = p.resets
    out["wall_s"] = round(time.time() - t0, 1)
    return out


def check_drag(route, p=None, uf2=None):
    """broadside.uf2 dragged onto a Broadside Pico that holds saves (older_pico with a
    Battleship game saved, unless one is given, at its menu): the boot ROM's writes applied to
    a copy of its flash (rp2pico.boot_rom_write: a sector erased where a block first lands),
    the filesystem's sectors untouched, the game boots, /saves the same bytes (read out of the
    emulated flash with littlefs-python), the ROMFS partition holds the UF2's image. The UF2 is
    broadside.uf2 the route boots (make uf2's file, or one its writer made from the firmware and
    this checkout's image: rp2pico.romfs_route); without one, the route's own writes (the
    firmware UF2's blocks and the image) stand in, and `uf2` says so."""
    t0 = time.time()
    if route.name != "romfs":
        raise CheckFailed("drag: a Broadside UF2 onto a Broadside Pico: the romfs route only")
    if p is None:
        p, _ = older_pico(route)
    if not saves_of(p):
        start_game(p)
        home(p)
    if not _at_home(p):
        raise CheckFailed("drag: the Pico is not at its menu (at %r)" % state(p))
    before = p.flash_bytes()
    saves = saves_of(p)
    path = uf2 or route.uf2
    if path and os.path.isfile(path):
        with open(path, "rb") as f:
            writes = R.uf2_writes(f.read(), path)
        src = os.path.relpath(path, ROOT)
    else:
        writes = route.writes
        src = "no broadside.uf2 (%s): the route's blocks, %s" % (route.note, route.source)
    after = bytearray(before)
    erased = R.boot_rom_write(after, writes)
    fs0, fs1 = route.fs_offset, route.fs_offset + route.fs_bytes
    out = {"check": "drag", "uf2": src, "uf2_blocks": len(writes), "sectors_erased": len(erased),
           "last_byte_written": hex(R.XIP_BASE + max(o + len(d) for o, d in writes) - 1),
           "filesystem": "%s-%s" % (hex(R.XIP_BASE + fs0), hex(R.XIP_BASE + fs1 - 1)),
           "filesystem_sectors_erased": sum(1 for e in erased if fs0 <= e < fs1),
           "filesystem_bytes_same": after[fs0:fs1] == before[fs0:fs1],
           "saves": sorted(saves), "saves_bytes": sum(len(v) for v in saves.values())}  # fmt: skip
    q = R.Pico(route, None, name="dragged", flash=bytes(after))
    if not q.run_until(lambda: _at_home(q), BOOT_MS):
        raise CheckFailed("drag: no main menu after the UF2: %r" % q.text()[-600:])
    s = q.last("s")
    out["boot_ms"] = ms(s["ns"])
    out["menu_entry"] = s["sel"]  # "continue": the saved game is offered
    out["crash"] = crash_in(q.text())
    out["romfs_is_uf2_image"] = romfs_of(q) == R.romfs_bytes(writes, route.romfs[:2])[: len(route.romfs[2])]
    out["romfs_is_checkout_image"] = romfs_of(q) == route.romfs[2]
    out["saves_same_bytes"] = saves_of(q) == saves
    out["wall_s"] = round(time.time() - t0, 1)
    return out, q


# -- two Picos on the cable ----------------------------------------------------------------


class Pair:
    """Two booted Picos joined by the cable model, run in lockstep."""

    def __init__(self, route):
        img = route.image()
        self.a, _ = boot(route, img, "A")
        self.b, _ = boot(route, img, "B")
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


# shots each way in check_pair; "all": the whole battle, to both End screens
SHOTS = os.environ.get("BROADSIDE_RP2_SHOTS") or "5"
SHOTS = 0 if SHOTS == "all" else int(SHOTS)


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
        for (_typ, _seq, t0, t1, _pl), ans in R.shot_pairs(frames[k], frames[1 - k], byte):
            arrive = t1 + byte
            e, p = ends[1 - k].flash.between(arrive, ans[2])
            e2, p2 = ends[k].flash.between(t0, ans[3] + byte)
            out.append({
                "shooter": ends[k].name, "turnaround_ms": ms(ans[2] - arrive),
                "fire_to_answer_ms": ms(ans[3] + byte - t0), "erases": e, "programs": p,
                "flash_ms": R.flash_ms(e, p), "shooter_erases": e2, "shooter_programs": p2,
            })  # fmt: skip
    return out


def answer_summary(shots):
    """Issue 43's line: every SHOT -> ANSWER turnaround with the modelled flash time (count,
    median, max), the erases on those paths, against the goal."""
    if not shots:
        return {}
    ta = [x["turnaround_ms"] for x in shots]
    fl = sorted(round(x["turnaround_ms"] + x["flash_ms"], 1) for x in shots)
    n = len(fl)
    median = fl[n // 2] if n % 2 else round((fl[n // 2 - 1] + fl[n // 2]) / 2, 1)
    return {
        "answers": n, "turnaround_ms_min": min(ta), "turnaround_ms_max": max(ta),
        "turnaround_with_flash_ms_median": median, "turnaround_with_flash_ms_max": fl[-1],
        "answers_within_goal": sum(1 for v in fl if v <= GOALS["answer_ms"]),
        "erases_on_answer_paths": sum(x["erases"] for x in shots), "goal_turnaround_ms": GOALS["answer_ms"],
    }  # fmt: skip


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


def _pair_heap(p, after_ns):
    """One Pico's live heap at its screens since after_ns (the largest) and the peak (gc after
    every frame while GP22 is high), less the probe."""
    hs = [e for e in p.events if e["kind"] == "h" and e["at_ns"] >= after_ns]
    if not hs:
        return {}
    k = p.name.lower()
    return {"live_heap_bytes_" + k: max(e["live"] - e["probe"] for e in hs),
            "peak_heap_bytes_" + k: max(e["peak"] - e["probe"] for e in hs)}  # fmt: skip


def check_pair(route, rounds=None):
    """Link battle on two Picos: they find each other, A on both takes the coin toss and the
    shuffled fleet (commitments), then A on each in turn until each has fired SHOTS times and
    been answered (each Battle screen turned from its target to its own fleet and back)."""
    t0 = time.time()
    rounds = rounds or (2 * SHOTS + 2 if SHOTS else 200)
    pr = Pair(route)
    for p in pr.both:  # the peak heap: gc.collect() after every frame (frames take longer so)
        p.keep_peak(True)
    t_a = pr.open(MODES["link_battle"][0])
    pr.run(1500)
    pr.press("A")
    pr.run(300)
    pr.press("A")
    pr.run(800)
    if SHOTS:
        done = lambda: all(_turns(_views(p, t_a)) >= 2 * SHOTS for p in pr.both)  # noqa: E731
    else:  # the whole battle: both at their End screen
        done = lambda: all(p.last("s", t_a, screen="End") for p in pr.both)  # noqa: E731
    n = 0
    while n < rounds and not done():
        for p in pr.both:
            pr.press("A", p)
            pr.run(400)
        n += 1
    pr.run(500)
    out = {"check": "pair", "mode": "link_battle", "rounds": n, "shots_each_way": SHOTS}
    out["shot_each_way" if SHOTS else "battle_ended"] = done()
    out["screens_a"] = [e["screen"] for e in pr.a.events if e["kind"] == "s" and e["at_ns"] >= t_a]
    out["screens_b"] = [e["screen"] for e in pr.b.events if e["kind"] == "s" and e["at_ns"] >= t_a]
    out["battle_views_a"], out["battle_views_b"] = _views(pr.a, t_a), _views(pr.b, t_a)
    out.update(pr.numbers())
    out["spurious_resends"] = out["retransmits_a"] + out["retransmits_b"]  # a clean cable: none is needed
    shots = shot_answers(pr)
    out["shots"] = shots
    out.update(answer_summary(shots))
    out["battle_erases_a"], out["battle_erases_b"] = (pr.a.flash.between(t_a, 1 << 62)[0],
                                                      pr.b.flash.between(t_a, 1 << 62)[0])  # fmt: skip
    for p in pr.both:
        out["frames_" + p.name.lower()] = frame_report(p, t_a)
        out.update(_pair_heap(p, t_a))
    out["gc_every_frame"] = True  # the times above include a gc.collect() a frame
    out["goal_bytes_lost"] = GOALS["bytes_lost"]
    out["goal_retransmits"] = 0
    out["emulated_ms"] = ms(pr.a.now_ns() - pr.t0)
    out["wall_s"] = round(time.time() - t0, 1)
    return out


M_GRID, M_SHUFFLE, M_DEAL = 0x40, 0x41, 0x44  # cards.cable.proto: the grid, a stage's part, a deal
PEAK = os.environ.get("BROADSIDE_RP2_PEAK") != "0"  # 0: shuffle's times without a gc every frame


def shuffle_wire(pr, setups):
    """The first shuffle on the wire, per side, ms from that side's SETUP: its grid out, its
    stage 1 out (first and last byte), the other's stage 1 in (last byte), its stage 2 out
    (first byte; stage2_ms: from the other's stage 1 in, its stage 2 of the other's deck and the
    check before it), the other's stage 2 of its deck in, and its first deal out and in."""
    ends = (pr.a, pr.b)
    frames = []
    for k in (0, 1):
        seen, out = set(), []
        for typ, seq, t0, t1, pl in R.timed_frames(pr.cable.log[k], pr.cable.times[k]):
            if typ == R.T_DATA and pl and seq not in seen:
                seen.add(seq)
                out.append((pl[0], pl[2] if len(pl) > 2 else 0, t0, t1 + R.BYTE_NS))
        frames.append(out)

    def first(fs, mtype, stage=None, end=False):
        ts = [f[3] if end else f[2] for f in fs if f[0] == mtype and (stage is None or f[1] == stage)]
        return (max(ts) if end else min(ts)) if ts else None

    out = {}
    for k in (0, 1):
        base = setups[k]
        if base is None:
            continue
        mine, theirs = frames[k], frames[1 - k]
        at = {
            "grid_out": first(mine, M_GRID), "s1_out": first(mine, M_SHUFFLE, 1),
            "s1_out_end": first(mine, M_SHUFFLE, 1, True), "s1_in": first(theirs, M_SHUFFLE, 1, True),
            "s2_out": first(mine, M_SHUFFLE, 2), "s2_in": first(theirs, M_SHUFFLE, 2, True),
            "deal_out": first(mine, M_DEAL), "deal_in": first(theirs, M_DEAL),
        }  # fmt: skip
        name = ends[k].name.lower()
        for key, t in at.items():
            out["%s_ms_%s" % (key, name)] = ms(t - base) if t is not None else None
        if at["s2_out"] is not None and at["s1_in"] is not None:
            out["stage2_ms_" + name] = ms(at["s2_out"] - at["s1_in"])
    return out


def check_shuffle(route):
    """The card game over the cable on two Picos: A on both picks the rules; the link, the
    coin (phase COIN), then SETUP: the grid commitments and the first mental-poker shuffle of
    both decks (cards.cable.game), until PLAY. The probe reports the phase on each screen update
    (its state field): SETUP's emulated time on each side is the grids', the shuffle's and the
    deal's; shuffle_wire() times each stage on the wire. BROADSIDE_RP2_PEAK=0 measures the
    times without the peak heap's gc.collect() after every frame (which slows every frame)."""
    t0 = time.time()
    pr = Pair(route)
    for p in pr.both:  # the peak heap: gc.collect() after every frame
        p.keep_peak(PEAK)
    pr.open(MODES["link_cards"][0])
    pr.run(300)
    t_rules = pr.press("A")

    def phase_at(p, phase):
        return next(
            (e for e in p.events if e["kind"] == "s" and e["at_ns"] >= t_rules and e.get("state") == phase
             and e["screen"] == "Cable"),
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
    setups = [phase_at(p, 1) for p in pr.both]
    out.update(shuffle_wire(pr, [e["ns"] if e else None for e in setups]))
    done = [out.get("setup_ms_" + p.name.lower()) for p in pr.both]
    out["setup_ms_first"] = min((x for x in done if x is not None), default=None)
    out["gc_every_frame"] = PEAK
    out.update(pr.numbers())
    out["goal_shuffle_ms"] = GOALS["shuffle_ms"]
    out["wall_s"] = round(time.time() - t0, 1)
    return out


# -- every way out of every game, one session ----------------------------------------------

# (mode, keys once its first screen is up, the way out): "home" is home(): a game's pause menu
# and its Save and quit (or Quit), B where a screen has no menu; "end" plays on with B (a CPU
# seat's turn goes fast) until the end screen, then A there; a key is pressed once on the
# screen the keys left, then home() takes the menus back to the main menu.
_CPU_ONLY = "DOWN!,DOWN!,DOWN!,A~,UP!,UP!,UP!,A!,WAIT600"  # Setup's seat 1 to CPU, then Start
TOUR = (
    ("battleship", "", "B"),  # B at the level menu
    ("battleship", MODES["battleship"][1], "home"),  # Save and quit from the pause menu
    ("salvo", MODES["salvo"][1], "home"),
    ("express", "", "B"),  # B at Setup
    ("express", MODES["express"][1], "home"),  # the pause menu's Quit
    ("express", _CPU_ONLY + ",B,WAIT300", "end"),  # B at the loading screen, CPU against CPU, A at the end
    ("cards", "", "B"),  # B at the card game's menu
    ("cards", MODES["cards"][1], "home"),
    ("torpedo", "", "B"),
    ("torpedo", MODES["torpedo"][1], "home"),
    ("link_battle", "WAIT600", "B"),  # B while looking for the other handheld
    ("link_salvo", "WAIT600", "B"),
    ("link_express", "", "B"),  # B at the rules
    ("link_express", "A,WAIT600", "B"),
    ("link_cards", "A,WAIT600", "B"),
    # the Admiral's game (Setup keeps the seats of the game before: every seat a CPU), out by
    # whatever it offers (leave_any): its end screen
    ("express", "DOWN!,RIGHT~,UP!,A!,WAIT600", "out"),
)
END_MS = 90_000  # emulated ms a CPU-only game may take to its end screen
# bytes the menu may gain from a way out of a mode visited before in the session (nothing is the
# goal; the menu's first visit of each mode makes its modules' file paths as names, once)
TOUR_SLACK = 256


def play_to_end(p, timeout_ms=END_MS):
    """B every 200 ms (a CPU turn goes fast) until the end screen (Result), then A there."""
    end = p.now_ns() + timeout_ms * R.NS
    while state(p).get("screen") != "Result":
        if p.now_ns() > end or _at_home(p):
            raise CheckFailed("no end screen in %d ms (at %r)" % (timeout_ms, state(p)))
        p.press("B", after_ms=150)
    _frame_done(p)
    return _press_and_see(p, "A")


def leave_any(p, timeout_ms=END_MS):
    """Out of a game by whatever it offers: A at its end screen, its pause menu's quit (home()),
    the crash screen's key; else B, B, A (a CPU seat's turn goes fast, a human seat's B pauses)."""
    end = p.now_ns() + timeout_ms * R.NS
    n = 0
    while not _at_home(p):
        if p.now_ns() > end:
            raise CheckFailed("no way out in %d ms (at %r)" % (timeout_ms, state(p)))
        s = state(p)
        if s.get("screen") == "Result":
            _frame_done(p)
            _press_and_see(p, "A")
        elif s.get("sel", "-") != "-" and s.get("screen") not in MENUS:
            return home(p)
        elif s.get("screen") in MENUS:
            return home(p)
        else:
            p.press("BBA"[n % 3], after_ms=150)
            n += 1
    return p.keys_at[-1]


def tour_way(p, mode, script, way):
    """One way out of one mode, from the main menu back to it: its JSON fields."""
    con = len(p.console)
    t_a = open_entries(p, ALL_MODES[mode][0])
    p.run_until(lambda: state(p).get("screen") not in ("Home", "GroupMenu"), 4000)
    if state(p).get("screen") == "Ask":  # a game of this mode is saved: a new game replaces it
        _press_and_see(p, "DOWN")
        t = _press_and_see(p, "A", 0)
        p.run_until(lambda: (p.last("s", t) or {}).get("screen") not in (None, "Ask", "GroupMenu"), 3000)
    first = state(p).get("screen")
    keys(p, script)
    at = state(p)
    if way == "end":
        play_to_end(p)
    elif way == "out":
        leave_any(p)
    elif way != "home":
        _press_and_see(p, way)
    home(p)
    menu = p.last("s")
    h = heap_after(p, menu)
    reset = p.first("r", t_a)
    key = way_back(p, t_a)[2] or p.keys_at[-1]
    return {
        "mode": mode, "first_screen": first,
        "way": ("%s at %s" % (way, at.get("screen")) if way not in ("home", "end", "out") else
                "end: A at Result" if way == "end" else
                "%s: %s" % (_screen_at(p, key).get("screen"), _screen_at(p, key).get("sel"))),
        "screens": _screens(p, t_a), "soft_reset": reset is not None,
        "crash": crash_in(p.console[con:].decode("utf-8", "replace")),
        "menu_live_bytes": h["live"] - h["probe"] if h else None,
        "emulated_ms": ms(p.now_ns() - t_a),
    }  # fmt: skip


def _screens(p, after_ns):
    out = []
    for e in p.events:
        if e["kind"] == "s" and e["at_ns"] >= after_ns and (not out or out[-1] != e["screen"]):
            out.append(e["screen"])
    return out


def check_tour(route):
    """Every way out of TOUR on one Pico in one session: one JSON line per way (the main menu's
    live heap after it, and how far over the heap after boot), then a summary line with the
    names (qstrs) the session left in RAM against a fresh boot's. Yields the lines as they come."""
    t0 = time.time()
    fresh, _ = boot(route, name="fresh")  # the names a boot leaves in RAM, for the summary
    stop_game(fresh)
    names0 = ram_names(fresh)
    p, s = boot(route)
    h = heap_after(p, s)
    base = h["live"] - h["probe"]
    worst = 0
    seen, last, revisit = set(), base, 0  # the most a way out of a mode visited before added
    parts = []  # the RAM names of each session (one unless a way failed and the Pico rebooted)
    for n, (mode, script, way) in enumerate(TOUR, 1):
        try:
            out = {"check": "tour", "n": n}
            out.update(tour_way(p, mode, script, way))
            out["boot_menu_live_bytes"] = base
            if out["menu_live_bytes"] is not None:
                out["over_boot_bytes"] = out["menu_live_bytes"] - base
                worst = max(worst, out["over_boot_bytes"])
                if mode in seen:
                    out["over_last_way_bytes"] = out["menu_live_bytes"] - last
                    revisit = max(revisit, out["over_last_way_bytes"])
                seen.add(mode)
                last = out["menu_live_bytes"]
        except CheckFailed as e:
            out = {"check": "tour", "n": n, "mode": mode, "failed": str(e)}
            if not _at_home(p):
                seen, last = set(), base
                try:  # the names this session made, before the reboot forgets them
                    parts.append(_names_left(p, names0))
                except CheckFailed:
                    pass
                p, s = boot(route)
                out["rebooted"] = True  # the ways after it start from this boot's menu
        out["wall_s"] = round(time.time() - t0, 1)
        yield out
    summary = {"check": "tour_summary", "ways": len(TOUR), "boot_menu_live_bytes": base}
    parts.append(_names_left(p, names0))
    summary.update(parts[-1])
    if len(parts) > 1:  # a reboot split the tour: every session's names
        summary["names_the_tour_left"] = sorted({n for x in parts for n in x["names_the_tour_left"]})
        summary["ram_names_after_tour"] = [x["ram_names_after_tour"] for x in parts]
        summary["ram_name_bytes_after_tour"] = [x["ram_name_bytes_after_tour"] for x in parts]
    summary["names_not_module_paths"] = [n for n in summary["names_the_tour_left"] if not n.endswith(".mpy")]
    summary.update(worst_over_boot_bytes=worst, worst_revisit_bytes=revisit, slack_bytes=TOUR_SLACK,
                   emulated_ms=round(p.now_ms(), 1),
                   wall_s=round(time.time() - t0, 1))  # fmt: skip
    yield summary


def _names_left(p, names0):
    """Ctrl-C on the tour's Pico, its RAM names against a fresh boot's (names0)."""
    stop_game(p)
    head, names = ram_names(p)
    before = set(names0[1])
    return {
        "ram_names_after_boot": names0[0].get("n_qstr"),
        "ram_name_bytes_after_boot": names0[0].get("n_total_bytes"),
        "ram_names_after_tour": head.get("n_qstr"),
        "ram_name_bytes_after_tour": head.get("n_total_bytes"),
        "names_the_tour_left": [n for n in names if n not in before],
    }


def goals(route_name, lines, heap_total):
    """The goals line of one route from its checks' lines."""
    modes = [o for o in lines if o.get("check") == "mode" and o.get("peak_heap_bytes")]
    out = {"check": "goals"}
    share = PEAK_SHARE[route_name]
    out["goal_peak_bytes"] = int(share * heap_total)
    out["goal_peak_share"] = share
    if modes:
        w = max(modes, key=lambda o: o["peak_heap_bytes"])
        out.update(worst_peak_mode=w["mode"], worst_peak_bytes=w["peak_heap_bytes"],
                   worst_peak_share=round(w["peak_heap_bytes"] / heap_total, 3))  # fmt: skip
    pairs = [(o.get("mode", o["check"]), v) for o in lines if o.get("check") in ("pair", "shuffle")
             for k, v in o.items() if k.startswith("peak_heap_bytes") and v]  # fmt: skip
    if pairs:
        m, v = max(pairs, key=lambda x: x[1])
        out.update(worst_pair_peak_mode=m, worst_pair_peak_bytes=v)
    boot_line = next((o for o in lines if o.get("check") == "boot"), None)
    if boot_line:
        out.update(boot_ms=boot_line["boot_ms"], goal_boot_ms=GOALS["boot_ms"])
    quits = [o for o in modes if o.get("ms_key_to_menu") and "save_quit" in (o.get("way_out") or "")]
    if quits:
        w = max(quits, key=lambda o: o["ms_key_to_menu"])
        out.update(save_quit_ms_max=w["ms_key_to_menu"], save_quit_mode=w["mode"],
                   save_quit_ms={o["mode"]: o["ms_key_to_menu"] for o in quits},
                   goal_save_quit_ms=GOALS["save_quit_ms"])  # fmt: skip
    resets = [o["ms_reset_to_menu"] for o in modes if o.get("ms_reset_to_menu")]
    if resets:
        out["soft_reset_to_menu_ms_mean"] = round(sum(resets) / len(resets), 1)
    crashed = [o["mode"] for o in lines if o.get("crash")]
    if crashed:
        out["crashed"] = crashed
    return out


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench rp2", description=__doc__.split("\n")[0])
    ap.add_argument(
        "checks", nargs="*",
        help="boot imports reflash pair shuffle deck clock tour drag all, or a mode: %s"
        % " ".join(ALL_MODES),
    )  # fmt: skip
    ap.add_argument("--route", choices=("files", "romfs", "both"), default="both")
    ap.add_argument("--firmware", help="the official RPI_PICO .uf2 (default: FIRMWARE, ../shared/firmware/)")
    ap.add_argument("--broadside", help="Broadside's firmware .uf2 (default: build/firmware/)")
    args = ap.parse_args(argv)
    names = R.ROUTES if args.route == "both" else (args.route,)
    checks = args.checks or ["boot", "imports"] + list(MODES) + ["pair", "shuffle"]
    if checks == ["all"]:
        checks = ["boot", "imports", "clock", "reflash", *MODES, "express_admiral"]
        checks += ["pair", "shuffle", "tour", "drag"]
    for name in names:
        route = R.files_route(args.firmware) if name == "files" else R.romfs_route(args.broadside)
        if route is None:
            why = R.OFFICIAL if name == "files" else R.NO_BROADSIDE
            print(json.dumps({"check": "route", "route": name, "skipped": why}), flush=True)
            continue
        run_route(route, checks, args)
    return 0


def run_route(route, checks, args):
    lines = []
    heap_total = HEAP_BYTES
    pico = None  # the modes run one after the other on one Pico: each game ends in a soft reset

    def put(out):
        out = dict({"route": route.name}, **out)
        if out.get("check") in ("boot", "route"):
            out["source"] = route.source
            if route.note:
                out["note"] = route.note
        lines.append(out)
        print(json.dumps(out), flush=True)

    for c in checks:
        try:
            if c == "boot":
                out, pico = check_boot(route)
                heap_total = out["heap_total_bytes"]
            elif c in ALL_MODES:
                reuse = pico is not None and _at_home(pico) and not (lines and lines[-1].get("crash"))
                out, pico = check_mode(route, c, pico if reuse else None)
            elif c == "tour":
                for out in check_tour(route):
                    put(out)
                continue
            elif c == "drag":
                out = check_drag(route)[0] if route.name == "romfs" else None
                if out is None:
                    continue
            else:
                fn = globals().get("check_" + c)
                if fn is None:
                    print("bench rp2: no check %r" % c)
                    return 2
                out = fn(route)
        except CheckFailed as e:
            out = {"check": c, "failed": str(e)}
        put(out)
    if any(o.get("check") in ("mode", "boot") for o in lines):
        put(goals(route.name, lines, heap_total))
    return 0
