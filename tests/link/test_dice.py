# interpreters: micropython cpython
"""link.dice: hash chains opened one link per roll, and the faces they give: a changed
contribution is caught, and the dice are uniform (chi-square, fixed seeds)."""

from support import raises

from host_tools.duel.cable import rand_source
from link.commit import CheatError
from link.dice import C_CHAIN, FACES, Chain, Feed, PeerChain, roll_faces

GAME_ID = b"\x11\x22\x33\x44\x55\x66\x77\x88"
# chi-square with 5 degrees of freedom: P(X > 20.52) = 0.001 for fair dice
CHI_BOUND = 20.52


def _chi(counts):
    n = 0
    for c in counts:
        n += c
    e = n / len(counts)
    x = 0.0
    for c in counts:
        x += (c - e) * (c - e) / e
    return x


def test_links_open_backwards_and_each_hashes_to_the_one_before():
    mine = Chain(0, b"0123456789abcdef", 100)
    peer = PeerChain(0, mine.anchor)
    for j in range(100):
        assert peer.take(j, mine.link(j)) == mine.link(j)
    assert raises(ValueError, mine.link, 100)


def test_a_changed_contribution_is_caught():
    """A side that, having seen the other's link for a roll, opens another value for its own
    (to pick the roll) is caught: only the chain's own link hashes to the one before."""
    a = Chain(0, b"A" * 16, 64)
    b = Chain(1, b"B" * 16, 64)
    peer_b = PeerChain(1, b.anchor)
    for j in range(5):
        peer_b.take(j, b.link(j))
    seen = a.link(5)  # B has seen A's link for roll 5 ...
    for k in range(20):  # ... and tries other values for its own, to get better dice
        fake = bytes(((k * 37 + i) & 0xFF for i in range(32)))
        e = raises(CheatError, PeerChain(1, b"", peer_b.last, 5).take, 5, fake)
        assert e.code == C_CHAIN
    assert roll_faces(GAME_ID, 5, seen, b.link(5), 8)  # the honest link goes through
    peer_b.take(5, b.link(5))
    # a link from further down the chain (skipping one), or the same link again: caught too
    assert raises(CheatError, PeerChain(1, b"", peer_b.last, 6).take, 6, b.link(7)).code == C_CHAIN
    assert raises(CheatError, PeerChain(1, b"", peer_b.last, 6).take, 6, b.link(5)).code == C_CHAIN
    # out of order
    assert raises(CheatError, peer_b.take, 7, b.link(6)).code == C_CHAIN


def test_the_role_is_inside_the_chain():
    """The same seed under the other role gives another chain: a copied anchor cannot be opened."""
    assert Chain(0, b"S" * 16, 8).anchor != Chain(1, b"S" * 16, 8).anchor
    a = Chain(0, b"S" * 16, 8)
    assert raises(CheatError, PeerChain(1, a.anchor).take, 0, a.link(0)).code == C_CHAIN


def test_every_face_has_exactly_42_of_the_252_byte_values():
    """The mapping itself: rejection of bytes >= 252, then b % 6 (a plain b % 6 would give
    faces 0..3 43 byte values each and 4..5 only 42)."""
    counts = [0] * FACES
    for b in range(252):
        counts[b % FACES] += 1
    assert counts == [42] * FACES


def test_both_contributions_matter():
    x = Chain(0, b"x" * 16, 4).link(0)
    y = Chain(1, b"y" * 16, 4).link(0)
    z = Chain(1, b"z" * 16, 4).link(0)
    assert roll_faces(GAME_ID, 0, x, y, 32) != roll_faces(GAME_ID, 0, x, z, 32)
    assert roll_faces(GAME_ID, 0, x, y, 32) != roll_faces(GAME_ID, 1, x, y, 32)
    assert roll_faces(GAME_ID, 0, x, y, 32) != roll_faces(b"other id", 0, x, y, 32)
    assert roll_faces(GAME_ID, 0, x, y, 40)[:32] == roll_faces(GAME_ID, 0, x, y, 32)  # a stream


def test_rolls_are_uniform_over_many_seeded_games():
    """60 seeded games of 48 rolls of 8 dice (23,040 dice): the faces, and each die slot's faces,
    pass chi-square at p = 0.001. A die with one face at 1/5 instead of 1/6 would give about 180
    on this many dice, and fails the same bound."""
    counts = [0] * FACES
    pairs = [0] * (FACES * FACES)  # consecutive dice of a roll: independent too
    for game in range(60):
        rand = rand_source(7000 + game)
        gid = rand(8)
        a = Chain(0, rand(16), 48)
        b = Chain(1, rand(16), 48)
        for j in range(48):
            f = roll_faces(gid, j, a.link(j), b.link(j), 8)
            for i in range(8):
                counts[f[i]] += 1
            for i in range(0, 8, 2):
                pairs[f[i] * FACES + f[i + 1]] += 1
    assert _chi(counts) < CHI_BOUND, counts
    # 35 degrees of freedom: P(X > 66.62) = 0.001
    assert _chi(pairs) < 66.62, pairs
    # the same number of dice from a biased die fails the bound
    n = 0
    for c in counts:
        n += c
    biased = [n // 5] + [(n - n // 5) // 5] * 5
    assert _chi(biased) > CHI_BOUND


def test_feed_hands_the_faces_to_the_engine_in_order():
    f = Feed(bytearray((3, 1, 4)))
    assert (f.below(6), f.below(6), f.below(6)) == (3, 1, 4)
    assert raises(ValueError, f.below, 7)
