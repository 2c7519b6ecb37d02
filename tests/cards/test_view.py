# interpreters: micropython cpython
"""Card game: what each player may see (hidden information), move/event texts, save bytes."""

from cg_labels import card_name, card_pegs, event_text, move_label, other_moves
from cg_setup import A1, A2, B1, B2, C3, DT, R1, R2, RT, SH, W, begin, hit, reveal, setup
from cg_setup import shield as put_shield
from support import raises

from cards.ai import choose, choose_random
from cards.engine import Game
from cards.rules import (
    BEGINNER,
    CARRIER,
    CELLS,
    DOWN,
    EV_REVEAL,
    EV_SINK,
    M_DISCARD,
    M_DISCARD_WHITES,
    M_DRAW_THREE,
    M_END,
    M_PEG,
    M_PLAY_TWO,
    M_PT,
    M_REPAIR,
    M_SHIELD,
    M_SKIP,
    UP,
)
from cards.view import UNKNOWN, move_target, moves_for_card, view_for
from core.prng import Rng


def _mid_game(seed=5, plies=30, mode=0):
    g = Game(seed=seed, mode=mode)
    rngs = (Rng(seed), Rng(seed + 1))
    for _ in range(plies):
        if g.over:
            break
        g.apply(choose(view_for(g, g.cur), rngs[g.cur]))
    return g


def _same(a, b):
    return sorted(a.__dict__.items()) == sorted(b.__dict__.items())


def test_view_shows_own_hand_and_only_counts_of_theirs():
    g = setup(hand0=[W[0], R2[0]], hand1=[R1[0], SH[0], DT[0]])
    v = view_for(g, 0)
    assert v.hand == [W[0], R2[0]] and v.hand_count == [2, 3]
    assert v.draw_count == [24, 23] and v.my_turn and v.moves == g.legal_moves()
    w = view_for(g, 1)
    assert w.hand == [R1[0], SH[0], DT[0]] and not w.my_turn and w.moves == []


def test_face_down_cards_are_unknown_to_both_players():
    g = setup(hand0=[W[0]])
    reveal(g, 1, A1)
    reveal(g, 0, B2)
    v = view_for(g, 0)
    assert v.known[1][A1] == CARRIER and v.known[0][B2] == 0
    assert v.known[1][A2] == UNKNOWN and v.known[0][A1] == UNKNOWN  # the sheet: laid face down
    assert [v.known[1][c] for c in range(CELLS)].count(UNKNOWN) == 11


def test_view_sides_are_from_the_viewer():
    g = setup(hand0=[W[0]])
    hit(g, 1, A1, R2[0])  # player 0's card under player 1's Carrier
    put_shield(g, 1, A2, SH[0])
    v0, v1 = view_for(g, 0), view_for(g, 1)
    assert v0.damage(1, A1) == 2 and v1.damage(0, A1) == 2
    assert v0.shield_left(1, A2) == 2 and v1.shield[0][A2] >= 0 and v1.shield_left(1, A2) == 0


def test_hidden_information_does_not_change_the_view():
    g = _mid_game()
    p = g.cur
    o = 1 - p
    h = g.copy()
    # Swap two face-down opponent cards that differ, and two of my own face-down cards.
    for side in (o, p):
        down = [c for c in range(CELLS) if h.up[side][c] == DOWN]
        a = down[0]
        b = [c for c in down if h.ident[side][c] != h.ident[side][a]][0]
        h.ident[side][a], h.ident[side][b] = h.ident[side][b], h.ident[side][a]
    # Swap a card of their hand with one of their draw pile; shuffle both draw piles.
    i = h.hand[o][0]
    j = [k for k in h.draw[o] if k != i][0]
    h.hand[o][0] = j
    h.draw[o][h.draw[o].index(j)] = i
    h.draw[o].reverse()
    h.draw[p].reverse()
    assert h.consistent() and h.to_bytes() != g.to_bytes()
    assert _same(view_for(g, p), view_for(h, p))
    assert choose(view_for(g, p), Rng(9)) == choose(view_for(h, p), Rng(9))


def test_opponent_hand_change_is_visible_only_as_a_count():
    g = setup(hand0=[W[0]], hand1=[W[0], W[1]])
    h = setup(hand0=[W[0]], hand1=[R2[0], RT[0]])
    assert _same(view_for(g, 0), view_for(h, 0))
    assert not _same(view_for(g, 1), view_for(h, 1))


def test_events_are_public_and_move_labels_read_well():
    g = setup(hand0=[W[0], R2[0], SH[0], DT[0], RT[0]], hand1=[W[0]])
    reveal(g, 0, A1)
    hit(g, 0, A1, R1[0])
    reveal(g, 1, A2)
    put_shield(g, 1, B1, SH[1])
    begin(g)
    v = view_for(g, 0)
    assert move_label((M_PEG, W[0], C3, 0), v) == "White search Z3"
    assert move_label((M_PEG, R2[0], A2, 0), v) == "Red 2 hit X2"
    assert move_label((M_PEG, R2[0], B1, 0), v) == "Red 2 shield Y1"
    assert move_label((M_SHIELD, SH[0], A1, 0), v) == "Shield on X1"
    assert move_label((M_DISCARD_WHITES, DT[0], -1, 1), v) == "Discard 1 White"
    assert move_label((M_PLAY_TWO, DT[0], -1, 0), v) == "Play two more"
    assert move_label((M_REPAIR, RT[0], A1, 0), v) == "Repair X1 -Red 1"
    assert move_label((M_DRAW_THREE, RT[0], -1, 0), v) == "Draw three"
    assert move_label((M_PT, -1, A1, 0), v) == "PT fix X1 -Red 1"
    assert move_label((M_SKIP, -1, -1, 0)) == "PT: skip"
    assert move_label((M_END, -1, -1, 0)) == "End turn"
    assert move_label((M_DISCARD, W[0], -1, 0)) == "Discard White"
    assert move_target((M_PEG, W[0], C3, 0)) == (1, C3)
    assert move_target((M_SHIELD, SH[0], A1, 0)) == (0, A1)
    assert move_target((M_PLAY_TWO, DT[0], -1, 0)) is None
    g.apply((M_PEG, R2[0], A2, 0))
    g.apply((M_SKIP, -1, -1, 0))  # player 1's PT Boat (shielded, so revealed) keeps the peg
    g.apply((M_PEG, W[0], A2, 0))  # player 1 finds player 0's Battleship
    v = view_for(g, 0)
    texts = [event_text(e, 0) for e in v.prev_events]
    assert texts[:2] == ["Foe PT skipped", "Foe played White X2"]
    assert "X2: Battlesh" in texts
    assert [e for e in v.prev_events if e[1] == EV_REVEAL][0][3] == 2


def test_hand_row_and_choices_of_a_picked_card():
    g = setup(hand0=[DT[0], W[0], W[1], R2[0]])
    reveal(g, 0, B1)
    hit(g, 0, A1, R1[0])
    begin(g)
    v = view_for(g, 0)
    assert [(card_name(t), card_pegs(t)) for t in v.hand_types] == [
        ("Disc/Two", 0),
        ("White", 1),
        ("White", 1),
        ("Red 2", 2),
    ]
    assert v.phase == 0 and other_moves(v) == v.moves  # PT Boat step first
    g.apply((M_SKIP, -1, -1, 0))
    v = view_for(g, 0)
    labels = [move_label(m, v) for m in moves_for_card(v, DT[0])]
    assert sorted(labels) == ["Discard 1 White", "Discard 2 White", "Play two more"]
    assert len(moves_for_card(v, R2[0])) == 12 and other_moves(v) == []
    g.apply((M_DISCARD_WHITES, DT[0], -1, 2))
    texts = [event_text(e, 1) for e in view_for(g, 1).prev_events]
    assert texts[:3] == ["Foe PT skipped", "Foe played Discard", "Foe dropped 2 White"]
    assert texts[3] == "Foe drew 6"  # one card left, the revealed Carrier reloads to seven


def test_event_texts_for_a_sinking():
    g = setup(hand0=[R2[0]])
    reveal(g, 1, B1)
    g.apply((M_PEG, R2[0], B1, 0))
    sink = [e for e in g.prev_events if e[1] == EV_SINK][0]
    assert event_text(sink, 0) == "Foe PT Boat sunk" and event_text(sink, 1) == "Your PT Boat sunk"


def test_save_round_trip_every_ply_and_same_future():
    for mode in (0, BEGINNER):
        g = Game(seed=21, mode=mode, first=1)
        rngs = (Rng(1), Rng(2))
        saves = []
        while not g.over:
            b = g.to_bytes()
            assert Game.from_bytes(b).to_bytes() == b and len(b) <= 200
            saves.append(b)
            g.apply(choose_random(view_for(g, g.cur), rngs[g.cur]))
        end = g.to_bytes()
        # Resume from a save mid-game, replaying the same choices: same end.
        h = Game.from_bytes(saves[len(saves) // 2])
        rngs = (Rng(1), Rng(2))
        k = Game(seed=21, mode=mode, first=1)
        for _ in range(len(saves) // 2):
            k.apply(choose_random(view_for(k, k.cur), rngs[k.cur]))
        assert k.to_bytes() == h.to_bytes()
        while not h.over:
            h.apply(choose_random(view_for(h, h.cur), rngs[h.cur]))
        assert h.to_bytes() == end


def test_damaged_saves_are_refused():
    b = bytearray(Game(seed=2).to_bytes())
    raises(ValueError, Game.from_bytes, b[:-1])
    raises(ValueError, Game.from_bytes, b + b"\x00")
    raises(ValueError, Game.from_bytes, b"\x00" + b[1:])
    bad = bytearray(b)
    i = len(bad) - 1
    while bad[i] == 0:
        i -= 1
    hand_at = 17 + 1 + 12 + 1  # header, empty 'only', grid, hand length
    bad[hand_at] = bad[hand_at + 1]  # a card twice in the hand
    raises(ValueError, Game.from_bytes, bad)


def test_up_state_round_trips_in_save():
    g = setup(hand0=[W[0]])
    hit(g, 1, A1, R2[0])
    put_shield(g, 1, A1, SH[0])
    g.spegs[1][A1] += bytes((R1[0],))
    g.draw[0].remove(R1[0])
    h = Game.from_bytes(g.to_bytes())
    assert h.up[1][A1] == UP and list(h.pegs[1][A1]) == [R2[0]] and list(h.spegs[1][A1]) == [R1[0]]
    assert h.shield[1][A1] == SH[0]
