"""The card game's other screens: the pause menu, the CPU's last turn, piles, the result (the help:
cards.help, loaded while open).

They read the GameScreen they belong to (its game and View) and never
change the game except through GameScreen.play (End turn) and save.
"""

from cards.draw import HAND_Y, draw_grids, draw_line
from cards.pick import HUMAN
from cards.rules import M_END, M_SKIP
from cards.text import over_key, play_line, result_line, said, split_plays
from cards.view import view_for
from core import ui
from core.hal import DOWN, A, B
from core.hal import UP as K_UP
from core.strings import t


class PauseMenu(ui.Menu):
    def __init__(self, game_screen):
        self.gs = game_screen
        items = [("cg_resume", lambda app: app.pop())]
        for m in game_screen.view.moves:
            if m[0] == M_END:
                items.append(("cg_end_turn", self._end))
        items.append(("cg_log", self._log))
        items.append(("cg_piles", self._piles))
        items.append(("cg_help", lambda app: open_help(app)))
        items.append(("cg_quit", self._quit))
        ui.Menu.__init__(self, "cg_menu", items)

    def _end(self, app):
        app.pop()
        self.gs.play(app, (M_END, -1, -1, 0))

    def _log(self, app):
        app.push(LogScreen(self.gs))

    def _piles(self, app):
        v = self.gs.view
        foe = self.gs.foe

        def lines():
            return [
                said("cg_cpu_pdraw", foe) % (v.draw_count[0], v.draw_count[1]),
                said("cg_cpu_pdisc", foe) % (len(v.disc_types[0]), len(v.disc_types[1])),
                said("cg_cpu_phand", foe) % v.hand_count[1],
            ]

        app.push(Info("cg_piles", lines))

    def _quit(self, app):
        self.gs.quit(app)


class Info(ui.Message):
    """A titled text page whose words are looked up when drawn (the language may change)."""

    hint_key = "cg_back"  # opened from the pause menu: B goes back to it, as from every page

    def __init__(self, key, lines):
        ui.Message.__init__(self, "", [])
        self.key = key
        self.fn = lines

    def draw(self, app, fb):
        self.head = t(self.key)
        self.lines = self.fn()
        ui.Message.draw(self, app, fb)


def open_help(app, kind=-1):
    """The help (cards.help, loaded while it is open): its first page, or the page of a Battle
    card's type (a cards.rules.CARD_TYPES row)."""
    from core.compat import load

    h = load("cards.help")
    app.push(h.Help(h.PAGE_OF[kind] if kind >= 0 else 0))


class LogScreen(ui.Screen):
    """The last turn of each side, yours then the CPU's (the other handheld's), two lines a play
    ("You fire at Z3 (Red 2)" / "  Hit: Destroyer"), scrolled with UP/DOWN."""

    def __init__(self, gs):
        g = gs.g
        me = self.me = gs.me
        self.foe = gs.foe
        evs = g.prev_events if g.cur == me else g.events
        cpu = [p for p in split_plays(evs) if p[0][0] != me and p[0][2] not in (M_SKIP, M_END)]
        self.plays = gs.mine + cpu
        self.view = gs.view
        self.top = 0

    def update(self, app):
        btn = app.buttons
        if btn.pressed(A) or btn.pressed(B):
            app.pop()
        elif btn.pressed(DOWN) and self.top + 2 < len(self.plays):
            self.top += 1
            app.redraw()
        elif btn.pressed(K_UP) and self.top > 0:
            self.top -= 1
            app.redraw()

    def draw(self, app, fb):
        ui.title(fb, t("cg_log"))
        if not self.plays:
            ui.text(fb, t("cg_no_log"), 0, ui.BODY_Y, 1)
        y = ui.BODY_Y
        for p in self.plays[self.top : self.top + 2]:
            draw_line(fb, play_line(p, self.me, self.foe), y)
            draw_line(fb, "  " + result_line(p, self.view, self.me, False), y + 9)
            y += 22
        if self.top + 2 < len(self.plays):
            fb.hline(ui.W - 4, ui.HINT_Y - 3, 3, 1)
            fb.pixel(ui.W - 3, ui.HINT_Y - 2, 1)


def draw_end(fb, head, view, reveal, sank, lost, foe="cpu", line=None):
    """The end of a game: head (the words of who won), both grids with every card shown (reveal:
    (mine, the other's) identities, either None while unknown; no grids without a view), the
    ships each side sank (sank: ours, lost: theirs), and the last line (default: A and B)."""
    ui.title(fb, t(head))
    if view is not None:
        draw_grids(fb, view, t("cg_letters"), reveal)
    draw_line(fb, said("cg_cpu_score", foe) % (sank, lost), HAND_Y)
    draw_line(fb, line if line is not None else said("cg_cpu_again", foe))


class ResultScreen(ui.Screen):
    """The end: both grids with every card shown, who won, ships sunk; A: again, B: menu."""

    def __init__(self, game, level, again):
        self.g = game
        self.level = level
        self.again = again  # again(app, mode, replace=True, first=-1): cards.game.new_game
        self.view = view_for(game, HUMAN)

    def update(self, app):
        if app.buttons.pressed(A):
            mode = self.g.mode
            self.g = self.view = None  # the old game leaves the heap before the new one is dealt
            self.again(app, mode, replace=True, first=-1)  # who starts: drawn
        elif app.buttons.pressed(B):
            app.pop()

    def draw(self, app, fb):
        g = self.g
        draw_end(fb, over_key(g), self.view, (g.ident[HUMAN], g.ident[1 - HUMAN]), g.sunk_count(1 - HUMAN),
                 g.sunk_count(HUMAN))
