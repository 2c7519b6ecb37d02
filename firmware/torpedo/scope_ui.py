"""The periscope: firing torpedoes at a located ship, and the shoot-out after a tie.

One screen for every shot: ours (A fires), the CPU's or the cable rival's
(watched), and both shots of each shoot-out round. The located ship rides
the waterline at x = drift.x(frame) with its rod hanging below it; the
sight is the fixed arrow at x = 64, its ticks marking the hit zone (64 +-3).
A frame counter, +1 per app frame from 0 when the torpedo is up, is the
drift's clock, so a press is a frame number that replays the same anywhere.

    top row   torpedoes left (icons), the shooter and score, what a hit is worth
    view      waterline, ship and rod, the sight
    bottom    what to do / what happened, and the time bar ((300 - f) px * 128 / 300)

A shot: INTRO (a moment to get ready; A starts at once), AIM (ours) or WATCH
(theirs: the rod moves until the frame they pressed; A skips there), RESULT.
On the cable the rival's press arrives as a message; the watch animates the
same drift meanwhile and shows the rod where it was at the frame pressed.
In a shoot-out on the cable both aim at once: ours first, then we WAIT for
theirs. A settled round shows both shots (ROUND). While the cable rival's press is awaited
(WATCH, WAIT) B is the game's pause menu (torpedo.locate.Paused: Save and quit).
"""

from battleship.rules import SHIP_SIZES
from core import font, strings, ui
from core.compat import const, load, unload
from core.hal import A, B
from core.strings import t
from torpedo.rules import (
    FAR,
    FIRE,
    HIT_HALF,
    NO_PRESS,
    OVER,
    SCORES,
    SD_CLOSEST_AFTER,
    SHOOTOUT,
    SIGHT_X,
    T_ESCAPED,
    T_HIT,
    TORPEDOES,
    WINDOW,
)
from torpedo.view import Then, end_words, goes_on, name_key

_INTRO = const(0)
_AIM = const(1)
_WATCH = const(2)
_RESULT = const(3)
_WAIT = const(4)
_ROUND = const(5)

_INTRO_FRAMES = const(24)  # frames before the rod starts (0.8 s)
_RESULT_FRAMES = const(36)  # frames the result stays up (1.2 s; any key: at once)
_ROUND_FRAMES = const(90)
_WATER_Y = const(22)
_ROD_END = const(43)
_SIGHT_Y = const(45)
_TEXT_Y = const(51)
_BAR_Y = const(62)
_EV_PRESS = const(3)  # a match event: the opponent fired (see torpedo.view)


class Scope(ui.Screen):
    ta_game = True  # closed with the game (torpedo.cable.ui.leave)

    def __init__(self, match):
        self.m = match
        self.g = match.g
        self.state = _INTRO
        self.d = None

    def enter(self, app):
        self.begin()

    def begin(self):
        """Up periscope for the next shot."""
        m, g = self.m, self.g
        self.so = g.phase == SHOOTOUT
        if self.so:
            self.round = g.sd_round
            if m.cable:
                shooter = m.me if not g.fired(m.me) else 1 - m.me
            else:
                shooter = g.to_move()
        else:
            shooter = g.turn
        self.shooter = shooter
        self.mine = shooter == m.me
        self.d = g.drift()
        self.f = 0
        self.press = -1
        self.outcome = 0
        self.pts = 0
        self.pending = None
        self.left = TORPEDOES - g.torpedo if not self.so else 0
        self.score = g.score(shooter)  # before this shot
        self.size = SHIP_SIZES[g.target] if not self.so else 3
        self.lang = None  # the words below are made in draw(), in the language shown
        self.state = _INTRO
        self.timer = _INTRO_FRAMES
        if not self.mine and not m.cable:
            self.pending = m.event()  # the CPU's press: its aim never sees ours

    # -- the frame ----------------------------------------------------------------
    def update(self, app):
        m = self.m
        if not goes_on(app, m):
            return
        st = self.state
        a = app.buttons.pressed(A)  # fires while aiming
        k = app.buttons.any_pressed()  # any key ends a moment that is only watched
        if st == _INTRO:
            self.timer -= 1
            if self.timer <= 0 or k:
                self.state = _AIM if self.mine else _WATCH
                app.redraw()
        elif st == _AIM:
            if a:
                self.shoot(app, self.f)
            else:
                self.f += 1
                if self.f >= WINDOW:
                    self.shoot(app, NO_PRESS)
            app.redraw()
        elif st == _WATCH:
            if not self.paused(app):
                self.watch(app, k)
        elif st == _RESULT:
            self.timer -= 1
            if self.timer <= 0 or k:
                self.next(app)
        elif st == _WAIT:
            e = m.event()
            if e is not None and e[0] == _EV_PRESS:
                self.settled(app)
            else:
                self.paused(app)
        elif st == _ROUND:
            self.timer -= 1
            if self.timer <= 0 or k:
                if self.g.phase == SHOOTOUT:
                    self.begin()
                    app.redraw()
                else:
                    self.down(app)

    def paused(self, app):
        """The cable rival's press not here yet: B is the game's pause menu (Save and quit), as on
        the grid while the rival calls (a rival that never presses cannot hold us here). True
        when it opened."""
        if self.m.cable and self.pending is None and app.buttons.pressed(B):
            app.push(load("torpedo.locate").Paused(self.m))
            return True
        return False

    def watch(self, app, skip):
        e = self.pending
        if e is None:
            e = self.m.event()  # the cable rival's press, when it comes
            if e is not None and e[0] != _EV_PRESS:
                e = None
            self.pending = e
        if e is not None and (skip or self.f >= e[1] or self.f >= WINDOW - 1):
            self.shown(app, e[1], e[2], e[3])
            return
        if self.f < WINDOW - 1:
            self.f += 1
            app.redraw()

    def shoot(self, app, frame):
        out, pts = self.m.fire(frame)
        self.shown(app, frame, out, pts)

    def shown(self, app, frame, out, pts):
        self.press = frame
        if frame != NO_PRESS and frame < WINDOW:
            self.f = frame
        self.outcome = out
        self.pts = pts
        self.state = _RESULT
        self.timer = _RESULT_FRAMES
        if out == T_HIT:
            app.cue("sunk" if not self.so else "hit")
        else:
            app.cue("miss")
        self.m.save(app)
        app.redraw()

    def next(self, app):
        g = self.g
        if not self.so:
            if g.phase == FIRE and g.turn == self.shooter:
                self.begin()  # the next torpedo
                app.redraw()
            else:
                self.down(app)
            return
        if g.phase == SHOOTOUT and g.sd_round == self.round:
            if self.m.cable:
                self.state = _WAIT  # the rival aims at the same time: wait for its press
                app.redraw()
            else:
                self.begin()  # the other side fires at the same drift
                app.redraw()
            return
        self.settled(app)

    def down(self, app):
        """Down periscope: the grid again, on a Locate made from the match once this module and
        the drift's (torpedo.scope) have left the heap (torpedo.view.Then)."""
        self.g.forget_drift()
        app.replace(Then(self.m, "torpedo.locate", "Locate"))
        unload("torpedo.scope_ui", "torpedo.scope")

    def settled(self, app):
        """Both fired: the round is decided (or another one comes)."""
        self.state = _ROUND
        self.timer = _ROUND_FRAMES
        g = self.g
        if g.phase == OVER:
            app.cue("win" if g.winner == self.m.me else "lose")
        app.redraw()

    # -- drawing -----------------------------------------------------------------
    def words(self):
        """This shot's words, made once (the periscope redraws every frame)."""
        m = self.m
        self.lang = strings.lang()
        shooter = self.shooter
        if self.so:
            self.top = t("ta_shootout")
            self.worth = t("ta_round") % (self.round + 1)
            self.title = t("ta_your_shot") if self.mine else ""
        else:
            self.top = "%s %d" % (t(name_key(m, shooter)), self.score)
            self.worth = "+%d" % SCORES[TORPEDOES - self.left]
            self.title = t("ta_torpedo") % (TORPEDOES - self.left + 1)
        self.aims = t("ta_opp_aims" if m.cable else "ta_cpu_aims")
        self.wait = t("ta_waiting")
        if m.cable:  # the rival's press is awaited: B is the menu
            self.aims = "%s  %s" % (self.aims, t("ta_h_pause"))
            self.wait = "%s  %s" % (self.wait, t("ta_h_pause"))
        self.fire = t("ta_fire")
        if self.mine:
            self.intro = "%s  %s" % (self.title, t("ta_ready"))
        else:
            self.intro = self.aims if self.so else self.title

    def draw(self, app, fb):
        if self.lang != strings.lang():
            self.words()
        st = self.state
        if st == _ROUND:
            self.draw_round(app, fb)
            return
        self.draw_top(fb)
        d = self.d
        f = self.f
        fired = st == _RESULT and self.press != NO_PRESS and self.press < WINDOW
        x = d.x(self.press if fired else f)
        _water(fb, f)
        if st != _RESULT or fired:
            _ship(fb, x, self.size)
            fb.vline(x, _WATER_Y + 1, _ROD_END - _WATER_Y, 1)
        _sight(fb)
        why = self.m.trouble()
        if why is not None and st != _RESULT:
            _bottom(fb, t(why), True)
        elif st == _INTRO:
            _bottom(fb, self.intro, False)
        elif st == _AIM:
            _bottom(fb, self.fire, False)
        elif st == _WATCH:
            _bottom(fb, self.aims, False)
        elif st == _WAIT:
            _bottom(fb, self.wait, False)
        else:
            _bottom(fb, self.result_text(), True)
        if st == _AIM or st == _WATCH:
            fb.fill_rect(0, _BAR_Y, (WINDOW - f) * ui.W // WINDOW, 2, 1)

    def draw_top(self, fb):
        x = 0
        if not self.so:
            for i in range(TORPEDOES):
                _torpedo(fb, x, 2, i < self.left)
                x += 12
            x += 2
        ui.text(fb, font.fit(self.top, 100 - x), x, 0, 1)
        w = font.width(self.worth)
        ui.text(fb, self.worth, ui.W - w, 0, 1)
        fb.hline(0, 9, ui.W, 1)

    def result_text(self):
        if self.outcome == T_HIT:
            return t("ta_hit") % self.pts if not self.so else t("ta_hit_so")
        if self.outcome == T_ESCAPED:
            return t("ta_escaped")
        if self.so or self.left <= 1:
            return t("ta_miss")
        return "%s  %s" % (t("ta_miss"), t("ta_left") % (self.left - 1))

    def draw_round(self, app, fb):
        g, m = self.g, self.m
        self.draw_top(fb)
        d = self.d
        y = 14
        for p in (m.me, 1 - m.me):
            press = g.sd_prev[p]
            dist = d.distance(press)
            if dist == FAR:
                what = t("ta_no_press")
            else:
                word = t("ta_hit_so" if dist <= HIT_HALF else "ta_miss")
                what = "%s %s" % (word, t("ta_px") % dist)
            ui.text(fb, font.fit("%s: %s" % (t(name_key(m, p)), what), ui.W), 0, y, 1)
            y += 10
        if g.phase == OVER:
            s = end_words(m)[0]
        else:
            s = t("ta_level_round")
            if g.sd_round >= SD_CLOSEST_AFTER:
                ui.center(fb, t("ta_closer"), 36)
        _bottom(fb, s, True)


# -- pieces of the view ------------------------------------------------------------
def _torpedo(fb, x, y, live):
    """A torpedo icon 10 px long: solid while in the launcher, an outline once fired."""
    if live:
        fb.fill_rect(x + 1, y, 8, 4, 1)
    else:
        fb.rect(x + 1, y, 8, 4, 1)
    fb.vline(x, y + 1, 2, 1)  # the nose
    fb.vline(x + 9, y - 1, 6, 1)  # the tail fin


def _water(fb, f):
    """The waterline: a low swell that rolls by, and the view's crosshair."""
    y = _WATER_Y
    ph = (f >> 2) & 7
    for x in range(0, ui.W, 2):
        k = (x + ph) & 7
        fb.pixel(x, y + (1 if k < 2 else 0) - (1 if 4 <= k < 6 else 0), 1)
    for y in range(12, _ROD_END, 4):
        fb.pixel(SIGHT_X, y, 1)


def _ship(fb, x, size):
    """The located ship on the waterline, centred on its rod."""
    w = 5 + 3 * size
    left = x - w // 2
    fb.fill_rect(left, _WATER_Y - 3, w, 3, 1)
    fb.hline(left + 1, _WATER_Y - 4, w - 2, 1)
    fb.fill_rect(x - 2, _WATER_Y - 7, 4, 3, 1)
    fb.vline(x, _WATER_Y - 10, 3, 1)


def _sight(fb):
    """The fixed arrow at the sight and the ticks at the edges of the hit zone."""
    x = SIGHT_X
    y = _SIGHT_Y
    for i in range(4):
        fb.hline(x - i, y + i, 2 * i + 1, 1)
    fb.vline(x - HIT_HALF - 1, y - 2, 5, 1)
    fb.vline(x + HIT_HALF + 1, y - 2, 5, 1)


def _bottom(fb, s, lit):
    """The line under the view: plain, or dark on a lit bar for a result."""
    s = font.fit(s, ui.W - 2)
    if lit:
        fb.fill_rect(0, _TEXT_Y - 1, ui.W, 10, 1)
    ui.center(fb, s, _TEXT_Y, 0 if lit else 1)
