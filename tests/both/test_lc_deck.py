"""The mental-poker deck (link.deck): encryption commutes, a draw finds its card, cards are
quadratic residues, keys and orders follow from the seed; the per-cell Coordinate commitments
(linkcards.grid) catch a lie about a search."""

from support import raises

from cards.rules import COORDINATE_DECK
from core.prng import Rng
from link import deck
from linkcards.grid import C_SEARCH, MyGrid, PeerGrid
from linkcards.proto import CheatError


def _rand(seed):
    return Rng(seed).randbytes


def test_prime_and_encoding():
    assert deck.P == 2 * deck.Q + 1
    assert pow(2, deck.P - 1, deck.P) == 1 and pow(3, deck.P - 1, deck.P) == 1
    seen = []
    for k in range(26):
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
    assert deck.keys(seed, 1, 3)[0] != e and deck.keys(seed, 0, 4)[0] != e


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
        y = deck.partial(c, b, 0, 0)  # B takes its layer off
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


def test_stage_one_by_factors_is_each_card_raised_to_the_key():
    # 9.2's S1[j] = enc(in[o1[j]])^e: stage 1 computes it through the cards' factors, and
    # counts only the exponentiations it did (one per prime base), in any subset of cards
    seed = _rand(5)(deck.SEED_LEN)
    for cards in (list(range(26)), [3, 7, 8, 24, 25]):
        e = deck.exponent(seed, 1, 2)
        order = deck.perm(seed, 1, 2, len(cards))
        st = deck.Stage(seed, 1, 2, cards, True)
        calls = 1
        while not st.step(1):
            calls += 1
        want = [pow(deck.encode(cards[order[j]]), e, deck.P) for j in range(len(cards))]
        assert deck.values(st.out) == want
        primes = set()
        for c in cards:
            n, f = c + 2, 2
            while n > 1:
                if n % f:
                    f += 1
                else:
                    primes.add(f)
                    n //= f
        assert calls <= len(primes) + 1  # one exponentiation per prime, not one per card
        if len(cards) == 26:
            assert calls < 13


def test_a_deal_is_the_stage_one_value_the_other_side_reordered():
    # the other side's layer taken off deck position i (partial()) is the stage-1 value it put
    # at i: what linkcards.game sends for a deal, kept from its stage 2, no exponentiation
    a, b = _rand(6)(deck.SEED_LEN), _rand(7)(deck.SEED_LEN)
    s1 = deck.Stage(a, 0, 0, list(range(10)), True).run()
    st = deck.Stage(b, 0, 0, memoryview(s1), False)
    s2 = st.run()
    k = deck.PLEN
    for i in range(10):
        j = st.order[i]
        assert deck.partial(s2[i * k : i * k + k], b, 0, 0) == s1[j * k : j * k + k]
