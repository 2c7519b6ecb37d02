"""Torpedo Attack over the link cable: the match the screens drive, and the link's own screens.

CableMatch (same calls as ta_match.CpuMatch) runs this handheld's side of
docs/link-protocol.md on app.hw.link: the Link session (handshake, resume),
the coin flip, both fleet commitments (ta_link.LinkGame, link_commit), the
calls, answers and torpedo presses as events for the screens, and the fleet
reveals at the end. Stages: LINKING (no game yet), FLIP (coin toss), PLACE
(our fleet), COMMIT (ours sent, waiting for the rival's), PLAY, REVEAL (over:
ours sent, checking theirs), DONE (checked).

The link's saving rule: after every send() and every recv() that returned a
message, the game and the link's snapshot are saved together before the
next poll(). tick() runs first in every frame: save if due, poll, take the
messages the match handles itself (coin, commitments, reveals), save if due.
Calls and presses are taken only when a screen asks (event()), so the rival's
moves wait in the link, unacknowledged, until they have been shown.

LinkScreen shows the link while there is no game to show (looking for the
other handheld, unplugged, versions or rules that differ, saved games that
differ) and the coin toss; CheatScreen ends a game whose rival was caught.
"""

import os

import font
import ui
from compat import const
from hal import A, B
from link_commit import (
    C_PROTOCOL,
    M_ANSWER,
    M_COIN_COMMIT,
    M_COIN_REVEAL,
    M_FLEET_COMMIT,
    M_FLEET_REVEAL,
    M_SHOT,
    CheatError,
    CoinFlip,
)
from link_frame import VERSION as PROTOCOL
from link_session import (
    M_OUT_OF_STEP,
    ST_MISMATCH,
    ST_OPEN,
    ST_RULES,
    ST_SYNCING,
    ST_UNPLUGGED,
    ST_VERSION,
    Link,
)
from prng import Rng
from strings import t
from ta_link import GAME_TORPEDO, M_PRESS, RULE_TOUCHING, LinkGame, rules_bytes
from ta_rules import OVER
from ta_view import CABLE, EN, EV_ANSWER, EV_CALL, EV_PRESS, HU, SAVE, TAG

FW = (1, 0, 0)  # this firmware's version, sent in HELLO

LINKING = const(0)
FLIP = const(1)
PLACE = const(2)
COMMIT = const(3)
PLAY = const(4)
REVEAL = const(5)
DONE = const(6)

_EN = """
ta_h_leave=B:leave
ta_h_new=A:new game B:leave
ta_h_adopt=A:use it B:leave
ta_link=Link cable
ta_look=Looking for the other handheld.
ta_plug=Connect the cable; on the other handheld choose Torpedo Attack, Link cable game.
ta_unplugged=Cable unplugged
ta_syncing=Linking up...
ta_coin=Tossing a coin...
ta_you_first=You call first
ta_opp_first=Rival calls first
ta_version=Other handheld: protocol %d, firmware %d.%d.%d.
ta_version_me=This one: protocol %d, firmware %d.%d.%d. Update one of them.
ta_rules=The other handheld plays %s.
ta_rules_other=The other handheld chose another game.
ta_no_link=This handheld has no link port.
ta_lost=The other handheld has no record of this game.
ta_other_game=The other handheld has another game saved: start a new game there.
ta_out_of_step=The two saves are out of step.
ta_cheat=CHEAT CAUGHT
ta_cheat1=The rival broke the rules of the link.
ta_cheat2=The rival copied our coin toss.
ta_cheat3=The rival's coin does not match.
ta_cheat4=The rival copied our fleet.
ta_cheat5=The rival lied about %s.
ta_cheat6=The rival's fleet is not the one it hid.
ta_cheat7=The rival's fleet breaks the rules.
ta_cheat8=The rival falsely claimed a ship located at %s.
ta_cheat9=The rival hid a ship located at %s.
ta_cheat20=The rival's torpedo does not match the periscope.
ta_touch_no=no touching
"""

_HU = """
ta_h_leave=B:kilép
ta_h_new=A:új játék B:kilép
ta_h_adopt=A:átveszem B:kilép
ta_link=Kábeles játék
ta_look=Keresem a másik gépet.
ta_plug=Dugd be a kábelt; a másik gépen válaszd: Torpedótámadás, Kábeles játék.
ta_unplugged=Nincs kábel
ta_syncing=Kapcsolódás...
ta_coin=Pénzfeldobás...
ta_you_first=Te kezdesz
ta_opp_first=Az ellenfél kezd
ta_version=A másik gép: protokoll %d, firmware %d.%d.%d.
ta_version_me=Ez a gép: protokoll %d, firmware %d.%d.%d. Frissítsd valamelyiket.
ta_rules=A másik gép beállítása: %s.
ta_rules_other=A másik gép más játékot választott.
ta_no_link=Ennek a gépnek nincs kábelcsatlakozója.
ta_lost=A másik gép nem ismeri ezt a játszmát.
ta_other_game=A másik gépen egy másik játszma van mentve: ott kezdj új játékot.
ta_out_of_step=A két mentés nincs összhangban.
ta_cheat=CSALÁS!
ta_cheat1=Az ellenfél megszegte a kapcsolat szabályait.
ta_cheat2=Az ellenfél lemásolta a pénzfeldobásunkat.
ta_cheat3=Az ellenfél pénzfeldobása nem stimmel.
ta_cheat4=Az ellenfél lemásolta a flottánkat.
ta_cheat5=Az ellenfél hazudott: %s.
ta_cheat6=Az ellenfél flottája nem az, amit elrejtett.
ta_cheat7=Az ellenfél flottája szabálytalan.
ta_cheat8=Az ellenfél hamisan jelentett bemért hajót: %s.
ta_cheat9=Az ellenfél eltitkolt egy bemért hajót: %s.
ta_cheat20=Az ellenfél torpedója nem egyezik a periszkóppal.
ta_touch_no=nem érhetnek össze
"""

EN.add(_EN)
HU.add(_HU)


def rand_source():
    """os.urandom; a seeded stand-in when BROADSIDE_SEED fixes the game (tests, replays)."""
    try:
        fixed = os.getenv("BROADSIDE_SEED")
    except AttributeError:  # the device's os has no getenv
        fixed = None
    if not fixed:
        return os.urandom
    rng = Rng(int(fixed) & 0x3FFFFFFF or 1)

    def rand(n):
        b = bytearray(n)
        for i in range(n):
            b[i] = (rng.next30() >> 11) & 0xFF
        return bytes(b)

    return rand


class CableMatch:
    cable = True

    def __init__(self, app, level, touching, snapshot=None):
        self.level = level
        self.touching = touching
        self.rand = rand_source()
        self.link = Link(app.hw.link, self.rand, app.now, fw=FW, rules=rules_bytes(level, touching),
                         saved=snapshot)  # fmt: skip
        self.stage = LINKING
        self.coin = None
        self.lg = None
        self.g = None
        self.me = 0
        self.out = []  # messages waiting for room in the link's send queue
        self.cheat = None
        self.cursor = 44
        self.finished = False
        self.seen = -1  # the link status last drawn

    # -- what the screens ask ------------------------------------------------------
    def ready(self):
        return self.stage >= PLAY

    def verified(self):
        """The rival's fleet is checked and it has our reveal: the result stands."""
        return self.stage == DONE and self.link.unacked() == 0

    def status(self):
        return self.link.status()

    def shuffle(self, rng=None):
        self.g.fleets[self.me].shuffle(rng or Rng(_seed(self.rand)))

    def begin(self, app):
        """Our fleet is placed: commit to it (the rival's commitment may be in already)."""
        self.send_all(self.lg.commit_msgs())
        self.stage = PLAY if self.lg.ready() else COMMIT

    def call(self, cell):
        self.send(self.lg.call_msg(cell))

    def fire(self, frame):
        res, msg = self.lg.press(frame)
        self.send(msg)
        return res

    def event(self):
        """The rival's next call, answer or press (taken from the link only now), or None."""
        if self.stage != PLAY or self.cheat is not None or self.g.phase == OVER:
            return None
        msg = self.link.recv()
        if msg is None:
            return None
        try:
            kind, res, reply = self.lg.take(msg)
        except CheatError as e:
            self.caught_out(e)
            return None
        if reply is not None:
            self.send(reply)
        if kind == M_SHOT:
            return (EV_CALL, msg[1], res[0], res[1])
        if kind == M_ANSWER:
            return (EV_ANSWER, self.g.last_cell, res[0], res[1])
        if kind == M_PRESS:
            return (EV_PRESS, msg[2] | (msg[3] << 8), res[0], res[1])
        return None

    # -- the frame ---------------------------------------------------------------------
    def tick(self, app):
        link = self.link
        if link.needs_save:
            self.save(app)
        link.poll(app.now)
        st = link.status()
        if st != self.seen:
            self.seen = st
            app.redraw()
            if st in (ST_MISMATCH, ST_VERSION, ST_RULES) and self.stage >= PLACE:
                top = app.top()
                if not isinstance(top, LinkScreen):
                    app.push(LinkScreen(self, True))  # only the player can settle this
        if st == ST_OPEN and self.cheat is None:
            try:
                self.auto()
            except CheatError as e:
                self.caught_out(e)
            except (IndexError, ValueError):
                self.caught_out(CheatError(C_PROTOCOL, "Opponent sent a bad message"))
        self.flush()
        if link.needs_save:
            self.save(app)

    def auto(self):
        """The messages the match handles itself: the coin toss, the commitments, the reveals."""
        link = self.link
        if self.stage == LINKING:
            self.coin = CoinFlip(link.role, link.stream, self.rand)
            self.stage = FLIP
            self.send(self.coin.commit_msg())
        if self.stage == PLAY and self.g.phase == OVER:
            self.send(self.lg.reveal_msg())
            self.stage = REVEAL
        while self.stage < PLAY or self.stage == REVEAL:
            msg = link.recv()
            if msg is None:
                return
            self.setup(msg)

    def setup(self, msg):
        k = msg[0]
        st = self.stage
        if k == M_COIN_COMMIT and st == FLIP:
            self.coin.take_commit(msg)
            self.send(self.coin.reveal_msg())
        elif k == M_COIN_REVEAL and st == FLIP:
            first = self.coin.take_reveal(msg)
            self.start(first)
        elif k == M_FLEET_COMMIT and (st == PLACE or st == COMMIT):
            self.lg.take(msg)
            if st == COMMIT and self.lg.ready():
                self.stage = PLAY
        elif k == M_FLEET_REVEAL and st == REVEAL:
            self.lg.take(msg)
            self.stage = DONE
        else:
            raise CheatError(C_PROTOCOL, "Opponent sent a message out of turn")

    def start(self, first):
        c = self.coin
        self.lg = LinkGame(c.role, c.game_id, first, self.level, self.touching, self.rand)
        self.g = self.lg.game
        self.me = self.lg.me
        self.coin = None
        self.stage = PLACE
        self.shuffle()

    def send(self, msg):
        self.out.append(msg)
        self.flush()

    def send_all(self, msgs):
        for m in msgs:
            self.out.append(m)
        self.flush()

    def flush(self):
        out = self.out
        while out and self.link.send(out[0]):
            out.pop(0)

    def caught_out(self, e):
        self.cheat = e
        self.finished = True

    def new_game(self, app):
        """Forget this game on both sides (after saves that differ): a fresh coin toss."""
        self.link.new_stream()
        self.stage = LINKING
        self.coin = self.lg = self.g = None
        self.out = []
        self.cheat = None
        self.finished = False
        app.clear_save(SAVE)

    def has_game(self):
        return self.stage != LINKING

    # -- saving ------------------------------------------------------------------------
    def save(self, app):
        """The game and the link's snapshot in one save (the link's write-ahead rule)."""
        link = self.link
        if self.finished or self.stage == LINKING:
            link.needs_save = False  # nothing worth keeping yet (or any more)
            return
        coin = self.coin.to_bytes() if self.coin is not None else b""
        lg = self.lg.to_bytes() if self.lg is not None else b""
        snap = link.snapshot()
        n = 6 + 2 + len(coin) + 2 + len(lg) + 1 + len(snap)
        for m in self.out:
            n += 1 + len(m)
        b = bytearray(n)  # one exact allocation
        b[0:6] = bytes((TAG, CABLE, self.stage, self.cursor, self.level, 1 if self.touching else 0))
        i = _put(b, 6, coin)
        i = _put(b, i, lg)
        b[i] = len(self.out)
        i += 1
        for m in self.out:
            b[i] = len(m)
            b[i + 1 : i + 1 + len(m)] = m
            i += 1 + len(m)
        b[i:] = snap
        coin = lg = snap = None
        app.save(SAVE, b)

    def finish(self, app):
        self.finished = True
        app.clear_save(SAVE)

    @classmethod
    def load(cls, app, payload):
        """The match saved by save(); ValueError when the payload is not one."""
        b = payload
        if len(b) < 9 or b[0] != TAG or b[1] != CABLE or b[2] > DONE:
            raise ValueError("not a Torpedo Attack cable game")
        coin, i = _get(b, 6)
        lg, i = _get(b, i)
        out = []
        for _ in range(b[i]):
            n = b[i + 1]
            out.append(bytes(b[i + 2 : i + 2 + n]))
            i += 1 + n
        m = cls(app, b[4], bool(b[5]), bytes(b[i + 1 :]))
        m.stage = b[2]
        m.cursor = b[3] % 100
        m.out = out
        if coin:
            m.coin = CoinFlip.from_bytes(coin)
        if lg:
            m.lg = LinkGame.from_bytes(lg, m.rand)
            m.g = m.lg.game
            m.me = m.lg.me
        if (m.stage == FLIP) != (m.coin is not None) or (m.stage >= PLACE) != (m.lg is not None):
            raise ValueError("bad Torpedo Attack cable save")
        return m

    # -- drawing -------------------------------------------------------------------
    def draw_trouble(self, fb):
        """A note across the top while the link is not open (the game waits, nothing is lost)."""
        st = self.status()
        if st == ST_OPEN or self.stage == DONE:
            return
        s = t("ta_unplugged") if st == ST_UNPLUGGED else t("ta_syncing")
        s = font.fit(s, ui.W - 4)
        w = font.width(s) + 4
        x = (ui.W - w) // 2
        fb.fill_rect(x, 0, w, 10, 0)
        fb.rect(x, 0, w, 10, 1)
        ui.text(fb, s, x + 2, 1, 1)


def _seed(rand):
    b = rand(4)
    return (b[0] | b[1] << 8 | b[2] << 16 | (b[3] & 0x3F) << 24) or 1


def _put(b, i, part):
    n = len(part)
    b[i] = n & 0xFF
    b[i + 1] = n >> 8
    b[i + 2 : i + 2 + n] = part
    return i + 2 + n


def _get(b, i):
    n = b[i] | (b[i + 1] << 8)
    if i + 2 + n > len(b):
        raise ValueError("short Torpedo Attack cable save")
    return bytes(b[i + 2 : i + 2 + n]), i + 2 + n


# -- screens ------------------------------------------------------------------------------
class LinkScreen(ui.Screen):
    """The link while there is no game to show, or a problem only the player can settle."""

    ta_game = True

    def __init__(self, match, modal=False):
        self.m = match
        self.modal = modal  # over a game: close when the link is open again
        self.timer = 0
        self.shown_first = False

    def update(self, app):
        m = self.m
        if app.hw.link is None:
            if app.buttons.pressed(B) or app.buttons.pressed(A):
                app.pop()
            return
        m.tick(app)
        if m.cheat is not None:
            caught(app, m)
            return
        st = m.status()
        btn = app.buttons
        if st == ST_MISMATCH and btn.pressed(A) and self.may_renew(m):
            m.new_game(app)
            restart(app, m)
            return
        if st == ST_RULES and btn.pressed(A) and self.peer_rules() is not None:
            self.adopt(app)
            return
        if btn.pressed(B):
            leave(app)
            return
        if self.modal:
            if st == ST_OPEN:
                app.pop()
            return
        if m.stage >= PLACE and st == ST_OPEN:
            if not self.shown_first:
                self.shown_first = True
                self.timer = 45
                app.cue("dice")
                app.redraw()
            self.timer -= 1
            if self.timer <= 0 or btn.pressed(A):
                app.replace(game_screen(m))

    def may_renew(self, m):
        return m.link.mismatch == M_OUT_OF_STEP or m.has_game()

    def peer_rules(self):
        r = self.m.link.peer_rules
        if r is not None and len(r) == 3 and r[0] == GAME_TORPEDO and r[2] < 3:
            return r
        return None

    def adopt(self, app):
        """Take the other handheld's level and touching rule (they must be equal on both)."""
        from bs_rules import LEVEL_NAMES

        r = self.peer_rules()
        m = self.m
        m.level = r[2]
        m.touching = bool(r[1] & RULE_TOUCHING)
        app.settings.set("level", LEVEL_NAMES[m.level])
        app.settings.set("touching", 1 if m.touching else 0)
        app.save_settings()
        m.link.set_rules(rules_bytes(m.level, m.touching))
        app.redraw()

    def body(self, app):
        """(lines of text, hint key) for what the link is doing."""
        m = self.m
        if app.hw.link is None:
            return t("ta_no_link"), "ta_h_leave"
        st = m.status()
        if st == ST_VERSION:
            lk = m.link
            v = lk.peer_fw or (0, 0, 0)
            s = t("ta_version") % (lk.peer_version or 0, v[0], v[1], v[2])
            return s + " " + t("ta_version_me") % (PROTOCOL, FW[0], FW[1], FW[2]), "ta_h_leave"
        if st == ST_RULES:
            r = self.peer_rules()
            if r is None:
                return t("ta_rules_other"), "ta_h_leave"
            what = "%s, %s" % (t("torpedo"), t(("easy", "medium", "hard")[r[2]]))
            if not r[1] & RULE_TOUCHING:
                what += ", " + t("ta_touch_no")
            return t("ta_rules") % what, "ta_h_adopt"
        if st == ST_MISMATCH:
            if m.link.mismatch == M_OUT_OF_STEP:
                return t("ta_out_of_step"), "ta_h_new"
            if m.has_game():
                return t("ta_lost"), "ta_h_new"
            return t("ta_other_game"), "ta_h_leave"
        if st == ST_SYNCING:
            return t("ta_syncing"), "ta_h_leave"
        if st != ST_OPEN:
            return t("ta_look") + " " + t("ta_plug"), "ta_h_leave"
        if m.stage >= PLACE:
            return t("ta_you_first" if m.g.first == m.me else "ta_opp_first"), None
        return t("ta_coin"), "ta_h_leave"

    def draw(self, app, fb):
        ui.title(fb, t("ta_link"))
        s, key = self.body(app)
        y = ui.BODY_Y
        if key is None:  # the coin's answer: big and clear
            fb.fill_rect(0, 26, ui.W, 11, 1)
            ui.center(fb, s, 28, 0)
            return
        for line in ui.wrap(s, ui.W)[:5]:
            ui.text(fb, line, 0, y, 1)
            y += 9
        ui.hint(fb, t(key))


class CheatScreen(ui.Screen):
    """The rival was caught lying or breaking the protocol: the game ends here."""

    ta_game = True

    def __init__(self, error):
        self.code = error.code
        self.cell = error.cell

    def enter(self, app):
        app.cue("lose")

    def update(self, app):
        if app.buttons.pressed(A) or app.buttons.pressed(B):
            app.pop()

    def text(self):
        s = t("ta_cheat%d" % self.code)
        if s.startswith("ta_"):
            s = t("ta_cheat1")
        if "%s" in s:
            from bs_rules import cell_name

            s = s % (cell_name(self.cell) if self.cell >= 0 else "?")
        return s

    def draw(self, app, fb):
        ui.title(fb, t("ta_cheat"))
        y = ui.BODY_Y + 2
        for line in ui.wrap(self.text(), ui.W)[:4]:
            ui.text(fb, line, 0, y, 1)
            y += 9
        ui.hint(fb, "A: OK")


# -- moving between the screens ------------------------------------------------------------
def game_screen(m):
    """The screen that shows a match at its stage."""
    if m.stage == PLACE:
        import ta_place

        return ta_place.Placement(m)
    import ta_locate

    return ta_locate.Locate(m)


def leave(app):
    """Close every Torpedo Attack screen (the game stays saved)."""
    while len(app.stack) > 1 and getattr(app.stack[-2], "ta_game", False):
        app.stack.pop()
    app.pop()


def restart(app, m):
    """After new_game(): the link screen alone, for a fresh coin toss."""
    while len(app.stack) > 1 and getattr(app.stack[-2], "ta_game", False):
        app.stack.pop()
    app.replace(LinkScreen(m))


def caught(app, m):
    """Every game screen gives way to the cheat screen."""
    m.finish(app)
    while len(app.stack) > 1 and getattr(app.stack[-2], "ta_game", False):
        app.stack.pop()
    app.replace(CheatScreen(m.cheat))


def start(app, level, touching):
    m = CableMatch(app, level, touching) if app.hw.link is not None else None
    app.replace(LinkScreen(m))


def resume(app, payload):
    m = CableMatch.load(app, payload)
    app.push(LinkScreen(m) if m.stage < PLACE else game_screen(m))
