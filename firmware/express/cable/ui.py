"""Link Express on the handheld: Express's own screens, with the other handheld as the opponent.

    start(app, None)          # main menu: Express -> Over the cable: Captain's or Admiral's, then link
    resume(app, payload)      # Continue: a save tagged b"X" (express.cable.save)

Cable is Express's game screen (express.game.GameScreen) with the other handheld in the other
seat, as the CPU sits in it against the CPU: the same fleet icons, dice faces, "Hits x/y" and
rolls left, the same keys (express.human: ^v pick the Carrier's dice, A rolls, B stops; UP sends
the Admiral's Carrier to the front), the fleet arranged on Express's Arrange, B for the pause
menu and its Help. The engine it shows is the match's (express.cable.game.Game, ticked by the
app); our steps that throw or end an attack (roll, stop, the Carrier's declaration) go to the
match as moves. The other side's moves arrive in that engine: its rolls tumble and its finished
attack stays up a moment (A: at once) as the CPU's do; our own finished attack waits for A.

What only a cable game adds: the link's screens (link.screen) before play, for other rules or
saves that differ, and for a cheat caught (named) or a forfeit; the coin's result before the
fleet is arranged; waiting for the other fleet; "their turn" (or the cable unplugged, or waiting
for the other handheld) on the hint line; the end, won or lost with every seat's sunk ships and
every roll checked. B on the end leaves once our last message is taken (B again: at once) and
clears the save; before play B leaves, in play it opens the pause menu (Save and quit): the save
stays for Continue.

Memory (the cable modes are the heap's peak): the coin's module leaves once the coin is done, the
link's screens and words once play begins (back when the link needs them, or for a cheat caught or
a forfeit, play's screen modules then making room; before play this screen draws with the link's words),
Express's menus whenever this screen is on top; the CPU's code never comes (the odds and the
suggested fleet are data in express.rules).
"""

import gc
import sys

from core import strings, ui
from core.compat import const, load, unload
from core.hal import A, B
from core.strings import t
from express import art
from express.cable.game import (
    ARRANGE,
    CHEAT,
    COIN,
    EV_ROLL,
    FORFEIT,
    PLAYING,
    SEALED,
    SLOT,
    Game,
    rules_bytes,
)
from express.cable.text import EN, HU
from express.engine import DECLARE, OVER, SETUP, from_bytes
from express.engine import Game as Engine
from express.game import GameScreen
from express.rules import ADMIRAL, CAPTAIN, SUGGESTED_FLEET
from link.match import ST_MISMATCH, ST_OPEN, ST_RULES, ST_UNPLUGGED, ST_VERSION, split

strings.add(EN, HU)  # the mode's words (and Express's) while it is loaded (they go with it)

TX_QUEUE = const(8)
_COIN_FRAMES = const(45)  # the coin's result stays up 1.5 s before the fleet is arranged (A: at once)


class Cable(GameScreen):
    """Express's game screen over the cable: m is the Game (the app ticks it)."""

    def __init__(self, m):
        # GameScreen's state that the human seat, the drawing and a finished attack's pause use;
        # no CPU captains (GameScreen.__init__ would load express.ai while the coin is in the air:
        # the heap holds the coin's module then, and the CPU's odds come only with play)
        self.g = m.g if m.g is not None else Engine(m.game)
        self.cpu = 0
        self.sel = 0
        self.tsel = 0
        self.dsel = 0
        self.anim = 0
        self.wait = 0
        self.fast = False
        self.base = 0  # where the pause menu's "Save and quit" leaves from (set when shown)
        self.m = m
        m.watch = True
        m.fresh = False  # a resumed game's last attack was shown before
        self.later = []  # finished attacks (engine bytes) to show, oldest first
        self.view = None  # the engine as an attack ended, while its result is up (the match moves on)
        self.coin = 0  # frames the coin's result has been up
        self.end = False  # the end is on the screen
        self.ended = False  # ... since the last frame (a key pressed as it came leaves nothing)
        self.leaving = False  # B on the end: leave once our last message is taken

    # -- who sits where: we are the link's role, the other handheld the other seat --------
    def mine(self, p):
        return p == self.m.role

    def name(self, p):
        return t("lx_seat_you" if p == self.m.role else "lx_seat_them")

    def mark(self, p):
        return t("lx_mark_you" if p == self.m.role else "lx_mark_them")

    def attacks(self, p):
        return t("lx_you_attack") if p == self.m.role else GameScreen.attacks(self, p)

    def save(self, app):
        pass  # the match saves the game (link.match: before the next poll)

    # -- our steps that throw or end an attack: moves to the other handheld ------------
    def roll(self, app):
        self.m.roll()  # the dice come with its answer (EV_ROLL)
        app.redraw()

    def stop(self, app):
        self.m.stop()
        app.redraw()

    def pick_target(self, o, s):
        if self.g.phase == DECLARE:
            self.m.declare(o, s)
        else:
            self.g.pick_target(o, s)

    def end_turn(self, app):
        """The finished attack was seen: the game as it stands now (the match moved on)."""
        if self.g.phase == OVER and not self.m.done():
            return  # the last roll's claim is still on its way: the result stands once it checks out
        self.view = None
        self.g = self.m.g
        self.begin_turn()
        app.redraw()

    # -- the frame -------------------------------------------------------------------------
    def update(self, app):
        m = self.m
        btn = app.buttons
        ev = m.ev  # what the match did since the last frame (the app ticked it)
        m.ev = 0
        if ev:
            app.redraw()
        # on top: what this phase no longer needs leaves the heap (each comes back when needed)
        if "express.menus" in sys.modules:  # Arrange, the pause menu
            unload("express.menus")
        if m.phase >= ARRANGE and "link.commit" in sys.modules:  # the coin is done
            unload("link.commit")
        if m.phase >= PLAYING and "link.screen" in sys.modules and self._said() is None:
            load("link.screen").drop()  # the link's screens and words: back when the link needs them
        if m.phase == CHEAT or m.phase == FORFEIT:
            if not self.end:  # the link's end screen (draw()): play's screen modules make room for it
                self.end = True
                self.view = self.g = None  # play is over: its tables leave with its screens
                self.later = []
                self._room()
                app.cue("win" if m.phase == FORFEIT else "lose")
        if self.end:
            self._leave(app, btn)
            return
        if self._said() is not None:  # the link's own screen
            if btn.pressed(B):
                app.pop()  # the save stays: Continue
            else:  # the other's rules, a new game on both, or (out of step, ahead) the win
                load("link.screen").update(app, m)
            return
        if m.phase < PLAYING:
            self._setup(app, btn)
            return
        if self.view is None and self.g is not m.g:  # play begins (both fleets open)
            self.g = m.g
            self.begin_turn()
            app.redraw()
        if m.fresh:  # an attack ended (the match takes no more messages until it is here)
            m.fresh = False
            self.later.append(m.shown)
        if self.later and self.view is None:  # its result
            self.view = self.g = from_bytes(self.later.pop(0))
            if ev & EV_ROLL:
                self.rolled(app)
            else:
                self.settled(app)
            app.redraw()
        elif ev & EV_ROLL and self.view is None:
            self.rolled(app)
        if self.tumble(app, btn):
            return
        if self.view is not None:
            if self.mine(self.g.turn):
                load("express.human").play(self, app, btn)  # A: on
            else:
                self._cpu(app, btn)  # up a moment, A at once; never a step: the attack is over
            return
        if m.done():
            self.end = True
            app.cue("win" if m.winner == m.role else "lose")
            app.redraw()
        elif m.my_turn():
            load("express.human").play(self, app, btn)
        elif btn.pressed(B):
            load("express.menus").pause(app, self)

    def _setup(self, app, btn):
        """Before play: the coin's result, then our fleet on Express's Arrange, committed."""
        m = self.m
        g = self.g
        if g.phase != SETUP or g.game != m.game:  # a new game on both, or the other's rules
            self.g = g = Engine(m.game)
            self.view = None
            self.later = []
        if btn.pressed(B):
            app.pop()  # the save stays: Continue
            return
        if m.phase != ARRANGE:
            return
        if self.coin < _COIN_FRAMES:
            self.coin = _COIN_FRAMES if btn.pressed(A) else self.coin + 1
            return
        me = m.role
        if g.ready & (1 << me):
            m.arrange(g.fleets[me])  # sent once the match has saved it (link.match)
            app.redraw()
        else:
            app.push(load("express.menus").Arrange(self, me, SUGGESTED_FLEET[m.game]))

    def _leave(self, app, btn):
        """The end is up: A or B (the CPU game's end takes either) leaves once the other handheld
        has our last message (A or B again: now). No rematch: it would need both players."""
        link = self.m.link
        shown = self.ended
        self.ended = True
        key = btn.pressed(A) or btn.pressed(B)
        if shown and key:
            if link.unacked() and not self.leaving:
                self.leaving = True
                app.redraw()
                return
            self.leaving = True
        if self.leaving and (not link.unacked() or key):
            self.m.forget(app, SLOT)
            app.pop()

    def _said(self):
        """The link's screen for what it is doing, while the game waits on it (link.screen)."""
        st = self.m.status
        m = self.m
        if st != ST_OPEN and m.phase < PLAYING or st in (ST_RULES, ST_MISMATCH, ST_VERSION) or m.claimable():
            self._room()
            return load("link.screen").text(self.m)
        return None

    def _room(self):
        """Play stops here for a link screen (its words, a cheat caught, a forfeit): play's screen
        modules leave the heap before link.screen comes (back with play). Loaded on top of them,
        a cheat caught mid-game ran out of memory drawing its screen (issue 41)."""
        if self.m.phase >= PLAYING and "link.screen" not in sys.modules:
            unload("express.draw", "express.human")
            gc.collect()

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, app, fb):
        m = self.m
        if m.phase == CHEAT or m.phase == FORFEIT:  # the link's own end screen
            load("link.screen").end(fb, t("lx_c%d" % m.cheat) if m.phase == CHEAT else None, self.leaving)
            return
        if self.end:  # a fair game's end (the link's screens are not in the heap: play's peak)
            ui.title(fb, t("ex_over"))
            ui.center(fb, t("lx_you_win" if m.winner == m.role else "lx_you_lose"), 11)
            load("express.draw").piles(fb, self, 21)
            ui.center(fb, t("lx_sending_last" if self.leaving else "lx_all_checked"), 43)
            ui.hint(fb, t("lx_hint_now" if self.leaving else "ex_h_over"))  # the CPU game's "A:menu"
            return
        said = self._said()
        if said is not None:
            load("link.screen").draw(fb, t("lx_cable_title"), said[0], said[1])
            return
        if m.phase < PLAYING:
            self._before(fb)
            return
        GameScreen.draw(self, app, fb)

    def hint(self, key):
        """What only the cable has, on the hint line: the cable out, the other handheld slow to
        answer, our roll on its way (the dice come with the other's answer: A waits), or its turn
        (B: the pause menu)."""
        m = self.m
        if m.status == ST_UNPLUGGED:
            return "lx_unplugged"
        if m.slow:
            return "lx_waiting_for"
        if self.view is None and not self.mine(self.g.turn):
            return "lx_their_turn"
        if self.view is None and m.pending >= 0:
            return "lx_rolling"
        return key

    def _before(self, fb):
        """The coin in the air, then its result; our fleet sealed, waiting for theirs. The link's
        screens and words stay until play begins (B: leave, the coin): a resumed game may come
        here without them."""
        m = self.m
        load("link.screen")
        ui.title(fb, t("lx_cable_title"))
        if m.phase <= COIN:
            ui.center(fb, t("ln_coin"), 26)
        else:
            ui.center(fb, t("lx_rules_admiral" if m.game == ADMIRAL else "lx_rules_captain"), 12)
            y = 26
            if m.phase == SEALED:
                row = m.row
                for i in range(len(row)):
                    art.slot(fb, row[i], 127 - art.SLOT_W * (i + 1), 21)
                ui.center(fb, t("lx_fleet_wait"), 30)
                y = 39
            for line in ui.wrap(t("lx_coin_you" if m.first == m.role else "lx_coin_them"), ui.W - 4)[:2]:
                ui.center(fb, line, y)
                y += 9
        ui.hint(fb, t("ln_hint_leave"))


# -- entry points --------------------------------------------------------------------------
def _words():
    strings.add(EN, HU)


def _link(app, rand, rules, saved=None):
    from link.session import Link  # the link layer comes with the game it serves

    return Link(app.hw.link, rand, app.now, rules=rules, saved=saved, tx_slots=TX_QUEUE)


def _no_port(app):
    if app.hw.link is not None:  # (link.screen only to say there is none)
        return False
    return load("link.screen").no_port(app, t("lx_cable_title"))


def _show(app, g, push):
    if g.phase >= PLAYING and "link.screen" in sys.modules and not push:  # a game in play: the
        load("link.screen").drop()  # link's screens come when the link needs them
    app.match = g  # the app ticks it once a frame
    s = Cable(g)
    if push:
        app.push(s)
    else:
        app.replace(s)
    s.base = len(app.stack) - 1  # the pause menu's "Save and quit" leaves from here


def _play(app, game):
    gc.collect()
    rand = app.rand_bytes()
    g = Game(None, rand, game)
    g.link = _link(app, rand, rules_bytes(game))
    _show(app, g, False)


class Rules(ui.Menu):
    """Captain's or Admiral's, then the link."""

    def __init__(self):
        items = [("lx_rules_captain", self._go(CAPTAIN)), ("lx_rules_admiral", self._go(ADMIRAL))]
        ui.Menu.__init__(self, "lx_cable_title", items)

    def _go(self, game):
        return lambda app: _play(app, game)


def start(app, arg=None):
    _words()
    if _no_port(app):
        return
    app.push(Rules())


def resume(app, payload):
    _words()
    if _no_port(app):
        return
    gc.collect()
    # a game continued shows the link's screen first (syncing, maybe out of step): it and its
    # words come in now, while the heap is in one piece (update() drops them once play goes on)
    load("link.screen")
    t("ln_cheat")
    rand = app.rand_bytes()
    state, snap = split(payload)
    from express.cable import save as lx_save  # reading a save back: needed only to continue

    g = lx_save.restore(state, None, rand)
    rules = lx_save.saved_rules(state)
    lx_save = None
    unload("express.cable.save")
    g.link = _link(app, rand, rules, snap)
    _show(app, g, True)
