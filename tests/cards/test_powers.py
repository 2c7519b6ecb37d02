# interpreters: micropython cpython
"""Card game Power cards (each choice) and ship powers, standard and beginner."""

from cg_setup import (
    A1,
    A2,
    A3,
    A4,
    B1,
    B2,
    B3,
    C1,
    DT,
    R1,
    R2,
    R4,
    RT,
    SH,
    W,
    begin,
    hit,
    reveal,
    setup,
)
from cg_setup import shield as put_shield
from support import raises

from cards.rules import (
    BEGINNER,
    CARD_TYPE,
    EV_LOST_WHITES,
    M_DISCARD_WHITES,
    M_DRAW_THREE,
    M_END,
    M_PEG,
    M_PLAY_TWO,
    M_PT,
    M_REPAIR,
    M_SHIELD,
    M_SKIP,
    NO_CARD,
    PH_PLAY,
    PH_PT,
    SUNK,
    UP,
)

# --- Shield -------------------------------------------------------------------


def test_shield_goes_only_on_your_revealed_ships():
    g = setup(hand0=[SH[0]])
    reveal(g, 0, A2)
    reveal(g, 0, B2)  # a Miss
    assert [m for m in g.legal_moves() if m[0] == M_SHIELD] == [(M_SHIELD, SH[0], A2, 0)]
    g.apply((M_SHIELD, SH[0], A2, 0))
    assert g.shield[0][A2] == SH[0] and g.cur == 1


def test_shield_absorbs_two_pegs_then_is_discarded():
    g = setup(hand1=[R1[0], R1[1], R1[2]], cur=1)
    hit(g, 0, A3, R1[3])  # Destroyer with one peg of damage
    put_shield(g, 0, A3, SH[0])
    begin(g)
    g.apply((M_PEG, R1[0], A3, 0))
    assert g.damage(0, A3) == 1 and g.shield[0][A3] == SH[0]  # damage kept, shield took the peg
    g.cur = 1
    begin(g)
    g.apply((M_PEG, R1[1], A3, 0))
    assert g.shield[0][A3] == NO_CARD and SH[0] in g.disc[0]  # shield to its owner's discard
    assert R1[0] in g.disc[1] and R1[1] in g.disc[1]  # the pegs on it to the attacker's
    assert g.damage(0, A3) == 1 and g.up[0][A3] == UP
    g.cur = 1
    begin(g)
    g.apply((M_PEG, R1[2], A3, 0))
    assert g.damage(0, A3) == 2


def test_shield_extra_pegs_do_not_reach_the_ship():
    g = setup(hand1=[R4], cur=1)
    put_shield(g, 0, A2, SH[0])
    begin(g)
    g.apply((M_PEG, R4, A2, 0))
    assert g.shield[0][A2] == NO_CARD and g.damage(0, A2) == 0 and g.up[0][A2] == UP


def test_one_shield_per_ship():
    g = setup(hand0=[SH[1]])
    put_shield(g, 0, A2, SH[0])
    assert [m for m in g.legal_moves() if m[0] == M_SHIELD] == []


# --- Discard or Play Two ------------------------------------------------------------


def test_discard_white_pegs_then_reload_more():
    g = setup(hand0=[DT[0], W[0], W[1], W[2], R1[0]])
    opts = sorted(m for m in g.legal_moves() if m[1] == DT[0])
    assert opts == [(M_DISCARD_WHITES, DT[0], -1, n) for n in (1, 2, 3)] + [(M_PLAY_TWO, DT[0], -1, 0)]
    g.apply((M_DISCARD_WHITES, DT[0], -1, 2))
    assert len(g.disc[0]) == 3 and DT[0] in g.disc[0]
    assert sum(1 for k in g.disc[0] if CARD_TYPE[k] == 0) == 2
    assert g.cur == 1 and len(g.hand[0]) == 5  # three drawn on reload


def test_discard_choice_needs_a_white_peg():
    g = setup(hand0=[DT[0], R1[0]])
    assert [m[0] for m in g.legal_moves() if m[1] == DT[0]] == [M_PLAY_TWO]


def test_play_two_owes_two_more_plays_while_any_can_be_played():
    # the seed: "Play two more cards" (End turn only when none of them can be played)
    g = setup(hand0=[DT[0]])
    g.apply((M_PLAY_TWO, DT[0], -1, 0))
    assert g.legal_moves() == [(M_END, -1, -1, 0)]  # nothing left in hand to play
    g = setup(hand0=[DT[0], W[0], W[1], W[2]])
    g.apply((M_PLAY_TWO, DT[0], -1, 0))
    assert g.cur == 0 and g.plays == 2 and DT[0] in g.disc[0]
    assert (M_END, -1, -1, 0) not in g.legal_moves()
    g.apply((M_PEG, W[0], B2, 0))
    assert g.cur == 0
    g.apply((M_PEG, W[1], B3, 0))
    assert g.cur == 1  # three cards played in all
    g = setup(hand0=[DT[0], W[0]])
    g.apply((M_PLAY_TWO, DT[0], -1, 0))
    assert (M_END, -1, -1, 0) not in g.legal_moves()  # the White Peg is owed first
    g.apply((M_PEG, W[0], B2, 0))
    assert g.cur == 0 and g.legal_moves() == [(M_END, -1, -1, 0)]  # the second play cannot be made
    g.apply((M_END, -1, -1, 0))
    assert g.cur == 1


# --- Repair or Draw Three ---------------------------------------------------------------


def test_repair_removes_a_peg_card_then_play_another():
    g = setup(hand0=[RT[0], W[0]])
    hit(g, 0, A1, R2[0])
    hit(g, 0, A1, R1[0])
    begin(g)
    reps = sorted(m for m in g.legal_moves() if m[0] == M_REPAIR)
    assert reps == [(M_REPAIR, RT[0], A1, 0), (M_REPAIR, RT[0], A1, 1)]
    g.apply((M_REPAIR, RT[0], A1, 0))
    assert list(g.pegs[0][A1]) == [R1[0]] and R2[0] in g.disc[1]  # back to its owner's discard
    assert g.cur == 0 and g.plays == 1
    g.apply((M_PEG, W[0], B2, 0))
    assert g.cur == 1


def test_repair_does_not_work_on_shields():
    g = setup(hand0=[RT[0], W[0]])
    put_shield(g, 0, A2, SH[0])
    g.spegs[0][A2] += bytes((R1[0],))
    g.draw[1].remove(R1[0])
    begin(g)
    assert [m for m in g.legal_moves() if m[0] == M_REPAIR] == []


def _stack_draw(g, p, top):
    """Put these cards on top of p's draw pile, the last one drawn first."""
    for k in top:
        g.draw[p].remove(k)
    g.draw[p].extend(top)


def test_draw_three_then_play_one_of_them_keep_two():
    g = setup(hand0=[RT[0], W[0], W[1], W[2], W[3]])
    _stack_draw(g, 0, [R2[0], R1[0], W[4]])
    g.apply((M_DRAW_THREE, RT[0], -1, 0))
    assert sorted(g.only) == sorted([R2[0], R1[0], W[4]]) and len(g.hand[0]) == 7
    played = set(m[1] for m in g.legal_moves() if m[0] != M_END)
    assert played == set([R2[0], R1[0], W[4]])  # the old cards must wait
    g.apply((M_PEG, R1[0], A1, 0))
    assert g.cur == 1  # that was the one play
    assert sorted(g.hand[0]) == sorted([W[0], W[1], W[2], W[3], R2[0], W[4]])  # six: no reload


def test_draw_three_reshuffles_and_may_end_if_nothing_drawn_fits():
    g = setup(hand0=[RT[0], R1[0]])
    for c in range(12):
        g.up[1][c] = SUNK if g.ident[1][c] else UP
    g.up[1][A1] = UP  # one enemy ship left, revealed: White Pegs have nothing to do
    rest = [k for k in g.draw[0] if k not in (W[5], W[6], W[7])]
    g.hand[0].extend(rest)
    g.draw[0] = [W[5], W[6]]
    g.disc[0] = [W[7]]
    g.apply((M_DRAW_THREE, RT[0], -1, 0))
    assert sorted(g.only) == [W[5], W[6], W[7]]  # the third came from the reshuffled discard
    assert g.disc[0] == [RT[0]]
    assert g.legal_moves() == [(M_END, -1, -1, 0)]
    g.apply((M_END, -1, -1, 0))
    assert g.cur == 1 and g.consistent()


# --- Ship powers -------------------------------------------------------------------------


def test_submarine_only_white_pegs_damage_it():
    g = setup(hand0=[W[0]], hand1=[R2[0]])
    g.apply((M_PEG, W[0], A4, 0))  # the White Peg that reveals it counts
    assert list(g.pegs[1][A4]) == [W[0]] and g.damage(1, A4) == 1
    g.apply((M_PEG, R2[0], A4, 0))  # player 1's Red Peg on player 0's Sub: discarded
    assert g.pegs[0][A4] == b"" and R2[0] in g.disc[1] and g.up[0][A4] == UP


def test_red_peg_on_revealed_submarine_is_discarded():
    g = setup(hand0=[R4])
    reveal(g, 1, A4)
    g.apply((M_PEG, R4, A4, 0))
    assert g.damage(1, A4) == 0 and R4 in g.disc[0]


def test_three_white_pegs_sink_the_submarine():
    g = setup(hand0=[W[0]])
    hit(g, 1, A4, W[1])
    hit(g, 1, A4, W[2])
    g.apply((M_PEG, W[0], A4, 0))
    assert g.up[1][A4] == SUNK


def test_beginner_submarine_is_an_ordinary_ship():
    g = setup(mode=BEGINNER, hand0=[W[0], R2[0]])
    g.apply((M_PEG, W[0], A4, 0))
    assert g.pegs[1][A4] == b""  # White search does no damage
    g.cur = 0
    begin(g)
    g.apply((M_PEG, R2[0], A4, 0))
    assert g.damage(1, A4) == 2


def test_pt_boat_removes_one_peg_card_at_start_of_turn():
    g = setup(hand1=[W[0]], hand0=[W[0]], cur=1)
    reveal(g, 0, B1)  # player 0's PT Boat
    hit(g, 0, A1, R2[0])
    hit(g, 0, A1, R1[0])
    g.apply((M_PEG, W[0], B2, 0))  # player 1's turn ends
    assert g.cur == 0 and g.phase == PH_PT
    moves = sorted(g.legal_moves())
    assert moves == [(M_PT, -1, A1, 0), (M_PT, -1, A1, 1), (M_SKIP, -1, -1, 0)]
    g.apply((M_PT, -1, A1, 0))
    assert list(g.pegs[0][A1]) == [R1[0]] and R2[0] in g.disc[1] and g.phase == PH_PLAY and g.cur == 0


def test_pt_boat_may_skip_and_not_work_on_shields():
    g = setup(hand0=[W[0]])
    reveal(g, 0, B1)
    put_shield(g, 0, A2, SH[0])
    g.spegs[0][A2] += bytes((R1[0],))
    g.draw[1].remove(R1[0])
    begin(g)
    assert g.phase == PH_PLAY  # nothing it may remove
    hit(g, 0, B1, R1[1])
    begin(g)
    assert g.phase == PH_PT
    g.apply((M_SKIP, -1, -1, 0))
    assert list(g.pegs[0][B1]) == [R1[1]] and g.phase == PH_PLAY


def test_pt_boat_power_off_in_beginner_and_while_hidden():
    g = setup(mode=BEGINNER, hand0=[W[0]])
    reveal(g, 0, B1)
    hit(g, 0, A1, R1[0])
    assert begin(g).phase == PH_PLAY
    g = setup(hand0=[W[0]])
    hit(g, 0, A1, R1[0])
    assert begin(g).phase == PH_PLAY


def test_destroyer_lets_white_pegs_damage_ships_and_shields():
    g = setup(hand0=[W[0], W[1]])
    reveal(g, 1, A1)
    put_shield(g, 1, A2, SH[0])
    begin(g)
    assert (M_PEG, W[0], A1, 0) not in g.legal_moves()
    reveal(g, 0, A3)  # our Destroyer is found
    assert (M_PEG, W[0], A1, 0) in g.legal_moves() and (M_PEG, W[0], A2, 0) in g.legal_moves()
    g.apply((M_PEG, W[0], A1, 0))
    assert g.damage(1, A1) == 1


def test_destroyer_white_search_does_not_hit():
    g = setup(hand0=[W[0]])
    reveal(g, 0, A3)
    g.apply((M_PEG, W[0], A1, 0))
    assert g.pegs[1][A1] == b""


def test_sunk_destroyer_loses_its_white_pegs_except_on_the_submarine():
    g = setup(hand1=[R4], cur=1)
    reveal(g, 0, A3)  # player 0's Destroyer, about to be sunk by player 1
    hit(g, 1, A1, W[0])
    hit(g, 1, A1, R1[0])
    hit(g, 1, A4, W[1])
    begin(g)
    g.apply((M_PEG, R4, A3, 0))
    assert g.up[0][A3] == SUNK
    assert list(g.pegs[1][A1]) == [R1[0]] and W[0] in g.disc[0]
    assert list(g.pegs[1][A4]) == [W[1]]
    assert any(e[1] == EV_LOST_WHITES and e[2] == 1 for e in g.prev_events)


def test_battleship_adds_a_peg_to_each_red_card_in_play():
    g = setup(hand0=[R2[0]])
    hit(g, 1, A1, R1[0])
    assert g.damage(1, A1) == 1
    reveal(g, 0, A2)
    assert g.damage(1, A1) == 2
    g.apply((M_PEG, R2[0], A1, 0))
    assert g.up[1][A1] == SUNK  # 2 + 3 = 5 sinks the Carrier


def test_battleship_bonus_ends_when_it_sinks_and_not_for_whites():
    g = setup(hand1=[R4], cur=1)
    reveal(g, 0, A2)
    hit(g, 1, A1, R1[0])
    hit(g, 1, A4, W[0])
    assert g.damage(1, A1) == 2 and g.damage(1, A4) == 1
    begin(g)
    g.apply((M_PEG, R4, A2, 0))  # player 1 sinks player 0's Battleship
    assert g.up[0][A2] == SUNK and g.damage(1, A1) == 1


def test_beginner_ignores_ship_powers():
    g = setup(mode=BEGINNER, hand0=[W[0], R1[0]])
    reveal(g, 0, A2)  # Battleship
    reveal(g, 0, A3)  # Destroyer
    reveal(g, 0, A1)  # Carrier
    reveal(g, 1, C1)
    reveal(g, 1, A1)
    hit(g, 1, A1, R1[1])
    begin(g)
    assert g.damage(1, A1) == 1 and g.hand_limit(0) == 5
    assert (M_PEG, W[0], A1, 0) not in g.legal_moves()


def test_power_moves_refused_when_target_is_wrong():
    g = setup(hand0=[SH[0], RT[0]])
    raises(ValueError, g.apply, (M_SHIELD, SH[0], A1, 0))  # not revealed
    raises(ValueError, g.apply, (M_REPAIR, RT[0], A1, 0))  # no damage
