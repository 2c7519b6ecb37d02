"""Link battle's words in Hungarian at the end: the result, and the cheats it names (battleship.cable.ui
loads them with the end only)."""

from core.wordlist import Words

# one text, not a dict: on MicroPython every key and word of a dict is an interned string
# (a qstr) that stays in the heap for good; a text is one object, freed with the module
W = Words(
    """
lk_win=GYŐZTÉL
lk_lose=VESZTETTÉL
lk_fair=Flotta ellenőrizve: tiszta játék
lk_h_view=A:nézet B:menü
lk_hit_n=Találat: %d
lk_i0=rossz hajók
lk_i1=rossz hossz
lk_i2=nem egyenes
lk_i3=a hajók összeérnek
lk_i4=a hajók egymáson
lk_c_bad=Az ellenfél hibás üzenetet küldött
lk_c_turn=Az ellenfél soron kívül lőtt
lk_c_twice=Az ellenfél kétszer lőtt ide: %s
lk_c_early=Az ellenfél a játék vége előtt felfedte a flottáját
lk_c_unasked=Az ellenfél olyan lövésre felelt, amit nem adtunk le
lk_c_unknown=Az ellenfél váratlan üzenetet küldött
lk_c_coin_copy=Az ellenfél lemásolta az érménk lenyomatát
lk_c_coin_open=Az ellenfél érméje nem egyezik a lenyomatával
lk_c_fleet_copy=Az ellenfél lemásolta a flottánk lenyomatát
lk_c_said_miss=Az ellenfél hazudott: %s találat volt, nem mellé
lk_c_said_hit=Az ellenfél hazudott: %s mellé volt, nem találat
lk_c_no_match=Az ellenfél válasza (%s) nem egyezik a flottájával
lk_c_lied_at=Az ellenfél hazudott: %s
lk_c_reveal=Az ellenfél nem azt a flottát mutatta meg, amelyre elköteleződött
lk_c_reveal_at=Az ellenfél flottája nem egyezik ezzel a mezővel: %s
lk_c_illegal=Az ellenfél flottája szabálytalan: %s
lk_c_sunk_false=Az ellenfél hamisan jelentett süllyedést: %s
lk_c_sunk_hidden=Az ellenfél eltitkolt egy süllyedést: %s
lk_sending=Küldöm...
lk_h_leave=B:kilép
"""
)
