# interpreters: micropython cpython
"""Lies and broken rules between two linked handhelds (battleship.cable.game), each caught and named: a false
miss or hit on the shot it is told, a hidden or false sinking and an illegal fleet when the fleets
are revealed, an extra or repeated shot at once, and a loser that never shows its fleet."""

import gc

from battleship.cable.game import (
    CHEAT,
    FORFEIT,
    ILLEGAL,
    ME,
    PEER,
    W_AT_END,
    W_REPEAT,
    W_SAID_HIT,
    W_SAID_MISS,
    W_TURN,
)
from battleship.rules import CLASSIC
from host_tools.duel.battle import LAYOUT_A, LAYOUT_B, Duel
from link.commit import C_ANSWER, C_ILLEGAL, C_PROTOCOL, C_SUNK_FALSE, C_SUNK_HIDDEN, M_FLEET_REVEAL, M_SHOT


def _liar(lie, seeds=(21, 22), touching=True, layouts=(LAYOUT_A, LAYOUT_B), variant=CLASSIC):
    """Side 1 lies through lie(answer message) -> message. Returns (the duel, side 0's game)."""
    gc.collect()
    d = Duel(seeds=seeds, layouts=layouts, touching=touching, variant=variant)
    d.hands[1].lie = lie
    d.run(900000, lambda: d.hands[0].g.done())
    return d, d.hands[0].g


def test_a_false_miss_is_caught_on_the_shot_it_is_told():
    told = []

    def lie(msg):
        if msg[2] and not told:  # the first hit is called a miss, with that cell's salt
            told.append(msg[1])
            return msg[:2] + b"\x00\x00" + msg[4:]
        return msg

    d, g = _liar(lie)
    assert g.phase == CHEAT and g.cheat == (C_ANSWER, told[0], W_SAID_MISS)
    assert not g.peer.answered[told[0]]  # the lie never counted


def test_a_false_hit_is_caught_on_the_shot_it_is_told():
    told = []

    def lie(msg):
        if not msg[2] and len(told) < 1:
            told.append(msg[1])
            return msg[:2] + b"\x01" + msg[3:]
        return msg

    d, g = _liar(lie)
    assert g.cheat == (C_ANSWER, told[0], W_SAID_HIT)


def test_a_hidden_sinking_is_caught_when_the_fleet_is_revealed():
    hidden = []

    def lie(msg):
        if msg[3] and not hidden:
            hidden.append(msg[1])
            return msg[:3] + b"\x00" + msg[4:]
        return msg

    d, g = _liar(lie, seeds=(23, 24))
    assert g.phase == CHEAT and g.cheat[0] == C_SUNK_HIDDEN and g.cheat[1] == hidden[0]


def test_a_false_sinking_is_caught_when_the_fleet_is_revealed():
    claimed = []

    def lie(msg):
        if msg[2] and not msg[3] and not claimed:
            claimed.append(msg[1])
            return msg[:3] + b"\x05" + msg[4:]
        return msg

    d, g = _liar(lie, seeds=(25, 26))
    assert g.phase == CHEAT and g.cheat[0] == C_SUNK_FALSE and g.cheat[1] == claimed[0]


def test_a_touching_fleet_is_caught_under_the_no_touching_rule():
    d = Duel(seeds=(27, 28), touching=False, layouts=(LAYOUT_A, None))
    liar = d.hands[1]

    def place():  # its firmware skips the check: the patrol boat touches the carrier
        f = liar.g.fleet
        f.touching = True
        for s, r, c, v in LAYOUT_A[:4]:
            f.place(s, r, c, v)
        f.place(4, 1, 5, False)

    liar.place = place
    d.run(900000, lambda: d.hands[0].g.done())
    g = d.hands[0].g
    assert g.phase == CHEAT and g.cheat == (C_ILLEGAL, -1, ILLEGAL.index("ships touch"))


def test_a_second_shot_in_a_classic_turn_is_caught():
    d = Duel(seeds=(29, 30))
    liar = d.hands[1]
    n = [0]

    def twice(h):
        n[0] += 1
        if n[0] == 3:
            h.g.link.send(bytes((M_SHOT, 99 if not h.g.peer.answered[99] else 98)))

    liar.before_fire = twice
    d.run(900000, lambda: d.hands[0].g.done())
    g = d.hands[0].g
    assert g.phase == CHEAT and g.cheat[0] == C_PROTOCOL and g.cheat[2] == W_TURN


def test_a_second_shot_at_one_cell_is_caught():
    d = Duel(seeds=(31, 32))
    liar = d.hands[1]
    n = [0]

    def again(h):
        n[0] += 1
        if n[0] == 4:
            first = h.g.peer.log[0]
            h.g.peer.answered[first] = 0  # it forgets it shot there
            h.order = [first] + h.order

    liar.before_fire = again
    d.run(900000, lambda: d.hands[0].g.done())
    g = d.hands[0].g
    assert g.phase == CHEAT and g.cheat[2] == W_REPEAT and g.cheat[1] == d.hands[1].g.peer.log[0]


def test_a_lie_found_only_at_the_end_names_the_cell():
    # A liar that answers from a fleet other than the one it committed: every answer it gives
    # opens a leaf, so the game catches it on the first wrong one (never at the end).
    told = []

    def lie(msg):
        if msg[2] and len(told) < 1:
            told.append(msg[1])
            return msg[:2] + b"\x00\x00" + b"\x00" * 16
        return msg

    d, g = _liar(lie, seeds=(33, 34))
    assert g.cheat[0] == C_ANSWER and g.cheat[1] == told[0] and g.cheat[2] != W_AT_END


def test_a_loser_that_never_shows_its_fleet_forfeits():
    ref = Duel(seeds=(35, 36))
    ref_ms = ref.play()
    lose = 0 if ref.hands[0].g.winner == PEER else 1
    ref = None
    gc.collect()
    d = Duel(seeds=(35, 36))
    g = d.hands[lose].g
    send = g.send
    g.send = lambda m: None if m[0] == M_FLEET_REVEAL else send(m)  # its firmware keeps it back
    t = d.run(900000, lambda: d.hands[1 - lose].g.done())
    w = d.hands[1 - lose].g
    assert w.phase == FORFEIT and w.winner == ME
    assert t > 30000 + ref_ms // 2
