"""The end of a cable game whose rival was caught lying or breaking the link's protocol.

Loaded with the cable game (torpedo.cable imports it), never in the middle of one:
the moment a lie is caught is no moment to find heap for a module. The
screen names the lie in the player's language from the CheatError's code
and cell (link.commit, ta_link), not from its English text.
"""

from core import ui
from core.compat import const
from core.hal import A, B
from core.strings import t
from torpedo.view import EN, HU, under_top

_C_SILENT = const(26)  # torpedo.cable: the rival stayed silent where it owed a message (a forfeit)

_EN = """
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
ta_forfeit=The rival went silent where it owed a move: you win by forfeit.
"""

_HU = """
ta_cheat=Csalás lebukott!
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
ta_forfeit=Az ellenfél elhallgatott, pedig ő következett: feladta, nyertél.
"""

EN.add(_EN)
HU.add(_HU)


class CheatScreen(ui.Screen):
    """The rival was caught lying or breaking the protocol: the game ends here."""

    ta_game = True

    def __init__(self, error):
        self.code = error.code
        self.cell = error.cell

    def enter(self, app):
        app.cue("win" if self.code == _C_SILENT else "lose")

    def update(self, app):
        if app.buttons.pressed(A) or app.buttons.pressed(B):
            app.pop()

    def text(self):
        if self.code == _C_SILENT:
            return t("ta_forfeit")
        s = t("ta_cheat%d" % self.code)
        if s.startswith("ta_"):
            s = t("ta_cheat1")
        if "%s" in s:
            from battleship.rules import cell_name

            s = s % (cell_name(self.cell) if self.cell >= 0 else "?")
        return s

    def draw(self, app, fb):
        ui.title(fb, t("ta_win" if self.code == _C_SILENT else "ta_cheat"))
        y = ui.BODY_Y + 2
        for line in ui.wrap(self.text(), ui.W)[:4]:
            ui.text(fb, line, 0, y, 1)
            y += 9
        ui.hint(fb, t("hint_ok"))



def caught(app, m):
    """Every game screen gives way to the cheat screen; the game is over (its save goes)."""
    m.finish(app)
    under_top(app)
    app.replace(CheatScreen(m.cheat))
