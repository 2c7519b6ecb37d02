"""Link battle's words in English before the battle: finding the other handheld, the coin,
placing the fleet (linkbattle.ui loads them with those stages only)."""

from core.wordlist import Words

# one text, not a dict: on MicroPython every key and word of a dict is an interned string
# (a qstr) that stays in the heap for good; a text is one object, freed with the module
W = Words(
    """
lk_looking=Looking for the other handheld...
lk_plug=Join the cable and choose the same game on both.
lk_check=Check the cable and that the other handheld is on.
lk_version=Other handheld: protocol %d, firmware %s.
lk_version2=This one: protocol %d, firmware %s. Update one.
lk_rules=The other handheld chose:
lk_other_game=another game
lk_touch_no=ships may not touch
lk_touch_yes=ships may touch
lk_h_rules=A:play that B:quit
lk_syncing=Linked. Finding our place in the game...
lk_other_new=The other handheld started a new game.
lk_other_saved=The other handheld has another game saved.
lk_peer_saved=The other handheld is going on with a saved game: start a new one there.
lk_out_of_step=The two saves are out of step.
lk_h_new=A:new game B:quit
lk_h_quit=B:quit
lk_tossing=Tossing the coin...
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
