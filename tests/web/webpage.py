"""One page of the web handheld driven as a player would: keys on the keyboard, the
canvas read back through `window.broadside.pixels()` (the page's contract: web/).

Key scripts are the simulator's (host_tools.sim.handheld.parse_keys): A, B, UP, DOWN, LEFT,
RIGHT, WAIT<ms>, HOLD<ms>:<KEY>; "1:A" presses on the first of several pages only.
A press is a key going down and up at once, as a quick tap: the page keeps a press
shorter than a frame for the next frame (web/broadside.js). The script then waits until
the firmware has run two frames after the page saw the key (a listener of ours notes
the frame): the tap has been consumed, alone, before the next one goes in. Two taps in
one frame would be one frame's two buttons, and a menu takes one of them (UP before A);
a key held down while the test waits for the page would repeat on a busy machine.
"""

import os
import random
import subprocess
import time

from host_tools.paths import ROOT, heap_bytes, micropython

# the page's keys for the handheld's buttons (the README's: arrows, z = A, x = B)
KEYS = {"UP": "ArrowUp", "DOWN": "ArrowDown", "LEFT": "ArrowLeft", "RIGHT": "ArrowRight", "A": "z", "B": "x"}
W, H = 128, 64
# numbers the tests measured (load time, bytes shipped): conftest prints them after the run
NUMBERS = {}


class PageError(AssertionError):
    pass


# Ours, before the page's scripts: the frame during which the page saw the latest key.
_TAP_WATCH = """
addEventListener("keydown", () => {
  window.__taps = (window.__taps || 0) + 1;
  window.__tapFrame = (window.broadside && window.broadside.frames) || 0;
}, true);
"""


class WebHandheld:
    """A page of the handheld. url: where it is served, with its query (?id=, ?cable=...)."""

    def __init__(self, page, url, name="page"):
        self.page = page
        self.url = url
        self.name = name
        self.console = []
        page.on("console", lambda m: self.console.append("%s: %s" % (m.type, m.text)))
        page.on("pageerror", lambda e: self.console.append("pageerror: %s" % e))
        page.add_init_script(_TAP_WATCH)

    # -- the page's life -------------------------------------------------------
    def open(self, url=None, timeout=30):
        """Load the page and wait until the firmware runs (its first frames drawn)."""
        if url:
            self.url = url
        t0 = time.monotonic()
        self.page.goto(self.url)
        self.wait_running(timeout)
        self.load_s = time.monotonic() - t0
        return self

    def state(self):
        return self.page.evaluate(
            "() => window.broadside ? [window.broadside.state, String(window.broadside.error || '')]"
            " : ['none', '']"
        )

    def wait_running(self, timeout=30, frames=3):
        deadline = time.monotonic() + timeout
        while True:
            st, err = self.state()
            if st == "error":
                raise PageError("%s: the page failed: %s" % (self.name, err))
            if st == "running" and self.frames() >= frames:
                return
            if time.monotonic() > deadline:
                raise PageError("%s: not running after %ds (state %r)" % (self.name, timeout, st))
            time.sleep(0.05)

    def check(self):
        """The firmware still runs: no error on the page, and no traceback on its console
        (a crash inside the game shows on the handheld's screen, as on a Pico, and the
        page goes on running: boards/web.py)."""
        st, err = self.state()
        if st != "running":
            raise PageError("%s: state %r: %s" % (self.name, st, err))
        for i, line in enumerate(self.console):
            if "Traceback" in line:
                raise PageError(
                    "%s: the firmware crashed:\n%s" % (self.name, "\n".join(self.console[i : i + 30]))
                )

    def frames(self):
        return self.page.evaluate("() => (window.broadside && window.broadside.frames) || 0")

    def wait_frames(self, n, timeout=10):
        """Until the firmware has run n more frames."""
        want = self.frames() + n
        self.page.wait_for_function(
            "(n) => window.broadside.frames >= n || window.broadside.state === 'error'",
            arg=want,
            timeout=timeout * 1000,
        )
        self.check()

    # -- keys --------------------------------------------------------------------
    def down(self, button):
        self.page.keyboard.down(KEYS[button])

    def up(self, button):
        self.page.keyboard.up(KEYS[button])

    def tap(self, button):
        """The key down and up; then tapped() waits until the firmware has taken it."""
        self._taps = self.page.evaluate("() => window.__taps || 0")
        self.page.keyboard.press(KEYS[button])

    def tapped(self, timeout=10):
        self.page.wait_for_function(
            "(n) => window.broadside.state === 'error'"
            " || ((window.__taps || 0) > n && window.broadside.frames >= window.__tapFrame + 2)",
            arg=self._taps,
            timeout=timeout * 1000,
        )
        self.check()

    def press(self, button):
        self.tap(button)
        self.tapped()

    def keys(self, script):
        play([self], script)

    # -- the screen --------------------------------------------------------------
    def pixels(self):
        """The canvas as 64 rows of 128 values, 1 = lit."""
        flat = self.page.evaluate("() => Array.from(window.broadside.pixels())")
        if len(flat) != W * H:
            raise PageError("%s: pixels() gave %d values, not %d" % (self.name, len(flat), W * H))
        return [[1 if v else 0 for v in flat[y * W : (y + 1) * W]] for y in range(H)]

    def lit(self):
        return sum(map(sum, self.pixels()))

    def screenshot(self, path, part=None):
        """A PNG of the page, or of the element `part` (a CSS selector) when the page has it."""
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if part and self.page.locator(part).count():
            self.page.locator(part).first.screenshot(path=path)
        else:
            self.page.screenshot(path=path)
        return path

    def wait_screen(self, test, timeout=10, what="the screen"):
        """Until test(rows) holds (polled every few frames); its rows."""
        deadline = time.monotonic() + timeout
        while True:
            rows = self.pixels()
            if test(rows):
                return rows
            self.check()
            if time.monotonic() > deadline:
                raise PageError("%s: %s did not show within %ds" % (self.name, what, timeout))
            time.sleep(0.1)

    def wait_still(self, frames=6, timeout=10):
        """Until the screen stays the same for `frames` frames; its rows."""
        deadline = time.monotonic() + timeout
        last = self.pixels()
        while True:
            self.wait_frames(frames)
            now = self.pixels()
            if now == last:
                return now
            if time.monotonic() > deadline:
                return now
            last = now


def play(pages, script):
    """A key script on several pages at once: a press on all (or on the one named "1:"/"2:"),
    WAIT<ms> wall-clock time (the page's clock is the browser's)."""
    from host_tools.sim.handheld import parse_keys

    for raw in [s.strip() for s in script.split(",") if s.strip()]:
        who = None
        if len(raw) > 2 and raw[1] == ":" and raw[0] in "123456789":
            who, raw = int(raw[0]) - 1, raw[2:]
        tok = raw.upper()
        chosen = pages if who is None else [pages[who]]
        if tok.startswith("WAIT"):
            time.sleep(int(tok[4:]) / 1000)
            continue
        if tok.startswith("HOLD"):
            ms, key = tok[4:].split(":")
            for p in chosen:
                p.down(key)
            time.sleep(int(ms) / 1000)
            for p in chosen:
                p.up(key)
            for p in chosen:
                p.wait_frames(1)
            continue
        if tok not in KEYS:
            parse_keys(raw)  # names the key the script got wrong
            raise PageError("unknown key %r" % raw)
        for p in chosen:
            p.tap(tok)
        for p in chosen:
            p.tapped()


# -- words on the screen ---------------------------------------------------------------
_WORDS = {}


def word_bitmaps(words):
    """{word: 8 rows of its pixels} as the firmware's main font draws it (core.font under
    the MicroPython unix port)."""
    need = [w for w in words if w not in _WORDS]
    if need:
        env = dict(os.environ)
        env["MICROPYPATH"] = os.path.join(ROOT, "firmware")
        out = subprocess.run(
            [micropython(), os.path.join(ROOT, "tests", "web", "words_dump.py")] + need,
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
        )
        if out.returncode:
            raise RuntimeError("words_dump failed: " + out.stdout[-2000:] + out.stderr[-2000:])
        lines = [ln for ln in out.stdout.splitlines() if ln.startswith("WORD ")]
        for w, line in zip(need, lines):
            _tag, n, hexbuf = line.split(" ")
            n = int(n)
            buf = bytes.fromhex(hexbuf)
            _WORDS[w] = [[(buf[x] >> y) & 1 for x in range(n)] for y in range(8)]
    return {w: _WORDS[w] for w in words}


def find_word(rows, word, inverse=False):
    """(x, y) where `word` is drawn on the screen (lit on dark, or dark on lit), else None."""
    bm = word_bitmaps([word])[word]
    w = len(bm[0])
    want = [[b ^ 1 for b in r] if inverse else r for r in bm]
    first = want[0]
    for y in range(H - 8 + 1):
        row = rows[y]
        for x in range(W - w + 1):
            if row[x : x + w] != first:
                continue
            if all(rows[y + k][x : x + w] == want[k] for k in range(1, 8)):
                return x, y
    return None


def shows(rows, text, inverse=False):
    """Every word of `text` is on the screen (wrapping may split a text between lines)."""
    return all(find_word(rows, w, inverse) for w in text.split())


def shows_any(rows, text):
    """`text` on the screen, lit on dark or dark on a lit bar (a title, a selected row)."""
    return shows(rows, text) or shows(rows, text, inverse=True)


def open_mode(key):
    """Keys from the main menu's first row (no saved game) into a game mode's first screen
    (host_tools.bench.memory.mode_labels: through the Battleship submenu where grouped)."""
    from host_tools.bench.memory import mode_labels

    return mode_labels()[key]


PAGE_HEAP = 1 << 20  # the page's heap cap when the URL names none (web/broadside.js: a page is not a Pico)


def assert_fits(h, name, cap=None):
    """The page still runs within its heap cap (`cap`: the one it was opened with; None, the unix
    port's, heap_bytes()): {alloc, peak, cap} from broadside.memory() (the peak: the most in use
    after any frame, garbage included); the peak is reported."""
    h.check()  # a heap grown past the cap is a MemoryError on the handheld's screen (boards/web.py)
    m = h.page.evaluate("() => window.broadside.memory()")
    key = "peak_heap_bytes_" + name
    NUMBERS[key] = max(m["peak"], NUMBERS.get(key, 0))
    assert m["cap"] == (cap or heap_bytes()), m
    assert 0 < m["alloc"] <= m["peak"] < m["cap"], m


def cable_name():
    """A fresh name for the cable between two tabs (their BroadcastChannel)."""
    return "test%d" % random.randrange(1 << 30)
