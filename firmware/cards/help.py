"""The card game's help pages, with their own words (both languages): the keys, what the
header and the cells show, every Battle card and every ship's power (seed 003; seed 004's
Hungarian terms). Opened from the pause menu (page 1) and from the hand with DOWN (the page
of the card the cursor is on); loaded while open and dropped when it closes, as Express's
help: its text is not in the heap while the game is played.
"""

from cards import draw
from core.pages import Pages

# One "key|English|Magyar" line per word (wordlist.Column); keys longer than 10 characters
# Three texts, not one: a text of 3 KB needs a 3 KB hole in the heap when the module loads
_ROWS = (
    (
        "\n"
        "cg_help_hint|<>:page B:back|<>:lapoz B:vissza\n"
        "cg_help_t_head|Beside the names|A nevek mellett\n"
        "cg_help_t_cells|The cells|A mezők\n"
        "cg_help_t_white|White Peg|Fehér töltet\n"
        "cg_help_t_red|Red Peg|Vörös töltet\n"
        "cg_help_t_shield|Shield|Pajzs\n"
        "cg_help_t_two|Discard or Play Two|Eldobás vagy két lap\n"
        "cg_help_t_three|Repair or Draw Three|Javítás vagy három lap\n"
        "cg_help_t_ships|Ship powers|Hajók képességei\n"
        "cg_help_t_win|How to win|Hogyan lehet nyerni?\n"
        "cg_help_keys|Left: their cards, right: yours. <>: pick a card, A: play it, DOWN: what it "
        "does. UP: look at the cells. B: the menu.|Bal: az ellenfélé, jobb: a tieid. <>: lapválasztás, "
        "A: kijátszás, LE: mit tud a lap. FEL: a mezők. B: menü.\n"
        "cg_help_hand|the opponent's hand|az ellenfél keze\n"
        "cg_help_draw|the draw pile|a húzópakli\n"
        "cg_help_disc|the discard pile|az eldobópakli\n"
        "cg_help_cells|C3: Carrier, 3 more hits to sink. Hatched: face down. Waves: a Miss. A letter on "
        "a filled cell: shielded.|H3: Hordozó, még 3 találat. Sraffozott: lefelé fordítva. Hullám: Nincs "
        "találat. Kitöltött mezőn betű: pajzs.\n"
    ),
    (
        "\n"
        "cg_help_white|White Peg: turn a face-down card up; a Miss does nothing, a ship can now be "
        "hit.|Fehér töltet: egy lefelé fordított lapot felfed; a Nincs találat semmit, a hajót ezután "
        "lőhetik.\n"
        "cg_help_red|Red Peg (1, 2 or 4): one hit per peg on a revealed ship; on a face-down card each peg "
        "hits a ship at once.|Vörös töltet (1, 2, 4): töltetenként egy találat egy felfedett hajón; "
        "lefelé fordított hajón azonnal.\n"
        "cg_help_shield|Shield: on one of your revealed ships. Two pegs destroy it before the ship can "
        "be hit.|Pajzs: egy felfedett hajódra. Két töltet rombolja le, csak utána sérülhet a hajó.\n"
        "cg_help_two|Discard or Play Two: discard White Pegs from your hand (you draw more), or play two "
        "more cards.|Eldobás vagy két lap: Fehér tölteteket dobsz el a kezedből (többet húzol), vagy még "
        "két lapot játszol ki.\n"
        "cg_help_three|Repair or Draw Three: take a peg off your damaged ship and play again, or draw "
        "three, play one, keep two.|Javítás vagy három lap: egy töltet le a sérült hajódról, és újra "
        "játszol; vagy hármat húzol, egyet kijátszol.\n"
    ),
    (
        "\n"
        "cg_help_ships1|While revealed: Submarine: only White Pegs damage it. Destroyer: "
        "your White Pegs damage ships too.|Felfedve: Tengeralattjáró: csak Fehér töltet "
        "sebzi. Romboló: a Fehér tölteted is sebez.\n"
        "cg_help_ships2|Battleship: your Red Peg cards count a peg more. Carrier: you reload to 7 "
        "cards.|Csatahajó: Vörös töltet lapod eggyel többet ér. Hordozó: 7 lapig húzol.\n"
        "cg_help_ships3|PT Boat: your turn starts by taking a peg off one of your ships. Powers last "
        "until the ship sinks.|PT csónak: köröd elején levesz egy töltetet egy hajódról. A képesség a "
        "hajó elsüllyedéséig tart.\n"
        "cg_help_win|Sink all five enemy ships to win. Beginner game: no Power cards, no ship powers."
        "|Mind az öt ellenséges hajó elsüllyesztése nyer. Kezdő játék: nincs Képességkártya, nincs "
        "hajóképesség.\n"
    ),
)

# (title key, body key); None: the header's icons. PAGE_OF: a card type's page.
_PAGES = (
    ("cg_help_t_head", None),  # first: the header's icons, explained where the help opens
    ("cg_help", "cg_help_keys"),
    ("cg_help_t_cells", "cg_help_cells"),
    ("cg_help_t_white", "cg_help_white"),
    ("cg_help_t_red", "cg_help_red"),
    ("cg_help_t_shield", "cg_help_shield"),
    ("cg_help_t_two", "cg_help_two"),
    ("cg_help_t_three", "cg_help_three"),
    ("cg_help_t_ships", "cg_help_ships1"),
    ("cg_help_t_ships", "cg_help_ships2"),
    ("cg_help_t_ships", "cg_help_ships3"),
    ("cg_help_t_win", "cg_help_win"),
)
PAGE_OF = (3, 4, 4, 4, 5, 6, 7)  # cards.rules.CARD_TYPES row -> page
_ICONS = ((0, "cg_help_hand"), (1, "cg_help_draw"), (2, "cg_help_disc"))  # cards.draw.icon's


class Help(Pages):
    """The card game's help, a page at a time (core.pages)."""

    pages = _PAGES
    rows = _ROWS
    module = "cards.help"
    hint_key = "cg_help_hint"

    def icons(self, fb, y):  # the header's icons: the CPU's hand, a draw pile, a discard pile
        return self.icon_rows(fb, y, _ICONS, lambda fb, k, y: draw.icon(fb, 0, k, y))

