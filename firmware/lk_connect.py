"""Link battle before the battle: finding the other handheld, and the coin toss.

Connect shows what the link is doing: looking for the other handheld, cable
unplugged, another protocol or firmware version ("update one"), other rules
(A plays the other's choice, while our game has not begun), saved games that
do not match (A starts a new game on both), linking, the coin in the air. It
comes back whenever the link needs the player in the middle of a game. Coin:
who shoots first, and a code both handhelds show for this game.
"""

import ui
from bs_rules import SALVO
from hal import A, B
from link_frame import VERSION
from link_session import (
    M_OUT_OF_STEP,
    ST_CONNECTING,
    ST_MISMATCH,
    ST_OPEN,
    ST_RULES,
    ST_UNPLUGGED,
    ST_VERSION,
)
from lk_game import COIN, LINKING, rules_of
from lk_view import K_COIN, K_CONNECT, K_PLACE, SAVE, lines, title_key
from strings import t


def _fw(v):
    return "%d.%d.%d" % v


class Connect(ui.Screen):
    def __init__(self, s):
        self.s = s

    def update(self, app):
        s = self.s
        if s.tick(app, K_CONNECT) < 0:
            return
        g = s.g
        link = g.link
        btn = app.buttons
        st = s.status
        if btn.pressed(B):
            s.quit(app)
        elif btn.pressed(A):
            if st == ST_RULES and g.phase == LINKING and rules_of(link.peer_rules) is not None:
                g.variant, g.touching = rules_of(link.peer_rules)
                g.fleet.touching = g.touching
                link.set_rules(link.peer_rules)
                app.redraw()
            elif st == ST_MISMATCH and g.phase != LINKING:
                g.abandon()  # the saved game gives way to a new one on both handhelds
                app.clear_save(SAVE)
                app.redraw()

    def text(self):
        """(paragraphs, hint key) for the state of the link."""
        g = self.s.g
        link = g.link
        st = self.s.status
        if st == ST_VERSION:
            peer = t("lk_version") % (link.peer_version or 0, _fw(link.peer_fw or (0, 0, 0)))
            return (peer, t("lk_version2") % (VERSION, _fw(link.fw))), "lk_h_quit"
        if st == ST_UNPLUGGED:
            return (t("lk_unplugged"), t("lk_check")), "lk_h_quit"
        if st == ST_RULES:
            r = rules_of(link.peer_rules)
            if r is None:
                return (t("lk_rules"), t("lk_other_game")), "lk_h_quit"
            name = t("link_salvo" if r[0] == SALVO else "link_battle")
            touch = t("lk_touch_yes" if r[1] else "lk_touch_no")
            return (t("lk_rules"), name + ", " + touch), ("lk_h_rules" if g.phase == LINKING else "lk_h_quit")
        if st == ST_MISMATCH:
            if g.phase == LINKING:
                return (t("lk_peer_saved"),), "lk_h_quit"
            if link.mismatch == M_OUT_OF_STEP:
                return (t("lk_out_of_step"),), "lk_h_new"
            return (t("lk_other_saved" if link.peer_has_game else "lk_other_new"),), "lk_h_new"
        if st == ST_OPEN and g.phase == COIN:
            return (t("lk_tossing"),), "lk_h_quit"
        if st == ST_CONNECTING:
            return (t("lk_looking"), t("lk_plug")), "lk_h_quit"
        return (t("lk_syncing"),), "lk_h_quit"

    def draw(self, app, fb):
        ui.title(fb, t(title_key(self.s.g)))
        paras, hint = self.text()
        y = ui.BODY_Y
        for para in paras:
            y = lines(fb, para, 0, y, ui.W, 5)
        ui.hint(fb, t(hint))


class Coin(ui.Screen):
    """Who shoots first, and a code both handhelds show for this game."""

    def __init__(self, s):
        self.s = s
        gid = s.g.game_id
        self.code = "%02X%02X" % (gid[0], gid[1])

    def update(self, app):
        s = self.s
        if s.tick(app, K_COIN) < 0:
            return
        if app.buttons.pressed(A):
            app.cue("click")
            s.go(app, K_PLACE)
        elif app.buttons.pressed(B):
            s.quit(app)

    def draw(self, app, fb):
        g = self.s.g
        ui.title(fb, t("lk_coin"))
        # a coin: an octagon, filled when we shoot first
        x, y = 12, 20
        pts = ((4, 0), (12, 0), (16, 4), (16, 12), (12, 16), (4, 16), (0, 12), (0, 4))
        for i in range(8):
            a, b = pts[i], pts[(i + 1) % 8]
            fb.line(x + a[0], y + a[1], x + b[0], y + b[1], 1)
        me = g.first == g.role
        if me:
            fb.fill_rect(x + 5, y + 5, 7, 7, 1)
        else:
            fb.rect(x + 5, y + 5, 7, 7, 1)
        tx = 36
        lines(fb, t("lk_you_first" if me else "lk_they_first"), tx, 21, ui.W - tx, 1)
        ui.text(fb, t("lk_code") % self.code, tx, 31, 1)
        ui.hint(fb, t("lk_h_coin"))


# this stage's words (lk_ui looks here for what lk_en / lk_hu do not have)
W_EN = {
    "lk_looking": "Looking for the other handheld...",
    "lk_plug": "Join the cable and choose the same game on both.",
    "lk_check": "Check the cable and that the other handheld is on.",
    "lk_version": "Other handheld: protocol %d, firmware %s.",
    "lk_version2": "This one: protocol %d, firmware %s. Update one.",
    "lk_rules": "The other handheld chose:",
    "lk_other_game": "another game",
    "lk_touch_no": "ships may not touch",
    "lk_touch_yes": "ships may touch",
    "lk_h_rules": "A:play that B:quit",
    "lk_syncing": "Linked. Finding our place in the game...",
    "lk_other_new": "The other handheld started a new game.",
    "lk_other_saved": "The other handheld has another game saved.",
    "lk_peer_saved": "The other handheld is going on with a saved game: start a new one there.",
    "lk_out_of_step": "The two saves are out of step.",
    "lk_h_new": "A:new game B:quit",
    "lk_h_quit": "B:quit",
    "lk_tossing": "Tossing the coin...",
    "lk_coin": "Coin toss",
    "lk_you_first": "You shoot first",
    "lk_they_first": "They shoot first",
    "lk_code": "Game %s",
    "lk_h_coin": "A:place ships",
}

W_HU = {
    "lk_looking": "Keresem a másik gépet...",
    "lk_plug": "Dugd be a kábelt, és mindkét gépen ugyanazt a játékot válaszd.",
    "lk_check": "Nézd meg a kábelt, és hogy a másik gép be van-e kapcsolva.",
    "lk_version": "A másik gép: protokoll %d, firmware %s.",
    "lk_version2": "Ez: protokoll %d, firmware %s. Frissítsd az egyiket.",
    "lk_rules": "A másik gép ezt választotta:",
    "lk_other_game": "másik játékot",
    "lk_touch_no": "a hajók nem érhetnek össze",
    "lk_touch_yes": "a hajók összeérhetnek",
    "lk_h_rules": "A:legyen az B:kilép",
    "lk_syncing": "Összekötve. Megkeressük, hol tart a játék...",
    "lk_other_new": "A másik gépen új játék indult.",
    "lk_other_saved": "A másik gépen másik játék van elmentve.",
    "lk_peer_saved": "A másik gép egy mentett játékot folytatna: ott indíts újat.",
    "lk_out_of_step": "A két mentés nem illik össze.",
    "lk_h_new": "A:új játék B:kilép",
    "lk_h_quit": "B:kilép",
    "lk_tossing": "Feldobjuk az érmét...",
    "lk_coin": "Pénzfeldobás",
    "lk_you_first": "Te lősz először",
    "lk_they_first": "Ő lő először",
    "lk_code": "%s. játék",
    "lk_h_coin": "A:hajók elhelyezése",
}
