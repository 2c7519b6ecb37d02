"""Link Express screens: every word, English and Hungarian (one "key|English|Magyar" row each;
linkexpress.ui registers them with strings.add() while the mode runs)."""

from core.wordlist import Column

_ROWS = (
    "\n"
    "lx_title|Express over the cable|Expressz kábelen\n"
    "lx_ships|BS DD CV SS PB|CS RO HO TA JH\n"  # ship i is [3i:3i+2], its die face the first letter
    "lx_captain|Captain's rules|Kapitányi játék\n"
    "lx_admiral|Admiral's rules|Admirális játék\n"
    "lx_arrange|Your fleet: front on the right|Flottád: eleje jobbra\n"
    "lx_h_arrange|</>:pick ^/v:move A:go|</>:választ ^/v:mozgat A:kész\n"
    "lx_sealed|Waiting for the other fleet|Várom a másik flottát\n"
    "lx_you|You|Te\n"
    "lx_them|Them|Ők\n"
    "lx_your_turn|Your turn|Te jössz\n"
    "lx_their_turn|Their turn|Ők jönnek\n"
    "lx_attacker|Attack with|Támadó\n"
    "lx_target|Target|Célpont\n"
    "lx_h_pick|</>:choose A:ok|</>:választ A:ok\n"
    "lx_h_again|A:roll again B:stop|A:újra B:állj\n"
    "lx_h_roll|A:roll again|A:újra dob\n"
    "lx_h_reroll|</>:die A:toggle B:roll|</>:kocka A:jelöl B:dob\n"
    "lx_hits|Hits %d/%d|Találat %d/%d\n"
    "lx_sunk|Sunk!|Elsüllyedt!\n"
    "lx_missed|Escaped|Megúszta\n"
    "lx_score|Sunk: you %d, them %d|Süllyesztés: te %d, ők %d\n"
    "lx_win|You win!|Nyertél!\n"
    "lx_lose|You lose|Vesztettél\n"
    "lx_checked|Every roll was checked|Minden dobás ellenőrizve\n"
    "lx_c0|The other sent a bad message|A másik hibás üzenetet küldött\n"
    "lx_c1|The other moved out of turn|A másik nem a sorában lépett\n"
    "lx_c2|The other copied our coin toss|A másik lemásolta a pénzfeldobást\n"
    "lx_c3|The other's coin does not match|A másik pénze nem egyezik\n"
    "lx_c4|The other copied our commitment|A másik lemásolta a vállalásunkat\n"
    "lx_c5|The other's fleet is not the one it committed to|A másik flottája nem a vállalt\n"
    "lx_c6|The other's fleet is illegal|A másik flottája szabálytalan\n"
    "lx_c7|The other's dice secret is not from its chain|A másik kockatitka nem a láncából való\n"
    "lx_c8|The other's roll does not match the dice|A másik dobása nem egyezik a kockákkal\n"
    "lx_c9|The other kept a die that was not a hit|A másik nem talált kockát tett félre\n"
    "lx_c10|The other chose an illegal attacker|A másik szabálytalan támadót választott\n"
    "lx_c11|The other chose an illegal target|A másik szabálytalan célt választott\n"
    "lx_c12|The other made an illegal move|A másik szabálytalanul lépett\n"
    "lx_c13|The other showed its fleet too early|A másik túl korán mutatta a flottáját\n"
)

EN = Column(_ROWS, 1)
HU = Column(_ROWS, 2)
