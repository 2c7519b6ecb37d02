"""Battleship Express screens: every word, English and Hungarian.

express.ui registers EN and HU with strings.add() when the game loads (and they
go with it). Hungarian uses the usual naval terms: Csatahajó, Romboló,
Repülőgép-hordozó, Tengeralattjáró, Járőrhajó; a die's burst face is a
"robbanás"; the Captain's and Admiral's games are the "Kapitányi" and
"Admirálisi" játék. Formats take a seat's name or numbers through %.

One row a key, "key|English|Hungarian", all in one string constant: on the
device that is about half the RAM of two dicts, and it compiles without the
big transient a 70-entry dict literal needs. A lookup scans the string when
a screen is drawn (on change, never per frame).
"""

from core.wordlist import Column

_ROWS = (
    "\n"
    "ex_title|Battleship Express|Torpedó Expressz\n"
    "ex_game|Game|Játék\n"
    "ex_captain|Captain's|Kapitányi\n"
    "ex_admiral|Admiral's|Admirális\n"
    "ex_captain_game|Captain's game|Kapitányi játék\n"
    "ex_admiral_game|Admiral's game|Admirális játék\n"
    "ex_players|Players|Játékosok\n"
    "ex_teams|4, teams|4, csapat\n"
    "ex_human|Human|Ember\n"
    "ex_cpu|CPU|Gép\n"
    "ex_start|Start|Indítás\n"
    "ex_first|Starts|Kezd\n"
    "ex_random|Random|Véletlen\n"
    "ex_starts|%s starts|%s kezd\n"
    "ex_team_seat|%s (%s)|%s (%s)\n"
    "ex_p|Player %d|%d. játékos\n"
    "ex_c|CPU %d|%d. gép\n"
    "ex_s0|Battleship|Csatahajó\n"
    "ex_s1|Destroyer|Romboló\n"
    "ex_s2|Carrier|Repülőgép-hordozó\n"
    "ex_s3|Submarine|Tengeralattjáró\n"
    "ex_s4|Patrol Boat|Járőrhajó\n"
    "ex_s5|Burst|Robbanás\n"
    "ex_loading|Charting the odds...|Esélyek számítása...\n"
    "ex_h_first_seat|A:play|A:játék\n"
    "ex_fleet|%s: fleet|%s: flotta\n"
    "ex_front|front|eleje\n"
    "ex_ready|Ready|Kész\n"
    "ex_h_arrange|<>:ship A:move v:ready|<>:hajó A:mozgat v:kész\n"
    "ex_h_carry|<>:move A:drop|<>:mozgat A:letesz\n"
    "ex_h_ready|A:ready ^:fleet|A:kész ^:flotta\n"
    "ex_pass|Pass the handheld to|Add át a készüléket:\n"
    "ex_press_a|then press A|majd nyomd meg az A-t\n"
    "ex_t_attacker|%s: attack with?|%s: ki támad?\n"
    "ex_t_target|%s: target?|%s: célpont?\n"
    "ex_t_turn|%s's turn|%s jön\n"
    "ex_t_attacks|%s attacks|%s támad\n"
    "ex_t_declare|%s: declare|%s: célpont\n"
    "ex_t_reroll|%s: reroll?|%s: újradobás?\n"
    "ex_sunk|Sunk!|Elsüllyedt!\n"
    "ex_burst_sunk|Burst! Sunk!|Robbanás! Elsüllyedt!\n"
    "ex_burst_note|1 burst sinks it|Robbanás: süllyed\n"
    "ex_missed|Missed|Nem süllyedt el\n"
    "ex_hits|Hits %d/%d|Találat %d/%d\n"
    "ex_rolls|Rolls left %d|Dobás még %d\n"
    "ex_after_roll|Target after the roll|Célpont a dobás után\n"
    "ex_h_attacker|<>:ship A:attack B:menu|<>:hajó A:támad B:menü\n"
    "ex_h_stays|A:attack ^:to front|A:támad ^:előre\n"
    "ex_h_target|<>:target A:ok B:back|<>:cél A:ok B:vissza\n"
    "ex_h_roll|A:roll B:back|A:dob B:vissza\n"
    "ex_h_again|A:roll again|A:újra dob\n"
    "ex_h_again_stop|A:roll B:stop|A:dob B:megáll\n"
    "ex_h_declare|<>:target A:declare|<>:cél A:bejelent\n"
    "ex_h_reroll|<>:die ^v:pick A:roll B:stop|<>:kocka ^v:jelöl A:dob B:áll\n"
    "ex_h_next|A:next|A:tovább\n"
    "ex_h_cpu|A:step B:skip|A:lép B:átugrik\n"
    "ex_h_cpu_done|A:next|A:tovább\n"
    "ex_paused|Paused|Szünet\n"
    "ex_resume|Resume|Folytatás\n"
    "ex_quit|Save and quit|Mentés és kilépés\n"
    "ex_help|Help|Súgó\n"
    "ex_over|Game over|Vége a játéknak\n"
    "ex_wins|%s wins!|%s nyert!\n"
    "ex_win2|%s & %s win!|%s és %s nyertek!\n"
    "ex_h_over|A:menu|A:menü\n"
)


EN = Column(_ROWS, 1)
HU = Column(_ROWS, 2)
