"""Words of the card game over the cable (EN, HU): one strings.add() table per language. Its own,
not the card game's (cards.text and cards.view would cost 18 KB of a heap the link needs)."""

from core.wordlist import Column

_ROWS = """
lc_title|Cards over the cable|Kártya kábelen
lc_connect|Connecting...|Kapcsolódás...
lc_unplugged|Cable unplugged?|Kihúzták a kábelt?
lc_no_port|No link port on this board|Ennek a készüléknek nincs kábelcsatlakozója.
lc_other|Other handheld: other game|A másik készülék más játékot vár
lc_out_of_step|The two saves are out of step|A két mentés nincs összhangban
lc_coin|Tossing the coin|Pénzfeldobás
lc_shuffle|Shuffling %d/%d|Keverés %d/%d
lc_dealing|Dealing|Osztás
lc_your_move|Your move|Te jössz
lc_their_move|Their move|Ő jön
lc_checking|Checking %d/%d|Ellenőrzés %d/%d
lc_won|You won!|Nyertél!
lc_lost|You lost|Vesztettél
lc_draw|Draw|Döntetlen
lc_cheat|CHEAT CAUGHT|Csalás lebukott!
lc_void|The game does not count|A játszma nem számít
lc_forfeit|The other handheld went silent when it owed a move: you win|A másik készülék elhallgatott: nyertél
lc_hint_play|<>:move A:play|<>:lépés A:játszik
lc_hint_end|B:menu|B:menü
lc_hint_wait|B:menu|B:menü
lc_hint_grids|^v:grids B:menu|^v:rácsok B:menü
lc_hint_hand|^v:hand|^v:kéz
lc_them|Them|Ő
lc_you|You|Te
lc_hand|Hand: %s|Kéz: %s
lc_c0|White|Fehér
lc_c1|Red 1|Vörös 1
lc_c2|Red 2|Vörös 2
lc_c3|Red 4|Vörös 4
lc_c4|Shield|Pajzs
lc_c5|Disc/2|Eldob/2
lc_c6|Rep/3|Jav/3
lc_ini|-CBDSP|-HCRTP
lc_score|Sunk %d:%d|Süllyedt %d:%d
lc_standard|Standard game|Normál játék
lc_beginner|Beginner game|Kezdő játék
lc_m1|%s at %s|%s: %s
lc_m2|Shield on %s|Pajzs: %s
lc_m3|Discard %d White|%d Fehér eldob
lc_m4|Play two more|Még két lap
lc_m5|Repair %s|Javítás: %s
lc_m6|Draw three|Három lap húzása
lc_m7|PT Boat: %s|PT csónak: %s
lc_m8|Skip|Kihagy
lc_m9|End turn|Kör vége
lc_m10|Discard %s|Eldob: %s
lc_cheat_why2|The other copied our coin toss|A másik lemásolta a pénzfeldobásunkat
lc_cheat_why3|The other's coin does not match its commitment|A másik pénzfeldobása nem egyezik a rögzítettel
lc_cheat_why20|The other broke the game's rules|A másik megszegte a játék szabályait
lc_cheat_why21|The other lied about a searched card|A másik hazudott egy átkutatott lapról
lc_cheat_why22|The other played a card not in its hand|A másik a kezében nem lévő lapot játszott ki
lc_cheat_why23|The other stacked its deck|A másik előre elrendezte a pakliját
lc_cheat_why24|The other dealt us a wrong card|A másik rossz lapot osztott nekünk
lc_cheat_why25|The other's Coordinate cards are not as committed|A másik Koordinátakártyái nem a rögzítettek
lc_cheat_why27|The other marked its cards at the shuffle|A másik megjelölte a lapjait a keverésnél
"""

EN = Column(_ROWS, 1)
HU = Column(_ROWS, 2)
