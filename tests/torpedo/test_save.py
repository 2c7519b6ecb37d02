# interpreters: micropython cpython
"""Saving: every phase of a game restores byte for byte and plays on exactly as if never saved."""

from support import raises
from ta_play import ALL_SHIP_CELLS, LAYOUT, SHIP_CELLS, WATER, miss_frame, play_calls, tied_game, two_players

from torpedo.engine import Game
from torpedo.rules import FIRE, LOCATE, OVER, SHOOTOUT


def _same(g):
    b = g.to_bytes()
    r = Game.from_bytes(b)
    assert r.to_bytes() == b
    return r


def test_round_trip_in_setup_with_a_half_placed_fleet():
    g = Game(5, 0, 0, (False, True))
    for ship, r, c, v in LAYOUT[:2]:
        g.fleets[0].place(ship, r, c, v)
    r = _same(g)
    assert r.fleets[0].placed(1) and not r.fleets[0].placed(2)
    assert r.fleets[1].complete()  # the CPU's fleet


def test_round_trip_mid_firing_keeps_the_torpedo_and_the_drift():
    g = two_players()
    g.call(SHIP_CELLS[4][0])
    g.call(WATER[0])
    g.call(SHIP_CELLS[4][1])
    g.fire(miss_frame(g.drift()))
    r = _same(g)
    assert r.phase == FIRE and r.torpedo == 1 and r.target == 4
    assert r.drift().seed == g.drift().seed


def test_round_trip_in_shootout_and_the_early_end_flag():
    g = tied_game()
    assert _same(g).phase == SHOOTOUT
    g.fire(miss_frame(g.drift()), 0)
    g.fire(-1, 1)
    g.end_when_decided = False
    r = _same(g)
    assert not r.end_when_decided and r.sd_prev == g.sd_prev


def test_over_restores_the_winner():
    g = two_players()
    play_calls(g, (ALL_SHIP_CELLS, WATER))
    assert g.phase == OVER
    r = _same(g)
    assert (r.winner, r.end_reason, r.score(0), r.turns) == (g.winner, g.end_reason, 1000, g.turns)


def test_saving_after_every_move_plays_the_same_cpu_game():
    a = Game(2024, 1, 0, (True, True))
    b = Game(2024, 1, 0, (True, True))
    a.start()
    b.start()
    moves = 0
    while a.phase != OVER:
        for g in (a, b):
            if g.phase == LOCATE:
                g.call(g.cpu_cell())
            else:
                g.fire(g.cpu_frame(), g.to_move())
        b = Game.from_bytes(b.to_bytes())
        moves += 1
        if moves % 10 == 0:
            assert a.to_bytes() == b.to_bytes()
    assert a.to_bytes() == b.to_bytes()
    assert len(a.to_bytes()) < 400


def test_bad_saves_are_refused():
    g = two_players()
    b = g.to_bytes()
    assert raises(ValueError, Game.from_bytes, b"")
    assert raises(ValueError, Game.from_bytes, b"\x09" + b[1:])
    assert raises(ValueError, Game.from_bytes, b[:40])
    assert raises(ValueError, Game.from_bytes, b + b"\x00")
