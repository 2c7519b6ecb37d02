"""The card game between two linked handhelds on the card game's own screens, the other handheld
as the opponent.

    start(app, arg)        # Card game -> Over the cable: Standard or Beginner, then the link
    resume(app, payload)   # Continue: a save tagged b"D" (the game and the link's snapshot)

Cable is the card game's screen (cards.game.GameScreen: cards.pick and cards.paint) with the other
handheld in the CPU's seat, as Express over the cable is Express's (express.cable.ui). Its engine is
the match's table (cards.cable.table.Table: cards.engine seen from our side, `me`, the link's role);
the app ticks the match (cards.cable.game.Game, a link.match.Match) once a frame. The same grids,
hand, keys, cursor on cards and cells, pause menu (Last turns, Piles, Help, Save and quit: the
save stays for Continue) and help as against the CPU; our moves go to the match (Game.play), the
other side's arrive in the table and are shown one by one as the CPU's are ("They fire at Y3
(Red 2)" / "Hit: Destroyer"), from the table's public events.

What only the cable adds: the link's screens (link.screen: looking for the other handheld, other
rules "A: play that", saves that differ or are out of step, a cheat named, a forfeit); the coin
and its result; the shuffle's progress and the deal, with the grids and no hand (until every
card dealt to us is known, the hand holds stand-ins: never drawn); "their turn" (or the cable
unplugged, or waiting for the other side) where the CPU's turn is said; the end with both grids
revealed (the other's from its keys, sent at the end) while every card is checked, then who
won and who sank how many. A or B on the end goes home.
"""

import sys

from cards.cable.proto import C_SILENT, CHEAT, CHECK, DONE, PLAY, SEED_LEN, SLOT
from cards.draw import HAND_Y, draw_line
from cards.game import STEP_MS, GameScreen, play_cue
from cards.menus import PauseMenu, draw_end  # (the end's peak has no room to load them then)
from cards.pick import F_HAND, F_WAIT
from cards.rules import BEGINNER, EV_PLAY, M_END, M_PEG, M_SKIP, STANDARD
from cards.text import EN, HU, over_key, result_line, said
from core import strings, ui
from core.compat import const, load, ticks_diff
from core.hal import A, B
from core.strings import t
from link.match import ST_MISMATCH, ST_OPEN, ST_RULES, ST_UNPLUGGED, ST_VERSION, split

_TX_SLOTS = const(4)  # the link's send queue: its window; what waits more waits in the game's outbox

strings.add(EN, HU)  # the card game's words (the cable's among them)


class Cable(GameScreen):
    """The card game's screen over the cable: m is the Game (the app ticks it)."""

    foe = "them"  # cards.text.said: "They fire at ...", "Them" over their grid

    def __init__(self, m):
        # GameScreen's state, without a CPU and before there is a table to show
        self.m = m
        m.watch = True  # the end shows our table as the game ended
        self.me = m.me
        self.g = None  # the match's table (once the coin is done), then as the game ended
        self.level = 0
        self.rng = None
        self.sel = 0
        self.first = 0
        self.focus = F_WAIT
        self.targets = []
        self.cursor = (1, 0)
        self.look = (1, 0)
        self.note = None
        self.note_key = "cg_your_turn"
        self.step = None
        self.mark = None
        self.head = None
        self.deadline = 0
        self.then = None  # with F_WAIT: a play on show (None: waiting for the match)
        self.view = None
        self.mine = []
        self.seen = None  # [turn, events]: how far the table's public events have been shown
        self.end = False  # the end (or a cheat, a forfeit) is up

    def enter(self, app):
        app.redraw()

    # -- the match's side of what GameScreen does against the CPU --------------------------
    def play(self, app, m):
        """Our move goes to the match (and over the cable); its result is shown once it is
        applied (a search: when the other side has shown the card)."""
        self.m.play(m)
        self.focus = F_WAIT
        self.then = None
        self.note = None
        app.redraw()

    def save(self, app):
        pass  # the match saves the game (link.match: before the next poll)

    def quit(self, app):
        app.home()  # the save stays: Continue

    # -- the frame -------------------------------------------------------------------------
    def update(self, app):
        m = self.m
        btn = app.buttons
        if m.ev:  # the app ticked the match: what it did shows
            m.ev = 0
            self.view = None  # (made again below: the table may have changed)
            app.redraw()
        self.me = m.me  # the link's role, once it opened
        if m.phase == CHEAT:
            if not self.end:
                self.end = True
                app.cue("win" if m.cheat[0] == C_SILENT else "lose")
            if btn.pressed(A) or btn.pressed(B):
                self._home(app, True)
            return
        if self._said() is not None:  # the link's own screen
            if btn.pressed(B):
                self._home(app, not m.has_game())  # a game begun stays saved: Continue
            else:  # the other's rules, a new game on both, or (out of step, ahead) the win
                load("link.screen").update(app, m)
            return
        if "link.screen" in sys.modules:  # the link's screens and words: back when the link needs them
            load("link.screen").drop()
        self._table()
        if m.phase < PLAY:  # the coin, the shuffle, the deal
            if btn.pressed(B):
                self._home(app, False)
            return
        if self.focus == F_WAIT and self.then is not None:  # a play on show: a moment, or A/B
            if btn.pressed(A) or btn.pressed(B) or ticks_diff(app.now, self.deadline) >= 0:
                self.then(app)
            return
        play = self._next_play()
        if play is not None:
            self._show(app, play)
        elif m.phase >= CHECK:
            self._end(app, btn)
        elif m.my_move():
            if self.focus == F_WAIT:  # our turn begins (or goes on after a search)
                if self.note is None:
                    self.note_key = "cg_coin_you" if self.g.turn == 1 and not self.mine else "cg_your_turn"
                self._my_turn(app)
            GameScreen.update(self, app)
        else:
            if self.focus != F_WAIT:
                self.focus = F_WAIT
                self.then = None
                app.redraw()
            if btn.pressed(B):
                self._refresh()
                app.push(PauseMenu(self))

    def _table(self):
        """The table the screen shows: the match's, or the one it ended with (the check)."""
        m = self.m
        tb = m.table if m.table is not None else m.last
        if tb is not self.g:
            self.g = tb
            if tb is not None:
                tb.shown = True  # its public events: the other side's plays, the log
            self.view = None
            self.seen = [tb.turn, len(tb.events)] if tb is not None else None
        if tb is not None and self.view is None:
            self._refresh()

    def _next_play(self):
        """The next play of the table's public events not shown yet (skips and ends of turn are
        not shown), or None."""
        g = self.g
        seen = self.seen
        if g is None or seen is None:
            return None
        if seen[0] < g.turn - 1:  # a whole turn behind (theirs went by while ours was on show):
            seen[0], seen[1] = g.turn - 1, 0  # the table keeps the last turn's events, from its first
        while True:
            evs = g.events if seen[0] == g.turn else g.prev_events
            i = seen[1]
            while i < len(evs) and evs[i][1] != EV_PLAY:
                i += 1
            if i >= len(evs):
                if seen[0] == g.turn:
                    seen[1] = len(evs)
                    return None
                seen[0], seen[1] = g.turn, 0  # the turn that ended is all shown: the next one
                continue
            j = i + 1
            while j < len(evs) and evs[j][1] != EV_PLAY:
                j += 1
            seen[1] = j
            if evs[i][2] not in (M_SKIP, M_END):
                return evs[i:j]

    def _show(self, app, play):
        """A play applied: ours while our turn goes on under the hand (as against the CPU); the
        last of our turn, and each of theirs, a moment on its own with its cell marked."""
        self._refresh()
        app.cue(play_cue(play))
        ours = play[0][0] == self.me
        if ours and self.m.my_move():
            self.note = play
            self.note_key = None
            self._my_turn(app)
            return
        if ours:
            self.keep_mine()
        c = play[0][4]
        self.mark = None if c < 0 else ((play[0][2] == M_PEG) == ours, c)  # 1: their grid
        self.step = play
        self.note = None
        self.then = self._shown
        self._wait(app, None, STEP_MS)

    def _shown(self, app):
        self.then = None
        self.step = None
        self.mark = None
        app.redraw()

    def _end(self, app, btn):
        """The end: checked (A or B goes home, the game over) or being checked (B: home; the
        save stays and the check goes on at Continue)."""
        m = self.m
        if not self.end:
            self.end = True
            self.focus = F_WAIT
            self.then = None
            app.cue("win" if m.winner == self.me else "lose")
            app.redraw()
        if m.phase == DONE and (btn.pressed(A) or btn.pressed(B)):
            self._home(app, True)
        elif btn.pressed(B):
            self._home(app, False)

    def _home(self, app, done):
        if done:
            self.m.forget(app, SLOT)
        app.home()

    def _said(self):
        """The link's screen for what it is doing, while the game waits on it (link.screen)."""
        m = self.m
        st = m.status
        before = not m.has_game() or m.phase < PLAY
        if st != ST_OPEN and before or st in (ST_RULES, ST_MISMATCH, ST_VERSION) or m.claimable():
            return load("link.screen").text(m)
        return None

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, app, fb):
        m = self.m
        if m.phase == CHEAT:  # the link's own end screen, the cheat named in our words
            why = None
            if m.cheat[0] != C_SILENT:  # named by its code (or: a rule broken); silent: a forfeit
                key = "cg_why%d" % m.cheat[0]
                why = t(key) if t(key) != key else t("cg_why20")
            load("link.screen").end(fb, why)
            return
        said_ = self._said()
        if said_ is not None:
            load("link.screen").draw(fb, t("cg_cable"), said_[0], said_[1])
            return
        if m.phase >= CHECK and not (self.focus == F_WAIT and self.then is not None):
            self._draw_end(fb)
            return
        if self.g is None or self.view is None:  # the coin
            ui.title(fb, t("cg_cable"))
            ui.center(fb, t("cg_beginner" if m.mode == BEGINNER else "cg_standard"), 14)
            ui.center(fb, t("cg_coin"), 30)
            ui.hint(fb, t("cg_leave"))
            return
        if m.phase < PLAY or self.focus == F_WAIT and self.then is None:  # no hand: a wait
            self.draw_table(fb)
            draw_line(fb, self._waiting(), HAND_Y + 1)
            if m.phase < PLAY:  # the coin's result
                draw_line(fb, said("cg_coin_you" if m.first == self.me else "cg_first_cpu", self.foe))
            elif self.note is not None:
                draw_line(fb, result_line(self.note, self.view, self.me))
            return
        if m.status == ST_UNPLUGGED and self.focus == F_HAND:  # said under the hand
            note, key = self.note, self.note_key
            self.note, self.note_key = None, "cg_unplugged"
            GameScreen.draw(self, app, fb)
            self.note, self.note_key = note, key
            return
        GameScreen.draw(self, app, fb)

    def _waiting(self):
        """What the game waits for, where the CPU's turn is said."""
        m = self.m
        if m.status == ST_UNPLUGGED:
            return t("cg_unplugged")
        if m.job is not None:
            return t("cg_shuffle") % (m.job.done, m.job.n)
        if m.dealing() or m.phase < PLAY:
            return t("cg_dealing")
        if m.slow or self.g.cur == self.me:  # our search, waiting for the card to be shown
            return t("cg_waiting")
        return said("cg_cpu_turn", self.foe)

    def _draw_end(self, fb):
        m = self.m
        me = self.me
        peer = m.peer_open
        reveal = (m.grid.map if m.grid is not None else None, peer[1 + 2 * SEED_LEN :] if peer else None)
        line = said("cg_cpu_again", self.foe) if m.phase == DONE else t("cg_checking")
        view = self.view if m.last is not None else None  # (continued at its check: once replayed)
        draw_end(fb, over_key(m, me, self.foe), view, reveal, m.sunk(1 - me), m.sunk(me), self.foe, line)


# -- entry points --------------------------------------------------------------------------
def _link(app, rand, mode, saved=None):
    from cards.cable.game import rules
    from link.session import Link  # the link layer comes with the game it serves

    return Link(app.hw.link, rand, app.now, rules=rules(mode), saved=saved, tx_slots=_TX_SLOTS)


def _no_port(app):
    if app.hw.link is not None:  # (link.screen only to say there is none)
        return False
    return load("link.screen").no_port(app, t("cg_cable"))


def _open(app, g, push):
    app.match = g  # the app ticks it once a frame
    s = Cable(g)
    if push:
        app.push(s)
    else:
        app.replace(s)  # the rules menu
    return s


def _mode(mode, push=False):
    def run(app):
        if _no_port(app):
            return
        from cards.cable.game import Game  # the game (and its protocol) once the rules are chosen

        load("link.commit")  # the coin's (Game.start, when the link opens): now, while the heap is whole
        rand = app.rand_bytes()
        g = Game(0, mode, rand)  # its role is the link's, once it opens (Game.start)
        g.link = _link(app, rand, mode)
        _open(app, g, push)

    return run


def start(app, arg=None):
    """Standard or Beginner rules, then the link (both handhelds choose; other rules on the other
    handheld: "A: play that")."""
    strings.add(EN, HU)
    if arg is not None:
        _mode(arg, True)(app)
        return
    app.push(ui.Menu("cg_cable", [("cg_standard", _mode(STANDARD)), ("cg_beginner", _mode(BEGINNER))]))


def resume(app, payload):
    """Continue a saved game (tag b"D"); ValueError if the save is damaged."""
    strings.add(EN, HU)
    # The link's screens once, while the heap is whole, and out again: the interpreter keeps
    # their names from now on. Imported first in play (a resumed game out of step shows them
    # there), their names took a new block of the interpreter's table of names (about 14 KB on
    # the 64-bit unix port), which a heap holding a resumed game had no room for (issue 41).
    load("link.screen").drop()
    data = bytes(payload)  # (its tag and version: cards.cable.restore checks them)
    rand = app.rand_bytes()
    state, snap = split(data)
    from cards.cable.restore import load as restore

    try:
        g = restore(state, rand)
    finally:
        from core.compat import unload

        unload("cards.cable.restore")  # needed only to continue: it leaves the heap again
    state = data = None
    if _no_port(app):
        return None
    g.link = _link(app, rand, g.mode, bytes(snap))
    return _open(app, g, True)
