"""The link's words in Hungarian (link.screen): read once, when the first is asked for, and the
module dropped again (core.wordlist.Words)."""

TEXT = """
ln_looking=Keresem a másik készüléket...
ln_plug_cable=Dugd be a kábelt, és mindkét készüléken ugyanazt a játékot válaszd.
ln_unplugged=Kihúzták a kábelt?
ln_check_cable=Nézd meg a kábelt, és hogy a másik készülék be van-e kapcsolva.
ln_version_peer=A másik készülék: protokoll %d, firmware %d.%d.%d.
ln_version_mine=Ez: protokoll %d, firmware %d.%d.%d. Frissítsd az egyiket.
ln_peer_rules=A másik készülék ezt választotta: %s.
ln_other_game=másik játék
ln_syncing=Összekötve. Megkeressük, hol tart a játék...
ln_other_new=A másik készüléken új játék indult.
ln_other_saved=A másik készüléken másik játék van elmentve.
ln_peer_saved=A másik készülék egy mentett játékot folytatna: ott indíts újat.
ln_out_of_step=A két mentés nincs összhangban.
ln_behind=Ennek a készüléknek a mentése a régebbi: a másik dönt, új játék vagy győzelem.
ln_ahead=A másik készülék a játszma egy régebbi mentésével tért vissza.
ln_forged=Csalás: a másik szerint ez olyat küldött vagy vett át, amit soha.
ln_left=A másik készülék következne, de egy perce hallgat.
ln_claimed_them=A másik készülék győzelmet kért: ez túl sokáig hallgatott, amikor következett.
ln_claimed_us=Ez a készülék győzelmet kért: a másik elment.
ln_coin=Pénzfeldobás...
ln_waiting=Várom a másik készüléket...
ln_cheat=Csalás lebukott!
ln_void=A játék nem számít.
ln_won=Nyertél
ln_forfeit=A másik készülék elhallgatott, pedig üzenettel tartozott: feladta, nyertél.
ln_no_port=Ennek a készüléknek nincs kábelcsatlakozója.
ln_sending=Küldöm az utolsó lépésünket...
ln_hint_leave=B:kilép
ln_hint_rules=A:legyen az B:kilép
ln_hint_new=A:új játék B:kilép
ln_hint_claim=A:győzelem >:új B:kilép
ln_hint_left=A:győzelem B:kilép
ln_hint_menu=B:menü
ln_hint_now=B:kilép most
"""
