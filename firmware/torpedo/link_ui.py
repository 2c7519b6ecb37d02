"""The link cable's own screens for Torpedo Attack, and moving between a cable game's screens.

LinkScreen shows the link while there is no game to show: looking for the
other handheld, unplugged, a protocol version or rules that differ (with the
choice to take the other handheld's level), saved games that differ (with
the choice to start a new game), the coin toss and who calls first. Over a
game it comes up by itself when only the player can settle something.

Loaded while shown and dropped once the game's own screens take over (a
cable game is the largest thing in memory): see drop(). Of the link's modules
it imports only link.match (the status codes), so that its screens can be
drawn without the link layer (catalogs.torpedo_cable).
"""


from core import ui
from core.compat import const, load, unload
from core.hal import A, B
from core.strings import t
from link.match import FW, M_OUT_OF_STEP, ST_MISMATCH, ST_OPEN, ST_RULES, ST_SYNCING, ST_VERSION
from torpedo.view import EN, HU, Then, goes_on, level, need, under_top

_PLACE = const(2)  # torpedo.cable's stage: placing the fleet
# HELLO rules bytes (ta_link.rules_bytes): game 2 is Torpedo Attack; flags bit 1: ships may touch
_GAME_TORPEDO = const(2)
_RULE_TOUCHING = const(2)

_EN = """
ta_h_leave=B:leave
ta_h_new=A:new game B:leave
ta_h_adopt=A:use it B:leave
ta_link=Link cable
ta_look=Looking for the other handheld.
ta_plug=Plug in the cable, and on the other handheld choose Torpedo Attack, Link cable game.
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
ta_touch_no=no touching
"""

_HU = """
ta_h_leave=B:kilép
ta_h_new=A:új játék B:kilép
ta_h_adopt=A:átveszem B:kilép
ta_link=Kábeles játék
ta_look=Keresem a másik készüléket.
ta_plug=Dugd be a kábelt; a másik készüléken válaszd: Torpedótámadás, Kábeles játék.
ta_coin=Pénzfeldobás...
ta_you_first=Te kezdesz
ta_opp_first=Az ellenfél kezd
ta_version=A másik készülék: protokoll %d, firmware %d.%d.%d.
ta_version_me=Ez a készülék: protokoll %d, firmware %d.%d.%d. Frissítsd valamelyiket.
ta_rules=A másik készülék beállítása: %s.
ta_rules_other=A másik készülék más játékot választott.
ta_no_link=Ennek a készüléknek nincs kábelcsatlakozója.
ta_lost=A másik készülék nem ismeri ezt a játszmát.
ta_other_game=A másik készüléken egy másik játszma van mentve: ott kezdj új játékot.
ta_out_of_step=A két mentés nincs összhangban.
ta_touch_no=nem érhetnek össze
"""





EN.add(_EN)
HU.add(_HU)


def drop():
    """Forget this module and its words until they are needed again."""
    EN.drop(_EN)
    HU.drop(_HU)
    unload("torpedo.link_ui")


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
        if m is None:  # no link port
            if app.buttons.pressed(B) or app.buttons.pressed(A):
                app.pop()
            return
        if not goes_on(app, m):
            return
        st = m.link.status()
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
                drop()
            return
        if m.stage >= _PLACE and st == ST_OPEN:
            if not self.shown_first:
                self.shown_first = True
                self.timer = 45
                app.cue("dice")
                app.redraw()
            self.timer -= 1
            if self.timer <= 0 or btn.pressed(A):
                app.replace(game_screen(m))
                drop()

    def may_renew(self, m):
        return m.link.mismatch == M_OUT_OF_STEP or m.has_game()

    def peer_rules(self):
        r = self.m.link.peer_rules
        if r is not None and len(r) == 3 and r[0] == _GAME_TORPEDO and r[2] < 3:
            return r
        return None

    def adopt(self, app):
        """Take the other handheld's level and touching rule (they must be equal on both)."""
        from battleship.rules import LEVEL_NAMES

        r = self.peer_rules()
        m = self.m
        m.level = r[2]  # peer rules came in HELLO  # pyright: ignore[reportOptionalSubscript]
        m.touching = bool(r[1] & _RULE_TOUCHING)  # peer rules came in HELLO  # pyright: ignore[reportOptionalSubscript]
        app.settings.set("level", LEVEL_NAMES[m.level])
        app.settings.set("touching", 1 if m.touching else 0)
        app.save_settings()
        from torpedo.link_game import rules_bytes

        m.link.set_rules(rules_bytes(m.level, m.touching))
        app.redraw()

    def body(self, app):
        """(lines of text, hint key) for what the link is doing."""
        m = self.m
        if m is None:
            return t("ta_no_link"), "ta_h_leave"
        st = m.link.status()
        if st == ST_VERSION:
            lk = m.link
            v = lk.peer_fw or (0, 0, 0)
            s = t("ta_version") % (lk.peer_version or 0, v[0], v[1], v[2])
            from link.frame import VERSION

            return s + " " + t("ta_version_me") % (VERSION, FW[0], FW[1], FW[2]), "ta_h_leave"
        if st == ST_RULES:
            r = self.peer_rules()
            if r is None:
                return t("ta_rules_other"), "ta_h_leave"
            what = "%s, %s" % (t("torpedo"), t(("easy", "medium", "hard")[r[2]]))
            if not r[1] & _RULE_TOUCHING:
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
        if m.stage >= _PLACE:
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


# -- moving between the screens ------------------------------------------------------------
def game_screen(m):
    """The screen that shows a match at its stage. Its modules load on the next frame, once the
    link's screens and this module have left the heap (torpedo.view.Then)."""
    if m.stage == _PLACE:
        return Then(m, "torpedo.place", "Placement")
    return Then(m, "torpedo.locate", "Locate")


def leave(app):
    """Close every Torpedo Attack screen (the game stays saved)."""
    under_top(app)
    app.pop()


def restart(app, m):
    """After new_game(): the link screen alone, for a fresh coin toss."""
    under_top(app)
    app.replace(LinkScreen(m))


def linking(app):
    """The screen of a new cable game, from the mode's menu (torpedo.ui.new_cable_game). The game's
    LinkGame comes first, before the link's modules: its 3.2 KB for the rival's commitments
    find one piece of heap (see torpedo.cable.CableMatch)."""
    need(app, "torpedo.link_game")
    rand = app.rand_bytes()
    touching = bool(app.settings.get("touching"))
    lg = load("torpedo.link_game").LinkGame(0, bytes(8), 0, level(app), touching, rand)
    m = None
    if app.hw.link is not None:
        need(app, "torpedo.cable")
        m = load("torpedo.cable").CableMatch(app, lg, rand)
        app.match = m  # the app ticks it once a frame
    return LinkScreen(m)


def resume(app, payload):
    need(app, "torpedo.cable")
    m = load("torpedo.cable").CableMatch.load(app, payload)
    app.match = m  # the app ticks it once a frame
    if m.stage < _PLACE:
        app.push(LinkScreen(m))
    else:
        app.push(game_screen(m))
        drop()
