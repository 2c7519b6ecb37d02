"""Link battle's words in English for the battle and the whole mode (the ships' names...); the
other stages' are in en_start and en_end. ui loads the language in use only.
Every ship has a short name (its full name where none is shorter): t() of a word
missing here would load the other stages' words in the middle of a battle."""

from core.wordlist import Words

# one text, not a dict: on MicroPython every key and word of a dict is an interned string
# (a qstr) that stays in the heap for good; a text is one object, freed with the module
W = Words(
    """
lk_unplugged=Cable unplugged?
lk_waiting=Waiting for the other handheld...
lk_wait_fleet=Waiting for their fleet...
lk_sending_fleet=Sending our fleet...
lk_fleets=Fleets
lk_your_turn=Your turn
lk_their_turn=Their turn
lk_firing=Firing...
lk_you=You: %s
lk_them=Them: %s
lk_checking=Checking their fleet...
lk_check_head=Checking
lk_ship0=Carrier
lk_ship1=Battleship
lk_ship2=Destroyer
lk_ship3=Submarine
lk_ship4=Patrol Boat
lk_short0=Carrier
lk_short1=Battleship
lk_short2=Destroyer
lk_short3=Submarine
lk_short4=Patrol Boat
lk_hit=HIT
lk_miss=MISS
lk_sunk=SUNK:
lk_shots=Shots
lk_afloat=Afloat: %d
lk_aim=Aim: %s
lk_paused=Paused
lk_back=Back to battle
lk_save_quit=Save and quit
lk_help=Help
lk_h_aim=A:fire B:fleet
lk_h_fleet=B:fleet
lk_h_menu=A:menu B:back
"""
)
