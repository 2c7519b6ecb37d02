"""The card game's main screen: both grids, your hand, your turn and the CPU's (its save bytes: cards.save).

GameScreen has focuses: the hand (pick a card with LEFT/RIGHT, A plays it,
B opens the pause menu, UP looks at the grids), target (pick a cell for the
chosen card), look (inspect every cell), PT (the PT Boat's removal at the
start of your turn: A removes, B skips) and wait (the CPU's plays one by
one, STEP_MS each or until A/B, or the result of your last play before the
CPU moves). The human is player 0 and the CPU player 1; the CPU reads only
its cards.view.View. CPU levels: 0 easy plays any legal move, 1 medium is the
sensible CPU that plays a random legal move one time in four, 2 hard is the
sensible CPU (cards.ai.choose).

The game is saved (cards.save.payload) after every turn.
"""

from cards.engine import Game
from cards.paint import Painter
from cards.pick import CPU, F_HAND, F_LOOK, F_PT, F_WAIT, HUMAN, Picker
from cards.rules import CARD_TYPE, EV_REVEAL, EV_SINK, EV_WASTED, M_END, M_PEG, M_PT, M_SKIP, MISS, PH_PT
from cards.text import over_key, split_plays
from cards.view import move_target, view_for
from core import ui
from core.compat import const, ticks_add, ticks_diff
from core.hal import DOWN, LEFT, RIGHT, A, B
from core.hal import UP as K_UP
from core.prng import Rng

SLOT = "cards"  # the card game's save slot (App.save_game)
STEP_MS = const(1400)  # how long each of the CPU's plays stays on screen
LEVELS = ("easy", "medium", "hard")


class GameScreen(Picker, Painter, ui.Screen):
    me = HUMAN  # whose side the screen shows (over the cable: the link's role, cards.cable.ui)
    foe = "cpu"  # the opponent in the words (cards.text.said): the CPU, or "them" over the cable

    def __init__(self, game, level=1, rng=None):
        self.g = game
        self.level = level
        self.rng = rng if rng is not None else Rng(1)
        self.sel = 0
        self.first = 0
        self.focus = F_HAND
        self.targets = []
        self.cursor = (1, 0)
        self.look = (1, 0)
        self.note = None  # events of the last play, shown on line 2
        self.note_key = "cg_your_turn"
        self.step = None  # the CPU play on show (its events)
        self.mark = None  # (side, cell) it touched
        self.head = None  # line 1 key while waiting (None: the CPU play)
        self.deadline = 0
        self.then = None  # what to do when the wait is over
        self.view = None
        self.mine = []  # our plays of our last whole turn, for the log (the engine keeps the CPU's)
        self._refresh()

    # --- the flow -------------------------------------------------------
    def enter(self, app):
        if self.g.over:
            self.then = self._finish
            self._wait(app, over_key(self.g))
        elif self.g.cur == CPU:
            self._cpu_turn(app)
        else:
            self._my_turn(app)

    def _refresh(self):
        self.view = None  # one View at a time: they are the biggest objects here
        v = view_for(self.g, self.me)
        v.events = v.prev_events = None  # copies of the game's logs, which the screens read
        self.view = v

    def _my_turn(self, app):
        self._refresh()
        v = self.view
        self.step = None
        self.mark = None
        if v.phase == PH_PT:
            self._target(app, [m for m in v.moves if m[0] == M_PT], F_PT)
            return
        self.focus = F_HAND
        items = self.items()
        if self.sel >= len(items) or not self._playable(items[self.sel]):
            self.sel = 0
            for i in range(len(items)):
                if self._playable(items[i]):
                    self.sel = i
                    break
        app.redraw()

    def _wait(self, app, head_key, ms=STEP_MS):
        self.focus = F_WAIT
        self.head = head_key
        self.deadline = ticks_add(app.now, ms)
        app.redraw()

    def _cpu_turn(self, app):
        self._refresh()
        self.step = None
        self.mark = None
        self.then = self._cpu_step
        self._wait(app, "cg_cpu_turn", STEP_MS // 2)

    def _choose(self, v):
        from cards.ai import choose, choose_random  # the CPU's code: not over the cable

        if self.level == 0 or (self.level == 1 and self.rng.chance(1, 4)):
            return choose_random(v, self.rng)
        return choose(v, self.rng)

    def _apply(self, m):
        """Play m; return the events it made (the turn may have ended inside)."""
        g = self.g
        n0, turn0 = len(g.events), g.turn
        g.apply(m)
        evs = g.events[n0:] if g.turn == turn0 else g.prev_events[n0:]
        return split_plays(evs)[0] if evs else None

    def _cpu_step(self, app):
        g = self.g
        while not g.over and g.cur == CPU:
            self.view = None
            m = self._choose(view_for(g, CPU))
            play = self._apply(m)
            if m[0] in (M_SKIP, M_END):
                continue
            self._refresh()
            self.step = play
            tgt = move_target(m)
            self.mark = (1 - tgt[0], tgt[1]) if tgt else None
            app.cue(play_cue(play))
            self.then = self._cpu_step
            self._wait(app, None)
            return
        self._turn_over(app)

    def _turn_over(self, app):
        if self.g.over:
            self._finish(app)
            return
        self.save(app)
        if self.g.cur == CPU:
            self._cpu_step(app)
        else:
            self.note = None
            self.note_key = "cg_your_turn"
            self._my_turn(app)

    def _finish(self, app):
        app.clear_game(SLOT)  # a finished game is not offered to Continue
        app.cue("win" if self.g.winner == self.me else "lose")
        from cards.menus import ResultScreen

        app.replace(ResultScreen(self.g, self.level, new_game))

    def play(self, app, m):
        """The human plays m (a legal move)."""
        play = self._apply(m)
        self._refresh()
        self.note = play
        self.note_key = None
        if play is not None:
            app.cue(play_cue(play))
        g = self.g
        if g.over or g.cur != HUMAN:
            self.keep_mine()
            self.mark = move_target(m)  # the cell just played stays marked while its result shows
            self.then = self._turn_over
            # your play named and its result ("You fire at Z3 (Red 2)" / "Hit: Destroyer"), or the
            # end, stay a moment: then the CPU plays
            self.step = None if g.over or play is None else play
            self._wait(app, over_key(g) if g.over else (None if play is not None else "cg_your_turn"))
        else:
            self._my_turn(app)

    def keep_mine(self):
        """Our plays of the turn that just ended (the log shows them beside the other side's)."""
        g = self.g
        me = self.me
        evs = g.events if g.cur == me else g.prev_events
        self.mine = [p for p in split_plays(evs) if p[0][0] == me and p[0][2] not in (M_SKIP, M_END)]

    def quit(self, app):
        """The pause menu's Save and quit: the game saved, back to where it was opened from."""
        self.save(app)
        app.pop()
        app.pop()

    # --- buttons --------------------------------------------------------------
    def update(self, app):
        btn = app.buttons
        f = self.focus
        if f == F_WAIT:
            if btn.pressed(A) or btn.pressed(B) or ticks_diff(app.now, self.deadline) >= 0:
                self.then(app)  # then is set with F_WAIT  # pyright: ignore[reportOptionalCall]
            return
        if f == F_HAND:
            n = len(self.items())
            if btn.pressed(LEFT) and n:
                self._select(app, (self.sel - 1) % n)
            elif btn.pressed(RIGHT) and n:
                self._select(app, (self.sel + 1) % n)
            elif btn.pressed(A):
                self.pick(app)
            elif btn.pressed(B):
                from cards.menus import PauseMenu

                app.push(PauseMenu(self))
            elif btn.pressed(K_UP):
                self.focus = F_LOOK
                app.redraw()
            elif btn.pressed(DOWN):  # what the card under the cursor does: its help page
                from cards.menus import open_help

                items = self.items()
                k = items[self.sel] if items and self.sel < len(items) else -1
                open_help(app, CARD_TYPE[k] if k >= 0 else -1)
            return
        if f == F_LOOK:
            self.update_look(app, btn)
        else:
            self.update_target(app, btn)

    def _select(self, app, i):
        self.sel = i
        self.note, self.note_key = None, None
        app.redraw()

    def save(self, app):
        from cards.save import payload  # its bytes (over the cable the match saves the game)

        return app.save_game(SLOT, payload(self), self.g.turn, unit="u_turn")


def play_cue(play):
    if play is None:
        return "click"
    act = play[0][2]
    for ev in play:
        if ev[1] == EV_SINK:
            return "sunk"
    if act != M_PEG:
        return "click"
    for ev in play:
        if (ev[1] == EV_REVEAL and ev[3] == MISS) or ev[1] == EV_WASTED:
            return "miss"
    return "hit"


def new_game(app, mode, replace=False, first=HUMAN):
    """Deal a game of `mode`; `first`: HUMAN, CPU, or -1 for a random first player."""
    seed = app.new_seed()
    level = LEVELS.index(app.settings.get("level"))
    who = first if first >= 0 else Rng((seed * 11 + 5) & 0x3FFFFFFF or 1).below(2)
    scr = GameScreen(Game(seed, mode, who), level, Rng((seed * 7 + 3) & 0x3FFFFFFF or 1))
    if replace:
        app.replace(scr)
    else:
        app.push(scr)
    if first < 0:  # the draw is said: "You start" on your turn, "CPU starts" as it plays
        if who == HUMAN:
            scr.note_key = "cg_first_you"
        else:
            scr.head = "cg_first_cpu"
    scr.save(app)
    return scr
