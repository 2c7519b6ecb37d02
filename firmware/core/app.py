"""The app: a stack of screens run at a fixed frame pace.

Each frame: wait for the frame tick, poll the buttons once, let the top
screen update, advance sound; redraw into the framebuffer and send the
changed bytes only when a screen asked for it. Game modes load lazily
(see core/modes.py) and are unloaded when they close; the menus (core/home.py) leave
the heap while a game runs and come back on the entries it was started from.
"""

import gc
import os
import sys

from core import strings
from core.compat import load, unload
from core.settings import SAVE_NAME, Settings
from core.storage import StorageError
from core.strings import t

_MENU_MODULES = ("core.home", "core.modes", "core.saved")
GAME = "g_"  # a game slot's save name: GAME + the slot's key


def game_head(label, unit, n):
    """A slot's head: label key, unit key (each a length byte and ASCII), n (2 bytes)."""
    lab = label.encode()
    u = unit.encode()
    return bytes((len(lab),)) + lab + bytes((len(u),)) + u + bytes((n & 255, (n >> 8) & 255))



class App:
    def __init__(self, hw):
        self.hw = hw
        self.fb = hw.display
        self.buttons = hw.buttons
        self.clock = hw.clock
        self.stack = []
        self.running = True
        self.frame = 0
        self.now = self.clock.now()
        self._dirty = True
        self._mode_modules = None
        self._way = None  # while a game runs: the menu entries it was started from
        self._next = None  # (module, arg, payload) of a game to start after this frame's update
        self.match = None  # a cable game's link.match.Match: ticked once a frame, as sound is
        self.notice = None
        self.settings = Settings()
        if hw.storage is not None:
            data, where = hw.storage.load(SAVE_NAME)
            if data is not None:
                self.settings = Settings.from_bytes(data)
            elif where == "damaged":
                self.notice = t("settings_damaged")
            if getattr(hw, "reset", None) is not None:
                way = hw.storage.load("way")[0]  # core.restart.SAVE: back from a game?
                if way is not None:
                    load("core.restart").back(self, way)
                    unload("core.restart")
        self.apply_settings()

    # -- settings -------------------------------------------------------
    def apply_settings(self):
        s = self.settings
        strings.set_lang(s.get("language"))
        self.fb.contrast(s.get("contrast"))
        self.hw.sound.enabled = bool(s.get("sound"))
        self.redraw()

    def save_settings(self):
        return self.save(SAVE_NAME, self.settings.to_bytes())

    def save(self, name, payload, pre=b""):
        """Save to flash; on failure keep the old save and tell the player."""
        if self.hw.storage is None:
            return False
        try:
            if pre:
                self.hw.storage.save(name, payload, pre)
            else:
                self.hw.storage.save(name, payload)
            return True
        except StorageError as e:
            self.notice = str(e)
            self.redraw()
            return False

    # -- screens --------------------------------------------------------
    def push(self, screen):
        self.stack.append(screen)
        self.buttons.clear()
        screen.enter(self)
        self.redraw()

    def pop(self):
        if self.stack:
            self.stack.pop()
        self.buttons.clear()
        if self.stack:
            self.stack[-1].resume(self)
        self.redraw()

    def replace(self, screen):
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def top(self):
        return self.stack[-1] if self.stack else None

    def redraw(self):
        self._dirty = True

    def _fixed_seed(self):
        """BROADSIDE_SEED (tests, replays), or 0."""
        try:
            return int(os.getenv("BROADSIDE_SEED") or 0) & 0x3FFFFFFF  # rp2 has none: AttributeError  # pyright: ignore[reportAttributeAccessIssue]
        except (AttributeError, ValueError):  # the device's os has no getenv
            return 0

    def rand_bytes(self):
        """rand(n) -> n random bytes for the link's coin, salts and nonces: the
        device's os.urandom, or a seeded stream when BROADSIDE_SEED fixes the
        game (tests give each handheld its own)."""
        fixed = self._fixed_seed()
        if not fixed:
            return os.urandom
        from core.prng import Rng

        return Rng(fixed).randbytes

    def new_seed(self):
        """A seed for a new game: BROADSIDE_SEED when set (tests, replays),
        else the device's entropy."""
        fixed = self._fixed_seed()
        if fixed:
            return fixed
        try:
            b = os.urandom(4)
            return (b[0] | b[1] << 8 | b[2] << 16 | (b[3] & 0x3F) << 24) or 1
        except (AttributeError, OSError):
            return (self.now & 0x3FFFFFFF) or 1

    def cue(self, name):
        self.hw.sound.cue(name, self.now)

    # -- game modes -----------------------------------------------------
    def _load_mode(self, module):
        self.end_mode()
        # The menus leave the heap while a game runs (home.py, modes.py and
        # their screens): the way back is kept as labels, see home().
        self._way = [s.way() for s in self.stack if hasattr(s, "way")]
        self.stack = []
        for m in _MENU_MODULES:
            unload(m)
        # Everything imported from here on (the mode, and whatever it
        # imports later, e.g. a CPU level when a game needs it) is the mode's.
        self._mode_modules = set(sys.modules)
        gc.collect()
        return load(module)

    def home(self):
        """The main menu (on boot, and when a game's last screen closes), with
        the submenu the game was started from, each on the entry chosen."""
        way = self._way or ()
        self._way = None
        if self.match is not None:
            self.match = None  # the cable game's link and buffers go before the menu comes
            gc.collect()
        if self._mode_modules is not None and getattr(self.hw, "reset", None) is not None:
            # MicroPython never frees a name it has interned (every identifier and short
            # string of the game's modules): a fresh interpreter gives them back
            if load("core.restart").leave(self, way):
                return
            unload("core.restart")
        # the menu is the root again: a game may go home from its own screen (the card game over
        # the cable does), which must not stay under the menu with the game's modules behind it
        self.stack = []
        self.end_mode()
        load("core.home").show(self, way)

    def start_mode(self, module, arg=None):
        self._load_mode(module).start(self, arg)

    def start_next(self, module, arg=None, payload=None):
        """Start (or, with a payload, resume) a game once the menu's update has returned:
        the mode then loads with no menu code on the stack, so the menus' modules are
        freed before the game's compile and fill the heap."""
        self._next = (module, arg, payload)

    def resume_mode(self, module, payload):
        """Continue a saved game; a save the game can't read is reported
        and set aside (kept as its backup copy), never a crash."""
        try:
            self._load_mode(module).resume(self, payload)
        except (ValueError, IndexError, KeyError, TypeError) as e:
            self.end_mode()
            self.notice = "%s: %s" % (t("save_bad"), e)
            self.redraw()

    def clear_save(self, name):
        if self.hw.storage is not None:
            self.hw.storage.delete(name)

    # -- saved games: one slot per game ----------------------------------
    # A slot is a save named GAME + the slot's key (core.modes.SLOTS). It holds a
    # short head, then the game's own payload (tag byte first, as resume() takes it):
    # the head says what the main menu's Continue lists (the game's label key and how
    # far it is) without loading the game's module.
    def save_game(self, slot, payload, n=0, label=None, unit="turn"):
        """Keep the game in progress in its slot: `label` (a word key, default the
        slot's) and `unit` % n say how far it is ("Card game" "turn 14")."""
        if self.hw.storage is None:
            return False
        return self.save(GAME + slot, payload, game_head(label or slot, unit, n))

    def clear_game(self, slot):
        """The game in `slot` ended (or gave way to a new one): not offered any more."""
        self.clear_save(GAME + slot)

    def has_game(self, slot):
        return self.hw.storage is not None and self.hw.storage.has(GAME + slot)

    def end_mode(self):
        """Drop the last game's modules and words from memory."""
        self.match = None
        if self._mode_modules is not None:
            gone = [m for m in sys.modules if m not in self._mode_modules]
            for m in gone:
                # emptied first: the collector scans the stack conservatively, and a stale
                # pointer to one of the mode's modules must not keep its tables for good
                sys.modules[m].__dict__.clear()
            unload(*gone)
            self._mode_modules = None
            logs = getattr(self.hw.storage, "logs", None) or {}
            for k in logs:
                logs[k] = True  # its logs' objects (core.savelog) go with the game's modules
            strings.drop()
            gc.collect()

    # -- the loop -------------------------------------------------------
    def step(self):
        self.now = self.clock.wait_frame()
        self.frame += 1
        self.buttons.poll(self.now)
        if self.match is not None:
            self.match.tick(self)  # the link runs before the screens read it
        top = self._top_or_home()
        if top is None:
            self.running = False
            return
        top.update(self)
        self.hw.sound.tick(self.now)
        top = None  # a screen that closed is freed before the menu comes back
        if self._next is not None:
            module, arg, payload = self._next
            self._next = None
            if payload is None:
                self.start_mode(module, arg)
            else:
                self.resume_mode(module, payload)
            payload = None
        top = self._top_or_home()
        if self._dirty and not getattr(top, "still", False):  # a still screen keeps the last frame
            self._dirty = False
            fb = self.fb
            fb.fill(0)
            if top is not None:
                top.draw(self, fb)
            if self.notice:
                self._draw_notice(fb)
            fb.show()

    def _top_or_home(self):
        if not self.stack and self._way is not None:  # a game closed: back to the menu
            self.home()
        return self.top()

    def _draw_notice(self, fb):
        from core import font, ui

        fb.fill_rect(0, 44, 128, 12, 0)
        fb.rect(0, 44, 128, 12, 1)
        ui.text(fb, font.fit(self.notice, 124), 2, 46, 1)

    def run(self):
        while self.running:
            self.step()
            if self.notice and self.buttons.any_pressed():
                self.notice = None
                self.redraw()


def t_title():
    return t("title")
