# interpreters: micropython cpython
"""The mental-poker deck (link.deck): encryption commutes, a draw finds its card, cards are
quadratic residues, keys and orders follow from the seed; the per-cell Coordinate commitments
(cards.cable.grid) catch a lie about a search."""

from support import raises

from cards.cable.grid import C_SEARCH, MyGrid, PeerGrid
from cards.cable.proto import CheatError
from cards.rules import COORDINATE_DECK
from core.prng import Rng
from link import deck


def _rand(seed):
    return Rng(seed).randbytes


def test_prime_and_encoding():
    assert deck.P == 2 * deck.Q + 1
    assert pow(2, deck.P - 1, deck.P) == 1 and pow(3, deck.P - 1, deck.P) == 1
    seen = []
    for k in range(256):
        x = deck.encode(k)
        assert 1 < x < deck.P
        assert pow(x, deck.Q, deck.P) == 1  # a quadratic residue: the QR symbol tells nothing
        assert x not in seen
        seen.append(x)


def test_keys_invert():
    seed = bytes(range(16))
    e, d = deck.keys(seed, 0, 3)
    x = deck.encode(7)
    assert pow(pow(x, e, deck.P), d, deck.P) == x
    assert deck.keys(seed, 0, 3) == (e, d)
    # stage 1's key: one a side and shuffle, whatever its deck's number (known only once the
    # link opens); another shuffle, another key
    assert deck.keys(seed, 1, 3)[0] == e and deck.keys(seed, 0, 4)[0] != e
    # stage 2: a key a position, none of them stage 1's
    ks = [deck.exponent(seed, 0, 3, j) for j in range(26)]
    assert len(set(ks)) == 26 and e not in ks and all(k % 2 == 0 and k < deck.Q for k in ks)
    e2, d2 = deck.keys(seed, 0, 3, 4)
    assert e2 == ks[4] and pow(pow(x, e2, deck.P), d2, deck.P) == x


def test_perm_is_a_permutation():
    p = deck.perm(b"k" * 16, 1, 0, 26)
    assert sorted(p) == list(range(26))
    assert p != list(range(26))
    assert deck.perm(b"k" * 16, 1, 0, 26) == p


def test_two_stages_and_a_draw():
    a, b = b"A" * 16, b"B" * 16
    cards = list(range(20))
    s1 = deck.Stage(a, 0, 0, cards, True)
    while not s1.step(3):
        pass
    s2 = deck.Stage(b, 0, 0, deck.values(s1.out))
    blob = s2.run()
    assert len(blob) == 20 * deck.PLEN
    o1, o2 = s1.order, s2.order
    for i in range(20):
        c = blob[i * deck.PLEN : (i + 1) * deck.PLEN]
        y = deck.partial(c, b, 0, 0, i)  # B takes its layer off position i
        j = deck.find(s1.out, y)  # A finds it among its own stage
        assert j >= 0 and cards[o1[j]] == cards[o1[o2[i]]]
    assert deck.find(s1.out, bytes(deck.PLEN)) == -1
    msgs = deck.part_msgs(0x41, 0, 2, 0, blob)
    assert len(msgs) == 3 and all(len(m) <= 240 for m in msgs)


def test_commutes():
    a, b = deck.keys(b"A" * 16, 0, 0)[0], deck.keys(b"B" * 16, 0, 0)[0]
    x = deck.encode(5)
    assert pow(pow(x, a, deck.P), b, deck.P) == pow(pow(x, b, deck.P), a, deck.P)


def test_grid_commitment_catches_a_search_lie():
    gid = b"gameid12"
    mine = MyGrid(gid, 1, _rand(3))
    assert sorted(mine.map) == sorted(COORDINATE_DECK)
    peer = PeerGrid(gid, 1)
    for k in (0, 1):
        peer.take_part(mine.part_msg(k), k)
    for c in range(12):
        assert peer.take_reveal(mine.reveal_msg(c), c) == mine.map[c]
    lie = bytearray(mine.reveal_msg(4))
    lie[2] = (lie[2] + 1) % 6
    e = raises(CheatError, peer.take_reveal, bytes(lie), 4)
    assert e.code == C_SEARCH and "lied" in e.text
    peer.check_open(mine.seed, bytes(mine.map))
    other = bytearray(mine.map)
    other[0], other[1] = other[1], other[0]
    if other != mine.map:
        raises(CheatError, peer.check_open, mine.seed, bytes(other))


def _deck(a, b, n=26):
    """A final deck of n cards from two honest stages: (its values, the card at each position)."""
    s1 = deck.Stage(a, 0, 0, list(range(n)), True)
    s2 = deck.Stage(b, 0, 0, memoryview(s1.run()), False)
    return deck.values(s2.run()), [s1.order[s2.order[j]] for j in range(n)]


def test_the_final_deck_shows_no_card_as_a_product_or_square_of_others():
    # exponents keep products: were cards small numbers (4 = 2 * 2), anyone holding the public
    # deck could find x = y * z among its values and so where most cards lie
    P = deck.P
    for s in (8, 9):
        vals, cards = _deck(_rand(s)(deck.SEED_LEN), _rand(s + 10)(deck.SEED_LEN))
        where = {}
        for i in range(len(vals)):
            where[vals[i]] = i
        for i in range(len(vals)):
            for j in range(i, len(vals)):
                assert vals[i] * vals[j] % P not in where, (cards[i], cards[j])
        assert sorted(cards) == list(range(26))


def test_a_stage_is_checked_value_by_value():
    P = deck.P
    a = _rand(11)(deck.SEED_LEN)
    good = deck.Stage(a, 0, 0, list(range(26)), True).run()
    assert deck.check(good, 26) == 0
    k = deck.PLEN
    for bad in (0, 1, P - 1, P, P + 4):  # 1 and -1 stay 1 under any exponent: a mark
        b = bytearray(good)
        b[5 * k : 6 * k] = (bad % (1 << 256)).to_bytes(k, "big")
        assert deck.check(b, 26) == 1, bad
    for twin in (lambda x: x, lambda x: P - x):  # x^e = (-x)^e: one card twice
        b = bytearray(good)
        b[7 * k : 8 * k] = twin(deck.from_bytes(b[2 * k : 3 * k])).to_bytes(k, "big")
        assert deck.check(b, 26) == 2
        assert deck.check(b, 7) == 0  # only the first n values are read


def test_a_non_residue_leaves_no_mark_in_the_final_deck():
    # a cheating owner's non-residue (2: P = 3 mod 8) in its stage 1: under the other side's
    # even exponent it lands in the cards' subgroup, a value like any card's
    P, Q = deck.P, deck.Q
    a, b = _rand(13)(deck.SEED_LEN), _rand(14)(deck.SEED_LEN)
    s1 = bytearray(deck.Stage(a, 0, 0, list(range(26)), True).run())
    assert pow(2, Q, P) == P - 1  # 2 is a non-residue
    s1[0 : deck.PLEN] = (2).to_bytes(deck.PLEN, "big")
    assert deck.check(s1, 26) == 0  # it passes: harmless, caught at the end (its key's stage)
    s2 = deck.values(deck.Stage(b, 0, 0, memoryview(s1), False).run())
    assert all(pow(x, Q, P) == 1 for x in s2)  # every position a residue: the 2 shows nowhere
    assert all(deck.exponent(b, 0, 0, j) % 2 == 0 for j in range(26))


def test_a_deal_is_the_stage_one_value_the_other_side_reordered():
    # the other side's layer taken off deck position i (partial()) is the stage-1 value it put
    # at i: what cards.cable.game sends for a deal, kept from its stage 2, no exponentiation
    a, b = _rand(6)(deck.SEED_LEN), _rand(7)(deck.SEED_LEN)
    s1 = deck.Stage(a, 0, 0, list(range(10)), True).run()
    st = deck.Stage(b, 0, 0, memoryview(s1), False)
    s2 = st.run()
    k = deck.PLEN
    for i in range(10):
        j = st.order[i]
        assert deck.partial(s2[i * k : i * k + k], b, 0, 0, i) == s1[j * k : j * k + k]
