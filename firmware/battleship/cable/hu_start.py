"""Link battle's words in Hungarian before the battle: finding the other handheld, the coin,
placing the fleet (battleship.cable.ui loads them with those stages only)."""

from core.wordlist import Words

# one text, not a dict: on MicroPython every key and word of a dict is an interned string
# (a qstr) that stays in the heap for good; a text is one object, freed with the module
W = Words(
    """
lk_touch_no=a hajók nem érhetnek össze
lk_touch_yes=a hajók összeérhetnek
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
