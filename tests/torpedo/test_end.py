# interpreters: micropython cpython
"""The end of the game: first to 1,000 once both have had the same number of turns; otherwise the
higher score when every ship is resolved (or the trailing side can no longer catch up); a player
with nothing left to locate passes."""

from support import raises
from ta_play import ALL_SHIP_CELLS, SHIP_CELLS, WATER, fire_with, play_calls, two_players

from battleship.rules import GAME_OVER, Refused
from torpedo.rules import (
    END_DECIDED,
    END_RESOLVED,
    END_TARGET,
    LOCATE,
    NO_WINNER,
    OVER,
    SHIP_LOCATED,
    SHOOTOUT,
    TARGET_SCORE,
)


def test_1000_first_but_the_other_player_still_gets_the_same_number_of_turns():
    g = two_players(first=0)
    play_calls(g, (ALL_SHIP_CELLS, WATER[:16]))
    assert g.score(0) == TARGET_SCORE
    assert g.phase == LOCATE and g.turn == 1 and g.turns == [17, 16]  # not over yet
    assert g.winner == NO_WINNER
    g.call(WATER[16])
    assert g.phase == OVER and g.winner == 0 and g.end_reason == END_TARGET
    assert g.turns == [17, 17]
    assert raises(Refused, g.call, WATER[20]).reason == GAME_OVER


def test_1000_by_the_second_player_ends_the_round_at_once():
    g = two_players(first=0)
    play_calls(g, (WATER, ALL_SHIP_CELLS))
    assert g.phase == OVER and g.winner == 1 and g.end_reason == END_TARGET
    assert g.turns == [17, 17]


def test_equal_turns_counted_from_whoever_went_first():
    g = two_players(first=1)
    play_calls(g, (WATER[:16], ALL_SHIP_CELLS))
    assert g.score(1) == TARGET_SCORE and g.phase == LOCATE and g.turn == 0
    g.call(WATER[30])
    assert g.phase == OVER and g.winner == 1 and g.turns == [17, 17]


def test_both_reach_1000_in_the_same_round_is_a_tie():
    g = two_players(first=0)
    play_calls(g, (ALL_SHIP_CELLS, ALL_SHIP_CELLS))
    assert g.score(0) == g.score(1) == TARGET_SCORE
    assert g.phase == SHOOTOUT and g.winner == NO_WINNER and g.end_reason == END_TARGET


def test_higher_score_wins_when_every_ship_is_resolved():
    g = two_players()
    g.end_when_decided = False
    play_calls(g, (ALL_SHIP_CELLS, ALL_SHIP_CELLS), hits=(2, 3))  # 5 x 150 against 5 x 100
    assert (g.score(0), g.score(1)) == (750, 500)
    assert g.phase == OVER and g.winner == 0 and g.end_reason == END_RESOLVED


def test_higher_score_wins_with_escapes():
    g = two_players()
    g.end_when_decided = False
    play_calls(g, (ALL_SHIP_CELLS, ALL_SHIP_CELLS), hits=(0, 3))  # every ship escapes player 0
    assert (g.score(0), g.score(1)) == (0, 500)
    assert g.phase == OVER and g.winner == 1 and g.end_reason == END_RESOLVED


def test_the_game_ends_when_the_trailing_player_cannot_catch_up():
    g = two_players()
    # player 0 hits every ship with the 2nd torpedo; every ship escapes player 1
    play_calls(g, (ALL_SHIP_CELLS, ALL_SHIP_CELLS), hits=(2, 0))
    # after 12 calls each: 450 for player 0, player 1 has two ships left: at most 400
    assert g.phase == OVER and g.winner == 0 and g.end_reason == END_DECIDED
    assert g.turns == [12, 12] and (g.score(0), g.score(1)) == (450, 0)


def test_without_the_early_end_the_game_plays_on():
    g = two_players()
    g.end_when_decided = False
    play_calls(g, (ALL_SHIP_CELLS, ALL_SHIP_CELLS), hits=(2, 0))
    assert g.phase == OVER and g.end_reason == END_RESOLVED and g.turns == [17, 17]


def test_a_player_with_nothing_left_to_locate_passes():
    g = two_players()
    g.end_when_decided = False
    play_calls(g, (ALL_SHIP_CELLS, WATER[:17]), hits=(3, 1))
    assert g.score(0) == 500 and not g.can_call(0)
    assert g.phase == LOCATE and g.turn == 1 and g.turns == [18, 17]  # player 0 passed
    g.call(WATER[17])
    assert g.turn == 1 and g.turns == [19, 18]
    # player 1 now finds the whole fleet; player 0 keeps passing
    for cell in ALL_SHIP_CELLS:
        ann, ship = g.call(cell)
        if ann == SHIP_LOCATED:
            fire_with(g, 1)
    assert g.phase == OVER and g.winner == 1 and g.turns[0] == g.turns[1]
    assert g.end_reason == END_TARGET


def test_ship_cells_in_layout_match_the_fleet():
    g = two_players()
    for s in range(5):
        assert g.fleets[1].ship_cells(s) == list(SHIP_CELLS[s])
