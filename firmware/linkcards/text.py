"""Words of the card game over the cable (EN, HU): one strings.add() table per language. Its own,
not the card game's (cards.text and cards.view would cost 18 KB of a heap the link needs)."""

from core.wordlist import Column

_ROWS = """
lc_title|Cards by cable|Kártya kábelen
lc_connect|Connecting...|Kapcsolódás...
lc_unplugged|Cable unplugged|Kihúzott kábel
lc_no_port|No link port on this board|Ezen a panelen nincs kábel
lc_other|Other handheld: other game|A másik gép más játékot vár
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
lc_cheat|CHEAT CAUGHT|CSALÁS!
lc_void|The game does not count|A játszma nem számít
lc_forfeit|The other handheld went silent where it owed a message: you win|A másik gép elhallgatott: nyertél
lc_hint_play|<>:move A:play|<>:lépés A:játszik
lc_hint_end|B:menu|B:menü
lc_hint_wait|B:menu|B:menü
lc_hint_grids|^v:grids B:menu|^v:rácsok B:menü
lc_hint_hand|^v:hand|^v:kéz
lc_them|Them|Ők
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
lc_standard|Standard|Normál
lc_beginner|Beginner|Kezdő
lc_m1|%s at %s|%s: %s
lc_m2|Shield on %s|Pajzs: %s
lc_m3|Discard %d White|%d Fehér eldob
lc_m4|Play two more|Még két lap
lc_m5|Repair %s|Javítás: %s
lc_m6|Draw three|Húzz hármat
lc_m7|PT Boat: %s|PT naszád: %s
lc_m8|Skip|Kihagy
lc_m9|End turn|Kör vége
lc_m10|Discard %s|Eldob: %s
"""

EN = Column(_ROWS, 1)
HU = Column(_ROWS, 2)
