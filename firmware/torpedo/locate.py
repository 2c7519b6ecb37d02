"""Locating: calling cells on the enemy's grid, the opponent's calls on ours, and the end of the game.

One grid at a time on the left, the panel on the right. Enemy waters show
our calls: a white peg (a ring) for OPEN WATER, a red peg (X) for TARGET
LOCATED, a solid square where a SHIP LOCATED was called. Our fleet shows
our ships (solid once torpedoed) under the opponent's calls. B flips
between the two on our turn; the opponent's turn shows our fleet. The
panel: whose turn, both scores, the fleet of the grid shown as little ships
(solid: hit, crossed: escaped), the last call, a hint.

Every answer comes up big across the screen for a moment (torpedo.view.SHOWN: how long; any
key ends it). SHIP
LOCATED raises the periscope (torpedo.scope_ui) for whoever located it; a tie
raises it for the shoot-out. The periscope takes this screen's place (the two
modules are never in the heap together) and makes a new one when it is down.
The match (torpedo.match, torpedo.cable.match) supplies the opponent's moves as
events; this screen paces and shows them.
"""

from battleship import grid as gridview
from battleship.rules import SHIP_SIZES, SIZE
from core import ui
from core.compat import const, unload
from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from core.strings import t
from torpedo.rules import HIT1, LOCATE, OVER, SHIP_LOCATED, SHOOTOUT, TARGET_LOCATED
from torpedo.view import (
    SHOWN,
    THINK,
    TIE,
    Then,
    banner,
    end_words,
    goes_on,
    header,
    hint,
    lines,
    name_key,
    score_line,
    ship_icons,
    ship_name,
    shown,
    under_top,
)

_AIM = const(0)  # our call: the cursor is live
_WAIT = const(1)  # the opponent's move, an answer or the rival's fleet is due
_SHOW = const(2)  # an announcement is up
_END = const(3)  # the game is over (and, on the cable, checked)

_ENEMY = const(0)  # the grid shown: enemy waters or our fleet
_OWN = const(1)

_GRID_X = const(8)  # the grid's frame, the panel beside it (as torpedo.view's)
_GRID_Y = const(6)
_PANEL_X = const(63)
_PANEL_W = const(65)
_EV_ANSWER = const(1)  # match events (see torpedo.view)
_EV_CALL = const(2)

_KEYS = const(63)  # any key (A, B, the arrows) ends an announcement or the opponent's moment
_MARK = (gridview.EMPTY, gridview.MISS, gridview.HIT, gridview.SUNK)


class Locate(ui.Screen):
    ta_game = True  # closed with the game (torpedo.cable.ui.leave)

    def __init__(self, match):
        self.m = match
        self.g = match.g
        self.grid = gridview.Grid(_GRID_X, _GRID_Y)
        self.cur = match.cursor
        self.view = _ENEMY
        self.state = _WAIT
        self.timer = 0
        self.ev = None  # the event on show: (kind, cell, announcement, ship)
        self.last = match.last  # the last call, for the panel (kept by the match over the periscope)
        self.note = None  # a word for the panel ("Called already")
        self.tie = False
        self.ended = False
        self.began = False

    def enter(self, app):
        self.settle(app)

    def resume(self, app):
        self.settle(app)
        app.redraw()

    def settle(self, app):
        """What comes next, from the game itself."""
        m, g = self.m, self.g
        if g.phase == OVER:
            self.state = _WAIT if not m.verified() else _END
            if self.state == _END and not self.ended:
                self.ended = True
                app.cue("win" if g.winner == m.me else "lose")
                m.finish(app)
            return
        if g.phase == SHOOTOUT:
            if not self.tie:
                self.tie = True
                self.ev = None
                self.state = _SHOW
                self.timer = SHOWN[TIE]
                app.cue("dice")
                return
            self.scope(app)
            return
        if g.phase != LOCATE:  # FIRE: a save made with the periscope up
            self.scope(app)
            return
        self.began = m.ready()
        if g.turn == m.me and m.ready():
            self.state = _AIM
            self.view = _ENEMY
        else:
            self.state = _WAIT
            self.view = _OWN if m.ready() else _ENEMY
            self.timer = SHOWN[THINK]
        app.redraw()

    def scope(self, app):
        """Up periscope: this screen gives way to it, and its module and the grid's leave the heap
        (the periscope is the cable game's largest moment); the periscope comes back to a Locate
        made from the match (torpedo.scope_ui.Scope.down)."""
        self.state = _WAIT
        app.replace(Then(self.m, "torpedo.scope_ui", "Scope"))
        unload("torpedo.locate", "battleship.grid")

    # -- the frame -----------------------------------------------------------------
    def update(self, app):
        m = self.m
        if not goes_on(app, m):
            return
        btn = app.buttons
        st = self.state
        if st == _AIM:
            self.aim(app, btn)
        elif st == _SHOW:
            self.timer -= 1
            if self.timer <= 0 or btn.pressed(_KEYS):
                self.shown(app)
        elif st == _WAIT:
            if btn.pressed(B):
                app.push(Paused(self.m))  # the opponent's turn: the menu (to leave a silent rival)
            else:
                if btn.pressed(A | UP | DOWN | LEFT | RIGHT):
                    self.timer = 0  # any other key skips the CPU's "thinking", as an announcement's
                self.wait(app)
        elif btn.pressed(A):  # _END
            self.view = 1 - self.view
            app.redraw()
        elif btn.pressed(B):
            app.pop()

    def aim(self, app, btn):
        r, c = self.cur // SIZE, self.cur % SIZE
        if btn.pressed(UP):
            r = (r - 1) % SIZE
        elif btn.pressed(DOWN):
            r = (r + 1) % SIZE
        elif btn.pressed(LEFT):
            c = (c - 1) % SIZE
        elif btn.pressed(RIGHT):
            c = (c + 1) % SIZE
        elif btn.pressed(B):
            self.view = 1 - self.view
            app.redraw()
            return
        elif btn.pressed(A):
            if self.view != _ENEMY:
                app.push(Paused(self.m))
                return
            elif self.g.marks[self.m.me][self.cur]:
                # called already: the cursor moves on to the next cell not called (A again calls it)
                marks = self.g.marks[self.m.me]
                c = self.cur
                for _ in range(SIZE * SIZE):
                    c = (c + 1) % (SIZE * SIZE)
                    if not marks[c]:
                        break
                self.cur = self.m.cursor = c
                self.note = "ta_again"
                app.cue("miss")
            else:
                self.note = None
                self.m.call(self.cur)
                self.state = _WAIT
            app.redraw()
            return
        else:
            return
        self.cur = r * SIZE + c
        self.m.cursor = self.cur
        self.note = None
        self.view = _ENEMY
        app.redraw()

    def wait(self, app):
        m, g = self.m, self.g
        if g.phase == OVER:
            if m.verified():
                self.settle(app)
                app.redraw()
            return
        if not m.ready():
            return
        if not self.began:
            self.began = True  # the rival's fleet is in (at once against the CPU)
            self.settle(app)
            if self.state != _WAIT:
                return
        if self.timer > 0 and not m.cable:
            self.timer -= 1
            return
        e = m.event()
        if e is None:
            return
        kind, cell, ann, ship = e
        if kind != _EV_ANSWER and kind != _EV_CALL:
            return
        self.ev = e
        self.last = m.last = e
        self.view = _ENEMY if kind == _EV_ANSWER else _OWN
        self.state = _SHOW
        self.timer = shown(kind, ann)
        app.cue("sunk" if ann == SHIP_LOCATED else "hit" if ann == TARGET_LOCATED else "miss")
        m.save(app)
        app.redraw()

    def shown(self, app):
        # what comes next is the game's to say (settle): a SHIP LOCATED raises the periscope
        # while its torpedoes are up, and not once the game has moved on (the soak bench
        # found it moved on: the periscope then refused, "not now", and the firmware crashed)
        self.ev = None
        self.settle(app)
        app.redraw()

    # -- drawing -----------------------------------------------------------------
    def draw(self, app, fb):
        m, g = self.m, self.g
        grid = self.grid
        grid.frame(fb)
        own = self.view == _OWN
        aiming = self.state == _AIM and not own
        cur = self.cur
        grid.labels(fb, cur // SIZE if aiming else -1, cur % SIZE if aiming else -1)
        me, opp = m.me, 1 - m.me
        if own:
            fleet = g.fleets[me]
            for s in range(len(SHIP_SIZES)):
                w = fleet.where(s)
                if w is not None:
                    style = gridview.SOLID if g.status[opp][s] >= HIT1 else gridview.OUTLINE
                    grid.ship(fb, w[0], w[1], SHIP_SIZES[s], w[2], style)
        marks = g.marks[opp if own else me]
        mark = grid.mark
        for c in range(100):
            k = marks[c]
            if k:
                mark(fb, c // SIZE, c % SIZE, _MARK[k])
        if aiming:
            grid.cursor(fb, cur // SIZE, cur % SIZE)
        elif self.state == _SHOW and self.ev is not None:
            grid.cursor(fb, self.ev[1] // SIZE, self.ev[1] % SIZE)
        self.draw_panel(app, fb, own)
        if self.state == _SHOW:
            self.draw_banner(fb)

    def title(self, own):
        m, g = self.m, self.g
        st = self.state
        why = m.trouble()
        if why is not None:
            return t(why)
        if st == _END:
            return end_words(m)[0]
        if g.phase == OVER or not m.ready():
            return t("ta_waiting")
        if g.phase == SHOOTOUT:
            return t("ta_shootout")
        if st == _AIM:
            return t("ta_fleet" if own else "ta_your_call")
        ours = self.ev[0] == _EV_ANSWER if (st == _SHOW and self.ev is not None) else g.turn == m.me
        if ours:
            return t("ta_your_call")
        return t("ta_opp_call" if m.cable else "ta_cpu_call")

    def draw_panel(self, app, fb, own):
        m, g = self.m, self.g
        me, opp = m.me, 1 - m.me
        header(fb, self.title(own))
        x = _PANEL_X
        if not m.ready() or (g.phase == OVER and self.state != _END):
            lines(fb, t("ta_their_fleet" if not m.ready() else "ta_checking"), x, 11, _PANEL_W, 4)
            hint(fb, "ta_h_pause")
            return
        if self.state == _SHOW:  # the announcement covers the panel: its header and hint only
            hint(fb, "ta_h_skip")
            return
        score_line(fb, t("ta_you"), g.score(me), 11)
        score_line(fb, t(name_key(m, opp)), g.score(opp), 20)
        ship_icons(fb, x, 30, g.status[opp if own else me], SHIP_SIZES)
        if self.state == _END:
            ui.text(fb, end_words(m)[1], x, 38, 1)
            hint(fb, "ta_h_end")
            return
        if self.note is not None:
            lines(fb, t(self.note), x, 38, _PANEL_W, 2)
        elif self.last is not None:
            kind, cell, ann, ship = self.last
            who = t("ta_you") if kind == _EV_ANSWER else t(name_key(m, opp))
            ui.text(fb, t("ta_calls") % (who, gridview.name(cell // SIZE, cell % SIZE)), x, 38, 1)
            word = ship_name(ship, _PANEL_W) if ann == SHIP_LOCATED else t("ta_say%d" % ann)
            ui.text(fb, word, x, 47, 1)
        if self.state == _AIM:
            hint(fb, "ta_h_menu" if own else "ta_h_call")
        elif self.state == _WAIT:
            hint(fb, "ta_h_pause")

    def draw_banner(self, fb):
        e = self.ev
        if e is None:  # the tie before a shoot-out
            banner(fb, t("ta_tie"), t("ta_shootout"))
            return
        kind, cell, ann, ship = e
        who = t("ta_you") if kind == _EV_ANSWER else t(name_key(self.m, 1 - self.m.me))
        top = t("ta_calls") % (who, gridview.name(cell // SIZE, cell % SIZE))
        if ann == SHIP_LOCATED:  # the ship's name on a line of its own, under the big word
            banner(fb, top, t("ta_ann%d" % ann), 18, ship_name(ship, ui.W - 4))
            return
        banner(fb, top, t("ta_ann%d" % ann))


class Paused(ui.Menu):
    """Back to the game, leave it (saved: Continue on the main menu), give up (the CPU wins; not over
    the cable), or the help (what the panel's ship bars and the grid's marks mean: torpedo.help)."""

    ta_game = True

    def __init__(self, match):
        self.m = match
        items = [("ta_back_game", self.back), ("ta_save_quit", self.leave)]
        if not match.cable:  # (a cable game has no forfeit the other handheld would hear of)
            items.append(("ta_give_up", self.give_up))
        items.append(("ta_help", self.help))
        ui.Menu.__init__(self, "ta_paused", items)

    def help(self, app):
        from core.compat import load  # here, not at the top: the game's peak measured 128 B lower

        app.push(load("torpedo.help").Help())  # its words load with it, and leave when it closes

    def back(self, app):
        app.pop()

    def leave(self, app):
        self.m.save(app)
        under_top(app)
        app.pop()

    def give_up(self, app):
        self.m.finish(app)
        app.cue("lose")
        under_top(app)
        app.pop()
