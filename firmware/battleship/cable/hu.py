"""Link battle's words in Hungarian for the battle and the whole mode (the ships' names...); the
other stages' are in hu_start and hu_end. ui loads the language in use only.
Every ship has a short name (its full name where none is shorter): t() of a word
missing here would load the other stages' words in the middle of a battle."""

from core.wordlist import Words

# one text, not a dict: on MicroPython every key and word of a dict is an interned string
# (a qstr) that stays in the heap for good; a text is one object, freed with the module
W = Words(
    """
lk_unplugged=Kihúzták a kábelt?
lk_waiting=Várom a másik készüléket...
lk_wait_fleet=Várom a flottáját...
lk_sending_fleet=Küldöm a flottánkat...
lk_fleets=Flották
lk_your_turn=Te lősz
lk_their_turn=Ő lő
lk_firing=Tűz...
lk_you=Te: %s
lk_them=Ő: %s
lk_checking=Ellenőrzöm a flottáját...
lk_check_head=Ellenőrzés
lk_ship0=Repülőgép-hordozó
lk_ship1=Csatahajó
lk_ship2=Romboló
lk_ship3=Tengeralattjáró
lk_ship4=Járőrhajó
lk_short0=Hordozó
lk_short1=Csatahajó
lk_short2=Romboló
lk_short3=Tengeralattjáró
lk_short4=Járőrhajó
lk_hit=TALÁLAT
lk_miss=MELLÉ
lk_sunk=ELSÜLLYEDT:
lk_shots=Lövés
lk_afloat=Úszik: %d
lk_aim=Cél: %s
lk_paused=Szünet
lk_back=Vissza a csatába
lk_save_quit=Mentés és kilépés
lk_help=Súgó
lk_h_aim=A:tűz B:flotta
lk_h_fleet=B:flotta
lk_h_menu=A:menü B:cél
"""
)
