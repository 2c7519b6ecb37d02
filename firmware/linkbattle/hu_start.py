"""Link battle's words in Hungarian before the battle: finding the other handheld, the coin,
placing the fleet (linkbattle.ui loads them with those stages only)."""

from core.wordlist import Words

# one text, not a dict: on MicroPython every key and word of a dict is an interned string
# (a qstr) that stays in the heap for good; a text is one object, freed with the module
W = Words(
    """
lk_looking=Keresem a másik készüléket...
lk_plug=Dugd be a kábelt, és mindkét készüléken ugyanazt a játékot válaszd.
lk_check=Nézd meg a kábelt, és hogy a másik készülék be van-e kapcsolva.
lk_version=A másik készülék: protokoll %d, firmware %s.
lk_version2=Ez: protokoll %d, firmware %s. Frissítsd az egyiket.
lk_rules=A másik készülék ezt választotta:
lk_other_game=másik játékot
lk_touch_no=a hajók nem érhetnek össze
lk_touch_yes=a hajók összeérhetnek
lk_h_rules=A:legyen az B:kilép
lk_syncing=Összekötve. Megkeressük, hol tart a játék...
lk_other_new=A másik készüléken új játék indult.
lk_other_saved=A másik készüléken másik játék van elmentve.
lk_peer_saved=A másik készülék egy mentett játékot folytatna: ott indíts újat.
lk_out_of_step=A két mentés nem illik össze.
lk_h_new=A:új játék B:kilép
lk_h_quit=B:kilép
lk_tossing=Feldobjuk az érmét...
lk_coin=Pénzfeldobás
lk_you_first=Te lősz először
lk_they_first=Ő lő először
lk_code=%s. játék
lk_h_coin=A:hajók elhelyezése
lk_place=Hajók helye
lk_start=Indítás
lk_shuffle=Keverés
lk_by_hand=Kézzel
lk_quit=Kilépés
lk_off=Kilóg a tábláról
lk_overlaps=Ütközik: %s
lk_touches=Hozzáér: %s
lk_h_pick=A:választ
lk_h_place=A:rak B:fordít
lk_hyphens=Repülőgép-hordozó Tengeralatt-járó
"""
)
