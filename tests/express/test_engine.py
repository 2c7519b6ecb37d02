# interpreters: micropython cpython
"""Battleship Express engine: every rule and power of the rule sheet, the win
thresholds, turn order and the save format. Dice are scripted (a fake Rng that
hands out the faces we name), so each test reads like the rulebook's example."""

from support import raises

from core.prng import Rng
from express import ai as A
from express import engine as E
from express.rules import (
    ADMIRAL,
    BATTLESHIP,
    BURST,
    CAPTAIN,
    CARRIER,
    DESTROYER,
    PATROL,
    SUBMARINE,
)

BS, DD, CV, SS, PB, X = BATTLESHIP, DESTROYER, CARRIER, SUBMARINE, PATROL, BURST
ORDER = [BS, DD, CV, SS, PB]  # front first


class Dice:
    """A stand-in Rng: below(6) returns the scripted faces in order."""

    def __init__(self, faces=()):
        self.q = list(faces)

    def feed(self, *faces):
        self.q.extend(faces)

    def below(self, n):
        assert n == 6
        assert self.q, "ran out of scripted dice"
        return self.q.pop(0)

    def getstate(self):
        return (1, 2)


def new(game=CAPTAIN, players=2, team=False, orders=None, first=0):
    d = Dice()
    g = E.Game(game, players, team, first, d)
    for p in range(players):
        g.set_fleet(p, (orders or {}).get(p, ORDER))
    return g, d


def attack(g, d, ship, owner, target, *rolls):
    """One whole attack: each of `rolls` is the list of faces for one throw."""
    g.pick_attacker(ship)
    if g.phase == E.TARGET:
        g.pick_target(owner, target)
    for faces in rolls:
        d.feed(*faces)
        g.roll()
        if g.phase == E.DECLARE:  # Admiral's Carrier declares after its first roll
            g.pick_target(owner, target)
        if g.phase not in (E.AGAIN, E.REROLL):
            break
    assert not d.q, "dice left over"


# ---- setup and fleets ----
def test_setup_needs_one_of_each_ship_per_player():
    g = E.Game(CAPTAIN, 2, False, 0, Dice())
    raises(ValueError, g.set_fleet, 0, [BS, BS, CV, SS, PB])
    raises(ValueError, g.set_fleet, 0, [BS, DD, CV, SS])
    raises(ValueError, g.pick_attacker, BS)
    g.set_fleet(0, [PB, SS, CV, DD, BS])
    assert g.phase == E.SETUP
    g.set_fleet(1, ORDER)
    assert g.phase == E.ATTACKER and g.turn == 0
    assert list(g.fleet(0)) == [PB, SS, CV, DD, BS]
    raises(ValueError, g.set_fleet, 0, ORDER)  # no rearranging once play starts


def test_attacker_moves_to_front_others_keep_order():
    g, d = new()
    g.pick_attacker(CV)
    assert list(g.fleet(0)) == [CV, BS, DD, SS, PB]
    assert g.phase == E.TARGET


def test_back_restores_the_fleet_before_rolling():
    g, d = new()
    g.pick_attacker(SS)
    g.back()
    assert list(g.fleet(0)) == ORDER and g.phase == E.ATTACKER
    g.pick_attacker(PB)
    g.pick_target(1, BS)
    d.feed(0, 0, 0, 0, 0)
    g.roll()
    raises(ValueError, g.back)


def test_targets_are_the_first_two_ships_of_an_enemy_fleet():
    g, d = new(orders={1: [PB, SS, CV, DD, BS]})
    g.pick_attacker(BS)
    assert sorted(g.legal_targets()) == [(1, SS), (1, PB)]
    raises(ValueError, g.pick_target, 1, CV)
    raises(ValueError, g.pick_target, 0, DD)  # never your own fleet


# ---- Captain's game ----
def test_captains_turn_example_carrier_sinks_battleship():
    # The rulebook's example: Carrier rolls 7 (2 Battleship hits + a burst),
    # sets them aside, rerolls 4 (1 more Battleship + a burst): 5 >= 4, sunk.
    g, d = new()
    g.pick_attacker(CV)
    g.pick_target(1, BS)
    assert g.active() == 7 and g.need() == 4 and g.rolls_left() == 2
    d.feed(BS, DD, X, PB, BS, SS, CV)
    g.roll()
    assert g.kept == 0b0010101 and g.hits() == 3
    assert g.phase == E.AGAIN and g.rolls_left() == 1
    assert not g.can_stop()  # the Captain's game always rolls twice
    d.feed(X, DD, BS, SS)  # dice 1, 3, 5, 6 in slot order
    g.roll()
    assert g.rolled == 0b1101010
    assert g.hits() == 5 and g.result == E.SUNK and g.phase == E.DONE
    assert list(g.fleet(1)) == [DD, CV, SS, PB]
    assert g.sunk_by(0) == [(1, BS)] and g.lost(1) == [BS] and g.score(0) == 1


def test_captains_enough_hits_on_first_roll_sinks_at_once():
    g, d = new(orders={1: [DD, PB, BS, CV, SS]})
    attack(g, d, BS, 1, PB, [PB, PB, X, DD, DD, DD, DD, DD])
    assert g.result == E.SUNK and g.rolls_used == 1


def test_captains_second_roll_short_is_a_miss_and_ship_stays_whole():
    g, d = new()
    attack(g, d, PB, 1, BS, [BS, DD, DD, DD, DD], [X, DD, DD, DD])
    assert g.result == E.MISSED and g.phase == E.DONE and g.hits() == 2
    g.next_turn()
    assert g.turn == 1 and list(g.fleet(1)) == ORDER
    # hits do not carry over: the next attack on it starts from 0
    g.pick_attacker(BS)
    g.pick_target(0, PB)
    assert g.hits() == 0


def test_captains_submarine_burst_sinks_even_a_destroyer():
    g, d = new(orders={1: [DD, BS, CV, SS, PB]})
    g.pick_attacker(SS)
    g.pick_target(1, DD)
    assert g.active() == 2 and g.need() == 5
    d.feed(CV, X)
    g.roll()
    assert g.result == E.SUNK


def test_captains_submarine_burst_on_second_roll_sinks():
    g, d = new()
    attack(g, d, SS, 1, BS, [BS, PB], [X])
    assert g.result == E.SUNK


def test_captains_submarine_only_targets_the_front_two():
    g, d = new()
    g.pick_attacker(SS)
    assert sorted(g.legal_targets()) == [(1, BS), (1, DD)]


def test_captains_submarine_two_symbol_hits_are_not_enough():
    g, d = new()
    attack(g, d, SS, 1, BS, [BS, BS])  # 2 hits of 4, no dice left to reroll
    assert g.result == E.MISSED and g.rolls_used == 1


def test_captains_dice_counts_per_ship():
    for ship, n in ((BS, 8), (DD, 6), (CV, 7), (SS, 2), (PB, 5)):
        g, d = new()
        g.pick_attacker(ship)
        assert g.active() == n and g.rolls_left() == 2


def test_captains_hits_to_sink_per_ship():
    g, d = new()
    g.pick_attacker(BS)
    for ship, need in ((BS, 4), (DD, 5), (CV, 4), (SS, 4), (PB, 3)):
        g.target = ship
        assert g.need() == need


# ---- Admiral's game ----
def test_admirals_battleship_bursts_do_not_count_and_four_rolls():
    g, d = new(ADMIRAL, orders={1: [DD, BS, CV, SS, PB]})
    g.pick_attacker(BS)
    g.pick_target(1, DD)
    assert g.need() == 4 and g.active() == 8
    d.feed(X, X, X, X, DD, CV, CV, CV)
    g.roll()
    assert g.hits() == 1 and g.kept == 0b00010000  # bursts stay in play
    assert g.phase == E.AGAIN and g.can_stop()
    d.feed(*[CV] * 7)
    g.roll()
    d.feed(DD, CV, CV, CV, CV, CV, CV)
    g.roll()
    assert g.hits() == 2 and g.rolls_left() == 1
    d.feed(DD, X, X, X, X, X)
    g.roll()
    assert g.hits() == 3 and g.result == E.MISSED and g.rolls_used == 4


def test_admirals_may_stop_early():
    g, d = new(ADMIRAL)
    attack(g, d, PB, 1, BS, [BS, CV, CV, CV, CV])
    assert g.phase == E.AGAIN and g.can_stop() and g.rolls_left() == 2
    g.stop()
    assert g.result == E.MISSED and g.phase == E.DONE


def test_admirals_patrol_boat_rolls_up_to_three_times():
    g, d = new(ADMIRAL, orders={1: [PB, BS, CV, SS, DD]})
    attack(g, d, PB, 1, PB, [PB, CV, CV, CV, CV], [CV, CV, CV, CV], [X, PB, CV, CV])
    assert g.result == E.SUNK and g.rolls_used == 3
    g2, d2 = new(ADMIRAL)
    attack(g2, d2, PB, 1, BS, [CV] * 5, [CV] * 5, [CV] * 5)
    assert g2.result == E.MISSED and g2.rolls_used == 3


def test_admirals_destroyer_burst_counts_two():
    g, d = new(ADMIRAL, orders={1: [DD, BS, CV, SS, PB]})
    attack(g, d, DD, 1, DD, [X, X, CV, CV, CV, CV])
    assert g.result == E.SUNK and g.hits() == 4 and g.rolls_used == 1
    g, d = new(ADMIRAL)
    attack(g, d, DD, 1, BS, [X, BS, CV, CV, CV, CV], [BS, CV, CV, CV])
    assert g.hits() == 4 and g.need() == 5 and g.result == E.MISSED and g.rolls_used == 2


def test_admirals_submarine_rolls_three_dice_once_and_burst_sinks():
    g, d = new(ADMIRAL)
    attack(g, d, SS, 1, BS, [CV, X, BS])
    assert g.result == E.SUNK
    g, d = new(ADMIRAL)
    attack(g, d, SS, 1, BS, [BS, BS, CV])
    assert g.result == E.MISSED and g.rolls_used == 1 and not g.can_stop()


def test_admirals_submarine_may_attack_any_ship():
    g, d = new(ADMIRAL)
    g.pick_attacker(SS)
    assert sorted(g.legal_targets()) == [(1, s) for s in range(5)]
    g.pick_target(1, PB)  # last in line
    assert g.phase == E.ROLL


def test_admirals_submarine_three_symbols_sink_a_carrier():
    # three hits are what a Carrier needs (assumed: symbols count for the Sub too)
    g, d = new(ADMIRAL, orders={1: [BS, DD, SS, PB, CV]})
    attack(g, d, SS, 1, CV, [CV, CV, CV])
    assert g.result == E.SUNK


def test_admirals_carrier_attacks_from_where_it_is():
    g, d = new(ADMIRAL, orders={0: [BS, DD, SS, PB, CV]})
    g.pick_attacker(CV)
    assert list(g.fleet(0)) == [BS, DD, SS, PB, CV]
    assert g.phase == E.ROLL and g.target == E.NONE
    g.back()
    g.pick_attacker(CV, True)  # "does not have to" move: it may
    assert list(g.fleet(0))[0] == CV
    g2, _ = new(ADMIRAL)
    raises(ValueError, g2.pick_attacker, BS, False)


def test_admirals_carrier_declares_after_rolling_then_rerolls_any():
    g, d = new(ADMIRAL, orders={1: [PB, BS, CV, SS, DD]})
    g.pick_attacker(CV)
    assert g.active() == 6
    d.feed(PB, PB, BS, X, DD, CV)
    g.roll()
    assert g.phase == E.DECLARE
    assert g.hits_against(PB) == 3 and g.hits_against(BS) == 2  # preview for the screen
    raises(ValueError, g.pick_target, 1, CV)  # still the first two ships only
    g.pick_target(1, BS)
    assert g.phase == E.REROLL and g.kept == 0b001100 and g.need() == 5
    assert g.reroll == 0b110011  # offered: every die that is not a hit
    g.toggle_reroll(3)  # any or all: reroll a burst too
    d.feed(BS, BS, BS, CV, X)
    g.roll()
    assert g.rolled == 0b111011 and g.rolls_used == 2
    assert list(g.dice[:6]) == [BS, BS, BS, BS, CV, X]
    assert g.hits() == 5 and g.result == E.SUNK


def test_admirals_carrier_declaring_a_target_already_hit_enough_sinks():
    g, d = new(ADMIRAL, orders={1: [PB, BS, CV, SS, DD]})
    g.pick_attacker(CV)
    d.feed(PB, PB, X, DD, DD, DD)
    g.roll()
    g.pick_target(1, PB)
    assert g.result == E.SUNK and g.rolls_used == 1


def test_admirals_carrier_may_keep_everything():
    g, d = new(ADMIRAL)
    g.pick_attacker(CV)
    d.feed(BS, CV, CV, CV, CV, CV)
    g.roll()
    g.pick_target(1, BS)
    assert g.can_stop()
    g.stop()
    assert g.result == E.MISSED


def test_admirals_hits_to_sink_per_ship():
    g, d = new(ADMIRAL)
    g.pick_attacker(BS)
    for ship, need in ((BS, 5), (DD, 4), (CV, 3), (SS, 4), (PB, 3)):
        g.target = ship
        assert g.need() == need


# ---- sinking, turns, winning ----
def test_sunk_ship_leaves_the_line_and_the_next_moves_up():
    g, d = new()
    attack(g, d, BS, 1, BS, [BS, BS, BS, BS, CV, CV, CV, CV])
    assert list(g.fleet(1)) == [DD, CV, SS, PB] and g.afloat(1) == 4
    g.next_turn()
    miss_turn(g, d)
    g.pick_attacker(PB)
    assert g.legal_targets() == [(1, DD), (1, CV)]


def miss_turn(g, d):
    """The player to move attacks with the ship in front and misses every die."""
    g.pick_attacker(g.fleet(g.turn)[0])
    o, t = g.legal_targets()[0]
    g.pick_target(o, t)
    blank = (t + 1) % 5
    while g.phase in (E.ROLL, E.AGAIN):
        d.feed(*[blank] * g.active())
        g.roll()
    assert g.result == E.MISSED
    d.q[:] = []
    g.next_turn()


def sub_sinks(g, d, owner, ship):
    g.pick_attacker(SS)
    g.pick_target(owner, ship)
    d.feed(X, X)
    g.roll()
    assert g.result == E.SUNK


def test_two_player_game_is_won_by_sinking_all_five():
    g, d = new()
    assert g.needed_to_win() == 5
    for k in range(5):
        assert g.winner == E.NONE and g.score(0) == k
        sub_sinks(g, d, 1, g.fleet(1)[0])
        if k < 4:
            assert g.phase == E.DONE
            g.next_turn()
            miss_turn(g, d)
    assert g.phase == E.OVER and g.winners() == (0,) and g.afloat(1) == 0
    raises(ValueError, g.next_turn)


def test_three_player_game_is_won_at_four_sinks():
    g, d = new(players=3)
    for k in range(4):
        assert g.winner == E.NONE
        sub_sinks(g, d, 1 + (k & 1), g.fleet(1 + (k & 1))[0])
        if k < 3:
            g.next_turn()
            miss_turn(g, d)
            miss_turn(g, d)
    assert g.winners() == (0,) and g.needed_to_win() == 4 and g.phase == E.OVER


def test_four_player_game_is_won_at_three_sinks():
    g, d = new(players=4)
    for k in range(3):
        assert g.winner == E.NONE
        sub_sinks(g, d, 1 + k, g.fleet(1 + k)[0])
        if k < 2:
            g.next_turn()
            for _ in range(3):
                miss_turn(g, d)
    assert g.winners() == (0,) and g.needed_to_win() == 3 and g.phase == E.OVER


def test_team_game_partners_sit_across_and_share_five_sinks():
    g, d = new(players=4, team=True)
    g.pick_attacker(BS)
    assert sorted(set(o for o, _ in g.legal_targets())) == [1, 3]  # never partner 2
    g.back()
    # 0 and 2 take turns sinking (3 + 2), 1 and 3 miss
    for k in range(5):
        me = g.turn
        assert me in (0, 2) and g.winner == E.NONE and g.score(me) == k
        enemy = 1 if me == 0 else 3
        sub_sinks(g, d, enemy, g.fleet(enemy)[0])
        if k < 4:
            g.next_turn()
            miss_turn(g, d)
    assert g.phase == E.OVER and g.winners() == (0, 2) and g.score(2) == 5
    assert len(g.sunk_by(0)) == 3 and len(g.sunk_by(2)) == 2 and g.needed_to_win() == 5


def test_turns_go_clockwise_and_skip_an_empty_fleet():
    g, d = new(players=3)
    sub_sinks(g, d, 1, BS)
    g.next_turn()
    assert g.turn == 1
    miss_turn(g, d)
    assert g.turn == 2
    sub_sinks(g, d, 1, DD)
    g.next_turn()
    sub_sinks(g, d, 1, CV)
    g.next_turn()
    miss_turn(g, d)
    sub_sinks(g, d, 1, SS)
    g.next_turn()
    sub_sinks(g, d, 1, PB)
    # fleet 1 is gone; player 0 has 3 and player 2 has 2: no winner yet
    assert g.afloat(1) == 0 and g.winner == E.NONE and g.lost(1) == [BS, CV, PB, DD, SS]
    g.next_turn()
    assert g.turn == 2  # player 1 has no ships: skipped
    g.pick_attacker(BS)
    assert set(o for o, _ in g.legal_targets()) == {0}


def test_illegal_steps_are_refused_and_change_nothing():
    g, d = new()
    raises(ValueError, g.roll)
    raises(ValueError, g.pick_target, 1, BS)
    raises(ValueError, g.pick_attacker, 9)
    g.pick_attacker(BS)
    raises(ValueError, g.pick_attacker, DD)
    raises(ValueError, g.stop)
    raises(ValueError, g.next_turn)
    before = g.to_bytes()
    raises(ValueError, g.pick_target, 1, SS)
    assert g.to_bytes() == before


# ---- save / restore ----
def test_save_restore_round_trip_at_every_phase_and_game_continues_the_same():
    for game in (CAPTAIN, ADMIRAL):
        for players, team in ((2, False), (3, False), (4, True)):
            rng = Rng(5 + players)
            g = E.Game(game, players, team, 1, rng)
            caps = [A.RandomCaptain(Rng(50 + p)) for p in range(players)]
            seen = set()
            steps = 0
            while g.phase != E.OVER and steps < 400:
                saved = g.to_bytes()
                r2 = Rng(0)
                h = E.from_bytes(saved, r2)
                assert h.to_bytes() == saved
                seen.add(g.phase)
                # the restored copy rolls the same dice as the original
                if g.phase in (E.ROLL, E.AGAIN):
                    g.roll()
                    h.roll()
                    assert h.to_bytes() == g.to_bytes()
                else:
                    A.step(g, caps)
                steps += 1
            assert E.ATTACKER in seen and E.DONE in seen and E.ROLL in seen
            if game == ADMIRAL:
                assert E.DECLARE in seen and E.REROLL in seen


def test_restore_refuses_garbage():
    raises(ValueError, E.from_bytes, b"nonsense-" * 4)
    raises(ValueError, E.from_bytes, b"")
    g, d = new()
    attack(g, d, SS, 1, BS, [X, CV])
    good = bytearray(g.to_bytes())
    assert E.from_bytes(bytes(good)).sunk_by(0) == [(1, BS)]
    bad = bytearray(good)
    i = 27 + 1 + len(g.fleet(0))  # player 0's sinkings count
    assert bad[i] == 1 and bad[i + 1] == 1 * 8 + BS
    bad[i + 1] = 1 * 8 + DD  # the Destroyer both sunk and afloat
    raises(ValueError, E.from_bytes, bytes(bad))
    bad = bytearray(good)
    bad[19] = 7  # a die with no such face
    raises(ValueError, E.from_bytes, bytes(bad))
