# interpreters: micropython cpython
"""Locating: a call is answered OPEN WATER, TARGET LOCATED or (on a ship's last cell) SHIP LOCATED;
a call is one turn; SHIP LOCATED hands the same player the periscope instead."""

from support import raises
from ta_play import SHIP_CELLS, WATER, two_players

from battleship.rules import NOT_PLACED, OFF_GRID, REPEAT, WRONG_PHASE, Refused
from torpedo.engine import Game
from torpedo.rules import (
    ANNOUNCE,
    FIRE,
    FIRING,
    LOCATE,
    OPEN_WATER,
    SETUP,
    SHIP_LOCATED,
    TARGET_LOCATED,
    TORPEDOES,
)


def test_announcements_are_data():
    assert ANNOUNCE[OPEN_WATER] == "OPEN WATER"
    assert ANNOUNCE[TARGET_LOCATED] == "TARGET LOCATED"
    assert ANNOUNCE[SHIP_LOCATED] == "SHIP LOCATED"


def test_open_water_then_the_turn_passes():
    g = two_players()
    assert (g.phase, g.turn) == (LOCATE, 0)
    assert g.call(WATER[0]) == (OPEN_WATER, -1)
    assert (g.phase, g.turn, g.turns) == (LOCATE, 1, [1, 0])
    assert g.marks[0][WATER[0]] == 1 + OPEN_WATER


def test_target_located_marks_a_red_peg_and_the_turn_passes():
    g = two_players()
    assert g.call(SHIP_CELLS[1][2]) == (TARGET_LOCATED, -1)
    assert g.turn == 1 and g.phase == LOCATE
    assert g.marks[0][SHIP_CELLS[1][2]] == 1 + TARGET_LOCATED


def test_last_cell_of_a_ship_is_ship_located_and_the_caller_fires():
    g = two_players()
    patrol = SHIP_CELLS[4]
    g.call(patrol[1])  # player 0: target located
    g.call(WATER[0])  # player 1
    assert g.call(patrol[0]) == (SHIP_LOCATED, 4)  # the last uncalled cell, in any order
    assert g.phase == FIRE and g.turn == 0 and g.target == 4
    assert g.torpedoes_left() == TORPEDOES
    assert g.status[0][4] == FIRING
    assert g.turns == [1, 1]  # the turn is not over until the firing is


def test_only_the_last_cell_locates():
    g = two_players()
    carrier = SHIP_CELLS[0]
    for i in range(4):
        assert g.call(carrier[4 - i]) == (TARGET_LOCATED, -1)
        g.call(WATER[i])
    assert g.call(carrier[0]) == (SHIP_LOCATED, 0)


def test_repeat_and_off_grid_calls_are_refused_without_using_the_turn():
    g = two_players()
    g.call(WATER[0])
    g.call(WATER[0])  # player 1 may call the same cell on the other fleet
    assert raises(Refused, g.call, WATER[0]).reason == REPEAT
    assert raises(Refused, g.call, 100).reason == OFF_GRID
    assert raises(Refused, g.call, -1).reason == OFF_GRID
    assert g.turn == 0 and g.turns == [1, 1]


def test_no_call_before_the_fleets_are_placed_and_no_firing_while_locating():
    g = Game(1, 1, 0, (False, True))
    assert g.phase == SETUP
    assert raises(Refused, g.call, 5).reason == WRONG_PHASE
    assert raises(Refused, g.start).reason == NOT_PLACED
    g.shuffle_fleet(0)
    g.start()
    assert raises(Refused, g.fire, 10).reason == WRONG_PHASE


def test_cpu_calls_fresh_cells():
    g = Game(3, 1, 1, (False, True))
    g.shuffle_fleet(0)
    g.start()
    assert g.turn == 1
    seen = {}
    for _ in range(30):
        if g.turn != 1 or g.phase != LOCATE:
            break
        c = g.cpu_cell()
        assert c not in seen
        seen[c] = 1
        g.call(c)
        if g.phase == LOCATE and g.turn == 0:
            g.call([w for w in range(100) if not g.marks[0][w]][0])


def test_who_calls_first_is_a_coin_toss_from_the_seed_unless_given():
    firsts = [Game(s, 1).first for s in range(40)]
    assert 10 < sum(firsts) < 30  # both players start in some games
    assert firsts == [Game(s, 1).first for s in range(40)]  # and the seed decides
    assert Game(3, 1, 1).first == 1 and Game(3, 1, 0).turn == 0
