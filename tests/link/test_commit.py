# interpreters: micropython cpython
"""Coin flip and fleet commitments: a fair start, and a lie caught when told or at the end."""

from support import raises

from host_tools.duel.cable import Cable, Pair, rand_source
from host_tools.duel.session import FLEET_A, FLEET_B, Duel, classic_ok
from link.commit import (
    C_ANSWER,
    C_COIN_COPY,
    C_COIN_OPEN,
    C_FLEET_COPY,
    C_ILLEGAL,
    C_PROTOCOL,
    C_REVEAL,
    C_SUNK_FALSE,
    C_SUNK_HIDDEN,
    M_ANSWER,
    CheatError,
    CoinFlip,
    MyFleet,
    PeerFleet,
    cell_name,
)

STREAM = b"\x01\x02\x03\x04\x05\x06\x07\x08"


def _flip(seed, stream=STREAM):
    a = CoinFlip(0, stream, rand_source(seed))
    b = CoinFlip(1, stream, rand_source(seed + 50000))
    a.take_commit(b.commit_msg())
    b.take_commit(a.commit_msg())
    fa = a.take_reveal(b.reveal_msg())
    fb = b.take_reveal(a.reveal_msg())
    return a, b, fa, fb


def test_coin_flip_both_sides_agree_and_it_is_even():
    firsts = 0
    for seed in range(200):
        a, b, fa, fb = _flip(seed)
        assert fa == fb and a.game_id == b.game_id and len(a.game_id) == 8
        firsts += fa
    assert 70 < firsts < 130  # 100 expected; 4 sigma is about 28


def test_neither_side_can_choose_who_starts():
    # B fixes its coin (any strategy) before it sees A's reveal: A's random value
    # still decides, both ways, about half the time each.
    for fixed in (b"\x00" * 16, b"\xff" * 16, b"B wants to start"[:16]):
        outcomes = [0, 0]
        for seed in range(40):
            a = CoinFlip(0, STREAM, rand_source(seed))
            b = CoinFlip(1, STREAM, lambda n, v=fixed: v[:n])
            a.take_commit(b.commit_msg())
            b.take_commit(a.commit_msg())
            outcomes[a.take_reveal(b.reveal_msg())] += 1
        assert outcomes[0] >= 8 and outcomes[1] >= 8, outcomes
    # Changing its value after seeing A's is refused: the commitment binds it.
    a = CoinFlip(0, STREAM, rand_source(1))
    b = CoinFlip(1, STREAM, rand_source(2))
    a.take_commit(b.commit_msg())
    b.take_commit(a.commit_msg())
    e = raises(CheatError, a.take_reveal, b"\x11" + b"\x42" * 16)
    assert e.code == C_COIN_OPEN


def test_identical_coin_commitment_refused():
    a = CoinFlip(0, STREAM, rand_source(3))
    e = raises(CheatError, a.take_commit, a.commit_msg())  # a peer that echoes ours
    assert e.code == C_COIN_COPY


def test_echoing_our_reveal_fails_because_commitments_are_bound_to_the_role():
    a = CoinFlip(0, STREAM, rand_source(3))
    b = CoinFlip(1, STREAM, lambda n: a.value[:n])  # B copies A's value once A revealed it
    a.take_commit(b.commit_msg())  # a different commitment: B's role is inside
    b.take_commit(a.commit_msg())
    assert a.take_reveal(b.reveal_msg()) in (0, 1)  # same value, but B committed to it first
    mirror = CoinFlip(0, STREAM, lambda n: a.value[:n])  # claims A's own role: wrong for a peer
    a2 = CoinFlip(0, STREAM, lambda n: a.value[:n])
    e = raises(CheatError, a2.take_commit, mirror.commit_msg())
    assert e.code == C_COIN_COPY


def test_coin_reveal_order_enforced():
    a = CoinFlip(0, STREAM, rand_source(4))
    raises(ValueError, a.reveal_msg)  # never reveal before holding the peer's commitment
    e = raises(CheatError, a.take_reveal, b"\x11" + bytes(16))
    assert e.code == C_PROTOCOL


def test_coin_from_another_game_does_not_open():
    b_old = CoinFlip(1, b"oldgame!", rand_source(5))  # B replays its part of an earlier game
    b_old.take_commit(CoinFlip(0, b"oldgame!", rand_source(7)).commit_msg())
    a = CoinFlip(0, STREAM, rand_source(6))
    a.take_commit(b_old.commit_msg())
    e = raises(CheatError, a.take_reveal, b_old.reveal_msg())
    assert e.code == C_COIN_OPEN


GID = b"game-id!"


def _sides(fleet_b=FLEET_B, seed=1):
    mine = MyFleet(GID, 1, fleet_b, rand_source(seed))  # B's secrets
    seen = PeerFleet(GID, 1, own_fleet_hash=MyFleet(GID, 0, FLEET_A, rand_source(seed + 1)).fleet_hash())
    for k in range(mine.parts()):
        done = seen.take_part(mine.part_msg(k))
        assert done == (k == mine.parts() - 1)
    return mine, seen


def test_fleet_commitment_fits_the_link_and_counts_bytes():
    mine = MyFleet(GID, 1, FLEET_B, rand_source(1))
    sizes = [len(mine.part_msg(k)) for k in range(mine.parts())]
    assert mine.parts() == 15
    assert max(sizes) <= 240
    assert sum(sizes) == 32 + 100 * 32 + 3 * 15
    assert len(mine.reveal_msg()) == 117


def test_honest_game_verifies_and_answers_hide_which_ship():
    mine, seen = _sides()
    truth = {}
    for sid, cells in FLEET_B:
        for c in cells:
            truth[c] = sid
    for cell in range(100):
        msg, hit, sunk = mine.answer(cell)
        assert msg[0] == M_ANSWER and len(msg) == 20
        assert hit == (1 if cell in truth else 0)
        if hit and not sunk:
            assert msg[3] == 0  # a plain hit names no ship
        assert seen.take_answer(msg, cell) == (hit, sunk)
    fleet = seen.take_reveal(mine.reveal_msg(), classic_ok)
    assert fleet == sorted(FLEET_B)


def test_a_lie_on_a_hit_is_caught_on_that_shot():
    mine, seen = _sides()
    msg, hit, sunk = mine.answer(14)  # B's battleship is at 14..17
    assert hit == 1
    lie = bytearray(msg)
    lie[2] = 0  # "miss", with the real salt
    e = raises(CheatError, seen.take_answer, bytes(lie), 14)
    assert e.code == C_ANSWER and e.cell == 14
    assert e.text == "Opponent lied: B-5 was a hit, not a miss" and cell_name(14) == "B-5"


def test_a_lie_on_a_miss_with_any_salt_is_caught():
    mine, seen = _sides()
    msg, hit, _ = mine.answer(55)
    assert hit == 0
    for salt in (bytes(16), b"\xff" * 16, msg[4:]):
        fake = bytes((M_ANSWER, 55, 1, 0)) + salt
        e = raises(CheatError, seen.take_answer, fake, 55)
        assert e.code == C_ANSWER


def _play_all(mine, seen, tamper):
    for cell in range(100):
        msg, hit, sunk = mine.answer(cell)
        seen.take_answer(tamper(bytearray(msg), cell, hit, sunk), cell)


def test_false_sunk_is_caught_at_the_end():
    mine, seen = _sides()

    def tamper(m, cell, hit, sunk):
        if cell == 14:  # first hit on the battleship (14..17): claim it sank
            m[3] = 2
        return bytes(m)

    _play_all(mine, seen, tamper)
    e = raises(CheatError, seen.take_reveal, mine.reveal_msg(), classic_ok)
    assert e.code == C_SUNK_FALSE and e.cell == 14


def test_hidden_sinking_is_caught_at_the_end():
    mine, seen = _sides()

    def tamper(m, cell, hit, sunk):
        if sunk == 5:  # the patrol boat sinks; say nothing
            m[3] = 0
        return bytes(m)

    _play_all(mine, seen, tamper)
    e = raises(CheatError, seen.take_reveal, mine.reveal_msg(), classic_ok)
    assert e.code == C_SUNK_HIDDEN and e.cell == 9


def test_naming_the_wrong_ship_sunk_is_caught():
    mine, seen = _sides()
    def tamper(m, cell, hit, sunk):
        if sunk == 4:
            m[3] = 3  # "my destroyer sank" when it was the submarine
        return bytes(m)

    _play_all(mine, seen, tamper)
    e = raises(CheatError, seen.take_reveal, mine.reveal_msg(), classic_ok)
    assert e.code == C_SUNK_FALSE


def test_revealing_another_fleet_is_refused():
    mine, seen = _sides()
    moved = bytearray(mine.reveal_msg())
    moved[1 + 16 + 8], moved[1 + 16 + 7] = 0, 5  # patrol boat slid one cell left
    e = raises(CheatError, seen.take_reveal, bytes(moved), classic_ok)
    assert e.code == C_REVEAL
    swapped = bytearray(mine.reveal_msg())  # same cells, the two 3-ships' names swapped
    for i in range(17, 117):
        if swapped[i] in (3, 4):
            swapped[i] = 7 - swapped[i]
    e = raises(CheatError, seen.take_reveal, bytes(swapped), classic_ok)
    assert e.code == C_REVEAL


def test_illegal_fleet_caught_by_the_validator():
    diagonal = [(1, [50, 61, 72, 83, 94])] + FLEET_B[1:]
    mine, seen = _sides(diagonal)
    e = raises(CheatError, seen.take_reveal, mine.reveal_msg(), classic_ok)
    assert e.code == C_ILLEGAL and "not straight" in e.text


def test_touching_rule_comes_from_the_validator():
    mine, seen = _sides()  # FLEET_B's patrol boat (8, 9) touches the battleship's end (17)
    fleet = seen.take_reveal(mine.reveal_msg(), classic_ok)
    assert classic_ok(fleet, touching=False) == "ships touch"
    assert classic_ok(sorted(FLEET_A), touching=False) is True


def test_copied_fleet_commitment_refused():
    ours = MyFleet(GID, 0, FLEET_A, rand_source(8))
    seen = PeerFleet(GID, 1, own_fleet_hash=ours.fleet_hash())
    e = None
    for k in range(ours.parts()):
        try:
            seen.take_part(ours.part_msg(k))
        except CheatError as x:
            e = x
    assert e is not None and e.code == C_FLEET_COPY


def test_bad_messages_are_protocol_errors_not_crashes():
    mine, seen = _sides()
    for bad in (b"", b"\x22", b"\x22\x05\x01\x00", bytes((M_ANSWER, 5, 2, 0)) + bytes(16),
                bytes((M_ANSWER, 5, 0, 3)) + bytes(16)):
        e = raises(CheatError, seen.take_answer, bad, 5)
        assert e.code == C_PROTOCOL
    e = raises(CheatError, seen.take_answer, bytes((M_ANSWER, 6, 0, 0)) + bytes(16), 5)
    assert e.code == C_PROTOCOL  # an answer to a cell we did not shoot
    fresh = PeerFleet(GID, 1)
    e = raises(CheatError, fresh.take_part, b"\x20\x03\x0f" + bytes(224))  # part 3 first
    assert e.code == C_PROTOCOL


def test_state_round_trips_mid_game():
    mine, seen = _sides()
    for cell in range(0, 50):
        msg, _, _ = mine.answer(cell)
        seen.take_answer(msg, cell)
    mine2 = MyFleet.from_bytes(mine.to_bytes())
    seen2 = PeerFleet.from_bytes(seen.to_bytes())
    assert mine2.to_bytes() == mine.to_bytes() and seen2.to_bytes() == seen.to_bytes()
    for cell in range(50, 100):
        msg, _, _ = mine2.answer(cell)
        seen2.take_answer(msg, cell)
    assert seen2.take_reveal(mine2.reveal_msg(), classic_ok) == sorted(FLEET_B)
    a = CoinFlip(0, STREAM, rand_source(9))
    b = CoinFlip(1, STREAM, rand_source(10))
    a.take_commit(b.commit_msg())
    b.take_commit(a.commit_msg())
    a2 = CoinFlip.from_bytes(a.to_bytes())
    assert a2.take_reveal(b.reveal_msg()) == a.take_reveal(b.reveal_msg())


def test_other_board_sizes_for_torpedo_attack():
    fleet = [(1, [0, 1, 2]), (2, [60, 61])]
    mine = MyFleet(GID, 0, fleet, rand_source(11), n_cells=64)
    seen = PeerFleet(GID, 0, n_cells=64, width=8)
    for k in range(mine.parts()):
        seen.take_part(mine.part_msg(k))
    for cell in (0, 1, 2, 63):
        msg, hit, sunk = mine.answer(cell)
        assert seen.take_answer(msg, cell) == (hit, sunk)
    assert sunk == 0 and seen.take_reveal(mine.reveal_msg()) == fleet


def test_a_whole_duel_over_a_noisy_cable():
    p = Pair(Cable(seed=12, corrupt_ppm=500), seed=12)
    d = Duel(p, seed=3)
    d.play(120000)
    a, b = d.sides
    assert a.cheat is None and b.cheat is None
    assert {a.result, b.result} == {"won", "lost"}


def test_a_lying_peer_is_caught_during_the_duel():
    p = Pair(seed=13)
    d = Duel(p, seed=4)

    def lie(msg, hit, sunk, n):
        return bytes((msg[0], msg[1], 0)) + msg[3:] if hit else msg  # every hit reported as a miss

    d.sides[1].lie = lie
    d.play(60000)
    e = d.sides[0].cheat
    assert e is not None and e.code == C_ANSWER
    assert d.sides[0].result is None
