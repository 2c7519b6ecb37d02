"""A whole evening on one handheld: `python -m host_tools.bench soak --seed S --presses N`.

One simulated handheld (or two on the cable with --linked) runs the game's
ROMFS image (host_tools/sim/romboot.py mounts it; its modules run in place)
under the MicroPython unix port with a 192 KB heap and the image's own room
beside it (host_tools.paths.rom_heap), the garbage collector left to run when
the heap fills as on the device. A seeded session goes from mode to mode: whole games
(Battleship and Salvo against the CPU, Express, the card game in standard and
beginner rules, Torpedo Attack, Settings, Continue of a game left saved), each
visit followed by random presses (A five times as likely as B, the arrows,
short waits) wherever they lead, then back to the main menu (B, or a menu's
quit entry). Every press counts, the scripted ones too. With --linked both
handhelds play Link battle and Link salvo over the cable, random presses on
both in between.

The live heap at the main menu (gc.collect(), then gc.mem_alloc(), less what
the interpreter, the launcher, the image's bytearray and the probe hold before
the firmware starts: the image is never in a figure here) is taken after
every visit; the peak is sampled with a collection every SAMPLE frames and at
every look at the screen (host_tools/bench/probes/memprobe.py). A firmware crash is
counted, named, and the handheld boots again on the same saves.

After the session every mode plays one more whole game (the memory bench's
scripts) in the same heap: `complete_after` says whether each came back to
the menu. One JSON line:
  presses, crashes (and crash: where and what), modes_visited (visits per mode),
  menu_heap_fresh, menu_heap_end, retained_bytes (end - fresh), menu_heap_max,
  peak_heap_bytes, worst_mode (the visit during which the peak was reached),
  complete_after, stuck (visits after which the menu could not be reached),
  seconds, ok (the targets: no crash, retained <= RETAINED_MAX, every mode
  completes after the session).
"""

import argparse
import json
import random
import time

from host_tools.bench import session
from host_tools.paths import HEAP
from host_tools.sim.handheld import Cable, FirmwareCrashed, parse_keys

RETAINED_MAX = 8 * 1024
SAMPLE = 32  # frames between two samples of the peak (a gc.collect each: see above)

# The modes a session visits: (name, keys of the menu entries that open it, script from
# its first screen). A script needs not end on the menu: the way home is found after it.
_SWEEP = session.sweep(1500)
VISITS = (
    ("battleship", ("battleship_menu", "battleship"), _SWEEP),
    ("salvo", ("battleship_menu", "salvo"), _SWEEP),  # an arrow may cut a CPU salvo short: fine here
    ("express", ("express_menu", "express"), session.EX_CPU_GAME + "B,WAIT200," * 250),
    ("cards", ("cards_menu", "cards"), "A,WAIT330" + ",A,WAIT100" * 160 + ",WAIT2000,B"),
    ("cards_beginner", ("cards_menu", "cards"), "DOWN,A,WAIT330" + ",A,WAIT100" * 160 + ",WAIT2000,B"),
    ("torpedo", ("torpedo",), session.torpedo("A,A", 400)),
    ("settings", ("settings",), "RIGHT,LEFT,DOWN,RIGHT,RIGHT,LEFT,DOWN,A,A,DOWN,RIGHT,LEFT,UP,UP,UP,B"),
    # a game left in the middle (random presses, then its save-and-quit) goes on
    ("continue", ("continue",), "A,WAIT300,A,WAIT300,A,WAIT300,B,WAIT300"),
)
LINKED = (
    ("link_battle", ("battleship_menu", "link_battle"), session.link_game(450, first_wait=0)),
    ("link_salvo", ("battleship_menu", "link_salvo"), session.link_game(550, first_wait=0)),
    ("link_express", ("express_menu", "link_express"), session.LINK_EXPRESS),
)
# After the session: one whole game of each mode, as the memory bench plays it.
AFTER = {
    "battleship": (("battleship_menu", "battleship"), _SWEEP),
    "salvo": (("battleship_menu", "salvo"), _SWEEP),
    "express": (("express_menu", "express"), VISITS[2][2]),
    "cards": (("cards_menu", "cards"), VISITS[3][2]),
    "torpedo": (("torpedo",), VISITS[5][2]),
}
AFTER_LINKED = {
    "link_battle": LINKED[0][1:],
    "link_salvo": LINKED[1][1:],
    "link_express": LINKED[2][1:],
}
# random presses: A five times as likely as B; the arrows; short waits
_RANDOM = ("A",) * 5 + ("B", "UP", "DOWN", "LEFT", "RIGHT", "WAIT")
_QUIT = ("quit", "give_up")  # a menu entry that leaves a game (cg_quit, bs_save_quit, ...)


class Crashed(Exception):
    pass


class Session:
    """The handhelds of one soak, and the numbers taken so far."""

    def __init__(self, install, seed, heap=HEAP, n=1, env=None):
        self.install = install
        self.env = env or {}
        self.seed = seed
        self.heap = heap
        self.n = n
        self.saves = None
        self.presses = 0
        self.frames = 0
        self.peak = 0
        self.peak_mode = None
        self.peak_at = None
        self.mode = "menu"
        self.crashes = []
        self.hs = []
        self.boot()

    def boot(self):
        self.booting = True
        for h in self.hs:
            h.close()
        self.hs = []
        for i in range(self.n):
            env = {"BROADSIDE_SEED": str(self.seed * 10 + i + 1)}
            env.update(self.env)
            saves = self.saves[i] if self.saves else None
            name = "handheld %d" % (i + 1)
            h = session.handheld(self.install, session.MEMPROBE, env, self.heap, saves, name)
            self.hs.append(h)
        self.saves = [h.saves for h in self.hs]
        if self.n == 2:
            Cable(self.hs[0], self.hs[1])
        self.keys("WAIT330")
        self.booting = False

    def close(self):
        for h in self.hs:
            h.close()

    # -- driving ----------------------------------------------------------
    def _frame(self, masks, flags=0):
        self.frames += 1
        if self.frames % SAMPLE == 0:
            flags |= 4
        try:
            for h, m in zip(self.hs, masks):
                h.frame(m, flags)
        except FirmwareCrashed as e:
            if self.booting:
                raise
            probe = ("Q(", "qstr pool", "live_heap")  # the probe's own console lines
            text = [x for x in str(e).strip().splitlines() if not x.startswith(probe)]
            err = next((x for x in reversed(text) if "Error" in x and not x.startswith("Q(")), "?")
            where = [x.strip() for x in text if x.strip().startswith("File ")][-1:]
            at = where[0][:200] if where else ""
            self.crashes.append({"mode": self.mode, "error": err[:200], "at": at, "tail": text[-8:]})
            self.boot()
            raise Crashed() from None

    def keys(self, script, count=True):
        play, after = session.split_at_end(script)
        since = [len(h.cues) for h in self.hs]
        for who, mask, held, after_frames in parse_keys(play):
            if after and session.game_over(self.hs, since):
                break  # the game is over: on to the keys after it (session.UNTIL_END)
            if mask and count:
                self.presses += 1
            for i in range(held + after_frames):
                m = mask if i < held else 0
                self._frame([m if (who is None or who == k) else 0 for k in range(self.n)])
        if after:
            self.keys(after, count)

    def status(self, k=0):
        """The numbers of handheld k (its screen, the menu entry under the cursor, the heap)."""
        flags = 4 | 8
        for h in self.hs:
            h.mem = None
        self._frame([0] * self.n, flags)
        self._frame([0] * self.n)  # the reply to flag 8 comes with the next frame
        s = self.hs[k].mem or {}
        for h in self.hs:
            m = h.mem or {}
            peak = int(m.get("peak_live", 0)) - int(m.get("probe_start", 0))
            if peak > self.peak:
                self.peak = peak
                self.peak_mode = self.mode
                self.peak_at = m.get("peak_at", "").split(":")[0]
        return s

    def names(self, k=0):
        """(qstrs interned, bytes they take) on handheld k: micropython.qstr_info()."""
        h = self.hs[k]
        n = len(h.console)
        self._frame([0] * self.n, 16)
        self._frame([0] * self.n)
        for _ in range(50):  # the console is read by a thread
            line = next((x for x in h.console[n:] if x.startswith("qstr pool")), None)
            if line:
                f = dict(kv.split("=") for kv in line.split(": ", 1)[1].split(", "))
                return int(f["n_qstr"]), int(f["n_total_bytes"])
            time.sleep(0.02)
        return None, None

    def live(self, k=0):
        s = self.status(k)
        return int(s["live_now"]) - int(s["probe_start"])

    # -- the menu ------------------------------------------------------------
    def home(self, k=None, tries=120):
        """Back to the main menu on every handheld (k: only that one): B, or a menu's quit
        entry when a game's menu is up. False when it could not be reached."""
        ks = range(self.n) if k is None else (k,)
        last_b = {}  # handheld -> (the screen it pressed B on last, how many times in a row)
        for _ in range(tries):
            away = [i for i in ks if not self._at_home(self.status(i))]
            if not away:
                return True
            for i in away:
                s = self.hs[i].mem or {}
                who = "%d:" % (i + 1) if self.n > 1 else ""
                sel = s.get("sel", "-")
                if sel != "-" and s.get("screen") not in ("Home",):
                    quit_now = any(q in sel for q in _QUIT)
                    if quit_now:
                        self.keys(who + "A,WAIT300")
                        continue
                    if self._menu_has_quit(i):
                        continue
                # B leaves most screens; where B did not (a battle shows its own fleet
                # on B, and opens its menu on A there; a game's prompt goes on), A
                screen = s.get("screen")
                seen, times = last_b.get(i, (None, 0))
                times = times + 1 if seen == screen else 1
                key = "A" if times > 3 else "B"
                last_b[i] = (screen, 0 if key == "A" else times)
                self.keys(who + key + ",WAIT300")
        return False

    def _at_home(self, s):
        return s.get("screen") == "Home" and s.get("depth") == "1"

    def _menu_has_quit(self, i):
        """On a game's menu: walk its entries once; stop on one that quits (True)."""
        who = "%d:" % (i + 1) if self.n > 1 else ""
        first = (self.hs[i].mem or {}).get("sel")
        for _ in range(8):
            self.keys(who + "DOWN,WAIT100")
            sel = self.status(i).get("sel", "-")
            if any(q in sel for q in _QUIT):
                return True
            if sel == first:
                break
        return False

    def open(self, entries, k=None):
        """From the main menu, into the mode under `entries` (menu keys, outer first) on
        every handheld. False when an entry is not there (e.g. no game to continue)."""
        ks = range(self.n) if k is None else (k,)
        for key in entries:
            for i in ks:
                who = "%d:" % (i + 1) if self.n > 1 else ""
                for _ in range(10):
                    if self.status(i).get("sel") == key:
                        break
                    self.keys(who + "DOWN,WAIT100")
                else:
                    return False
            self.keys(",".join(("%d:A" % (i + 1) if self.n > 1 else "A") for i in ks) + ",WAIT300")
        return True

    def random_presses(self, rng, count):
        keys = []
        for _ in range(count):
            key = rng.choice(_RANDOM)
            if key == "WAIT":
                keys.append("WAIT%d" % rng.choice((100, 300, 700, 1500)))
            else:
                who = "%d:" % rng.randint(1, self.n) if self.n > 1 else ""
                keys.append(who + key + ",WAIT%d" % rng.choice((0, 100, 300)))
        self.keys(",".join(keys))


def _visit(s, name, entries, script, rng, gap):
    s.mode = name
    if not s.open(entries):
        s.home()
        return False
    s.keys(script)
    s.random_presses(rng, gap)
    s.status()  # the peak so far, while the visit is still the mode's
    return True


def run(seed=1, presses=20000, linked=False, heap=HEAP, install=None, after=True):
    """One soak session: the JSON-able result."""
    t0 = time.time()
    install = install or session.build_installs(source=False)["mpy"]
    rng = random.Random(seed)
    s = Session(install, seed, heap, n=2 if linked else 1)
    visits = {}
    stuck = []
    menu = []  # after each visit: (live heap at the menu, names interned, pool bytes, boots so far)
    try:
        fresh = s.live()
        names0 = s.names()
        menu.append((fresh, names0[0], names0[1], 0, "boot"))
        order = list(LINKED if linked else VISITS)
        while s.presses < presses:
            rng.shuffle(order)
            for name, entries, script in order:
                if s.presses >= presses:
                    break
                try:
                    if _visit(s, name, entries, script, rng, rng.randint(20, 200)):
                        visits[name] = visits.get(name, 0) + 1
                    s.mode = "menu"
                    if not s.home():
                        stuck.append("%s (%s)" % (name, s.status().get("screen")))
                    # a few presses from the menu itself: wherever they lead
                    s.random_presses(rng, rng.randint(0, 30))
                    if s.home():
                        menu.append((s.live(),) + s.names() + (len(s.crashes), name))
                    else:
                        stuck.append("menu after %s (%s)" % (name, s.status().get("screen")))
                except Crashed:  # booted again: the heap starts afresh
                    menu.append((s.live(),) + s.names() + (len(s.crashes), "boot"))
        end = s.live()
        names1 = s.names()
        menu.append((end,) + names1 + (len(s.crashes), "end"))
        first = {}  # boot -> its first menu sample
        for m in menu:
            first.setdefault(m[3], m)
        # What a visit kept that is not a name: the menu heap's growth over a visit that
        # interned no new name (a leak; the names stay by design of the interpreter)
        leaks = [b[0] - a[0] for a, b in zip(menu, menu[1:]) if a[1] == b[1] and a[3] == b[3] and b[0] > a[0]]
        result = {
            "bench": "soak",
            "seed": seed,
            "linked": linked,
            "heap": heap,
            "presses": s.presses,
            "crashes": len(s.crashes),
            "modes_visited": visits,
            "menu_heap_fresh": fresh,
            "menu_heap_end": end,
            # the most the menu heap grew within one boot (a crash boots afresh)
            "retained_bytes": max(m[0] - first[m[3]][0] for m in menu),
            "retained_after": max(menu, key=lambda m: m[0] - first[m[3]][0])[4],
            "menu_heap_max": max(m[0] for m in menu),
            "peak_heap_bytes": s.peak,
            "worst_mode": s.peak_mode,
            "worst_screen": s.peak_at,
            "names_interned": max(m[1] - first[m[3]][1] for m in menu),
            "names_bytes": max(m[2] - first[m[3]][2] for m in menu),
            "leak_bytes": max(leaks, default=0),
            "stuck": stuck,
        }
        if after:
            result["complete_after"] = complete_after(s, AFTER_LINKED if linked else AFTER)
        result["crashes"] = len(s.crashes)
        if s.crashes:
            result["crash"] = s.crashes
    finally:
        s.close()
    result["seconds"] = round(time.time() - t0, 1)
    result["ok"] = bool(
        result["crashes"] == 0
        and result["retained_bytes"] <= RETAINED_MAX
        and all(result.get("complete_after", {}).values())
    )
    return result


# The tour: every mode's first screen in turn, in one session, back to the menu after each.
TOUR = (
    ("battleship", ("battleship_menu", "battleship")),
    ("salvo", ("battleship_menu", "salvo")),
    ("link_battle", ("battleship_menu", "link_battle")),
    ("link_salvo", ("battleship_menu", "link_salvo")),
    ("express", ("express_menu", "express")),
    ("link_express", ("express_menu", "link_express")),
    ("cards", ("cards_menu", "cards")),
    ("link_cards", ("cards_menu", "link_cards")),
    ("torpedo", ("torpedo",)),
    ("settings", ("settings",)),
)


def tour(install=None, heap=HEAP, seed=1, modes=TOUR, passes=1):
    """Enter every mode in turn (its first screen, a moment there) and come back: the
    menu's live heap and the interpreter's interned names after each (a second pass
    names its visits "mode#2")."""
    install = install or session.build_installs(source=False)["mpy"]
    s = Session(install, seed, heap)
    out = {"bench": "memory", "mode": "tour", "heap": heap, "completed": True}
    try:
        heaps = {"fresh": s.live()}
        names = {"fresh": s.names()[0]}
        for k in range(passes):
            for mode, entries in modes:
                _tour_visit(s, out, heaps, names, mode + ("#%d" % (k + 1) if k else ""), entries)
        out["menu_heap"] = heaps
        out["qstrs"] = names
        steps = list(heaps.values())
        out["visit_bytes"] = {k: heaps[k] - steps[i] for i, k in enumerate(list(heaps)[1:])}
        out["retained_bytes"] = steps[-1] - steps[0]
        if s.crashes:
            out["crash"] = s.crashes
    finally:
        s.close()
    return out


def _tour_visit(s, out, heaps, names, name, entries):
    s.mode = name
    try:
        s.open(entries)
        s.keys("WAIT1000")
        ok = s.home()
    except Crashed:
        ok = False
        name += " (crashed: booted again)"
    if not ok:
        out["completed"] = False
        out.setdefault("failed", []).append(name)
    heaps[name] = s.live()
    names[name] = s.names()[0]


def complete_after(s, modes):
    """Each mode's whole game once more, in the heap the session left: {mode: came back}."""
    out = {}
    for name, (entries, script) in modes.items():
        s.mode = name + " (after)"
        before = len(s.crashes)
        try:
            ok = s.open(entries)
            if ok:
                s.keys(script, count=False)
                ok = s.home(tries=40)
        except Crashed:
            ok = False
        out[name] = bool(ok and len(s.crashes) == before)
    return out


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench soak", description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, action="append", help="session seed (repeatable; default 1)")
    ap.add_argument("--presses", type=int, default=20000)
    ap.add_argument("--linked", action="store_true", help="two handhelds on the cable, the link modes")
    ap.add_argument("--heap", default=HEAP)
    args = ap.parse_args(argv)
    install = session.build_installs(source=False)["mpy"]
    failed = False
    for seed in args.seed or [1]:
        r = run(seed, args.presses, args.linked, args.heap, install)
        print(json.dumps(r), flush=True)
        failed |= not r["ok"]
    return 1 if failed else 0
