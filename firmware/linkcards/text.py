"""Words of the card game over the cable (EN, HU), with the card game's own (cards.text) behind
them: one strings.add() table per language."""

from cards import text as cg_text
from core.wordlist import Column

_ROWS = """
lc_title|Cards by cable|Kártya kábelen
lc_connect|Connecting...|Kapcsolódás...
lc_unplugged|Cable unplugged|Kihúzott kábel
lc_no_port|No link port on this board|Ezen a panelen nincs kábel
lc_other|Other handheld: other game|A másik gép más játékot vár
lc_coin|Tossing the coin|Pénzfeldobás
lc_shuffle|Shuffling %d/%d|Keverés %d/%d
lc_dealing|Dealing|Osztás
lc_your_move|Your move|Te jössz
lc_their_move|Their move|Ő jön
lc_checking|Checking %d/%d|Ellenőrzés %d/%d
lc_won|You won!|Nyertél!
lc_lost|You lost|Vesztettél
lc_draw|Draw|Döntetlen
lc_cheat|CHEAT CAUGHT|CSALÁS!
lc_void|The game does not count|A játszma nem számít
lc_hint_play|<>:move A:play|<>:lépés A:játszik
lc_hint_end|A:menu|A:menü
lc_hint_wait|B:menu|B:menü
lc_hand|Hand: %s|Kéz: %s
lc_score|Sunk %d:%d|Süllyedt %d:%d
"""

_EN = Column(_ROWS, 1)
_HU = Column(_ROWS, 2)


class _Both:
    def __init__(self, mine, cards):
        self.mine = mine
        self.cards = cards

    def get(self, key):
        s = self.mine.get(key)
        return s if s is not None else self.cards.get(key)


EN = _Both(_EN, cg_text.EN)
HU = _Both(_HU, cg_text.HU)
