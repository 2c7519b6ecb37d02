"""A cable game without a cable: two handhelds exchange ta_link messages and stay the same game;
a press is checked against the shared drift, and the fleets revealed at the end check every answer."""

from support import raises
from ta_link import ANSWER, CALL, Desync, call_msg, local_press, new_game, receive, reveal_msg
from ta_play import LAYOUT, hit_frame, miss_frame
from ta_rules import FIRE, LOCATE, OVER, SHOOTOUT

# Handheld B's fleet: ships down columns 10, 8, 6, 4, 2 (different from A's LAYOUT).
LAYOUT_B = ((0, 0, 9, True), (1, 0, 7, True), (2, 0, 5, True), (3, 0, 3, True), (4, 0, 1, True))


def _pair(seed=4242, first=0, level=1):
    a = new_game(seed, 0, first, level)
    b = new_game(seed, 1, first, level)
    for g, me, layout in ((a, 0, LAYOUT), (b, 1, LAYOUT_B)):
        for ship, r, c, v in layout:
            g.fleets[me].place(ship, r, c, v)
        g.start()
    return a, b


def _aim(g, shots):
    d = g.drift()
    return hit_frame(d) if shots % 3 == 1 else miss_frame(d)


def _sure_aim(g, shots):
    d = g.drift()
    return hit_frame(d) if g.phase == FIRE or shots % 4 == 0 else miss_frame(d)


def _play(a, b, lie=None, orders=(list(range(100)), list(range(100))), aim=_aim):
    hands = (a, b)
    next_cell = [0, 0]
    shots = 0
    rounds = 0
    moves = 0
    while a.phase != OVER:
        moves += 1
        assert moves < 1000
        if a.phase == SHOOTOUT:
            # both fire at once: each side applies its own press, then the peer's
            m = [None, None]
            for me in (0, 1):
                shots += 1
                res, m[me] = local_press(hands[me], aim(hands[me], shots), me)
            receive(b, m[0])
            receive(a, m[1])
            rounds += 1
            continue
        me = a.to_move()
        mine, peer = hands[me], hands[1 - me]
        if a.phase == LOCATE:
            cell = orders[me][next_cell[me]]
            next_cell[me] += 1
            kind, res, reply = receive(peer, call_msg(cell))
            assert kind == CALL and reply[0] == ANSWER
            if lie is not None and me == 0 and cell == lie[0]:
                reply = bytes((ANSWER, cell, lie[1], 0xFF))  # B gives a false answer
            receive(mine, reply)
        elif a.phase == FIRE:
            shots += 1
            res, msg = local_press(mine, aim(mine, shots), me)
            assert receive(peer, msg)[1] == res
        assert a.phase == b.phase and a.to_move() == b.to_move()
    return rounds


def _public(g):
    return (g.phase, g.turns, g.score(0), g.score(1), g.winner, g.end_reason, bytes(g.marks[0]),
            bytes(g.marks[1]), bytes(g.status[0]), bytes(g.status[1]))  # fmt: skip


def test_both_handhelds_play_the_same_game_to_the_end():
    a, b = _pair()
    _play(a, b)
    assert _public(a) == _public(b)
    assert a.phase == OVER and a.turns[0] == a.turns[1]
    # at the end each side reveals its fleet; the other checks every answer it was given
    assert receive(b, reveal_msg(a, 0))[1] is True
    assert receive(a, reveal_msg(b, 1))[1] is True


def test_a_tie_is_shot_out_over_the_cable():
    a, b = _pair(seed=99)
    cells_a = [c for s in range(5) for c in a.fleets[0].ship_cells(s)]
    cells_b = [c for s in range(5) for c in b.fleets[1].ship_cells(s)]
    rounds = _play(a, b, orders=(cells_b, cells_a), aim=_sure_aim)
    assert a.score(0) == a.score(1) == 1000 and rounds >= 1
    assert _public(a) == _public(b) and a.sd_prev == b.sd_prev and a.winner in (0, 1)


def test_a_false_target_is_caught_by_the_reveal():
    a, b = _pair()
    receive(b, call_msg(0))  # A calls cell 0: water on B's side...
    receive(a, bytes((ANSWER, 0, 1, 0xFF)))  # ...but A is told "TARGET LOCATED"
    assert receive(a, reveal_msg(b, 1))[1] is False
    honest_a, honest_b = _pair()
    receive(honest_a, receive(honest_b, call_msg(0))[2])
    assert receive(honest_a, reveal_msg(honest_b, 1))[1] is True


def test_more_red_pegs_than_the_fleet_has_cells_is_refused():
    a, b = _pair()
    with_lie = _play_until_desync(a, b, lie=(0, 1))  # the extra red peg shows once all are found
    assert "ship" in with_lie


def _play_until_desync(a, b, lie):
    try:
        _play(a, b, lie=lie)
    except Desync as e:
        return str(e)
    return ""


def test_hidden_ship_cells_are_caught_when_the_ship_is_located():
    a, b = _pair()
    # B says "open water" on its carrier's top cell; when A calls its last cell, B's fleet
    # answers SHIP LOCATED with only four red pegs for a five-cell ship
    e = raises(Desync, _play, a, b, (LAYOUT_B[0][2], 0))
    assert "ship" in str(e)


def test_a_press_that_does_not_match_the_shared_drift_is_refused():
    a, b = _pair(first=1)
    # B locates A's patrol boat (cells 80, 81) while A calls water
    for cell_b, cell_a in ((80, 50), (81, None)):
        receive(b, receive(a, call_msg(cell_b))[2])
        if cell_a is not None:
            receive(a, receive(b, call_msg(cell_a))[2])
    assert a.phase == b.phase == FIRE and a.turn == 1
    d = b.drift()
    res, msg = local_press(b, miss_frame(d), 1)
    forged = msg[:4] + b"\x01"  # the miss claimed as a hit
    assert raises(Desync, receive, a, forged)
    assert raises(Desync, receive, a, b"\x03\x7f" + msg[2:])  # a press for another torpedo
    receive(a, msg)
    assert a.torpedo == b.torpedo == 1


def test_a_call_out_of_turn_or_garbage_is_refused():
    a, b = _pair(first=0)
    assert raises(Desync, receive, a, call_msg(5))  # it is A's own turn to call
    assert raises(Desync, receive, a, b"\x09")
    assert raises(Desync, receive, a, b"")


def test_an_impossible_ship_located_is_refused():
    a, b = _pair(first=0)
    # A's first call on B's fleet: "SHIP LOCATED, Carrier" after one red peg cannot be true
    receive(b, call_msg(9))
    assert raises(Desync, receive, a, bytes((ANSWER, 9, 2, 0)))
    assert raises(Desync, receive, a, bytes((ANSWER, 9, 7, 0xFF)))  # no such announcement
    assert receive(a, bytes((ANSWER, 9, 1, 0xFF)))[1] == (1, -1)
