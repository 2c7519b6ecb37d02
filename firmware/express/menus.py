"""Battleship Express: the screens around the game screen.

Owns Curtain (pass-and-play: hides the game until the next human presses
A), Arrange (a human lays out a fleet, front on the right), the pause menu
and Result (the winner or winners and every seat's pile of sunk ships).
"""

from core import font, ui
from core.compat import load
from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from core.strings import t
from express import art


class Curtain(ui.Screen):
    """"Pass the handheld to Player 2 — then press A"; B opens the pause menu."""

    def __init__(self, game, p):
        self.game = game
        self.p = p

    def update(self, app):
        if app.buttons.pressed(A):
            app.cue("click")
            app.pop()
        elif app.buttons.pressed(B):
            pause(app, self.game)

    def draw(self, app, fb):
        ui.title(fb, t("ex_title"))
        ui.center(fb, t("ex_pass"), 16)
        who = self.game.name(self.p)
        w = font.width(who) + 4
        x = (ui.W - w) // 2
        fb.fill_rect(x, 27, w, 11, 1)
        ui.text(fb, who, x + 2, 29, 0)
        ui.center(fb, t("ex_press_a"), 43)


class Arrange(ui.Screen):
    """A human seat orders its fleet: the front is the rightmost slot. It starts
    from the CPU's suggestion; A picks a ship up, LEFT/RIGHT carry it, A puts
    it down; DOWN then A confirms."""

    def __init__(self, game, p, order):
        self.game = game
        self.p = p
        self.order = bytearray(order)
        self.sel = len(order) - 1  # the back: the first ship a player reads
        self.held = False
        self.on_ready = False

    def update(self, app):
        btn = app.buttons
        o = self.order
        n = len(o)
        if self.on_ready:
            if btn.pressed(A):
                app.cue("click")
                self.game.g.set_fleet(self.p, bytes(o))
                app.pop()
            elif btn.pressed(UP):
                self.on_ready = False
                app.redraw()
            elif btn.pressed(B):
                pause(app, self.game)
            return
        # slots are drawn back (index n-1) on the left, front (0) on the right
        d = 1 if btn.pressed(LEFT) else (-1 if btn.pressed(RIGHT) else 0)
        if d:
            j = self.sel + d
            if 0 <= j < n:
                if self.held:
                    o[j], o[self.sel] = o[self.sel], o[j]
                self.sel = j
                app.redraw()
        elif btn.pressed(A):
            self.held = not self.held
            app.cue("click")
            app.redraw()
        elif btn.pressed(DOWN) and not self.held:
            self.on_ready = True
            app.redraw()
        elif btn.pressed(B):
            if self.held:
                self.held = False
                app.redraw()
            else:
                pause(app, self.game)

    def draw(self, app, fb):
        g = self.game
        ui.title(fb, t("ex_fleet") % g.name(self.p))
        o = self.order
        y = 22
        front = t("ex_front")
        ui.small(fb, front, 127 - font.small_width(front), 13)
        art.icon(fb, art.I_ARROW, 127 - font.small_width(front) - 7, 13)
        for i in range(len(o)):
            x = 127 - art.SLOT_W * (i + 1)
            sel = i == self.sel and not self.on_ready
            yy = y - 3 if sel and self.held else y
            art.slot(fb, o[i], x, yy, sel)
        s = o[self.sel]
        row = g.g.row(s)
        ui.text(fb, font.fit(t("ex_s%d" % s), 72), 0, 34)
        art.icon(fb, art.I_DIE, 76, 35)
        ui.small(fb, str(row[0]), 82, 35)
        art.icon(fb, art.I_ROLLS, 89, 35)
        ui.small(fb, str(row[1]), 95, 35)
        art.icon(fb, art.I_TARGET, 102, 35)
        ui.small(fb, str(row[2]), 108, 35)
        label = t("ex_ready")
        w = font.width(label) + 6
        x = (ui.W - w) // 2
        if self.on_ready:
            fb.fill_rect(x, 44, w, 10, 1)
            ui.text(fb, label, x + 3, 45, 0)
        else:
            fb.rect(x, 44, w, 10, 1)
            ui.text(fb, label, x + 3, 45, 1)
        if self.on_ready:
            key = "ex_h_ready"
        else:
            key = "ex_h_carry" if self.held else "ex_h_arrange"
        ui.hint(fb, t(key))


class Pause(ui.Menu):
    def __init__(self, game):
        self.game = game
        items = [("ex_resume", _resume), ("ex_help", _help), ("ex_quit", self._quit)]
        ui.Menu.__init__(self, "ex_paused", items)

    def _quit(self, app):
        # the game was saved as its turn began; leave everything it opened
        while len(app.stack) > self.game.base:
            app.pop()


def _resume(app):
    app.pop()


def _help(app):
    app.push(load("express.help").Help())  # its words load with it, and leave when it closes


def pause(app, game):
    app.push(Pause(game))


class Result(ui.Screen):
    """Who won, and every seat's pile of sunk ships."""

    def __init__(self, game):
        self.game = game

    def update(self, app):
        if app.buttons.pressed(A) or app.buttons.pressed(B):
            app.pop()

    def draw(self, app, fb):
        gs = self.game
        g = gs.g
        won = g.winners()
        ui.title(fb, t("ex_over"))
        if len(won) == 2:
            s = t("ex_win2") % (gs.name(won[0]), gs.name(won[1]))
        elif won:
            s = t("ex_wins") % gs.name(won[0])
        else:
            s = ""
        ui.center(fb, s, 11)
        from express import draw  # loaded with the game screen

        draw.piles(fb, gs, 21)
        ui.hint(fb, t("ex_h_over"))

