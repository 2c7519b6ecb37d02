"""Battleship and Salvo against the CPU: the help pages (from the pause menu), with their own words.

Loaded when the help opens and dropped when it closes (core.pages), as Express's and the card
game's: its text (both languages) is not in the heap while the game is played. It opens on the
legend of the ship bars under the battle panel (battleship.grid.fleet_icons), then the marks on
the grid (battleship.battle.draw_marks).
"""

from battleship import grid
from core.pages import Pages

# One "key|English|Magyar" line per word (wordlist.Column); keys longer than 10 characters
_ROWS = (
    "\n"
    "bs_help_hint|<>:page B:back|<>:lapoz B:vissza\n"
    "bs_help_t_bars|Beside the grid|A tábla mellett\n"
    "bs_help_t_grid|On the grid|A táblán\n"
    "bs_help_afloat|a ship afloat|úszó hajó\n"
    "bs_help_sunk|a ship sunk|elsüllyedt hajó\n"
    "bs_help_bars|A bar a ship, longest first: the fleet of the grid shown.|A látható tábla hajói, "
    "elöl a leghosszabb.\n"
    "bs_help_grid|Ring: a miss. X: a hit. Solid: a ship sunk. On your fleet a hit fills its square."
    "|Karika: mellé. X: talált. Teli: elsüllyedt hajó. Flottádon a találat kitölti a mezőt.\n"
)

_PAGES = (
    ("bs_help_t_bars", None),  # first: the ship bars, explained where the help opens
    ("bs_help_t_grid", "bs_help_grid"),
)
_ICONS = ((0, "bs_help_afloat"), (1, "bs_help_sunk"))  # (sunk, word): a two-square bar each


class Help(Pages):
    """What the battle screen shows, a page at a time (core.pages)."""

    pages = _PAGES
    rows = (_ROWS,)
    module = "battleship.help"
    hint_key = "bs_help_hint"

    icons_text = "bs_help_bars"

    def icons(self, fb, y):  # the panel's bars, drawn as the panel draws them (3 px a square)
        return self.icon_rows(fb, y, _ICONS, _bar)


def _bar(fb, sunk, y):
    grid.fleet_icons(fb, 0, y + 1, (2,), (sunk,))
