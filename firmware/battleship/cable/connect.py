"""Link battle before the battle: finding the other handheld, and the coin toss.

Connect shows what the link is doing on the link's own screens (link.screen, one set for
every cable game): looking for the other handheld, cable unplugged, another protocol or
firmware version, other rules (A plays the other's choice while our game has not begun),
saved games that do not match (A starts a new game on both), the coin in the air. It comes
back whenever the link needs the player in the middle of a game. Coin:
who shoots first, and a code both handhelds show for this game.
"""

from battleship.cable.view import K_COIN, K_CONNECT, K_PLACE, lines, title_key
from core import ui
from core.hal import A, B
from core.strings import t
from link import screen


class Connect(ui.Screen):
    def __init__(self, s):
        self.s = s

    def update(self, app):
        s = self.s
        if s.follow(app, K_CONNECT):
            return
        btn = app.buttons
        if btn.pressed(B):
            s.quit(app)
        else:
            screen.update(app, s.g)

    def draw(self, app, fb):
        said = screen.text(self.s.g) or (t("ln_coin"), "ln_hint_leave")  # linked: the coin is in the air
        screen.draw(fb, t(title_key(self.s.g)), said[0], said[1])


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
