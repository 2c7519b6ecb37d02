"""Battleship and Salvo between two linked handhelds: the mode's entry points, its words, and the
session every screen of it runs.

    start(app, "classic" | "salvo")   # from the main menu's Link battle / Link salvo
    resume(app, payload)              # Continue: a save tagged b"L" (battleship.cable.save)

The screens come in stages, each its own module, loaded when the player gets
there and dropped when they leave it, so the heap holds one stage beside the
link layer: battleship.cable.connect (finding the other handheld, link trouble, the coin
toss), battleship.cable.place (placing the fleet), battleship.cable.battle (the battle),
battleship.cable.end (the result). Words: battleship.cable.en or battleship.cable.hu, the language
in use only.

The app ticks the game once a frame (link.match.Match.tick: the link, the
saves before the next poll, docs/link-protocol.md 5.2); every screen calls
Session.follow() first and goes to the screen the game's state calls for.
Randomness is the device's (os.urandom) but for tests and replays
(BROADSIDE_SEED): app.rand_bytes() is the one place that decides.
"""

import gc
import sys

from battleship.cable.game import (
    PEER_SAVE,
    PLACING,
    PLAYING,
    TX_QUEUE,
    Game,
    rules_bytes,
)
from battleship.cable.view import K_BATTLE, K_COIN, K_CONNECT, K_END, K_MENU, K_PLACE
from battleship.rules import CLASSIC, SALVO
from core import strings
from core.compat import load, unload
from link.commit import PeerFleet
from link.match import ST_MISMATCH, ST_OPEN, ST_RULES, ST_VERSION, split

# kind -> (module, class) of its screen
_SCREENS = (
    ("battleship.cable.connect", "Connect"),
    ("battleship.cable.connect", "Coin"),
    ("battleship.cable.place", "Placing"),
    ("battleship.cable.battle", "Battle"),
    ("battleship.cable.end", "End"),
)
_STAGES = (
    "battleship.cable.connect", "battleship.cable.place", "battleship.cable.battle", "battleship.cable.end"
)  # fmt: skip
_WORDS = (
    "battleship.cable.en_start",
    "battleship.cable.en_end",
    "battleship.cable.hu_start",
    "battleship.cable.hu_end",
)


class _Words:
    """A strings.add() table: this mode's words in one language: en (or hu), the battle's and the
    ships'; en_start while finding the other handheld and placing, en_end at the end (each loaded
    by stage() with its screens, or here on first need: the catalogue draws every screen in both
    languages)."""

    def __init__(self, lang):
        self.main = "battleship.cable." + lang
        self.more = (self.main + "_start", self.main + "_end")

    def get(self, key):
        s = load(self.main).W.get(key)
        if s is None and key[:3] == "lk_":
            for loaded in (True, False):  # those stage() loaded first: a game needs no other
                for name in self.more:
                    if (name in sys.modules) == loaded:
                        s = load(name).W.get(key)
                        if s is not None:
                            return s
        return s


def words():
    strings.add(_Words("en"), _Words("hu"))


def stage(name):
    """The screen module `name`, imported now with its words (none for the battle: battleship.cable.en
    has them); the other stages' modules and words are dropped (what they hold is freed once their
    screens are gone). The app drops whatever the mode imported when it closes."""
    lang = "hu" if strings.lang() == "hu" else "en"
    words = None
    if name != "battleship.cable.battle":
        words = "battleship.cable.%s_%s" % (lang, "end" if name == "battleship.cable.end" else "start")
    for other in _STAGES + _WORDS + ("battleship.placing",):  # placing: place's ship in hand
        if other != name and other != words and other in sys.modules:
            unload(other)
    if name != "battleship.cable.connect" and "link.screen" in sys.modules:
        load("link.screen").drop()  # the link's screens and words: back when the link needs them
    if name not in sys.modules:
        gc.collect()
    mod = load(name)
    if words is not None:
        load(words)
    return mod


# -- the session ------------------------------------------------------------------------------
class Session:
    """The game (a link.match.Match: the app ticks it once a frame) and the way between its
    screens: each screen calls follow() first in its update and goes where the state calls for."""

    def __init__(self, g):
        self.g = g

    @property
    def status(self):
        return self.g.status  # the link's, as of this frame's tick

    @property
    def slow(self):
        return self.g.slow

    def follow(self, app, kind):
        """The screen the game's state calls for in place of this one (of `kind`), when it is
        another: True when the player was sent there (the caller's update ends)."""
        want = self.where(kind)
        if want == kind:
            return False
        if kind == K_MENU:
            app.pop()  # a menu over the battle closes; the battle goes on next frame
            return True
        if self.g.saved:
            # One long step a frame (the link is read between frames: docs/link-protocol.md,
            # section 1): after a save, the next stage's screen loads in the next frame.
            return False
        self.go(app, want)
        return True

    def seed(self):
        """A 30-bit seed (the fleet's shuffle) from the game's random source."""
        r = self.g.rand(4)
        return (r[0] | (r[1] << 8) | (r[2] << 16) | ((r[3] & 0x3F) << 24)) or 1

    def take_events(self):
        """The game's events since the last frame (the app ticked it)."""
        ev = self.g.ev
        self.g.ev = 0
        return ev

    def where(self, kind):
        g = self.g
        if g.done():
            return K_END
        if self.status in (ST_MISMATCH, ST_RULES, ST_VERSION) or g.claimable():  # (the other left: the claim)
            return K_CONNECT
        if kind == K_PLACE and g.phase >= PLAYING:
            return K_BATTLE  # committed (begin())
        if kind == K_CONNECT and self.status == ST_OPEN:
            if g.phase == PLACING:
                return K_COIN
            if g.phase >= PLAYING:
                return K_BATTLE
        return kind

    def go(self, app, kind):
        """The screen of that kind in place of the one on top."""
        module, cls = _SCREENS[kind]
        app.replace(getattr(stage(module), cls)(self))

    def save(self, app):
        self.g.save(app)

    def begin(self, app):
        """The fleet is placed: commit to it and save; the battle's screen comes next frame
        (where()). Start again before it shows does nothing: the fleet is committed once."""
        if self.g.phase != PLACING:
            return
        self.g.commit()
        self.g.save(app)

    def quit(self, app):
        """Leave the mode; the save stays for Continue (the end screen clears it)."""
        app.pop()


# -- entry points ---------------------------------------------------------------------------------
def _link(app, rand, rules, saved=None):
    from link.session import Link  # the link layer comes with the game it serves

    return Link(app.hw.link, rand, app.now, rules=rules, saved=saved, tx_slots=TX_QUEUE)


def _open(app, s):
    app.match = s.g  # the app ticks it once a frame
    app.push(stage("battleship.cable.connect").Connect(s))


def _no_port(app):
    """A board without a link port (hw.link None) cannot play this mode: say so."""
    if app.hw.link is not None:  # (link.screen only to say there is none)
        return False
    from link.screen import no_port

    return no_port(app, strings.t("link_battle"))


def start(app, arg):
    words()
    if _no_port(app):
        return
    gc.collect()
    rand = app.rand_bytes()
    variant = SALVO if arg == "salvo" else CLASSIC
    touching = bool(app.settings.get("touching"))
    g = Game(None, rand, variant, touching)  # the 3.2 KB block first, before the heap fragments
    g.link = _link(app, rand, rules_bytes(variant, touching))
    _open(app, Session(g))


def resume(app, payload):
    words()
    if _no_port(app):
        return
    gc.collect()
    rand = app.rand_bytes()
    state, snap = split(payload)
    peer = PeerFleet(bytes(8), 1)  # its 3.2 KB block first, before the heap fragments
    parts = app.hw.storage.load(PEER_SAVE)[0] if app.hw.storage is not None else None
    lk_save = load("battleship.cable.save")  # reading a save back: needed only to continue
    g = lk_save.restore(state, None, rand, peer, parts)
    rules = lk_save.saved_rules(state)
    parts = lk_save = None
    unload("battleship.cable.save")
    g.link = _link(app, rand, rules, snap)
    _open(app, Session(g))  # it goes on to the game's screen once the link is back


_LANG = load("battleship.cable.hu" if strings.lang() == "hu" else "battleship.cable.en")  # the words in use
