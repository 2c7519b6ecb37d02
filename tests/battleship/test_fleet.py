# interpreters: micropython cpython
"""Battleship fleet: the rule table, placement rules and their refusals, shots received."""

from support import raises

from battleship.fleet import Fleet
from battleship.rules import (
    BAD_SHIP,
    FLEET,
    HIT,
    MISS,
    OFF_GRID,
    OK,
    OVERLAP,
    REPEAT,
    SIZE,
    TOUCHING,
    Refused,
    cell_name,
)
from core.prng import Rng

CARRIER, BATTLESHIP, DESTROYER, SUBMARINE, PATROL = range(5)


def test_fleet_table_is_the_rule_sheet_fleet():
    assert FLEET == (
        ("Carrier", 5),
        ("Battleship", 4),
        ("Destroyer", 3),
        ("Submarine", 3),
        ("Patrol Boat", 2),
    )
    assert SIZE == 10


def test_cells_are_named_like_the_rule_sheet():
    assert cell_name(3 * 10 + 3) == "D-4"  # the rule sheet's example shot
    assert cell_name(0) == "A-1"
    assert cell_name(99) == "J-10"


def test_straight_placements_inside_the_grid_are_legal():
    f = Fleet()
    f.place(CARRIER, 0, 0, False)  # A-1 .. A-5
    f.place(BATTLESHIP, 9, 6, False)  # J-7 .. J-10, up to the far edge
    f.place(PATROL, 8, 0, True)  # I-1, J-1
    assert f.ship_cells(CARRIER) == [0, 1, 2, 3, 4]
    assert f.ship_cells(BATTLESHIP) == [96, 97, 98, 99]
    assert f.ship_cells(PATROL) == [80, 90]
    assert f.where(PATROL) == (8, 0, True)


def test_off_the_grid_is_refused_with_its_reason():
    f = Fleet()
    assert f.check(CARRIER, 0, 6, False) == OFF_GRID  # would run past column 10
    assert f.check(CARRIER, 6, 0, True) == OFF_GRID  # would run past row J
    assert f.check(PATROL, -1, 0, False) == OFF_GRID
    assert f.check(PATROL, 0, 10, True) == OFF_GRID
    e = raises(Refused, f.place, CARRIER, 0, 6, False)
    assert e.reason == OFF_GRID
    assert not f.placed(CARRIER)  # refused, not moved to fit


def test_a_ship_outside_the_fleet_table_is_refused():
    f = Fleet()
    assert f.check(5, 0, 0, False) == BAD_SHIP
    assert raises(Refused, f.place, -1, 0, 0, False).reason == BAD_SHIP


def test_overlap_is_refused_with_its_reason():
    f = Fleet()
    f.place(CARRIER, 4, 2, False)  # E-3 .. E-7
    assert f.check(DESTROYER, 3, 4, True) == OVERLAP  # crosses E-5
    e = raises(Refused, f.place, DESTROYER, 3, 4, True)
    assert e.reason == OVERLAP
    assert not f.placed(DESTROYER)
    assert f.ship_cells(CARRIER) == [42, 43, 44, 45, 46]


def test_touching_is_allowed_by_default_and_refused_when_the_option_forbids_it():
    f = Fleet()
    f.place(CARRIER, 4, 2, False)
    assert f.check(DESTROYER, 5, 2, False) == OK  # side by side
    strict = Fleet(touching=False)
    strict.place(CARRIER, 4, 2, False)
    assert strict.check(DESTROYER, 5, 2, False) == TOUCHING
    assert strict.check(PATROL, 3, 7, True) == TOUCHING  # D-8, E-8: touches E-7's end
    assert strict.check(PATROL, 2, 7, True) == TOUCHING  # C-8, D-8: only a corner touches
    assert strict.check(PATROL, 6, 2, False) == OK  # one row of water between
    e = raises(Refused, strict.place, DESTROYER, 5, 2, False)
    assert e.reason == TOUCHING


def test_a_ship_can_move_and_rotate_over_its_own_cells():
    f = Fleet()
    f.place(BATTLESHIP, 2, 2, False)
    f.place(BATTLESHIP, 2, 3, False)  # slide right by one: overlaps only itself
    assert f.ship_cells(BATTLESHIP) == [23, 24, 25, 26]
    f.rotate(BATTLESHIP)
    assert f.ship_cells(BATTLESHIP) == [23, 33, 43, 53]
    assert f.occ[24] == 0


def test_rotation_that_does_not_fit_is_refused_and_leaves_the_ship():
    f = Fleet()
    f.place(CARRIER, 8, 0, False)  # rotating would run off the bottom
    e = raises(Refused, f.rotate, CARRIER)
    assert e.reason == OFF_GRID
    assert f.where(CARRIER) == (8, 0, False)
    f.place(PATROL, 1, 5, False)
    f.place(DESTROYER, 0, 5, False)  # rotating about F-1 would cross the patrol boat
    assert raises(Refused, f.rotate, DESTROYER).reason == OVERLAP


def test_shuffle_places_the_whole_fleet_legally_and_is_seeded():
    for touching in (True, False):
        a = Fleet(touching)
        a.shuffle(Rng(11))
        b = Fleet(touching)
        b.shuffle(Rng(11))
        assert a.complete() and bytes(a.pos) == bytes(b.pos)
        cells = 0
        for s in range(5):
            r, c, v = a.where(s)
            assert a.check(s, r, c, v) == OK
            cells += len(a.ship_cells(s))
        assert cells == 17
        assert sum(1 for x in a.occ if x) == 17


def test_shuffle_uses_both_directions_and_every_row():
    rows, dirs = set(), set()
    f = Fleet()
    rng = Rng(3)
    for _ in range(40):
        f.shuffle(rng)
        for s in range(5):
            r, c, v = f.where(s)
            rows.add(r)
            dirs.add(v)
    assert dirs == {False, True}
    assert rows == set(range(10))


def _fleet():
    f = Fleet()
    f.place(CARRIER, 0, 0, False)
    f.place(BATTLESHIP, 2, 0, False)
    f.place(DESTROYER, 4, 0, False)
    f.place(SUBMARINE, 6, 0, False)
    f.place(PATROL, 8, 0, False)
    return f


def test_shots_are_answered_hit_or_miss_and_a_ship_is_named_only_when_sunk():
    f = _fleet()
    assert f.receive(99) == (MISS, -1)
    assert f.receive(80) == (HIT, -1)  # a hit alone names nothing
    assert f.receive(81) == (HIT, PATROL)  # its last cell: sunk, and which ship
    assert f.sunk(PATROL) and not f.sunk(CARRIER)
    assert f.afloat() == 4


def test_a_repeated_shot_is_refused():
    f = _fleet()
    f.receive(55)
    assert raises(Refused, f.receive, 55).reason == REPEAT
    f.receive(0)
    assert raises(Refused, f.receive, 0).reason == REPEAT
    assert f.hits[CARRIER] == 1  # the refused repeat counted nothing


def test_fleet_is_gone_when_every_ship_sank():
    f = _fleet()
    for s in range(5):
        for c in f.ship_cells(s):
            assert not f.defeated()
            f.receive(c)
    assert f.defeated() and f.afloat() == 0


def test_fleet_bytes_round_trip():
    f = Fleet()
    f.shuffle(Rng(5))
    for c in (0, 17, 42, 99, 63):
        f.receive(c)
    data = f.to_bytes()
    assert len(data) == 18
    g = Fleet()
    assert g.load(data) == 18
    assert bytes(g.pos) == bytes(f.pos) and bytes(g.shots) == bytes(f.shots)
    assert bytes(g.hits) == bytes(f.hits) and bytes(g.occ) == bytes(f.occ)


def test_fleet_bytes_with_an_illegal_fleet_are_rejected():
    f = _fleet()
    data = bytearray(f.to_bytes())
    data[1] = 0  # battleship on top of the carrier
    raises(ValueError, Fleet().load, bytes(data))


def test_the_ship_in_hand_starts_at_the_first_free_spot_from_the_middle():
    f = Fleet()
    assert f.first_fit(CARRIER) == (4, 2, False)  # E-3 lying flat: free
    f.place(BATTLESHIP, 4, 0, False)  # E-1..E-4 taken: the carrier moves on along the row
    assert f.first_fit(CARRIER) == (4, 4, False)  # E-5, right against it: touching is allowed
    assert f.first_fit(PATROL, 44) == (4, 4, False)
    assert Fleet(touching=False).first_fit(CARRIER, 44) == (4, 4, False)
    g = Fleet(touching=False)
    g.place(BATTLESHIP, 4, 0, False)
    assert g.first_fit(CARRIER) == (4, 5, False)  # ships may not touch: one cell further


def test_the_ship_in_the_way_is_named_for_an_overlap_and_for_a_touch():
    f = Fleet(touching=False)
    f.place(DESTROYER, 2, 2, True)  # C-3, D-3, E-3
    why = f.check(CARRIER, 3, 0, False)  # D-1..D-5 crosses D-3
    assert why == OVERLAP and f.blocker(CARRIER, 3, 0, False, why) == DESTROYER
    why = f.check(PATROL, 5, 3, False)  # F-4, F-5: corner to corner with E-3
    assert why == TOUCHING and f.blocker(PATROL, 5, 3, False, why) == DESTROYER
    assert f.blocker(PATROL, 8, 8, False, f.check(PATROL, 8, 8, False)) == -1  # free water
    assert f.blocker(CARRIER, 0, 8, False, OFF_GRID) == -1  # off the grid: no ship in the way
