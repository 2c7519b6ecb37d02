"""Link Express's own words, English and Hungarian (one "key|English|Magyar" row each), and
Express's behind them: express.cable.ui registers EN and HU with strings.add() while the mode runs,
and a word not found here is Express's (express.text). Keys are longer than 10 characters, so
that none is interned (docs/architecture.md); "lx_c%d" names a cheat (express.cable.game W_*)."""

from core import wordlist
from express import text

_ROWS = (
    "\n"
    "lx_cable_title|Express over the cable|Expressz kábelen\n"
    "lx_rules_captain|Captain's rules|Kapitányi játék\n"
    "lx_rules_admiral|Admiral's rules|Admirális játék\n"
    "lx_seat_you|You|Te\n"
    "lx_seat_them|Opponent|Ellenfél\n"
    "lx_mark_you|You|Te\n"
    "lx_mark_them|Them|Ő\n"
    "lx_you_attack|You attack|Te támadsz\n"
    "lx_their_turn|Their turn  B:menu|Az ellenfél jön  B:menü\n"
    "lx_rolling|Rolling...  B:menu|Dobás...  B:menü\n"
    "lx_coin_you|The coin: you start|Pénzfeldobás: te kezdesz\n"
    "lx_coin_them|The coin: your opponent starts|Pénzfeldobás: az ellenfeled kezd\n"
    "lx_fleet_wait|Waiting for the other fleet...|Várom a másik flottát...\n"
    "lx_you_win|You win!|Nyertél!\n"
    "lx_you_lose|You lose|Vesztettél\n"
    "lx_all_checked|Every roll was checked|Minden dobás ellenőrizve\n"
    # in play the link's screens and words are not in the heap (link.screen: its words, the same)
    "lx_unplugged|Cable unplugged?|Kihúzták a kábelt?\n"
    "lx_waiting_for|Waiting for the other side...|Várom a másik felet...\n"
    "lx_sending_last|Sending our last move...|Küldöm az utolsó lépésünket...\n"
    "lx_hint_now|A:leave now|A:kilép most\n"
    "lx_c0|The other sent a bad message|A másik hibás üzenetet küldött\n"
    "lx_c1|The other moved out of turn|A másik nem a sorában lépett\n"
    "lx_c2|The other copied our coin toss|A másik lemásolta a pénzfeldobást\n"
    "lx_c3|The other's coin does not match|A másik pénze nem egyezik\n"
    "lx_c4|The other copied our commitment|A másik lemásolta a rögzített flottánkat\n"
    "lx_c5|The other's fleet is not the one it committed to|A másik flottája nem a rögzített flotta\n"
    "lx_c6|The other's fleet is illegal|A másik flottája szabálytalan\n"
    "lx_c7|The other's dice secret is not from its chain|A másik kockatitka nem a láncából való\n"
    "lx_c8|The other's roll does not match the dice|A másik dobása nem egyezik a kockákkal\n"
    "lx_c9|The other kept a die that was not a hit|A másik nem talált kockát tett félre\n"
    "lx_c10|The other chose an illegal attacker|A másik szabálytalan támadót választott\n"
    "lx_c11|The other chose an illegal target|A másik szabálytalan célt választott\n"
    "lx_c12|The other made an illegal move|A másik szabálytalanul lépett\n"
    "lx_c13|The other showed its fleet too early|A másik túl korán mutatta a flottáját\n"
)


class Column(wordlist.Column):
    """The cable's words, then Express's: one table for strings.add()."""

    def get(self, key, default=None):
        s = wordlist.Column.get(self, key)
        if s is not None:
            return s
        return (text.HU if self.col == 2 else text.EN).get(key, default)


EN = Column(_ROWS, 1)
HU = Column(_ROWS, 2)
