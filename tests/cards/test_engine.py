# interpreters: micropython cpython
"""Card game engine: the deal, Peg cards, sinking, reload, hand limits, reshuffle, winning."""

from cg_setup import A1, A2, A3, A4, B1, B2, B3, R1, R2, R4, W, begin, hit, reveal, setup, to_discard
from support import raises

from cards.engine import Game
from cards.rules import (
    BEGINNER,
    CARD_TYPE,
    CARD_TYPES,
    CELLS,
    DECK_SIZE,
    DOWN,
    DRAW,
    EV_RESHUFFLE,
    EV_WIN,
    HAND,
    HAND_CARRIER,
    IDENTS,
    M_DISCARD,
    M_END,
    M_PEG,
    MAX_TURNS,
    MISS,
    PH_OVER,
    RED,
    SHIELD,
    SHIELD_HITS,
    SUNK,
    UP,
    WHITE,
)


def test_deck_table_matches_rule_facts():
    assert DECK_SIZE == 26 and len(CARD_TYPE) == 26
    count = {}
    for k in range(DECK_SIZE):
        kind, pegs = CARD_TYPES[CARD_TYPE[k]][0], CARD_TYPES[CARD_TYPE[k]][1]
        key = (kind, pegs) if kind in (WHITE, RED) else (kind, 0)
        count[key] = count.get(key, 0) + 1
    assert count[(WHITE, 1)] == 8
    assert count[(RED, 1)] == 7 and count[(RED, 2)] == 4 and count[(RED, 4)] == 1
    assert sum(n for (kind, _), n in count.items() if kind >= SHIELD) == 6
    assert [IDENTS[s][2] for s in range(1, 6)] == [5, 4, 3, 3, 2]
    assert HAND == 5 and HAND_CARRIER == 7 and SHIELD_HITS == 2


def test_deal_standard():
    g = Game(seed=7)
    for p in (0, 1):
        assert sorted(g.ident[p]) == [0] * 7 + [1, 2, 3, 4, 5]
        assert all(g.up[p][c] == DOWN for c in range(CELLS))
        assert len(g.hand[p]) == 5 and len(g.draw[p]) == 21 and g.disc[p] == []
    assert g.consistent() and g.cur == 0 and g.turn == 1


def test_deal_beginner_has_no_power_cards():
    g = Game(seed=7, mode=BEGINNER, first=1)
    assert g.cur == 1
    for p in (0, 1):
        cards = g.hand[p] + g.draw[p]
        assert len(cards) == 20
        assert all(CARD_TYPES[CARD_TYPE[k]][0] in (WHITE, RED) for k in cards)


def test_same_seed_same_deal_other_seed_differs():
    assert Game(seed=3).to_bytes() == Game(seed=3).to_bytes()
    assert Game(seed=3).to_bytes() != Game(seed=4).to_bytes()


def test_white_peg_search_miss_reveals_and_discards():
    g = setup(hand0=[W[0], R1[0]])
    g.apply((M_PEG, W[0], B3, 0))
    assert g.up[1][B3] == UP and g.ident[1][B3] == MISS
    assert W[0] in g.disc[0]
    assert g.cur == 1  # one card played, turn over
    assert len(g.hand[0]) == 5  # reloaded to five


def test_white_peg_finds_ship_without_damage():
    g = setup(hand0=[W[0]])
    g.apply((M_PEG, W[0], A1, 0))
    assert g.up[1][A1] == UP and g.pegs[1][A1] == b"" and W[0] in g.disc[0]


def test_red_peg_search_miss_discards_it():
    g = setup(hand0=[R2[0]])
    g.apply((M_PEG, R2[0], B2, 0))
    assert g.up[1][B2] == UP and R2[0] in g.disc[0]


def test_red_peg_search_on_ship_hits_at_once():
    g = setup(hand0=[R2[0]])
    g.apply((M_PEG, R2[0], A1, 0))
    assert list(g.pegs[1][A1]) == [R2[0]] and g.damage(1, A1) == 2 and g.up[1][A1] == UP


def test_red_pegs_add_up_and_sink():
    g = setup(hand0=[R1[0]])
    hit(g, 1, A3, R2[0])  # Destroyer, 3 hits to sink, 2 so far
    g.apply((M_PEG, R1[0], A3, 0))
    assert g.up[1][A3] == SUNK and g.pegs[1][A3] == b""
    assert R1[0] in g.disc[0] and R2[0] in g.disc[0]  # the sinking Peg cards go to the discard


def test_four_peg_sinks_all_but_the_carrier():
    g = setup(hand0=[R4])
    reveal(g, 1, A2)
    g.apply((M_PEG, R4, A2, 0))
    assert g.up[1][A2] == SUNK
    g = setup(hand0=[R4])
    reveal(g, 1, A1)
    g.apply((M_PEG, R4, A1, 0))
    assert g.up[1][A1] == UP and g.damage(1, A1) == 4


def test_pegs_cannot_target_misses_or_sunk_ships():
    g = setup(hand0=[R1[0], W[0]])
    reveal(g, 1, B2)
    g.up[1][B1] = SUNK
    cells = [m[2] for m in g.legal_moves() if m[0] == M_PEG]
    assert B2 not in cells and B1 not in cells and A1 in cells
    raises(ValueError, g.apply, (M_PEG, R1[0], B2, 0))


def test_white_peg_cannot_hit_a_revealed_ship_without_powers():
    g = setup(hand0=[W[0]])
    reveal(g, 1, A1)
    assert (M_PEG, W[0], A1, 0) not in g.legal_moves()


def test_illegal_moves_are_refused():
    g = setup(hand0=[W[0]])
    raises(ValueError, g.apply, (M_PEG, W[1], A1, 0))  # not in hand
    raises(ValueError, g.apply, (M_PEG, W[0], 12, 0))  # off the grid
    raises(ValueError, g.apply, (M_END, -1, -1, 0))  # must play a card first


def test_reload_skipped_with_five_or_more():
    g = setup(hand0=W[:6])
    g.apply((M_PEG, W[0], B2, 0))
    assert len(g.hand[0]) == 5 and len(g.draw[0]) == 26 - 6


def test_carrier_revealed_reloads_to_seven_until_sunk():
    g = setup(hand0=[W[0]], mode=BEGINNER)
    reveal(g, 0, A1)
    g.apply((M_PEG, W[0], B2, 0))
    assert len(g.hand[0]) == 5  # beginner: no ship powers
    g = setup(hand0=[W[0]])
    reveal(g, 0, A1)
    assert g.hand_limit(0) == 7
    g.apply((M_PEG, W[0], B2, 0))
    assert len(g.hand[0]) == 7
    g.up[0][A1] = SUNK
    assert g.hand_limit(0) == 5


def test_reshuffle_when_draw_pile_runs_out():
    g = setup(hand0=[W[0]], mode=BEGINNER)
    to_discard(g, 0, list(g.draw[0]))
    assert g.draw[0] == []
    g.apply((M_PEG, W[0], B2, 0))
    assert len(g.hand[0]) == 5
    assert len(g.draw[0]) + len(g.hand[0]) == 20 and g.disc[0] == []
    assert any(e[1] == EV_RESHUFFLE for e in g.prev_events)
    assert g.consistent()


def test_reload_stops_when_both_piles_are_empty():
    g = setup(hand0=[W[0]], mode=BEGINNER)
    for k in list(g.draw[0]):
        g.draw[0].remove(k)
        g.pegs[1][B3] += bytes((k,))  # parked out of reach (test only)
    g.apply((M_PEG, W[0], B2, 0))
    assert g.hand[0] == [W[0]]  # the White Peg came back through a reshuffle, nothing else


def test_stuck_hand_discards_a_card():
    g = setup(hand0=[W[0], W[1]], mode=BEGINNER)
    for c in range(CELLS):
        if g.ident[1][c] == MISS:
            reveal(g, 1, c)
        else:
            g.up[1][c] = SUNK
    g.up[1][A1] = UP  # one ship left, revealed: White Pegs have no target
    moves = g.legal_moves()
    assert sorted(moves) == [(M_DISCARD, W[0], -1, 0), (M_DISCARD, W[1], -1, 0)]
    g.apply(moves[0])
    assert W[0] in g.disc[0] and g.cur == 1


def test_sinking_the_fifth_ship_wins():
    g = setup(hand0=[R2[0]])
    for c in (A1, A2, A3, A4):
        g.up[1][c] = SUNK
    reveal(g, 1, B1)
    g.apply((M_PEG, R2[0], B1, 0))
    assert g.winner == 0 and g.over and g.phase == PH_OVER
    assert g.legal_moves() == []
    assert g.events[-1][1] == EV_WIN
    raises(ValueError, g.apply, (M_PEG, R2[0], B1, 0))


def test_turn_limit_ends_in_a_draw():
    g = setup(hand0=[W[0]])
    g.turn = MAX_TURNS
    g.apply((M_PEG, W[0], B2, 0))
    assert g.winner == DRAW and g.over


def test_turn_alternates_and_only_current_player_moves():
    g = setup(hand0=[W[0]], hand1=[W[0]])
    g.apply((M_PEG, W[0], B2, 0))
    assert g.cur == 1 and g.turn == 2
    g.apply((M_PEG, W[0], B3, 0))
    assert g.cur == 0 and g.up[0][B3] == UP


def test_revealing_your_battleship_can_sink_an_enemy_ship_at_once():
    # Red 2 + Red 1 (3) on the enemy Battleship (4) is not enough until our
    # Battleship is revealed: then each Red Peg card counts one more.
    g = setup(hand0=[W[0]], hand1=[W[0]])
    hit(g, 1, A2, R2[0])
    hit(g, 1, A2, R1[0])
    begin(g)
    assert g.damage(1, A2) == 3 and g.up[1][A2] == UP
    g.cur = 1
    begin(g)
    g.apply((M_PEG, W[0], A2, 0))  # player 1 reveals player 0's Battleship
    assert g.damage(1, A2) == 0 and g.up[1][A2] == SUNK  # 3+2 = 5 >= 4: sunk at once


def test_a_game_can_be_played_out_move_by_move():
    g = Game(seed=11, mode=BEGINNER)
    n = 0
    while not g.over:
        g.apply(g.legal_moves()[0])
        n += 1
        assert n < 2000
    assert g.winner in (0, 1, DRAW) and g.consistent()


def test_first_hit_on_unrevealed_cells_only_reveals_that_card():
    g = setup(hand0=[W[0]])
    g.apply((M_PEG, W[0], A4, 0))
    assert [c for c in range(CELLS) if g.up[1][c] == UP] == [A4]
    assert all(g.up[0][c] == DOWN for c in range(CELLS))
