"""Link battle before the battle: finding the other handheld, and the coin toss.

Connect shows what the link is doing: looking for the other handheld, cable
unplugged, another protocol or firmware version ("update one"), other rules
(A plays the other's choice, while our game has not begun), saved games that
do not match (A starts a new game on both), linking, the coin in the air. It
comes back whenever the link needs the player in the middle of a game. Coin:
who shoots first, and a code both handhelds show for this game.
"""

from battleship.rules import SALVO
from core import ui
from core.hal import A, B
from core.strings import t
from link.match import (
    M_OUT_OF_STEP,
    ST_CONNECTING,
    ST_MISMATCH,
    ST_OPEN,
    ST_RULES,
    ST_UNPLUGGED,
    ST_VERSION,
)
from linkbattle.game import COIN, LINKING, rules_of
from linkbattle.view import K_COIN, K_CONNECT, K_PLACE, SAVE, lines, title_key


def _fw(v):
    return "%d.%d.%d" % v


class Connect(ui.Screen):
    def __init__(self, s):
        self.s = s

    def update(self, app):
        s = self.s
        if s.follow(app, K_CONNECT):
            return
        g = s.g
        link = g.link
        btn = app.buttons
        st = s.status
        if btn.pressed(B):
            s.quit(app)
        elif btn.pressed(A):
            if st == ST_RULES and g.phase == LINKING and rules_of(link.peer_rules) is not None:
                g.variant, g.touching = rules_of(link.peer_rules)  # not None: checked on the line above  # pyright: ignore[reportGeneralTypeIssues]
                g.fleet.touching = g.touching
                link.set_rules(link.peer_rules)
                app.redraw()
            elif st == ST_MISMATCH and g.phase != LINKING:
                g.abandon()  # the saved game gives way to a new one on both handhelds
                app.clear_game(SAVE)
                app.redraw()

    def text(self):
        """(paragraphs, hint key) for the state of the link."""
        g = self.s.g
        link = g.link
        st = self.s.status
        if st == ST_VERSION:
            peer = t("lk_version") % (link.peer_version or 0, _fw(link.peer_fw or (0, 0, 0)))
            from link.frame import VERSION

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
        if s.follow(app, K_COIN):
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
