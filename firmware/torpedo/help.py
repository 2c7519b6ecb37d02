"""Torpedo Attack: the help pages (from the pause menu), with their own words.

Loaded when the help opens and dropped when it closes (core.pages), as Express's and the card
game's: its text (both languages) is not in the heap while the game is played. It opens on the
legend of the ship bars in the panel (torpedo.view.ship_icons), then what the bars and numbers
are, then the marks on the grid (torpedo.locate).
"""

from core.pages import Pages
from torpedo.rules import FIRING, GONE, HIDDEN, HIT1, TARGET_SCORE
from torpedo.view import ship_icons

# One "key|English|Magyar" line per word (wordlist.Column); keys longer than 10 characters
_ROWS = (
    "\n"
    "ta_help_hint|<>:page B:back|<>:lapoz B:vissza\n"
    "ta_help_t_bars|Beside the grid|A tábla mellett\n"
    "ta_help_t_grid|On the grid|A táblán\n"
    "ta_help_hidden|not located yet|még nincs bemérve\n"
    "ta_help_firing|located: firing|bemérve: tűz alatt\n"
    "ta_help_hit|torpedoed|eltalálva\n"
    "ta_help_gone|escaped|elmenekült\n"
    "ta_help_bars|A bar a ship, longest first: the fleet of the grid shown. The numbers: points, %d "
    "wins.|A látható tábla hajói, elöl a leghosszabb. A számok: pontok, %d nyer.\n"
    "ta_help_grid|Your calls: a ring for open water, X for a target, solid where a ship was located."
    "|Bemondásaid: karika: nyílt víz, X: célpont, teli: itt mérted be a hajót.\n"
)

_PAGES = (
    ("ta_help_t_bars", None),  # first: the ship bars, explained where the help opens
    ("ta_help_t_bars", "ta_help_bars"),
    ("ta_help_t_grid", "ta_help_grid"),
)
_ICONS = (
    (HIDDEN, "ta_help_hidden"),
    (FIRING, "ta_help_firing"),
    (HIT1, "ta_help_hit"),
    (GONE, "ta_help_gone"),
)


class Help(Pages):
    """What the locating screen shows, a page at a time (core.pages)."""

    pages = _PAGES
    rows = (_ROWS,)
    module = "torpedo.help"
    hint_key = "ta_help_hint"

    def word(self, key):
        s = Pages.word(self, key)
        return s % TARGET_SCORE if key == "ta_help_bars" else s

    def icons(self, fb, y):  # the panel's bars, drawn as the panel draws them (2 px a square)
        return self.icon_rows(fb, y, _ICONS, lambda fb, st, y: ship_icons(fb, 0, y, (st,), (3,)))
