"""The link's words in English (link.screen): read once, when the first is asked for, and the
module dropped again (core.wordlist.Words)."""

TEXT = """
ln_looking=Looking for the other handheld...
ln_plug_cable=Join the cable and choose the same game on both.
ln_unplugged=Cable unplugged?
ln_check_cable=Check the cable and that the other handheld is on.
ln_version_peer=Other handheld: protocol %d, firmware %d.%d.%d.
ln_version_mine=This one: protocol %d, firmware %d.%d.%d. Update one.
ln_peer_rules=The other handheld chose %s.
ln_other_game=another game
ln_syncing=Linked. Finding our place in the game...
ln_other_new=The other handheld started a new game.
ln_other_saved=The other handheld has another game saved.
ln_peer_saved=The other handheld is going on with a saved game: start a new one there.
ln_out_of_step=The two saves are out of step.
ln_behind=This handheld's is the older: the other decides, a new game or the win.
ln_ahead=The other handheld came back with an older save of this game.
ln_forged=Cheat caught: the other handheld claims messages this one never sent or took.
ln_left=The other handheld owes a message and has been silent for a minute.
ln_claimed_them=The other handheld claimed the win: this one was silent too long where it owed a message.
ln_claimed_us=This handheld claimed the win: the other had left.
ln_coin=Tossing the coin...
ln_waiting=Waiting for the other handheld...
ln_cheat=Cheat caught!
ln_void=The game does not count.
ln_won=You win
ln_forfeit=The other handheld went silent where it owed a message: you win by forfeit.
ln_no_port=This handheld has no cable port.
ln_sending=Sending our last move...
ln_hint_leave=B:leave
ln_hint_rules=A:play that B:leave
ln_hint_new=A:new game B:leave
ln_hint_claim=A:win >:new game B:leave
ln_hint_left=A:claim the win B:leave
ln_hint_menu=B:menu
ln_hint_now=B:leave now
"""
