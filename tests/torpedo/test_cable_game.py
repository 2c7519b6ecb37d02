# interpreters: micropython cpython
"""Torpedo Attack over the cable: the coin flip seeds one game on both handhelds, calls go through
the link's committed SHOT / ANSWER, a press travels as its frame and is checked against the shared
drift, the fleets revealed at the end check every answer, and lies are caught."""

from support import raises
from ta_play import LAYOUT as LAYOUT_A
from ta_play import LAYOUT_B, hit_frame, miss_frame, rand_source

from battleship.rules import NOT_YOUR_TURN, Refused
from link.commit import (
    C_ANSWER,
    C_PROTOCOL,
    C_SUNK_HIDDEN,
    M_ANSWER,
    M_FLEET_COMMIT,
    M_SHOT,
    CheatError,
    CoinFlip,
)
from torpedo.cable.game import C_PRESS, M_PRESS, LinkGame, fleet_ok, rules_bytes, seed_from_game_id
from torpedo.rules import FIRE, LOCATE, OVER, SHIP_LOCATED, TARGET_LOCATED

STREAM = b"\x11\x22\x33\x44\x55\x66\x77\x88"


def _flip(seed):
    a = CoinFlip(0, STREAM, rand_source(seed))
    b = CoinFlip(1, STREAM, rand_source(seed + 1))
    a.take_commit(b.commit_msg())
    b.take_commit(a.commit_msg())
    a.take_reveal(b.reveal_msg())
    b.take_reveal(a.reveal_msg())
    return a, b


def _pair(seed=1, level=1, layouts=(LAYOUT_A, LAYOUT_B)):
    hands = []
    for flip, layout in zip(_flip(seed), layouts):
        lg = LinkGame(flip.role, flip.game_id, flip.first, level, True, rand_source(seed + 7 + flip.role))
        for ship, r, c, v in layout:
            lg.game.fleets[lg.me].place(ship, r, c, v)
        hands.append(lg)
    a, b = hands
    ma, mb = a.commit_msgs(), b.commit_msgs()
    for m in ma:
        b.take(m)
    for m in mb:
        a.take(m)
    assert a.ready() and b.ready()
    return a, b


def _ship_cells(lg):
    f = lg.game.fleets[lg.me]
    return [c for s in range(5) for c in f.ship_cells(s)]


def _play(a, b, orders, aim, tamper=None):
    """Exchange messages directly until the game is over. tamper(answer, caller) -> answer."""
    hands = (a, b)
    nxt = [0, 0]
    shots = [0]

    def frame(lg):
        shots[0] += 1
        return aim(lg.game.drift(), shots[0], lg.game.phase)

    while a.game.phase != OVER:
        g = a.game
        if g.phase == LOCATE:
            me = g.turn
            mine, peer = hands[me], hands[1 - me]
            msg = mine.call_msg(orders[me][nxt[me]])
            nxt[me] += 1
            kind, res, ans = peer.take(msg)
            if tamper is not None:
                ans = tamper(ans, me)
            assert mine.take(ans)[1] == res or tamper
        elif g.phase == FIRE:
            me = g.turn
            res, msg = hands[me].press(frame(hands[me]))
            assert hands[1 - me].take(msg)[1] == res
        else:
            m0 = a.press(frame(a))[1]
            m1 = b.press(frame(b))[1]
            b.take(m0)
            a.take(m1)
        assert a.game.phase == b.game.phase
    ra, rb = a.take(b.reveal_msg())[1], b.take(a.reveal_msg())[1]
    return ra, rb


def _every_third(d, n, phase):
    return hit_frame(d) if n % 3 == 1 else miss_frame(d)


def _public(g):
    return (g.phase, g.turns, g.score(0), g.score(1), g.winner, g.end_reason, bytes(g.marks[0]),
            bytes(g.marks[1]), bytes(g.status[0]), bytes(g.status[1]), g.sd_prev)  # fmt: skip


def test_the_coin_flip_seeds_the_same_game_and_drift_on_both_handhelds():
    a, b = _pair(seed=5)
    assert a.me != b.me and a.game.seed == b.game.seed == seed_from_game_id(a.game_id)
    assert a.game.first == b.game.first and a.game.turn == a.game.first
    assert rules_bytes(2, True) == b"\x02\x02\x02"


def test_a_whole_game_stays_the_same_on_both_handhelds():
    a, b = _pair(seed=3)
    order = [(k * 37) % 100 for k in range(100)]
    ships_b, ships_a = _play(a, b, (order, order), _every_third)
    assert _public(a.game) == _public(b.game)
    assert a.game.phase == OVER and a.game.turns[0] == a.game.turns[1]
    assert len(ships_b) == len(ships_a) == 5  # each side checked the other's fleet


def test_a_tie_is_shot_out_over_the_cable():
    a, b = _pair(seed=9)
    orders = [None, None]
    orders[a.me], orders[b.me] = _ship_cells(b), _ship_cells(a)

    def aim(d, n, phase):
        return hit_frame(d) if phase == FIRE or n % 4 == 0 else miss_frame(d)

    _play(a, b, orders, aim)
    assert a.game.score(0) == a.game.score(1) == 1000
    assert _public(a.game) == _public(b.game) and a.game.winner in (0, 1)


def test_a_false_open_water_is_caught_on_that_call():
    a, b = _pair(seed=4)
    orders = [None, None]
    orders[a.me], orders[b.me] = _ship_cells(b), _ship_cells(a)

    def lie(ans, caller):
        return ans[:2] + b"\x00\x00" + ans[4:]  # "open water" on a ship, with that cell's salt

    e = raises(CheatError, _play, a, b, orders, _every_third, lie)
    assert e.code == C_ANSWER


def test_a_hidden_ship_located_is_caught_at_the_end():
    a, b = _pair(seed=6)
    targets, water = _ship_cells(b), [w for w in range(100) if w not in _ship_cells(a)]
    n = [0, 0]
    while True:
        if a.game.turn == b.me:  # b calls water
            b.take(a.take(b.call_msg(water[n[1]]))[2])
            n[1] += 1
            continue
        ans = b.take(a.call_msg(targets[n[0]]))[2]
        n[0] += 1
        if ans[3]:  # this call located B's carrier: B says only "target located"
            assert a.take(ans[:3] + b"\x00" + ans[4:])[1] == (TARGET_LOCATED, -1)
            break
        a.take(ans)
    # the lie passes the per-cell check (the cell is a ship); the revealed fleet exposes it
    e = raises(CheatError, a.peer.take_reveal, b.mine.reveal_msg(), a._valid)
    assert e.code == C_SUNK_HIDDEN


def test_a_press_that_does_not_match_the_shared_drift_is_refused():
    a, b = _pair(seed=2)
    g = a.game
    cells = [_ship_cells(b)[-2:], _ship_cells(a)[-2:]]  # each side's patrol boat
    hands = [None, None]
    hands[a.me], hands[b.me] = a, b
    k = [0, 0]
    while g.phase == LOCATE:
        me = g.turn
        msg = hands[me].call_msg(cells[me][k[me]] if me == a.me else [50, 51][k[me]])
        k[me] += 1
        hands[me].take(hands[1 - me].take(msg)[2])
    shooter, watcher = hands[g.turn], hands[1 - g.turn]
    assert shooter is a and g.phase == FIRE and b.game.phase == FIRE
    res, msg = shooter.press(miss_frame(g.drift()))
    forged = msg[:4] + b"\x01"  # the miss claimed as a hit
    assert raises(CheatError, watcher.take, forged).code == C_PRESS
    assert raises(CheatError, watcher.take, bytes((M_PRESS, 0x7F)) + msg[2:]).code == C_PROTOCOL
    watcher.take(msg)
    assert a.game.torpedo == b.game.torpedo == 1
    assert raises(Refused, watcher.press, 10).reason == NOT_YOUR_TURN


def test_out_of_turn_and_garbage_messages_are_protocol_errors():
    a, b = _pair(seed=1)
    caller = a if a.game.turn == a.me else b
    other = b if caller is a else a
    assert raises(CheatError, caller.take, bytes((M_SHOT, 5))).code == C_PROTOCOL  # its own turn
    assert raises(CheatError, other.take, bytes((M_ANSWER, 5, 0, 0)) + bytes(16)).code == C_PROTOCOL
    assert raises(CheatError, other.take, b"\x99").code == C_PROTOCOL
    assert raises(CheatError, other.take, b"").code == C_PROTOCOL
    assert raises(CheatError, other.take, bytes((M_FLEET_COMMIT, 0))).code == C_PROTOCOL


def test_saving_a_cable_game_mid_firing():
    a, b = _pair(seed=8)
    orders = [None, None]
    orders[a.me], orders[b.me] = _ship_cells(b), _ship_cells(a)
    hands = {a.me: a, b.me: b}
    g = a.game
    n = [0, 0]
    while g.phase == LOCATE:
        me = g.turn
        hands[me].take(hands[1 - me].take(hands[me].call_msg(orders[me][n[me]]))[2])
        n[me] += 1
    for lg in (a, b):
        r = LinkGame.from_bytes(lg.to_bytes())
        assert r.to_bytes() == lg.to_bytes() and r.ready()
    a2, b2 = LinkGame.from_bytes(a.to_bytes()), LinkGame.from_bytes(b.to_bytes())
    shooter = {a2.me: a2, b2.me: b2}[g.turn]
    res, msg = shooter.press(hit_frame(shooter.game.drift()))
    other = b2 if shooter is a2 else a2
    assert other.take(msg)[1] == res and a2.game.phase == b2.game.phase == LOCATE


def test_fleet_validator():
    good = [(s + 1, c) for s, c in enumerate(((0, 1, 2, 3, 4), (20, 30, 40, 50), (66, 67, 68), (81, 82, 83),
                                              (98, 99)))]  # fmt: skip
    assert fleet_ok(good) is True
    assert fleet_ok(good[:4]) == "wrong ships"
    assert fleet_ok([(1, [50, 61, 72, 83, 94])] + good[1:]) == "not straight"
    assert fleet_ok([(1, [7, 8, 9, 10, 11])] + good[1:]) == "not straight"  # wraps a row
    touching = good[:4] + [(5, [5, 6])]
    assert fleet_ok(touching) is True and fleet_ok(touching, touching=False) == "ships touch"


def test_announcements_map_from_the_links_answers():
    a, b = _pair(seed=12)
    caller, defender = (a, b) if a.game.turn == a.me else (b, a)
    cells = _ship_cells(defender)
    res = caller.take(defender.take(caller.call_msg(cells[0]))[2])[1]
    assert res == (TARGET_LOCATED, -1)
    water = [w for w in range(100) if w not in _ship_cells(caller)]
    for i in range(1, 5):  # the defender calls water; the caller finishes the carrier
        assert defender.take(caller.take(defender.call_msg(water[i]))[2])[1] == (0, -1)
        res = caller.take(defender.take(caller.call_msg(cells[i]))[2])[1]
    assert res == (SHIP_LOCATED, 0) and caller.game.phase == FIRE == defender.game.phase
