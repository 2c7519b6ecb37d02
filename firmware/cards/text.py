"""Card game words in English and Hungarian, and the short texts the card game screens show.

Owns the card game's string tables (registered through strings.add when
cards.ui loads; the Hungarian terms follow the Hungarian edition of the rule
sheet: Fehér töltet, Vörös töltet, Pajzs, Tengeralattjáró, ...) and turns
cards, cells, moves and public events into one-line texts from the human
player's side. Everything here reads a cards.view.View or the event log only.
"""

from cards.rules import (
    DOWN,
    EV_DISCARDED,
    EV_DRAW,
    EV_PLAY,
    EV_REMOVED,
    EV_REVEAL,
    EV_SHIELD_DOWN,
    EV_SINK,
    EV_WASTED,
    IDENTS,
    M_DISCARD,
    M_DISCARD_WHITES,
    M_DRAW_THREE,
    M_PEG,
    M_PLAY_TWO,
    M_PT,
    M_REPAIR,
    M_SHIELD,
    MISS,
    SHIELD_HITS,
    SUNK,
    cell_name,
)
from core.strings import t
from core.wordlist import Column

# One row a key: "key|English|Hungarian". Kept as one string (not two dicts) because
# that takes half the RAM on the device; Words.get finds a row when a screen is drawn.
_ROWS = (
    "\n"
    "cg_title|Card game|Kártyajáték\n"
    "cg_standard|Standard game|Normál játék\n"
    "cg_beginner|Beginner game|Kezdő játék\n"
    "cg_cpu|CPU|Gép\n"
    "cg_who|Who starts?|Ki kezd?\n"
    "cg_random|Random|Véletlen\n"
    "cg_first_you|You start (drawn)|Te kezdesz (sorsolva)\n"
    "cg_first_cpu|CPU starts (drawn)|A gép kezd (sorsolva)\n"
    "cg_coin_you|You start (coin toss)|Te kezdesz (pénzfeldobás)\n"
    "cg_first_them|They start (coin toss)|Ő kezd (pénzfeldobás)\n"
    "cg_you|You|Te\n"
    "cg_them|Them|Ő\n"
    "cg_c0|White|Fehér\n"
    "cg_c1|Red 1|Vörös 1\n"
    "cg_c2|Red 2|Vörös 2\n"
    "cg_c3|Red 4|Vörös 4\n"
    "cg_c4|Shield|Pajzs\n"
    "cg_c5|Disc/2|Eldob/2\n"
    "cg_c6|Rep/3|Jav/3\n"
    "cg_l0|White Peg: search|Fehér töltet: keresés\n"
    "cg_l1|Red Peg: 1 hit|Vörös töltet: 1 találat\n"
    "cg_l2|Red Peg: 2 hits|Vörös töltet: 2 találat\n"
    "cg_l3|Red Peg: 4 hits|Vörös töltet: 4 találat\n"
    "cg_l4|Shield: guard a ship|Pajzs: hajó védelme\n"
    "cg_l5|Discard or Play Two|Eldobás vagy két lap\n"
    "cg_l6|Repair or Draw Three|Javítás vagy három lap\n"
    "cg_end|End|Vége\n"
    "cg_end_long|End your turn|Köröd vége\n"
    "cg_letters| CBDSP| HCRTP\n"
    "cg_s1|Carrier|Hordozó\n"
    "cg_s2|Battleship|Csatahajó\n"
    "cg_s3|Destroyer|Romboló\n"
    "cg_s4|Submarine|Tengeralattj.\n"
    "cg_s5|PT Boat|PT csónak\n"
    "cg_f1|Aircraft Carrier|Repülőgép-hordozó\n"
    "cg_f4|Submarine|Tengeralattjáró\n"
    "cg_down|%s: face down|%s: lefelé fordítva\n"
    "cg_miss|Miss|Nincs találat\n"
    "cg_cell_miss|%s: Miss|%s: Nincs találat\n"
    "cg_cell_ship|%s %s %d/%d|%s %s %d/%d\n"
    "cg_cell_shield|%s %s: shield %d/%d|%s %s: pajzs %d/%d\n"
    "cg_cell_sunk|%s %s: sunk|%s %s: elsüllyedt\n"
    "cg_target|%s: pick a target|%s: válassz célt\n"
    "cg_shield_pick|Shield: pick your ship|Pajzs: melyik hajódra?\n"
    "cg_repair_pick|Repair: pick your ship|Javítás: melyik hajód?\n"
    "cg_which|Remove which card?|Melyik lapot veszed le?\n"
    "cg_pt|PT Boat: A remove, B skip|PT csónak: A levesz, B nem\n"
    "cg_cant|No play for that card|Ez a lap most nem jó\n"
    "cg_more|%d more to play|Még %d lap\n"
    "cg_your_turn|Your turn|Te jössz\n"
    "cg_cpu_turn|CPU's turn...|A gép jön...\n"
    "cg_them_turn|Their turn  B:menu|Ő jön  B:menü\n"
    "cg_disc_n|Discard %d White|%d Fehér eldobása\n"
    "cg_two|Play two more|Még két lap\n"
    "cg_repair|Repair a ship|Hajó javítása\n"
    "cg_draw3|Draw three|Három lap húzása\n"
    "cg_discard|Discard it (no play)|Eldobás (nincs lépés)\n"
    "cg_found|Found: %s|Felfedve: %s\n"
    "cg_hit|Hit: %s %d/%d|Találat: %s %d/%d\n"
    "cg_hit_ship|Hit: %s|Találat: %s\n"
    "cg_shield_hit|Shield hit %d/%d|Pajzs találat %d/%d\n"
    "cg_shield_down|Shield destroyed|A pajzs megsemmisült\n"
    "cg_sunk|%s sunk!|%s elsüllyedt!\n"
    "cg_wasted|No effect|Nincs hatása\n"
    "cg_removed|Removed %s|Levéve: %s\n"
    "cg_drew|Drew %d cards|%d lap felhúzva\n"
    "cg_dropped|%d White dropped|%d Fehér eldobva\n"
    "cg_shield_on|Shield on %s|Pajzs: %s\n"
    "cg_extra|Play more cards|Játssz még lapot\n"
    "cg_cpu_search|CPU searches %s (%s)|Gép keres: %s (%s)\n"
    "cg_cpu_fire|CPU fires at %s (%s)|Gép lő: %s (%s)\n"
    "cg_cpu_shield|CPU shields %s|Gép pajzsa: %s\n"
    "cg_cpu_disc_w|CPU discards %d White|Gép eldob %d Fehéret\n"
    "cg_cpu_two|CPU plays two more|Gép: még két lap\n"
    "cg_cpu_repair|CPU repairs %s|Gép javít: %s\n"
    "cg_cpu_draw3|CPU draws three|Gép húz hármat\n"
    "cg_cpu_pt|CPU's PT Boat: %s|Gép PT csónakja: %s\n"
    "cg_cpu_discard|CPU discards %s|Gép eldob: %s\n"
    "cg_cpu_none|CPU: no play|Gép: nincs lépés\n"
    "cg_them_search|They search %s (%s)|Ő keres: %s (%s)\n"
    "cg_them_fire|They fire at %s (%s)|Ő lő: %s (%s)\n"
    "cg_them_shield|They shield %s|Pajzsa: %s\n"
    "cg_them_disc_w|They discard %d White|Eldob %d Fehéret\n"
    "cg_them_two|They play two more|Ő: még két lap\n"
    "cg_them_repair|They repair %s|Javít: %s\n"
    "cg_them_draw3|They draw three|Hármat húz\n"
    "cg_them_pt|Their PT Boat: %s|PT csónakja: %s\n"
    "cg_them_discard|They discard %s|Eldobja: %s\n"
    "cg_them_none|They: no play|Nincs lépése\n"
    "cg_you_search|You search %s (%s)|Keresel: %s (%s)\n"
    "cg_you_fire|You fire at %s (%s)|Lősz: %s (%s)\n"
    "cg_you_shield|You shield %s|Pajzsod: %s\n"
    "cg_you_disc_w|You discard %d White|Eldobsz %d Fehéret\n"
    "cg_you_two|You play two more|Még két lapot játszol\n"
    "cg_you_repair|You repair %s|Javítasz: %s\n"
    "cg_you_draw3|You draw three|Hármat húzol\n"
    "cg_you_pt|Your PT Boat: %s|PT csónakod: %s\n"
    "cg_you_discard|You discard %s|Eldobod: %s\n"
    "cg_you_none|You: no play|Nincs lépésed\n"
    "cg_menu|Paused|Szünet\n"
    "cg_resume|Resume|Folytatás\n"
    "cg_end_turn|End turn|Kör vége\n"
    "cg_log|Last turns|Az előző körök\n"
    "cg_piles|Piles|Paklik\n"
    "cg_help|Help|Súgó\n"
    "cg_quit|Save and quit|Mentés és kilépés\n"
    "cg_cpu_pdraw|Draw pile: you %d, CPU %d|Húzópakli: te %d, gép %d\n"
    "cg_cpu_pdisc|Discard: you %d, CPU %d|Eldobópakli: te %d, gép %d\n"
    "cg_cpu_phand|CPU's hand: %d cards|Gép keze: %d lap\n"
    "cg_them_pdraw|Draw pile: you %d, them %d|Húzópakli: te %d, ő %d\n"
    "cg_them_pdisc|Discard: you %d, them %d|Eldobópakli: te %d, ő %d\n"
    "cg_them_phand|Their hand: %d cards|A keze: %d lap\n"
    "cg_no_log|Nothing yet|Még semmi\n"
    "cg_back|B:back|B:vissza\n"
    "cg_win|You win!|Nyertél!\n"
    "cg_cpu_wins|CPU wins|A gép nyert\n"
    "cg_them_wins|You lose|Vesztettél\n"
    "cg_draw|Draw game|Döntetlen\n"
    "cg_cpu_score|You sank %d, CPU sank %d|Süllyesztettél: %d, a gép: %d\n"
    "cg_them_score|You sank %d, they sank %d|Süllyesztettél: %d, ő: %d\n"
    "cg_cpu_again|A:new game B:menu|A:új játék B:menü\n"
    "cg_them_again|A,B:menu|A,B:menü\n"
    "cg_cable|Card game (cable)|Kártyajáték (kábel)\n"
    "cg_coin|Tossing the coin...|Pénzfeldobás...\n"
    "cg_shuffle|Shuffling %d/%d|Keverés %d/%d\n"
    "cg_dealing|Dealing...|Osztás...\n"
    "cg_checking|Checking the cards...|A lapok ellenőrzése...\n"
    "cg_checked|Every card checked|Minden lap ellenőrizve\n"
    "cg_unplugged|Cable unplugged?|Kihúzták a kábelt?\n"
    "cg_waiting|Waiting for the other side...|Várom a másik felet...\n"
    "cg_leave|B:leave|B:kilép\n"
    "cg_why20|The other broke the game's rules|A másik megszegte a játék szabályait\n"
    "cg_why21|The other lied about a searched card|A másik hazudott egy átkutatott lapról\n"
    "cg_why22|The other played a card not in its hand|A másik a kezében nem lévő lapot játszott ki\n"
    "cg_why23|The other stacked its deck|A másik előre elrendezte a pakliját\n"
    "cg_why24|The other dealt us a wrong card|A másik rossz lapot osztott nekünk\n"
    "cg_why25|The other's Coordinate cards are not as committed|A másik Koordinátakártyái nem a rögzítettek\n"
    "cg_why27|The other marked its cards at the shuffle|A másik megjelölte a lapjait a keverésnél\n"
    "cg_why2|The other copied our coin toss|A másik lemásolta a pénzfeldobásunkat\n"
    "cg_why28|The other's shuffle has two cards alike|A másik keverésében két egyforma lap van\n"
    "cg_why3|The other's coin does not match its commitment|A másik pénzfeldobása nem egyezik a rögzítettel\n"
)


EN = Column(_ROWS, 1)
HU = Column(_ROWS, 2)


def card_short(t_row):
    return t("cg_c%d" % t_row)


def card_long(t_row):
    return t("cg_l%d" % t_row)


def ship_name(ident, full=False):
    """A ship's name: full where a line has room (Aircraft Carrier), else short."""
    if full and (ident == 1 or ident == 4):
        return t("cg_f%d" % ident)
    return t("cg_s%d" % ident)


def ship_letter(ident):
    return t("cg_letters")[ident]


def cell_text(view, side, c):
    """What is known about one cell, e.g. "B3 Carrier 2/5" (side 0 = mine, 1 = the CPU's)."""
    name = cell_name(c)
    st = view.state[side][c]
    if st == DOWN:
        return t("cg_down") % name
    ident = view.known[side][c]
    if ident == MISS:
        return t("cg_cell_miss") % name
    if st == SUNK:
        return t("cg_cell_sunk") % (name, ship_name(ident))
    if view.shield[side][c] >= 0:
        left = view.shield_left(side, c)
        return t("cg_cell_shield") % (name, ship_name(ident), SHIELD_HITS - left, SHIELD_HITS)
    return t("cg_cell_ship") % (name, ship_name(ident, True), view.damage(side, c), IDENTS[ident][2])


def split_plays(events):
    """The event log cut into plays: lists that start with an EV_PLAY event."""
    out = []
    for ev in events:
        if ev[1] == EV_PLAY:
            out.append([ev])
        elif out:
            out[-1].append(ev)
    return out


def said(key, foe="cpu"):
    """The words of key said of the opponent: the CPU's, or (foe "them") the other handheld's
    over the cable: "cpu" in the key becomes foe ("cg_cpu_fire" -> "cg_them_fire")."""
    return t(key.replace("cpu", foe) if foe != "cpu" else key)


def play_line(play, me=0, foe="cpu"):
    """Line 1 for a play (its EV_PLAY event and what followed), said as whose, seen from player
    me: "You fire at Z3 (Red 2)", "CPU fires at X1 (Red 4)" ("They fire at ..." over the cable)."""
    who, _code, act, ct, c = play[0]
    k = "cg_cpu_" if who != me else "cg_you_"
    card = card_short(ct) if ct >= 0 else ""
    if act == M_PEG:
        search = False
        for ev in play:
            if ev[1] == EV_REVEAL:
                search = True
        return said(k + ("search" if search else "fire"), foe) % (cell_name(c), card)
    if act == M_SHIELD:
        return said(k + "shield", foe) % cell_name(c)
    if act == M_DISCARD_WHITES:
        n = 0
        for ev in play:
            if ev[1] == EV_DISCARDED:
                n = ev[2]
        return said(k + "disc_w", foe) % n
    if act == M_PLAY_TWO:
        return said(k + "two", foe)
    if act == M_REPAIR:
        return said(k + "repair", foe) % cell_name(c)
    if act == M_DRAW_THREE:
        return said(k + "draw3", foe)
    if act == M_PT:
        return said(k + "pt", foe) % cell_name(c)
    if act == M_DISCARD:
        return said(k + "discard", foe) % card
    return said(k + "none", foe)


def _find(play, code):
    for ev in play:
        if ev[1] == code:
            return ev
    return None


def result_line(play, view, me=0, counts=True):
    """Line 2: what a play did, read from its events and the View (after it, or any later
    one: a revealed card never changes). counts=False leaves out damage numbers."""
    _who, _code, act, ct, c = play[0]
    if act == M_PEG:
        side = 0 if play[0][0] != me else 1  # the grid that was attacked, seen from me
        ev = _find(play, EV_SINK)
        if ev:
            return t("cg_sunk") % ship_name(ev[4])
        if _find(play, EV_SHIELD_DOWN):
            return t("cg_shield_down")
        ev = _find(play, EV_REVEAL)
        wasted = _find(play, EV_WASTED)
        if ev and ev[3] == MISS:
            return t("cg_miss")
        if ev and wasted:
            return t("cg_found") % ship_name(ev[3])
        if wasted:
            return t("cg_wasted")
        ident = view.known[side][c]
        if view.state[side][c] == DOWN or ident <= MISS:
            return t("cg_miss")
        if counts and view.shield[side][c] >= 0:
            return t("cg_shield_hit") % (SHIELD_HITS - view.shield_left(side, c), SHIELD_HITS)
        if not counts or view.state[side][c] == SUNK:
            return t("cg_hit_ship") % ship_name(ident)
        return t("cg_hit") % (ship_name(ident), view.damage(side, c), IDENTS[ident][2])
    if act == M_REPAIR or act == M_PT:
        ev = _find(play, EV_REMOVED)
        return t("cg_removed") % card_short(ev[2]) if ev else ""
    if act == M_DRAW_THREE:
        ev = _find(play, EV_DRAW)
        return t("cg_drew") % (ev[2] if ev else 0)
    if act == M_DISCARD_WHITES:
        ev = _find(play, EV_DISCARDED)
        return t("cg_dropped") % (ev[2] if ev else 0)
    if act == M_SHIELD:
        return t("cg_shield_on") % cell_name(c)
    if act == M_PLAY_TWO:
        return t("cg_extra")
    return ""


def over_key(g, me=0, foe="cpu"):
    """The key of the words for how game g ended, for player me (the human: 0 against the CPU)."""
    if g.winner == me:
        return "cg_win"
    return "cg_%s_wins" % foe if g.winner == 1 - me else "cg_draw"
