"""Link battle's words in English before the battle: finding the other handheld, the coin,
placing the fleet (battleship.cable.ui loads them with those stages only)."""

from core.wordlist import Words

# one text, not a dict: on MicroPython every key and word of a dict is an interned string
# (a qstr) that stays in the heap for good; a text is one object, freed with the module
W = Words(
    """
lk_touch_no=ships may not touch
lk_touch_yes=ships may touch
lk_coin=Coin toss
lk_you_first=You shoot first
lk_they_first=They shoot first
lk_code=Game %s
lk_h_coin=A:place ships
lk_place=Place ships
lk_start=Start
lk_shuffle=Shuffle
lk_by_hand=By hand
lk_quit=Quit
lk_off=Off the grid
lk_overlaps=Overlaps %s
lk_touches=Touches %s
lk_h_pick=A:choose
lk_h_place=A:place B:turn
lk_hyphens=
"""
)
