# interpreters: micropython cpython
"""Battleship and Salvo games against the CPU: phases, turns, salvos, the end, saves."""

from support import raises

from battleship.engine import (
    CPU,
    EMPTY,
    OVER,
    PLACING,
    PLAYER,
    PLAYING,
    SHIP,
    SHOT_HIT,
    SHOT_MISS,
    SHOT_SUNK,
    Game,
)
from battleship.habits import Habits
from battleship.rules import (
    CLASSIC,
    EASY,
    GAME_OVER,
    HARD,
    HIT,
    MEDIUM,
    MISS,
    NOT_PLACED,
    NOT_YOUR_TURN,
    OVERLAP,
    REPEAT,
    SALVO,
    WRONG_PHASE,
    Refused,
)


def _placed(game):
    for s, row in enumerate((0, 2, 4, 6, 8)):
        game.place(s, row, 0, False)
    return game


def _started(**kw):
    kw.setdefault("first", PLAYER)
    g = _placed(Game(**kw))
    g.start()
    return g


def _water(g):
    """Cells of the CPU's ocean with no ship, in order."""
    return [c for c in range(100) if not g.fleets[CPU].occ[c]]


def _ship(g, s):
    return g.fleets[CPU].ship_cells(s)


def _fire(g, cell):
    return g.fire(cell // 10, cell % 10)


def test_placement_phase_refuses_play_and_an_incomplete_fleet():
    g = Game(level=EASY)
    assert g.phase == PLACING
    assert raises(Refused, g.fire, 0, 0).reason == WRONG_PHASE
    g.place(0, 0, 0, False)
    assert raises(Refused, g.place, 1, 0, 2, True).reason == OVERLAP
    assert raises(Refused, g.start).reason == NOT_PLACED
    g.shuffle()
    g.start()
    assert g.phase == PLAYING
    assert g.fleets[CPU].complete()
    assert raises(Refused, g.place, 0, 5, 5, False).reason == WRONG_PHASE
    assert raises(Refused, g.shuffle).reason == WRONG_PHASE


def test_classic_sides_alternate_one_shot_each():
    g = _started(level=MEDIUM)
    assert g.turn == PLAYER and g.shots_left == 1
    _fire(g, _water(g)[0])
    assert g.turn == CPU and g.shots_left == 1
    assert raises(Refused, _fire, g, _water(g)[1]).reason == NOT_YOUR_TURN
    g.cpu_fire()
    assert g.turn == PLAYER
    assert raises(Refused, g.cpu_fire).reason == NOT_YOUR_TURN


def test_shots_are_answered_and_a_ship_named_only_when_it_sinks():
    g = _started(level=EASY)
    water = _water(g)[0]
    assert _fire(g, water) == (MISS, None)
    g.cpu_turn()
    patrol = _ship(g, 4)
    assert _fire(g, patrol[0]) == (HIT, None)
    g.cpu_turn()
    assert _fire(g, patrol[1]) == (HIT, "Patrol Boat")


def test_a_repeated_shot_is_refused_and_the_turn_is_kept():
    g = _started(level=EASY)
    cell = _water(g)[0]
    _fire(g, cell)
    g.cpu_turn()
    assert raises(Refused, _fire, g, cell).reason == REPEAT
    assert g.turn == PLAYER and g.shots_left == 1
    _fire(g, _water(g)[1])
    assert g.turn == CPU


def test_salvo_starts_with_five_shots_and_a_sink_costs_a_shot_next_turn():
    g = _started(level=EASY, variant=SALVO)
    assert g.shots_left == 5
    patrol = _ship(g, 4)
    _fire(g, patrol[0])
    assert _fire(g, patrol[1]) == (HIT, "Patrol Boat")
    assert g.turn == PLAYER and g.shots_left == 3  # this salvo keeps its five shots
    water = _water(g)
    for c in water[:3]:
        _fire(g, c)
    assert g.turn == CPU and g.shots_left == 4  # the CPU lost its patrol boat: four shots
    assert len(g.cpu_turn()) == 4
    assert g.turn == PLAYER


def test_salvo_size_is_always_the_ships_afloat_when_the_turn_begins():
    for level in (EASY, HARD):
        g = _started(level=level, variant=SALVO, seed=21)
        order = list(range(100))
        turns = 0
        while g.phase == PLAYING:
            side = g.turn
            assert g.shots_left == g.fleets[side].afloat()
            if side == CPU:
                n = g.shots_left
                shots = g.cpu_turn()
                assert len(shots) == n or g.phase == OVER
            else:
                n = g.shots_left
                for _ in range(n):
                    c = order.pop()
                    _fire(g, c)
                    if g.phase == OVER:
                        break
            turns += 1
        assert g.winner in (PLAYER, CPU) and turns > 4


def test_the_game_ends_when_a_fleet_is_gone():
    g = _started(level=EASY)
    targets = []
    for s in range(5):
        targets += _ship(g, s)
    for c in targets:
        assert g.phase == PLAYING
        _fire(g, c)
        if g.phase == PLAYING:
            g.cpu_turn()
    assert g.phase == OVER and g.winner == PLAYER
    assert g.fleets[CPU].defeated()
    assert raises(Refused, _fire, g, _water(g)[-1]).reason == GAME_OVER
    assert raises(Refused, g.cpu_fire).reason == GAME_OVER


def test_cpu_can_win():
    g = _started(level=HARD, seed=4)
    order = _water(g)
    while g.phase == PLAYING:
        if g.turn == PLAYER:
            _fire(g, order.pop())  # the player only ever misses
        else:
            g.cpu_fire()
    assert g.winner == CPU and g.fleets[PLAYER].defeated()


def test_view_shows_what_the_player_may_see():
    g = _started(level=EASY)
    ship = _ship(g, 4)
    water = _water(g)[0]
    assert g.view(CPU, ship[0] // 10, ship[0] % 10) == EMPTY  # enemy ships are hidden
    assert g.view(PLAYER, 0, 0) == SHIP  # own ships are shown
    _fire(g, ship[0])
    assert g.view(CPU, ship[0] // 10, ship[0] % 10) == SHOT_HIT
    g.cpu_turn()
    _fire(g, ship[1])
    assert g.view(CPU, ship[0] // 10, ship[0] % 10) == SHOT_SUNK
    g.cpu_turn()
    _fire(g, water)
    assert g.view(CPU, water // 10, water % 10) == SHOT_MISS
    (cell, result, _sunk), = g.cpu_turn()
    shown = g.view(PLAYER, cell // 10, cell % 10)
    assert shown == (SHOT_MISS if result == MISS else SHOT_HIT) or shown == SHOT_SUNK


def test_enemy_fleet_is_revealed_when_the_game_is_over():
    g = _started(level=HARD, seed=8)
    order = _water(g)
    while g.phase == PLAYING:
        if g.turn == PLAYER:
            _fire(g, order.pop())
        else:
            g.cpu_fire()
    hidden = [c for c in range(100) if g.fleets[CPU].occ[c]]
    assert all(g.view(CPU, c // 10, c % 10) == SHIP for c in hidden)


def test_coin_toss_decides_who_goes_first_when_not_fixed():
    firsts = set()
    for seed in range(1, 12):
        g = _placed(Game(level=EASY, seed=seed))
        g.start()
        firsts.add(g.turn)
    assert firsts == {PLAYER, CPU}


def _step(g, order):
    """One shot (the player fires along `order`)."""
    if g.turn == PLAYER:
        c = order.pop()
        while g.fleets[CPU].shots[c]:
            c = order.pop()
        _fire(g, c)
    else:
        g.cpu_fire()


def test_save_and_restore_mid_game_continues_exactly():
    for variant in (CLASSIC, SALVO):
        for level in (EASY, MEDIUM, HARD):
            a = _placed(Game(level=level, variant=variant, seed=77, touching=False))
            a.start()
            order_a = list(range(100))
            for _ in range(37):
                _step(a, order_a)
            data = a.to_bytes()
            assert len(data) < 200  # a few hundred bytes at most
            b = Game.from_bytes(data)
            assert b.to_bytes() == data
            order_b = list(order_a)
            while a.phase == PLAYING:
                _step(a, order_a)
                _step(b, order_b)
                assert a.to_bytes() == b.to_bytes()
            assert b.phase == OVER and a.winner == b.winner


def test_save_during_placement_keeps_the_fleet_so_far():
    g = Game(level=HARD, seed=3)
    g.place(0, 3, 3, True)
    g2 = Game.from_bytes(g.to_bytes())
    assert g2.phase == PLACING and g2.fleets[PLAYER].where(0) == (3, 3, True)
    assert not g2.fleets[PLAYER].placed(1)


def test_corrupt_saves_are_rejected():
    g = _started(level=HARD)
    data = g.to_bytes()
    raises(ValueError, Game.from_bytes, b"")
    raises(ValueError, Game.from_bytes, b"\x09" + data[1:])
    raises(ValueError, Game.from_bytes, data[:-1])


def test_called_salvo_cpu_picks_distinct_new_cells():
    g = _started(level=HARD, variant=SALVO, called_salvo=True, seed=5)
    for c in _water(g)[:5]:
        _fire(g, c)
    assert g.turn == CPU
    shots = g.cpu_turn()
    cells = [s[0] for s in shots]
    assert len(cells) == 5 and len(set(cells)) == 5


def test_habits_learn_the_players_fleet_at_the_end():
    h = Habits()
    g = _started(level=HARD, habits=h)
    targets = []
    for s in range(5):
        targets += _ship(g, s)
    for c in targets:
        _fire(g, c)
        if g.phase == PLAYING:
            g.cpu_turn()
    assert h.games == 1
    # the carrier lay along the top edge, the other four ships touched the left edge
    assert h.seen == [1, 4, 0, 0, 0]


# CPU shots (hard level, seed 2024) against the fleet of _placed(): the same on
# CPython and MicroPython, so a saved game plays on identically on either.
GOLDEN_CPU = [44, 55, 33, 66, 73, 26, 37, 62, 52, 63, 72, 61]


def test_same_seed_same_cpu_shots_on_every_interpreter():
    g = _started(level=HARD, seed=2024)
    order = _water(g)
    shots = []
    while len(shots) < len(GOLDEN_CPU):
        if g.turn == PLAYER:
            _fire(g, order.pop())
        else:
            shots.append(g.cpu_fire()[0])
    assert shots == GOLDEN_CPU, shots
