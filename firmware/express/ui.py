"""Battleship Express on the handheld: the entry points and the save format.

start(app, arg) opens the Express menu (game type, players, which seats are
human and which CPU); resume(app, payload) continues a game saved in
the slot SLOT (the save bytes: express.game.payload and load). The game
screen is express.game, the screens around it express.menus, the words
express.text, the pictures express.art.

CPU seats: the CPU level in Settings is taken when a game starts and kept
in its save: easy = express.ai.RandomCaptain (uniform legal moves), hard =
express.ai.DpCaptain (best exact odds), medium = each CPU turn is played by one
or the other, by a fair coin from the CPU's own Rng.

Save payload: TAG (b"E"), the engine's to_bytes() (fleets, dice and the
dice Rng), then the UI state: version, CPU seat mask, level, the human seat
last shown, the CPU Rng's state (2 x 4 bytes), and last the UI state's
length (1 byte).
"""

# ruff: noqa: E402  (the collection must run before the game modules compile)
import gc

gc.collect()  # before the game's modules compile (a fragmented heap is the risk)
from core import strings, ui
from core.hal import LEFT, RIGHT, A, B
from core.prng import Rng
from core.strings import t

# the game screen's parts load with the mode, so app.end_mode() drops them with it
from express import (
    ai,
    draw,  # noqa: F401
    human,  # noqa: F401
    menus,  # noqa: F401
)
from express.engine import Game
from express.game import EASY, HARD, MEDIUM, SLOT, TAG, GameScreen, load, payload, seat_name  # noqa: F401
from express.rules import ADMIRAL, CAPTAIN, team_of
from express.text import EN, HU

strings.add(EN, HU)

_LEVELS = {"easy": EASY, "medium": MEDIUM, "hard": HARD}
_CHOICES = (2, 3, 4, 5)  # 5: four players in two teams


def first_seat(seed, players, first):
    """The seat that starts: as chosen, or (first < 0, "Random") drawn from the seed, each
    seat as likely (the rule sheet: "choose one player to start")."""
    if first >= 0:
        return first
    return Rng((seed ^ 0x15555555) or 1).below(players)


def new_game(app, game, players, team, cpu, first=0):
    """A GameScreen for a new game (seeded from the device); first: a seat, or -1 to draw one."""
    seed = app.new_seed()
    g = Game(game, players, team, first_seat(seed, players, first), Rng(seed))
    level = _LEVELS.get(app.settings.get("level"), MEDIUM)
    return GameScreen(g, cpu, level, Rng(seed ^ 0x2AAAAAAA))


class Loading(ui.Screen):
    """Shown while the CPU's odds tables are filled (express.ai.warm), then replaced
    by the game screen; when the first seat was drawn at random, it stays, saying who
    starts, until A (a blink on a Pico is no announcement)."""

    def __init__(self, screen, drawn=False):
        self.screen = screen
        self.frames = 0
        self.drawn = drawn  # the first seat was drawn: say whose turn it is, until A

    def update(self, app):
        self.frames += 1
        if self.frames < 2:  # let this screen reach the display first
            return
        if self.frames == 2:
            ai.warm(self.screen.g.game)
            if self.drawn:
                app.redraw()  # the hint: A plays
                return
        elif not app.buttons.pressed(A | B):  # A plays (B too: a key script's CPU games go on)
            return
        self.screen.base = len(app.stack) - 1
        app.replace(self.screen)

    def draw(self, app, fb):
        g = self.screen.g
        ui.title(fb, t("ex_title"))
        ui.center(fb, t("ex_admiral_game" if g.game == ADMIRAL else "ex_captain_game"), 22)
        if self.drawn:
            ui.center(fb, t("ex_starts") % self.screen.name(g.first), 36)
            if self.frames >= 2:
                ui.hint(fb, t("ex_h_first_seat"))
                return
        ui.center(fb, t("ex_loading"), 48 if self.drawn else 36)


_SETUP = "ex_setup"  # the flash file of the menu's last choices (4 bytes: game, players, seats, first)


class Setup(ui.Menu):
    """The Express menu: Start first (A on it starts at once), then game type, players, each
    seat human or CPU (in the team game, with its team: partners sit across, seats 1 & 3
    against 2 & 4), who starts (Random, or a seat). A or LEFT/RIGHT on a row changes it. The
    choices of the last game started are kept on flash and come back next time."""

    def __init__(self, last=None):
        self.game = CAPTAIN
        self.choice = 0  # index in _CHOICES
        self.cpu = 0b1110  # seat 1 human, the others CPU
        self.first = -1  # the seat that starts; -1: drawn at random
        if last is not None and len(last) == 4 and last[0] < 2 and last[1] < len(_CHOICES) and last[3] <= 4:
            self.game, self.choice, self.cpu, self.first = last[0], last[1], last[2] & 15, last[3] - 1
        ui.Menu.__init__(self, "ex_title", [], hint_key="hint_settings")
        self._rows()

    def players(self):
        c = _CHOICES[self.choice]
        return 4 if c == 5 else c

    def _rows(self):
        items = [("ex_start", self._start), ("ex_game", None), ("ex_players", None)]  # type: list
        for p in range(self.players()):
            items.append((self._seat_label(p), None))
        items.append(("ex_first", None))
        if self.first >= self.players():
            self.first = -1
        self.items = items
        self.sel = min(self.sel, len(items) - 1)
        if self.top > max(0, len(items) - self.rows):
            self.top = max(0, len(items) - self.rows)

    def _seat_label(self, p):
        if _CHOICES[self.choice] == 5:
            return lambda: t("ex_team_seat") % (seat_name(p, False), "AB"[team_of(p, True)])
        return lambda: seat_name(p, False)

    def update(self, app):
        btn = app.buttons
        d = 1 if btn.pressed(RIGHT) else (-1 if btn.pressed(LEFT) else 0)
        if not d and btn.pressed(A) and self.sel > 0:
            d = 1
        if d and self.sel > 0:
            self._change(self.sel, d)
            app.cue("click")
            app.redraw()
            return
        ui.Menu.update(self, app)

    def _change(self, i, d):
        if i == 1:
            self.game ^= 1
        elif i == 2:
            self.choice = (self.choice + d) % len(_CHOICES)
            self._rows()
        elif i == len(self.items) - 1:  # who starts: Random, seat 1, seat 2, ...
            self.first = (self.first + 1 + d) % (self.players() + 1) - 1
        else:
            self.cpu ^= 1 << (i - 3)

    def value(self, i):
        if i == 1:
            return t("ex_admiral" if self.game == ADMIRAL else "ex_captain")
        if i == 2:
            c = _CHOICES[self.choice]
            return t("ex_teams") if c == 5 else str(c)
        if i == len(self.items) - 1:
            f = self.first
            return t("ex_random") if f < 0 else seat_name(f, False)
        if i > 2:
            return t("ex_cpu" if self.cpu & (1 << (i - 3)) else "ex_human")
        return ""

    def draw_item(self, fb, i, y):
        from core import font

        ui.text(fb, font.fit(self.label(i), 66), ui.ITEM_X, y, 1)
        v = self.value(i)
        if v:
            x = 76
            ui.text(fb, font.fit(v, ui.W - x - 5), x, y, 1)

    def _start(self, app):
        n = self.players()
        team = _CHOICES[self.choice] == 5
        cpu = self.cpu & ((1 << n) - 1)
        app.save(_SETUP, bytes((self.game, self.choice, self.cpu, self.first + 1)))  # next time's
        app.replace(Loading(new_game(app, self.game, n, team, cpu, self.first), self.first < 0))


def start(app, arg=None):
    """Open the Express menu with the last game's choices (arg: unused)."""
    st = app.hw.storage
    app.push(Setup(st.load(_SETUP)[0] if st is not None else None))  # damaged: the defaults


def resume(app, data):
    """Continue a saved game exactly where its turn began."""
    app.push(Loading(load(data)))
