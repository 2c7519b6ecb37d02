"""Link battle's words in English at the end: the result, and the cheats it names (battleship.cable.ui
loads them with the end only)."""

from core.wordlist import Words

# one text, not a dict: on MicroPython every key and word of a dict is an interned string
# (a qstr) that stays in the heap for good; a text is one object, freed with the module
W = Words(
    """
lk_win=YOU WIN
lk_lose=YOU LOSE
lk_fair=Fleet checked: fair game
lk_h_view=A:view B:menu
lk_hit_n=Hits: %d
lk_i0=wrong ships
lk_i1=wrong length
lk_i2=not straight
lk_i3=ships touch
lk_i4=overlap
lk_c_bad=Opponent sent a bad message
lk_c_turn=Opponent fired out of turn
lk_c_twice=Opponent shot twice at %s
lk_c_early=Opponent revealed its fleet before the end
lk_c_unasked=Opponent answered a shot we did not fire
lk_c_unknown=Opponent sent an unexpected message
lk_c_coin_copy=Opponent copied our coin commitment
lk_c_coin_open=Opponent's coin does not match its commitment
lk_c_fleet_copy=Opponent copied our fleet commitment
lk_c_said_miss=Opponent lied: %s was a hit, not a miss
lk_c_said_hit=Opponent lied: %s was a miss, not a hit
lk_c_no_match=Opponent's answer at %s does not match its fleet
lk_c_lied_at=Opponent lied about %s
lk_c_reveal=Opponent's revealed fleet is not the one it committed to
lk_c_reveal_at=Opponent's fleet does not match its cell %s
lk_c_illegal=Opponent's fleet is illegal: %s
lk_c_sunk_false=Opponent falsely claimed a sinking at %s
lk_c_sunk_hidden=Opponent hid a sinking at %s
lk_sending=Sending...
lk_h_leave=B:leave
"""
)
