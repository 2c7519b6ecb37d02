"""Battleship Express: the help pages (from the pause menu), with their own words.

Loaded when the help opens and dropped when it closes: its text (both languages)
is not in the heap while the game is played. The attack, the dice, the numbers
beside a ship, both games' ships and winning, a page at a time.
"""

from core.pages import Pages
from express import art

# One "key|English|Magyar" line per word (wordlist.Column)
_ROWS = (
    "\n"
    "ex_h_help|<>:page B:back|<>:lapoz B:vissza\n"
    "ex_hp_attack|Attack|Támadás\n"
    "ex_hp_dice|Dice|Kockák\n"
    "ex_hp_numbers|Beside a ship|Egy hajó mellett\n"
    "ex_hp_win|Winning|Győzelem\n"
    "ex_hx_attack|Pick a ship: it moves to the front and attacks one of the front two ships of an enemy "
    "fleet.|Válassz hajót: előre áll, és egy ellenséges flotta első két hajója közül támad meg egyet.\n"
    "ex_hx_dice|A die showing the target ship is a hit on it, and so is a burst (the star). Enough hits "
    "sink it.|A célhajót mutató kocka találat, és a robbanás (a csillag) is az. Elég találat "
    "elsüllyeszti.\n"
    "ex_hx_die|dice the ship rolls|ennyi kockával dob\n"
    "ex_hx_rolls|rolls it has|ennyiszer dobhat\n"
    "ex_hx_target|hits that sink it|ennyi találat süllyeszti\n"
    "ex_hx_hits|Hits 1/3: so far / needed. Rolls left: how many more.|Találat 1/3: eddig / kell. Dobás "
    "még: ennyi van hátra.\n"
    "ex_hx_captain|Every ship rolls twice. The Submarine has only 2 dice, but one burst sinks its "
    "target.|Minden hajó kétszer dob. A Tengeralattjáró csak 2 kockával dob, de egy robbanás "
    "elsüllyeszti a célt.\n"
    "ex_hx_admiral1|Battleship: 4 rolls, bursts miss. Destroyer: 2 rolls, a burst is 2 hits. Patrol Boat: "
    "3 rolls.|Csatahajó: 4 dobás, a robbanás nem talál. Romboló: 2 dobás, a robbanás 2 találat. "
    "Járőrhajó: 3 dobás.\n"
    "ex_hx_admiral2|Those three may stop early. Carrier: attacks from its place; rolls, names the target, "
    "rerolls dice once.|Ez a három korábban is abbahagyhatja. Hordozó: a helyéről támad; dob, célt mond, "
    "egyszer újradob.\n"
    "ex_hx_admiral3|Submarine: 3 dice once, any target; a burst sinks.|Tengeralattjáró: 3 kocka egyszer, "
    "bármely cél; a robbanás elsüllyeszt.\n"
    "ex_hx_win|Sink 5 ships to win (3 players: 4, 4 players: 3). Teams: 1 and 3 against 2 and 4, 5 "
    "ships together.|5 hajó elsüllyesztése nyer (3 játékosnál 4, 4-nél 3). Csapatok: 1. és 3. a 2. és "
    "4. ellen, együtt 5 hajó.\n"
)

# The pages (title key, text key); the first shows the icons of the numbers beside
# each ship instead of a paragraph.
_PAGES = (
    ("ex_hp_numbers", None),  # first: the icons beside every ship, explained where the help opens
    ("ex_hp_attack", "ex_hx_attack"),
    ("ex_hp_dice", "ex_hx_dice"),
    ("ex_captain_game", "ex_hx_captain"),
    ("ex_admiral_game", "ex_hx_admiral1"),
    ("ex_admiral_game", "ex_hx_admiral2"),
    ("ex_admiral_game", "ex_hx_admiral3"),
    ("ex_hp_win", "ex_hx_win"),
)
_ICONS = ((art.I_DIE, "ex_hx_die"), (art.I_ROLLS, "ex_hx_rolls"), (art.I_TARGET, "ex_hx_target"))


class Help(Pages):
    """How Express is played, a page at a time (core.pages)."""

    pages = _PAGES
    rows = (_ROWS,)
    module = "express.help"
    hint_key = "ex_h_help"

    icons_text = "ex_hx_hits"

    def icons(self, fb, y):
        return self.icon_rows(fb, y, _ICONS, lambda fb, i, y: art.icon(fb, i, 0, y))

