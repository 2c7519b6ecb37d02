"""Link Express on the handheld: the entry points and its screens (Express, over the cable).

    start(app, None)          # main menu: Express -> Over the cable: Captain's or Admiral's, then link
    resume(app, payload)      # Continue: a save tagged b"X" (linkexpress.save)

Play runs the game (linkexpress.game.step) once a frame, saves when it says
so (before the next poll: docs/link-protocol.md 5.2) and shows what the
state calls for: finding the other handheld (and link trouble), the coin,
arranging our fleet (LEFT/RIGHT picks a ship, UP/DOWN moves it, A commits),
the game (both rows, front on the right; on our turn the choices the engine
allows), and the end: won or lost with every roll checked, a forfeit, or a
cheat caught and named. B leaves for the menu (the save stays for Continue);
B on the end clears it.
"""

import gc

from linkexpress.game import (
    ARRANGE,
    CHEAT,
    COIN,
    EV_END,
    EV_ROLL,
    EV_TURN,
    FORFEIT,
    PLAYING,
    SEALED,
    SLOT,
    VERIFIED,
    LxGame,
    rules_bytes,
)
from linkexpress.text import EN, HU

from core import font, strings, ui
from core.compat import const, unload
from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from core.strings import t
from express.engine import AGAIN, ATTACKER, DECLARE, MISSED, REROLL, SUNK
from express.engine import NONE as NO_SHIP
from express.rules import ADMIRAL, BURST, CAPTAIN, DICE, F_DECLARE_AFTER, NO_FACE
from link import screen
from link.match import ST_MISMATCH, ST_OPEN, ST_RULES, ST_UNPLUGGED, ST_VERSION, split

strings.add(EN, HU)  # the mode's words while it is loaded (they go with it: App.end_mode)

TX_QUEUE = const(8)


def _short(ship):
    """A ship's two letters in the player's language (BS, DD, CV, SS, PB; CS, RO, HO, TA, JH)."""
    return t("lx_ships")[3 * ship : 3 * ship + 2]


def _face(f):
    if f == NO_FACE:
        return "."
    return "*" if f == BURST else _short(f)[0]


def _row(fleet):
    """A fleet as text, front on the right."""
    return " ".join([_short(fleet[i]) for i in range(len(fleet) - 1, -1, -1)])


class Play(ui.Screen):
    def __init__(self, g):
        self.g = g
        self.ended = g.done()
        self.row = bytearray((4, 3, 1, 2, 0))  # arranging: front first
        self.cur = 0  # cursor: a ship of our row, a target, or a die
        self.ship = NO_SHIP  # the attacker chosen, its target still to pick
        self.mask = 0  # Carrier's dice to roll again
        self.seen_phase = -1
        self.leaving = False  # B on the result: leave once our last message is taken

    # -- the frame -----------------------------------------------------------------------
    def follow(self, app):
        """What the match did since the last frame (the app ticks it first): cues, cursor."""
        g = self.g
        ev = g.ev  # what the match did since the last frame (the app ticked it)
        g.ev = 0
        if ev:
            self.cur = 0
            app.redraw()
            if ev & EV_END:
                won = g.phase == FORFEIT or (g.phase == VERIFIED and g.winner == g.role)
                app.cue("win" if won else "lose")
            elif ev & EV_TURN and g.shown is not None and g.shown[4] == SUNK:
                app.cue("sunk")
            elif ev & EV_ROLL:
                app.cue("dice")
        ph = g.g.phase if g.g is not None else -1
        if ph != self.seen_phase:
            self.seen_phase = ph
            self.cur = 0
            self.mask = g.g.reroll if ph == REROLL else 0
            app.redraw()

    def update(self, app):
        g = self.g
        shown = self.ended  # the end on the screen already: a key pressed as it came leaves nothing
        self.follow(app)
        self.ended = g.done()
        btn = app.buttons
        if g.done():
            # our last message (the last roll's claim) still on its way: wait for the other
            # handheld to take it, so that it can finish too; B again leaves at once
            if shown and btn.pressed(B):
                if g.link.unacked() and not self.leaving:
                    self.leaving = True
                    app.redraw()
                    return
                self.leaving = True
            if self.leaving and (not g.link.unacked() or btn.pressed(B)):
                app.clear_game(SLOT)
                app.pop()
            return
        if btn.pressed(B) and not (self._mine() and (self.ship != NO_SHIP or g.g.phase in (AGAIN, REROLL))):
            app.pop()  # the save stays: Continue
            return
        if self._link() is not None:
            screen.update(app, g)  # the other's rules, a new game on both, or the win
            return
        if g.phase == ARRANGE:
            self._arrange(app, btn)
        elif self._mine():
            self._choose(app, btn)

    def _mine(self):
        return self.g.my_turn()

    def _arrange(self, app, btn):
        d = self._dir(btn, LEFT, RIGHT)
        r = self.row
        if d:
            self.cur = (self.cur + d) % len(r)
        m = self._dir(btn, DOWN, UP)
        if m:
            j = self.cur + m
            if 0 <= j < len(r):
                r[self.cur], r[j] = r[j], r[self.cur]
                self.cur = j
        if d or m:
            app.redraw()
        if btn.pressed(A):
            self.g.arrange(bytes(r))  # saved before the next poll sends it (link.match)
            app.redraw()

    def _dir(self, btn, minus, plus):
        """+1 or -1 for the two buttons (RIGHT/UP: towards the front, which is drawn on the right)."""
        if btn.pressed(plus):
            return -1  # the front is index 0, drawn rightmost
        if btn.pressed(minus):
            return 1
        return 0

    def choices(self):
        """What the cursor runs over now: ships of ours, (owner, ship) targets, or dice."""
        e = self.g.g
        ph = e.phase
        if ph == ATTACKER:
            if self.ship == NO_SHIP:
                return list(e.fleets[e.turn])
            return e.targets_for(self.ship)
        if ph == DECLARE:
            return e.legal_targets()
        if ph == REROLL:
            return list(range(e.active()))
        return []

    def _choose(self, app, btn):
        g = self.g
        e = g.g
        ph = e.phase
        opts = self.choices()
        d = self._dir(btn, LEFT, RIGHT)
        if d and opts:
            self.cur = (self.cur + d) % len(opts)
            app.redraw()
        if ph == ATTACKER:
            if btn.pressed(B) and self.ship != NO_SHIP:
                self.ship = NO_SHIP
                self.cur = 0
                app.redraw()
            elif btn.pressed(A):
                if self.ship == NO_SHIP:
                    ship = opts[self.cur]
                    if e.row(ship)[4] & F_DECLARE_AFTER:
                        g.attack(ship)
                    else:
                        self.ship = ship
                        self.cur = 0
                else:
                    o, s = opts[self.cur]  # with a ship picked the choices are (owner, ship)  # pyright: ignore[reportGeneralTypeIssues]
                    g.attack(self.ship, None, o, s)
                    self.ship = NO_SHIP
                app.redraw()
        elif ph == AGAIN:
            if btn.pressed(A):
                g.again()
            elif btn.pressed(B) and e.can_stop():
                g.stop()
        elif ph == DECLARE and btn.pressed(A):
            o, s = opts[self.cur]  # the choices are (owner, ship) here  # pyright: ignore[reportGeneralTypeIssues]
            g.declare(o, s)
        elif ph == REROLL:
            if btn.pressed(A):
                self.mask ^= 1 << self.cur
                app.redraw()
            elif btn.pressed(B):
                g.reroll(self.mask)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, app, fb):
        g = self.g
        st = self.g.status
        if g.phase == CHEAT or g.phase == FORFEIT:  # the link's own end screen
            screen.end(fb, t("lx_c%d" % g.cheat) if g.phase == CHEAT else None, self.leaving)
            return
        if g.phase >= VERIFIED:
            ui.title(fb, t("lx_title"))
            self._end(fb)
            return
        said = self._link()
        if said is not None:
            screen.draw(fb, t("lx_title"), said[0], said[1])
            return
        ui.title(fb, t("lx_title"))
        if g.phase <= COIN:
            ui.center(fb, t("ln_coin_toss"), 26)
        elif g.phase == ARRANGE:
            self._lines(fb, t("lx_arrange"), 12)
            self._fleet(fb, self.row, 34, self.cur)
            ui.hint(fb, t("lx_h_arrange"))
        elif g.phase == SEALED:
            self._lines(fb, t("lx_sealed"), 14)
            self._fleet(fb, g.row, 40, -1)
        else:
            self._game(fb)
        if (st == ST_UNPLUGGED or g.slow) and g.phase != ARRANGE:
            # the game waits for the cable, or for the other handheld: said on the hint's line
            fb.fill_rect(0, ui.HINT_Y, ui.W, font.HEIGHT, 0)
            ui.hint(fb, t("ln_unplugged" if st == ST_UNPLUGGED else "ln_waiting_for"))

    def _lines(self, fb, s, y):
        for line in ui.wrap(s, ui.W - 4)[:3]:
            ui.center(fb, line, y)
            y += 10

    def _fleet(self, fb, fleet, y, sel, x0=None):
        """Ship names, front on the right; the one at index sel inverted."""
        n = len(fleet)
        x = ui.W - 2 - 20 * n if x0 is None else x0
        for k in range(n - 1, -1, -1):
            s = _short(fleet[k])
            if k == sel:
                fb.fill_rect(x - 1, y - 1, font.width(s) + 2, 9, 1)
            ui.text(fb, s, x, y, 0 if k == sel else 1)
            x += 20

    def _game(self, fb):
        g = self.g
        e = g.g
        me, them = g.role, g.peer_seat
        mine = self._mine()
        opts = self.choices() if mine else []
        ph = e.phase
        # rows: theirs above, ours below; the cursor marks a ship of either
        sel_them = sel_me = -1
        if mine and opts and ph in (ATTACKER, DECLARE):
            if ph == ATTACKER and self.ship == NO_SHIP:
                sel_me = e.position(me, opts[self.cur])
            else:
                sel_them = e.position(them, opts[self.cur][1])  # (owner, ship) choices here  # pyright: ignore[reportIndexIssue]
                sel_me = e.position(me, self.ship if ph == ATTACKER else e.attacker)
        elif e.attacker != NO_SHIP:  # an attack on: its attacker and target marked
            a = e.position(e.turn, e.attacker)
            b = e.position(e.owner, e.target) if e.target != NO_SHIP else -1
            sel_me, sel_them = (a, b) if e.turn == me else (b, a)
        ui.text(fb, t("lx_them"), 0, 12)
        self._fleet(fb, e.fleets[them], 12, sel_them, 30)
        ui.text(fb, t("lx_you"), 0, 22)
        self._fleet(fb, e.fleets[me], 22, sel_me, 30)
        # the dice: kept ones inverted; on a reroll the cursor underlines
        x = 2
        kept = e.kept
        dice = e.dice
        shown = g.shown
        if e.attacker == NO_SHIP and shown is not None:
            kept, dice = shown[5], shown[6]
        for i in range(DICE):
            c = _face(dice[i])
            if kept & (1 << i):
                fb.fill_rect(x - 1, 32, 8, 9, 1)
            ui.text(fb, c, x, 33, 0 if kept & (1 << i) else 1)
            if ph == REROLL and mine:
                if self.mask & (1 << i):
                    fb.hline(x - 1, 42, 7, 1)
                if i == self.cur:
                    fb.hline(x - 1, 31, 7, 1)
            x += 9
        # what happened / what to do
        if e.target != NO_SHIP:
            info = t("lx_hits") % (e.hits(), e.need())
        elif shown is not None and e.attacker == NO_SHIP:
            info = t("lx_sunk") if shown[4] == SUNK else (t("lx_missed") if shown[4] == MISSED else "")
        else:
            info = ""
        ui.text(fb, info, ui.W - font.width(info), 33)
        ui.text(fb, font.fit(t("lx_score") % (e.score(me), e.score(them)), ui.W), 0, 45)
        if mine:
            if ph == ATTACKER:
                key = "lx_h_pick"
            elif ph == AGAIN:
                key = "lx_h_again" if e.can_stop() else "lx_h_roll"
            elif ph == DECLARE:
                key = "lx_h_pick"
            elif ph == REROLL:
                key = "lx_h_reroll"
            else:
                key = "lx_your_turn"
            ui.hint(fb, t(key))
        else:
            ui.hint(fb, t("lx_their_turn"))

    def _link(self):
        """The link's screen for what it is doing, while the game waits on it (link.screen)."""
        g = self.g
        st = g.status
        if st != ST_OPEN and g.phase != PLAYING or st in (ST_RULES, ST_MISMATCH, ST_VERSION):
            return screen.text(g)
        return None

    def _end(self, fb):
        g = self.g
        ui.center(fb, t("lx_win" if g.winner == g.role else "lx_lose"), 18)
        ui.center(fb, t("lx_checked"), 32)
        ui.hint(fb, t("ln_hint_now" if self.leaving else "ln_hint_menu"))
        if self.leaving:
            ui.center(fb, t("ln_sending_last"), 44)


# -- entry points --------------------------------------------------------------------------
def _words():
    strings.add(EN, HU)


def _link(app, rand, rules, saved=None):
    from link.session import Link  # the link layer comes with the game it serves

    return Link(app.hw.link, rand, app.now, rules=rules, saved=saved, tx_slots=TX_QUEUE)


def _no_port(app):
    return screen.no_port(app, t("lx_title"))


def _play(app, game):
    gc.collect()
    rand = app.rand_bytes()
    g = LxGame(None, rand, game)
    g.link = _link(app, rand, rules_bytes(game))
    app.match = g  # the app ticks it once a frame
    app.replace(Play(g))


class Rules(ui.Menu):
    """Captain's or Admiral's, then the link."""

    def __init__(self):
        items = [("lx_captain", self._go(CAPTAIN)), ("lx_admiral", self._go(ADMIRAL))]
        ui.Menu.__init__(self, "lx_title", items)

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
    rand = app.rand_bytes()
    state, snap = split(payload)
    from linkexpress import save as lx_save  # reading a save back: needed only to continue

    g = lx_save.restore(state, None, rand)
    rules = lx_save.saved_rules(state)
    lx_save = None
    unload("linkexpress.save")
    g.link = _link(app, rand, rules, snap)
    app.match = g  # the app ticks it once a frame
    app.push(Play(g))
