"""Battleship Express: the game screen (pass-and-play seats and CPU captains).

Owns GameScreen: one screen that follows the engine's phase. Before the
attack (choosing the attacker and the target) it shows every fleet as a row
of ship icons, front on the right; from the first roll on it shows the
attack: attacker, target, the eight dice (hits set aside drawn inverted),
hits against hits needed and rolls left. Human seats play with the buttons;
CPU seats move one step at a time at a readable pace (PACE frames, A steps
at once, B finishes the turn) so the sim replays them exactly. A roll
shows ANIM frames of tumbling faces first (any button skips it). After
every turn the game is saved (express.ui.save). The fleet setup, curtain,
pause and result screens live in express.menus.
"""

from core import ui
from core.compat import const
from core.hal import A, B
from core.prng import Rng
from core.strings import t
from express.engine import AGAIN, DONE, NONE, OVER, REROLL, ROLL, SETUP, SUNK, TARGET, from_bytes

TAG = b"E"
SLOT = "express"  # Express's save slot (App.save_game)
_UI_VERSION = const(1)

PACE = const(18)  # frames between CPU steps (~0.6 s)
_RESULT_PACE = const(36)  # frames a CPU turn's result stays up
ANIM = const(8)  # frames of tumbling dice after a roll

# levels: which captain a CPU seat uses (see express.ui.captain_for)
EASY = const(0)
MEDIUM = const(1)
HARD = const(2)


def seat_name(p, cpu):
    return t("ex_c" if cpu else "ex_p") % (p + 1)


class GameScreen(ui.Screen):
    """The game. cpu: bit per CPU seat; level: EASY/MEDIUM/HARD; urng: the
    CPU captains' own Rng (saved with the game); shown: the human seat the
    screen was last handed to (the curtain goes up for another one)."""

    def __init__(self, g, cpu, level, urng, shown=NONE):
        from express import ai  # here, not above: over the cable the odds come only with play

        self.g = g
        self.cpu = cpu
        self.level = level
        self.urng = urng
        self.shown = shown
        self.dp = ai.DpCaptain()
        self.rnd = ai.RandomCaptain(urng)
        self.caps = [self.dp] * g.players
        self.humans = ai.bits(((1 << g.players) - 1) & ~cpu)
        self.sel = 0  # own fleet position (ATTACKER)
        self.tsel = 0  # index in legal targets (TARGET, DECLARE)
        self.dsel = 0  # die under the cursor (REROLL)
        self.anim = 0
        self.wait = PACE
        self.fast = False
        self.saves = 0

    # ---- who plays ----
    def is_cpu(self, p):
        return bool(self.cpu & (1 << p))

    def mine(self, p):
        """Seat p is played with this handheld's buttons (over the cable: our seat only)."""
        return not self.is_cpu(p)

    def name(self, p):
        return seat_name(p, self.is_cpu(p))

    def mark(self, p):
        """Seat p's mark as a word, or None for its icon and number (express.draw.seat); over the
        cable "You" and "Them": both seats are people there, and one icon would not tell them apart."""
        return None

    def hint(self, key):
        """The hint line's word key (over the cable: the link's state or the other's turn)."""
        return key

    def attacks(self, p):
        """The title while seat p's attack is on: "Player 1 attacks"."""
        return t("ex_t_attacks") % self.name(p)

    def _captain(self):
        lv = self.level
        if lv == MEDIUM:  # half the turns each, decided as the turn starts
            lv = HARD if self.urng.chance(1, 2) else EASY
        return self.dp if lv == HARD else self.rnd

    # ---- the frame ----
    def tumble(self, app, btn):
        """The dice tumbling after a roll, a frame of it (A or B skips it): True while they do."""
        if not self.anim:
            return False
        self.anim -= 1
        if btn.pressed(A) or btn.pressed(B):  # skip the tumbling
            self.anim = 0
        if self.anim == 0:
            self.settled(app)
        app.redraw()
        return True

    def update(self, app):
        g = self.g
        if g.phase == SETUP:
            self._setup(app)
            return
        btn = app.buttons
        if self.tumble(app, btn):
            return
        if self.is_cpu(g.turn):
            self._cpu(app, btn)
            return
        if self.humans > 1 and self.shown != g.turn:
            self._curtain(app, g.turn)
            return
        self._human(app, btn)

    def _curtain(self, app, p):
        from express.menus import Curtain

        self.shown = p
        app.push(Curtain(self, p))

    def _setup(self, app):
        from express.menus import Arrange

        g = self.g
        for p in range(g.players):
            if g.ready & (1 << p):
                continue
            if self.is_cpu(p):
                cap = self.dp if self.level != EASY else self.rnd
                g.set_fleet(p, cap.arrange(g, p))
                continue
            if self.humans > 1 and self.shown != p:
                self._curtain(app, p)
            else:
                app.push(Arrange(self, p, self.dp.arrange(g, p)))
            return
        self._turn_starts(app)

    def _turn_starts(self, app):
        self.save(app)
        self.begin_turn()
        app.redraw()

    def begin_turn(self):
        """Fresh cursors; a CPU seat's captain for this turn (after the save,
        so a resumed game draws the same one)."""
        g = self.g
        self.sel = 0
        self.tsel = 0
        self.fast = False
        self.wait = PACE
        if self.is_cpu(g.turn):
            self.caps[g.turn] = self._captain()

    def save(self, app):
        self.saves += 1
        app.save_game(SLOT, payload(self), sum([len(s) for s in self.g.sank]), unit="u_sunk")

    def end_turn(self, app):
        """After the result was seen: the next turn, or the result screen."""
        if self.g.phase == OVER:
            self._over(app)
        else:
            self.g.next_turn()
            self._turn_starts(app)

    def _over(self, app):
        from express.menus import Result

        app.clear_game(SLOT)
        won = self.g.winners()
        human_won = False
        for p in won:
            if not self.is_cpu(p):
                human_won = True
        app.cue("win" if human_won or not self.humans else "lose")
        app.replace(Result(self))

    def rolled(self, app, anim=True):
        app.cue("dice")
        self.anim = ANIM if anim else 0
        if not anim:
            self.settled(app)
        app.redraw()

    def settled(self, app):
        """The dice came to rest: the sound of what they did."""
        g = self.g
        if g.phase in (DONE, OVER):
            app.cue("sunk" if g.result == SUNK else "miss")
            self.wait = _RESULT_PACE
        else:
            self.wait = PACE
            if g.kept & g.rolled:
                app.cue("hit")

    # ---- a CPU seat ----
    def _cpu(self, app, btn):
        g = self.g
        over = g.phase == DONE or g.phase == OVER
        if btn.pressed(A):
            self.wait = 0
        elif btn.pressed(B):
            if over:
                self.wait = 0
            else:
                self.fast = True
        if self.fast and not over:
            self.wait = 0
        if self.wait > 0:
            self.wait -= 1
            return
        if over:
            self.end_turn(app)
            return
        ph = g.phase
        from express import ai

        ai.step(g, self.caps)
        if g.phase == TARGET or g.phase == ROLL:
            self.sel = g.position(g.turn, g.attacker)
        if ph in (ROLL, AGAIN, REROLL):
            self.rolled(app, not self.fast)
        else:
            if g.phase in (DONE, OVER):  # the Carrier's declaration sank its target
                self.settled(app)
            self.wait = PACE
        app.redraw()

    # ---- a human seat's steps that throw or end an attack (the cable sends them instead) ----
    def roll(self, app):
        self.g.roll()
        self.rolled(app)

    def stop(self, app):
        self.g.stop()
        self.settled(app)
        app.redraw()

    def pick_target(self, o, s):
        self.g.pick_target(o, s)

    # ---- a human seat (express.human) ----
    def _human(self, app, btn):
        from express import human

        human.play(self, app, btn)

    # ---- drawing (express.draw) ----
    def draw(self, app, fb):
        from express import draw as drawing

        drawing.draw(self, fb)


# --- the save: TAG, the engine's bytes, then the UI state (see express.ui) ---------
def payload(scr):
    """The save bytes of a GameScreen."""
    st = bytearray((_UI_VERSION, scr.cpu, scr.level, scr.shown))
    for v in scr.urng.getstate():
        st += bytes((v & 255, (v >> 8) & 255, (v >> 16) & 255, v >> 24))
    st.append(len(st))
    return TAG + scr.g.to_bytes() + st


def load(data):
    """A GameScreen exactly as payload() saved it; ValueError if damaged."""
    data = bytes(data)
    if len(data) < 2 or data[:1] != TAG:
        raise ValueError("not a Battleship Express save")
    n = data[-1]
    end = len(data) - 1 - n
    if n != 12 or end < 2:
        raise ValueError("damaged Express save")
    st = data[end:-1]
    if st[0] != _UI_VERSION or st[2] > HARD:
        raise ValueError("damaged Express save")
    g = from_bytes(data[1:end], Rng(1))
    if st[1] >> g.players:
        raise ValueError("damaged Express save")
    s = []
    for k in (4, 8):
        s.append(st[k] | st[k + 1] << 8 | st[k + 2] << 16 | st[k + 3] << 24)
    urng = Rng(1)
    urng.setstate((s[0], s[1]))
    scr = GameScreen(g, st[1], st[2], urng, st[3])
    scr.begin_turn()
    return scr
