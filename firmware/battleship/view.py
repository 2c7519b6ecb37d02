"""What the Battleship and Salvo screens share: the layout, every word (EN and HU), saves.

The screen is a grid on the left (battleship.grid; its frame at GRID_X, GRID_Y,
labels included 63 x 60 px) and a panel on the right (PANEL_X, PANEL_W):
a title bar, lines of text, little ships, a hint. A game in progress is
saved in its slot ("battleship" or "salvo", App.save_game):
TAG, the engine's length (2 bytes LE), battleship.engine's
to_bytes(), then the battle screen's state (battleship.battle.Battle.state_bytes).
The hard CPU's knowledge of where the player likes to put ships
(battleship.habits) is kept in the save HABITS and learnt from every game.
"""

from battleship.engine import Game
from battleship.habits import Habits
from battleship.rules import SALVO, SHIP_NAMES
from core import font, strings, ui
from core.compat import const
from core.strings import t
from core.wordlist import Words

GRID_X = const(9)
GRID_Y = const(7)
PANEL_X = const(64)
PANEL_W = const(64)

TAG = b"B"
HABITS = "bs_habits"  # the save's name on flash: kept from before the packages

# The words as text, not dicts: on MicroPython every short key and word of a dict is an
# interned string (a qstr) that stays in the heap for good; a text is one object.

EN = Words(
    """
bs_ship0=Carrier
bs_ship1=Battleship
bs_ship2=Destroyer
bs_ship3=Submarine
bs_ship4=Patrol Boat
bs_hit=%s: hit
bs_miss=%s: miss
bs_sunk=%s: sunk
bs_again=Already shot
bs_you=You fire at
bs_cpu=CPU fires at
bs_aim=Aim: %s
bs_your_shot=Your shot
bs_shots=Shots
bs_cpu_fires=CPU fires
bs_fleet=Your fleet
bs_afloat=Afloat: %d
bs_you_start=You start
bs_cpu_starts=CPU starts
bs_win=YOU WIN!
bs_lose=CPU WINS
bs_end_you_won=You sank the|CPU fleet in|%d shots|(%d hits)
bs_end_cpu_won=CPU sank your|fleet in|%d shots|(%d hits)
bs_place=Place ships
bs_start=Start
bs_shuffle=Shuffle
bs_by_hand=By hand
bs_quit=Quit
bs_off=Off the grid
bs_overlaps=Overlaps
bs_touches=Touches
bs_paused=Paused
bs_back=Back to battle
bs_save_quit=Save and quit
bs_give_up=Give up
bs_help=Help
bs_h_aim=A:fire B:fleet
bs_h_fleet=A:menu B:back
bs_h_skip=A:skip
bs_h_end=A:view B:menu
bs_h_place=A:place B:turn
bs_h_pick=A:choose
"""
)

HU = Words(
    """
bs_ship0=Repülőgép-|hordozó
bs_ship1=Csatahajó
bs_ship2=Romboló
bs_ship3=Tenger|alattjáró
bs_ship4=Járőrhajó
bs_hit=%s: talált
bs_miss=%s: mellé
bs_sunk=%s: süllyedt
bs_again=Ide már lőttél
bs_you=Te lősz ide:
bs_cpu=A gép lő ide:
bs_aim=Cél: %s
bs_your_shot=Te lősz
bs_shots=Lövés
bs_cpu_fires=A gép lő
bs_fleet=Flottád
bs_afloat=Úszik: %d
bs_you_start=Te kezdesz
bs_cpu_starts=A gép kezd
bs_win=GYŐZTÉL!
bs_lose=A GÉP NYERT
bs_end_you_won=A gép flottája|%d. lövésedre|süllyedt el|(%d találat)
bs_end_cpu_won=Flottád a gép|%d. lövésére|süllyedt el|(%d találat)
bs_place=Hajók helye
bs_start=Indítás
bs_shuffle=Keverés
bs_by_hand=Kézzel
bs_quit=Kilépés
bs_off=Kilóg a tábláról
bs_overlaps=Ütközik:
bs_touches=Hozzáér:
bs_paused=Szünet
bs_back=Vissza a csatába
bs_save_quit=Mentés és kilépés
bs_give_up=Feladom
bs_help=Súgó
bs_h_aim=A:tűz B:flotta
bs_h_fleet=A:menü B:cél
bs_h_skip=A:tovább
bs_h_end=A:nézet B:menü
bs_h_place=A:rak B:fordít
bs_h_pick=A:választ
"""
)


def words():
    """Register this mode's words (again: another mode's catalog may have run)."""
    strings.add(EN, HU)


words()


def ship_lines(ship, px, prefix=None):
    """The ship's name in the current language as lines no wider than px,
    after prefix ("Overlaps") when it fits on the same line. A "|" in a name
    marks where a long word may break (a hyphen is added there):
    "Tenger|alattjáró" is one line when it fits, else "Tenger-", "alattjáró"."""
    name = t("bs_ship%d" % ship)
    whole = name.replace("|", "")
    if prefix:
        if font.width(prefix + " " + whole) <= px:
            return [prefix + " " + whole]
        return [prefix] + ship_lines(ship, px)
    if font.width(whole) <= px:
        return [whole]
    if "|" in name:
        i = name.index("|")
        head = name[:i]
        return [head if head.endswith("-") else head + "-", name[i + 1 :]]
    return ui.wrap(whole, px)


def header(fb, s):
    """The panel's title: dark text on a lit bar; returns the x after the text."""
    fb.fill_rect(PANEL_X, 0, ui.W - PANEL_X, 9, 1)
    return ui.text(fb, font.fit(s, PANEL_W - 2), PANEL_X + 1, 1, 0)


def hint(fb, key):
    ui.text(fb, font.fit(t(key), PANEL_W), PANEL_X, ui.HINT_Y, 1)


def ship_index(name):
    return SHIP_NAMES.index(name) if name else -1


def variant_key(variant):
    return "salvo" if variant == SALVO else "battleship"


# -- saves ---------------------------------------------------------------
def load_habits(app):
    if app.hw.storage is not None:
        data, _where = app.hw.storage.load(HABITS)
        if data:
            try:
                return Habits.from_bytes(data)
            except (ValueError, IndexError):
                pass
    return Habits()


def save_habits(app, habits):
    if habits is not None:
        app.save(HABITS, habits.to_bytes())


def pack(game, ui_state):
    eng = game.to_bytes()
    n = len(eng)
    return TAG + bytes((n & 255, n >> 8)) + eng + ui_state


def unpack(payload, habits=None):
    """(game, ui state bytes) from a saved game; ValueError when unreadable."""
    if len(payload) < 3 or payload[0] != TAG[0]:
        raise ValueError("not a Battleship save")
    n = payload[1] | (payload[2] << 8)
    if len(payload) < 3 + n:
        raise ValueError("short save")
    return Game.from_bytes(bytes(payload[3 : 3 + n]), habits=habits), bytes(payload[3 + n :])
