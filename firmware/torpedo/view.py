"""What the Torpedo Attack screens share: the words (EN and HU; over the cable the link's screens
and their words are link.screen's, the cheats named torpedo.cable.cheat's), the panel beside the grid,
the announcement banner, and loading the mode's modules (need()).

The locating and placing screens are a grid on the left (battleship.grid; its
frame at (8, 6)) and a panel on the right (x 63, 65 px wide): a title bar,
the scores, the enemy fleet as little ships, a hint.

A game in progress is saved in its slot ("torpedo" or "torpedo_link"): b"T", then 0
(against the CPU: torpedo.match) or 1 (over the cable: torpedo.cable.match), then that match's own bytes.
"""

import gc
import sys

from battleship.rules import LEVEL_NAMES
from core import font, strings, ui
from core.compat import const, load
from core.strings import t
from core.wordlist import Words
from torpedo.rules import GONE, HIDDEN, HIT1

_PLACE = const(2)  # torpedo.cable.match's stage: placing the fleet
_ST_VERSION = const(2)  # link.match's status codes
_ST_RULES = const(3)
_ST_MISMATCH = const(5)
# HELLO rules bytes (torpedo.cable.game.rules_bytes): game 2 is Torpedo Attack; flags bit 1: touching
_GAME_TORPEDO = const(2)
_RULE_TOUCHING = const(2)
_GRID_X = const(8)
_GRID_Y = const(6)
_PANEL_X = const(63)
_PANEL_W = const(65)

# The save: b"T", then 0 (a game against the CPU: torpedo.match) or 1 (over the
# cable: torpedo.cable.match), then that match's bytes. The events a match hands its
# screens are tuples (kind, a, b, c): kind 1, the answer to our call (cell,
# announcement, ship); 2, the opponent's call on our fleet (the same); 3, the
# opponent fired (frame, outcome, points). Each module names the numbers it
# uses as private consts: a public name would cost a qstr on every import.

# How long the locating screen's announcements stay up, in frames (30 a second; any key ends one
# at once): the one table it paces them by. A player who only watches waits at most 90 s of them
# in a whole game against the CPU (tests/torpedo/test_waiting.py sums this table over seeded
# games; `python -m host_tools.bench torpedo` plays them on the screens). Short where the panel
# keeps what was said (the last call stays there), longer where the periscope comes next.
#   our call's answer: OPEN WATER, TARGET LOCATED, SHIP LOCATED (torpedo.rules' numbers);
#   the opponent's call on our fleet: the same three;
#   the opponent's moment before it calls (the grid turns to our fleet); a tie (the shoot-out)
SHOWN = bytes((10, 24, 42, 6, 24, 42, 6, 45))
THINK = const(6)  # SHOWN's index of the opponent's moment before it calls
TIE = const(7)


def shown(kind, ann):
    """Frames an announcement stays up: kind 1, the answer to our call; 2, the opponent's call
    (the match's events, below); ann its announcement."""
    return SHOWN[(kind - 1) * 3 + ann]


# The words: torpedo.en and torpedo.hu, each loaded the first time its language is asked for (a game
# runs in one language: the other's 2.5 KB of text never comes into the heap).
EN = Words(None, "torpedo.en")
HU = Words(None, "torpedo.hu")


def words():
    """Register this mode's words (again: another mode's catalog may have run)."""
    strings.add(EN, HU)


words()


def need(app, *names):
    """Import modules in this order, now (a module popped from sys.modules comes back this way).
    The order matters on a small heap: compiled from source, the largest should come first,
    while the heap is least cut up. (The app drops them with the mode, late imports included.)"""
    for name in names:
        if name not in sys.modules:
            gc.collect()  # the last screen's garbage out first: the code goes into fewer holes
            load(name)


def ship_name(ship, px=128):
    """The ship's name; its short form ("Hordozó") where the whole one is wider than px."""
    s = t("ta_ship%d" % ship)
    if font.width(s) > px:
        short = t("ta_short%d" % ship)
        if not short.startswith("ta_"):
            s = short
    return font.fit(s, px)


def header(fb, s):
    """The panel's title: dark text on a lit bar."""
    fb.fill_rect(_PANEL_X, 0, ui.W - _PANEL_X, 9, 1)
    ui.text(fb, font.fit(s, _PANEL_W - 2), _PANEL_X + 1, 1, 0)


def hint(fb, key, x=_PANEL_X):
    """The hint on the last line; one too wide for the panel takes two lines, never cut."""
    s = t(key)
    room = ui.W - x
    if font.width(s) > room and " " in s:
        i = s.index(" ")
        ui.text(fb, font.fit(s[:i], room), x, ui.HINT_Y - font.LINE, 1)
        s = s[i + 1 :]
    ui.text(fb, font.fit(s, room), x, ui.HINT_Y, 1)


def score_line(fb, name, score, y, x=_PANEL_X, right=ui.W):
    """A name on the left, its score on the right edge."""
    s = str(score)
    w = font.width(s)
    ui.text(fb, s, right - w, y, 1)
    ui.text(fb, font.fit(name, right - x - w - 3), x, y, 1)


def ship_icons(fb, x, y, status, sizes, cell=2, gap=2):
    """The enemy fleet as the attacker sees it: an outline while hidden or
    under fire, solid once hit, crossed out once escaped."""
    for s in range(len(sizes)):
        w = sizes[s] * cell + 1
        st = status[s]
        if st >= HIT1:
            fb.fill_rect(x, y, w, 5, 1)
        else:
            fb.rect(x, y, w, 5, 1)
            if st == GONE:
                fb.line(x, y + 4, x + w - 1, y, 1)
            elif st != HIDDEN:  # under fire: a dot in the middle
                fb.pixel(x + w // 2, y + 2, 1)
        x += w + gap
    return x


def banner(fb, top, big, y=22, low=None):
    """The announcement across the whole screen: a line of text over a lit
    bar holding the big word ("TARGET LOCATED"), clear of anything under it
    (the top line clear of the grid's row letters too); low, a line under the bar (the ship
    located, by its whole name: the screen's width, not what the top line leaves)."""
    h = 22 if low is None else 31
    fb.fill_rect(0, y, ui.W, h, 0)
    fb.rect(0, y, ui.W, h, 1)
    if top:
        top = font.fit(top, ui.W - 20)
        ui.text(fb, top, (ui.W - font.width(top)) // 2, y + 2)
    fb.fill_rect(1, y + 11, ui.W - 2, 10, 1)
    ui.center(fb, big, y + 12, 0)
    if low is not None:
        ui.center(fb, low, y + 22)


def goes_on(app, m):
    """The frame's first step on a game screen (the app ticked a cable match before it): False
    when the rival was caught cheating (the cheat screen is up then), or when the link needs
    the player (its screen is up over the game), and this screen has nothing more to do."""
    if m.cheat is not None:
        m.caught(app)
        return False
    # saves that differ, another version or other rules mid-game: only the player can settle it
    # (and the cable silent where the rival owes a move: the player may claim the win)
    st = m.link.status() if m.cable else 0
    if m.cable and m.stage >= _PLACE and (st in (_ST_VERSION, _ST_RULES, _ST_MISMATCH) or m.claimable()) and \
            not getattr(app.top(), "modal", False):
        need(app, "torpedo.cable.ui")
        app.push(load("torpedo.cable.ui").LinkScreen(m, True))  # only the player can settle this
        return False
    return True


def under_top(app):
    """Close every Torpedo Attack screen under the top one (they say so: ta_game)."""
    while len(app.stack) > 1 and getattr(app.stack[-2], "ta_game", False):
        app.stack.pop()


def level(app):
    """The CPU level setting as 0, 1, 2 (the periscope's speed on the cable too)."""
    name = app.settings.get("level")
    return LEVEL_NAMES.index(name) if name in LEVEL_NAMES else 1


class Then(ui.Screen):
    """One frame between two screens whose modules should not be in the heap together (the
    link's screens, then placing or locating): by the next frame the first screen and its module
    are gone, and only then does `module` load and Then give way to the screen it makes. The
    display keeps the last frame meanwhile (still). `name` is a screen class or a function that
    makes the screen; it is called with `arg`."""

    ta_game = True
    still = True

    def __init__(self, arg, module, name):
        self.arg = arg
        self.module = module
        self.name = name

    def update(self, app):
        need(app, self.module)
        app.replace(getattr(load(self.module), self.name)(self.arg))


def lines(fb, s, x, y, px, most, pitch=9):
    """s wrapped to px, at most `most` lines from y; returns the y after."""
    for line in ui.wrap(s, px)[:most]:
        ui.text(fb, line, x, y, 1)
        y += pitch
    return y


def name_key(match, player):
    """'You', 'CPU' or 'Rival' for a player of this match."""
    if player == match.me:
        return "ta_you"
    return "ta_opp" if match.cable else "ta_cpu"


def rules_of(rules):
    """(level, touching) of HELLO rules that are Torpedo Attack's (torpedo.cable.game.rules_bytes),
    else None."""
    if rules is not None and len(rules) == 3 and rules[0] == _GAME_TORPEDO and rules[2] < 3:
        return rules[2], bool(rules[1] & _RULE_TOUCHING)
    return None


def rules_name(rules):
    """The other handheld's HELLO rules in words, as link.screen shows them ("Torpedo Attack,
    medium", "no touching" where ships may not touch), None when they are not this game's."""
    r = rules_of(rules)
    if r is None:
        return None
    what = "%s, %s" % (t("torpedo"), t(LEVEL_NAMES[r[0]]))
    return what if r[1] else what + ", " + t("ta_touch_no")


def end_words(match):
    """(headline, reason) of a finished game."""
    g = match.g
    if g.winner == match.me:
        head = t("ta_win")
    elif g.winner in (0, 1):
        head = t("ta_lose" if match.cable else "ta_lose_cpu")
    else:
        head = t("ta_draw")
    return head, t("ta_end%d" % g.end_reason) if g.end_reason else ""
