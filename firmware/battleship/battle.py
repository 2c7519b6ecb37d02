"""The battle screen of Battleship and Salvo: aiming, the answers, the CPU's shots, the end.

Left, a grid (battleship.grid): the CPU's ocean as you know it while you aim, your
own fleet with the CPU's shots while it fires (B shows it any time). Right,
a panel: whose turn (in Salvo the shots left as pips), the cursor's
coordinate, the latest answer ("You: D-4", "SUNK:", "Destroyer"), the
ships of the fleet shown, and a hint.

States: AIM (your turn); HOLD (your last answer stays a moment); CPU_FIRES
(its shots one by one on your grid, the newest boxed and blinking); DONE
(its last answer stays a moment); END (the result; A shows the other grid,
B goes back to the main menu). In your own fleet's view A opens the pause
menu (back, save and quit, give up). Any key skips HOLD/CPU/DONE at once; an arrow also
moves the cursor, so a quick player is never kept waiting. The game is
saved after every shot of yours and after every CPU turn.
"""

from battleship import grid as gridview
from battleship.engine import CPU, OVER, PLAYER
from battleship.rules import AIM_START, HIT, REPEAT, SALVO, SHIP_SIZES, SIZE, Refused
from battleship.view import (
    GRID_X,
    GRID_Y,
    PANEL_W,
    PANEL_X,
    header,
    hint,
    pack,
    save_habits,
    ship_index,
    ship_lines,
    variant_key,
)
from core import font, ui
from core.compat import const, load, ticks_add, ticks_diff
from core.hal import A, B
from core.strings import t


def keep(app, g, state):
    """The game in its slot (Battleship's or Salvo's), with your shots so far; a game
    over leaves the slot empty."""
    if g.phase == OVER:
        app.clear_game(variant_key(g.variant))
    else:
        app.save_game(variant_key(g.variant), pack(g, state), sum(g.fleets[1].shots), unit="u_shots")


AIM = const(0)
HOLD = const(1)
CPU_FIRES = const(2)
DONE = const(3)
END = const(4)

TARGET = const(0)
OWN = const(1)

HOLD_MS = 600  # your answer stays this long before the CPU fires
SHOT_MS = 600  # between the CPU's shots
DONE_MS = 800  # the CPU's last answer stays this long
BLINK_MS = 150  # the CPU's newest shot blinks (boxed / not) this fast while shown

# What the panel's news says (who fired, or a notice)
NEWS_NONE = const(0)
NEWS_YOU = const(1)
NEWS_CPU = const(2)
_NEWS_YOU_START = const(3)
_NEWS_CPU_STARTS = const(4)
NEWS_AGAIN = const(5)  # that cell was already shot (a save's; now Battle.again)

_UI_VERSION = const(1)
_ARROWS = const(15)


class Battle(ui.Screen):
    def __init__(self, game, state=None):
        self.g = game
        self.grid = gridview.Grid(GRID_X, GRID_Y)
        self.cur = AIM_START
        self.view = TARGET
        self.news = NEWS_NONE
        self.news_cell = 0
        self.news_hit = 0
        self.news_sunk = -1
        self.again = False  # "Already shot", over the news until the cursor or the view moves
        self.salvo = game.shots_left  # shots in this turn (the pips)
        self.cpu_last = -1  # the CPU's newest shot, boxed on your grid
        self.due = 0
        self.shot_at = 0
        self.blink = True  # the box on the CPU's newest shot is drawn
        self.timed = False  # due is not set yet (set on the first frame)
        if state:
            self.load_state(state)
        elif game.turn == CPU:
            self.news = _NEWS_CPU_STARTS
        else:
            self.news = _NEWS_YOU_START
        self.state = AIM
        if game.phase == OVER:
            self.state = END
        elif game.turn == CPU:
            self.state = HOLD
            self.timed = True
        self.coord = gridview.name(self.cur // SIZE, self.cur % SIZE)

    # -- save ------------------------------------------------------------
    def state_bytes(self):
        """The screen's part of a save (the view comes back only while aiming:
        a CPU turn resumes on its usual grid)."""
        return bytes(
            (
                _UI_VERSION,
                self.cur,
                self.view if self.state == AIM else TARGET,
                self.news,
                self.news_cell,
                self.news_hit,
                self.news_sunk + 1,
                self.salvo,
                self.cpu_last + 1,
            )
        )

    def load_state(self, b):
        if (
            len(b) < 9
            or b[0] != _UI_VERSION
            or b[1] >= 100
            or b[3] > NEWS_AGAIN
            or b[4] >= 100
            or b[6] > len(SHIP_SIZES)
            or b[8] > 100
        ):
            raise ValueError("bad screen state")
        self.cur = b[1]
        self.view = b[2] & 1
        self.news = b[3]
        self.news_cell = b[4]
        self.news_hit = b[5]
        self.news_sunk = b[6] - 1
        if self.news == NEWS_AGAIN:  # an older save's "Already shot": nothing to say now
            self.news = NEWS_NONE
        self.salvo = b[7]
        self.cpu_last = b[8] - 1

    def save(self, app):
        keep(app, self.g, self.state_bytes())

    # -- input -------------------------------------------------------------
    def later(self, app, ms):
        self.due = ticks_add(app.now, ms)
        self.timed = False

    def update(self, app):
        btn = app.buttons
        st = self.state
        if st == AIM:
            self.update_aim(app, btn)
        elif st == END:
            if btn.pressed(A):
                self.view ^= 1
                app.redraw()
            elif btn.pressed(B):
                app.pop()
        else:
            if self.timed:  # first frame of a wait restored from a save: start its clock
                self.later(app, HOLD_MS)
            if btn.pressed(A | B | _ARROWS):
                self.skip(app)
                if self.state == AIM and btn.pressed(_ARROWS):
                    gridview.aim(self, app, btn)
            elif ticks_diff(app.now, self.due) >= 0:
                self.tick(app)
            elif self.state != HOLD:
                on = (ticks_diff(app.now, self.shot_at) // BLINK_MS) & 1 == 0
                if on != self.blink:
                    self.blink = on
                    app.redraw()

    def update_aim(self, app, btn):
        if btn.pressed(B | _ARROWS):
            self.again = False  # the view or the cursor moves on: "Already shot" was said
        if self.view == OWN:
            if btn.pressed(B):
                self.view = TARGET
                app.redraw()
            elif btn.pressed(A):
                app.push(Paused(self))
            return
        if btn.pressed(_ARROWS):
            gridview.aim(self, app, btn)
        elif btn.pressed(A):
            self.fire(app)
        elif btn.pressed(B):
            self.view = OWN
            app.redraw()

    def fire(self, app):
        g = self.g
        try:
            result, sunk = g.fire(self.cur // SIZE, self.cur % SIZE)
        except Refused as e:
            if e.reason == REPEAT:
                self.again = True
                app.cue("click")
                app.redraw()
            return
        self.again = False
        self.news = NEWS_YOU
        self.news_cell = self.cur
        self.news_hit = result
        self.news_sunk = ship_index(sunk)
        app.cue("sunk" if sunk else ("hit" if result == HIT else "miss"))
        self.save(app)
        if g.phase == OVER:
            self.finish(app)
        elif g.turn == CPU:
            self.state = HOLD
            self.later(app, HOLD_MS)
        app.redraw()

    # -- the CPU's turn --------------------------------------------------------
    def tick(self, app):
        st = self.state
        if st == HOLD:
            self.state = CPU_FIRES
            self.view = OWN
            self.cpu_shot(app)
        elif st == CPU_FIRES:
            self.cpu_shot(app)
        elif st == DONE:
            self.to_aim(app)
        app.redraw()

    def cpu_shot(self, app, quiet=False):
        g = self.g
        cell, result, sunk = g.cpu_fire()
        self.cpu_last = cell
        self.shot_at = app.now
        self.blink = True
        self.news = NEWS_CPU
        self.news_cell = cell
        self.news_hit = result
        self.news_sunk = ship_index(sunk)
        if not quiet:
            app.cue("sunk" if sunk else ("hit" if result == HIT else "miss"))
        if g.phase == OVER:
            self.save(app)
            self.finish(app)
        elif g.turn == PLAYER:
            self.salvo = g.shots_left
            self.save(app)
            self.state = DONE
            self.later(app, DONE_MS)
        else:
            self.later(app, SHOT_MS)

    def skip(self, app):
        """Play the rest of the CPU's turn at once and go back to aiming."""
        while self.state in (HOLD, CPU_FIRES):
            self.state = CPU_FIRES
            self.cpu_shot(app, quiet=True)
        if self.state == DONE:
            self.to_aim(app)
        app.redraw()

    def to_aim(self, app):
        self.state = AIM
        self.view = TARGET
        self.salvo = self.g.shots_left
        app.redraw()

    def finish(self, app):
        g = self.g
        self.state = END
        self.view = TARGET
        app.cue("win" if g.winner == PLAYER else "lose")
        save_habits(app, g.habits)

    # -- drawing ---------------------------------------------------------------
    def draw(self, app, fb):
        g = self.g
        grid = self.grid
        own = self.view == OWN
        self.side = PLAYER if own else CPU
        aiming = self.state == AIM and not own
        grid.frame(fb)
        cr, cc = self.cur // SIZE, self.cur % SIZE
        if aiming:
            grid.labels(fb, cr, cc)
        else:
            grid.labels(fb)
        fleet = g.fleets[self.side]
        over = g.phase == OVER
        for s in range(len(SHIP_SIZES)):
            if fleet.placed(s) and (own or over or fleet.sunk(s)):
                r, c, v = fleet.where(s)
                grid.ship(fb, r, c, SHIP_SIZES[s], v, gridview.SOLID if fleet.sunk(s) else gridview.OUTLINE)
        self.draw_marks(fb, own)
        if aiming:
            grid.cursor(fb, cr, cc)
        elif own and self.cpu_last >= 0 and self.state in (CPU_FIRES, DONE) and self.blink:
            grid.cursor(fb, self.cpu_last // SIZE, self.cpu_last % SIZE)
        self.draw_panel(fb, own)

    def draw_marks(self, fb, own):
        """Shots on the grid shown: on your ships a hit fills its square (the
        ship's outline is already there); elsewhere X for a hit, a ring for a miss."""
        f = self.g.fleets[self.side]
        grid = self.grid
        shots = f.shots
        occ = f.occ
        for cell in range(SIZE * SIZE):
            if not shots[cell]:
                continue
            o = occ[cell]
            if not o:
                grid.mark(fb, cell // SIZE, cell % SIZE, gridview.MISS)
            elif f.sunk(o - 1):
                continue  # drawn solid with its ship
            elif own or self.g.phase == OVER:
                grid.mark(fb, cell // SIZE, cell % SIZE, gridview.SUNK)
            else:
                grid.mark(fb, cell // SIZE, cell % SIZE, gridview.HIT)

    def draw_panel(self, fb, own):
        g = self.g
        x = PANEL_X
        st = self.state
        # header: whose turn, the pips of a salvo, or the result
        pips = 0
        if st == END:
            head = t("bs_win") if g.winner == PLAYER else t("bs_lose")
        elif st in (CPU_FIRES, DONE) or (st == HOLD and self.news != NEWS_YOU):
            head = t("bs_cpu_fires")
        elif own:
            head = t("bs_fleet")
        elif g.variant == SALVO:
            head = t("bs_shots")
            pips = self.salvo
        else:
            head = t("bs_your_shot")
        hx = header(fb, head)
        if pips:
            gridview.pips(fb, hx + 2, pips, g.shots_left if g.turn == PLAYER else 0)
        # line 1: the aim, your fleet's count, or the score
        if st == END:  # who sank whose fleet, in how many of the winner's shots
            won = g.winner == PLAYER
            y = 11
            said = t("bs_end_you_won" if won else "bs_end_cpu_won") % _tally(g.fleets[CPU if won else PLAYER])
            for line in said.split("|"):
                ui.text(fb, line, x, y, 1)
                y += 9
        elif own:
            ui.text(fb, t("bs_afloat") % g.ships_afloat(PLAYER), x, 11, 1)
        elif st == AIM:
            ui.text(fb, t("bs_aim") % self.coord, x, 11, 1)
        below = self.draw_news(fb, x) if st != END else 0
        if below <= 47:  # the fleet of the grid shown (unless a long name took its line)
            f = g.fleets[self.side]
            sunk = [f.sunk(s) for s in range(len(SHIP_SIZES))]
            gridview.fleet_icons(fb, x, 48, SHIP_SIZES, sunk, 3, 2)
        if st == END:
            hint(fb, "bs_h_end")
        elif st != AIM:
            hint(fb, "bs_h_skip")
        else:
            hint(fb, "bs_h_fleet" if own else "bs_h_aim")

    def draw_news(self, fb, x):
        """The latest answer; returns the y below it."""
        n = self.news
        if self.again and self.view == TARGET:
            ui.text(fb, font.fit(t("bs_again"), PANEL_W), x, 29, 1)
            return 38
        if n == NEWS_NONE:
            return 0
        if n == _NEWS_YOU_START or n == _NEWS_CPU_STARTS:
            ui.text(fb, t("bs_you_start" if n == _NEWS_YOU_START else "bs_cpu_starts"), x, 29, 1)
            return 38
        cell = gridview.name(self.news_cell // SIZE, self.news_cell % SIZE)
        ui.text(fb, t("bs_you" if n == NEWS_YOU else "bs_cpu"), x, 20, 1)  # who fired, then where
        if self.news_sunk >= 0:
            said = t("bs_sunk") % cell
            fb.fill_rect(x - 1, 28, font.width(said) + 3, 9, 1)
            ui.text(fb, said, x + 1, 29, 0)
            y = 38
            for line in ship_lines(self.news_sunk, PANEL_W):
                ui.text(fb, line, x, y, 1)
                y += 9
            return y
        ui.text(fb, t("bs_hit" if self.news_hit == HIT else "bs_miss") % cell, x, 29, 1)
        return 38


def _tally(fleet):
    shots = hits = 0
    for c in range(SIZE * SIZE):
        if fleet.shots[c]:
            shots += 1
            if fleet.occ[c]:
                hits += 1
    return shots, hits


class Paused(ui.Menu):
    """Back to battle, save and quit (Continue offers it again), give up, or the help (what the
    panel's ship bars and the grid's marks mean: battleship.help)."""

    def __init__(self, battle):
        self.battle = battle
        ui.Menu.__init__(
            self,
            "bs_paused",
            [
                ("bs_back", _back),
                ("bs_save_quit", self._quit),
                ("bs_give_up", self._give_up),
                ("bs_help", self.help),
            ],
        )

    def _quit(self, app):
        self.battle.save(app)
        app.pop()
        app.pop()

    def help(self, app):
        app.push(load("battleship.help").Help())  # its words load with it, and leave when it closes

    def _give_up(self, app):
        app.clear_game(variant_key(self.battle.g.variant))
        app.pop()
        app.pop()


def _back(app):
    app.pop()
