"""The end of a cable game whose rival was caught lying or breaking the link's protocol, or
that went silent where it owed a message (a forfeit).

Loaded when the match catches one (torpedo.cable.match.CableMatch.caught). The end is drawn by the
link's own screens (link.screen.end, as every cable game's); what is this game's is the lie,
named in the player's language from the CheatError's code and cell (link.commit,
torpedo.cable.game), not from its English text.
"""

from core import ui
from core.compat import const
from core.hal import A, B
from core.strings import t
from link import screen
from torpedo.view import EN, HU, under_top

_C_SILENT = const(26)  # torpedo.cable.match: the rival stayed silent where it owed a message (a forfeit)

_EN = """
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
"""

_HU = """
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
"""

EN.add(_EN)
HU.add(_HU)


class CheatScreen(ui.Screen):
    """The rival was caught lying or breaking the protocol, or forfeited: the game ends here."""

    ta_game = True

    def __init__(self, error):
        self.code = error.code
        self.cell = error.cell

    def enter(self, app):
        app.cue("win" if self.code == _C_SILENT else "lose")

    def update(self, app):
        if app.buttons.pressed(A) or app.buttons.pressed(B):
            app.pop()

    def reason(self):
        """The lie in words, or None for a forfeit."""
        if self.code == _C_SILENT:
            return None
        s = t("ta_cheat%d" % self.code)
        if s.startswith("ta_"):
            s = t("ta_cheat1")
        if "%s" in s:
            from battleship.rules import cell_name

            s = s % (cell_name(self.cell) if self.cell >= 0 else "?")
        return s

    def draw(self, app, fb):
        screen.end(fb, self.reason())


def caught(app, m):
    """Every game screen gives way to the cheat screen; the game is over (its save goes)."""
    m.finish(app)
    under_top(app)
    app.replace(CheatScreen(m.cheat))
