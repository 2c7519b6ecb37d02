# interpreters: micropython cpython
"""Link Express (express.cable.game) between two bot handhelds on a virtual cable: full games under
both rule sets, every planted cheat caught and named, a pulled cable, restarts from flash."""

import gc

from support import raises

from express.cable.game import (
    ARRANGE,
    CHEAT,
    CHEAT_TEXTS,
    EV_END,
    FORFEIT,
    LINKING,
    M_X_COMMIT,
    M_X_MOVE,
    M_X_OPEN,
    M_X_ROLL,
    PLAYING,
    SEALED,
    W_CHAIN,
    W_COPY,
    W_TURN,
    fleet_commitment,
    rules_bytes,
    rules_of,
)
from express.cable.save import restore, saved_rules
from express.engine import Game
from host_tools.duel.clock import save_bytes
from host_tools.duel.express import CHEATS, WANT, Duel, verified
from link.match import split

FORFEIT_MS = 30000  # docs/link-protocol.md 6.1: the one forfeit clock (link.match)


def test_rules_bytes():
    assert rules_bytes(0) == b"\x03\x00" and rules_bytes(1) == b"\x03\x01"
    assert rules_of(b"\x03\x01") == 1 and rules_of(b"\x01\x02") is None and rules_of(None) is None


def test_full_games_both_rules():
    """Captain's and Admiral's, a DP captain against a random one: both sides verify the same game."""
    for game in (0, 1):
        for s in range(3):
            d = Duel(seeds=(10 + s, 20 + s), game=game, flash=False)
            d.play()
            verified(d)
            d = None
            gc.collect()


def test_the_same_seeds_give_the_same_game_and_a_save_is_small():
    d = Duel(seeds=(3, 4), game=1)
    d.play()
    rec = verified(d)
    assert d.hands[0].biggest_save < 700 and d.hands[1].biggest_save < 700
    d = None
    gc.collect()
    d = Duel(seeds=(3, 4), game=1, flash=False)
    d.play()
    assert verified(d) == rec


def test_every_planted_cheat_is_caught_and_named():
    for k in range(len(CHEATS)):
        for side in (0, 1):
            d = Duel(seeds=(k + 1, k + 9), game=k & 1, flash=False)
            d.hands[side].plant(k)
            d.run(900000, d.over)
            liar, honest = d.hands[side].g, d.hands[1 - side].g
            assert d.hands[side].cheated, CHEATS[k]
            assert honest.phase == CHEAT and honest.cheat == WANT[k], (CHEATS[k], honest.cheat)
            assert liar.cheat < 0  # the honest side is never accused
            assert honest.cheat_text() == CHEAT_TEXTS[WANT[k]]
            d = None
            gc.collect()


def test_a_roll_index_out_of_order_is_named_as_not_from_the_chain():
    """docs/link-protocol.md 8: the roll index belongs to the chain; on 50caaa9 a wrong one in an
    X_MOVE read "moved out of turn", in an X_OPEN or an X_ROLL "sent a bad message"."""
    for kind in (M_X_MOVE, M_X_OPEN, M_X_ROLL):
        d = Duel(seeds=(3, 4), game=0, flash=False)
        liar = d.hands[1].g
        real = liar.send
        done = []

        def send(msg, kind=kind, real=real, done=done):
            if msg[0] == kind and not done and msg[1] | (msg[2] << 8) > 0:
                done.append(1)
                b = bytearray(msg)
                b[1] ^= 0x40  # another roll's index, all else as it was
                msg = bytes(b)
            real(msg)

        liar.send = send
        d.run(900000, d.over)
        honest = d.hands[0].g
        assert done, kind
        assert honest.phase == CHEAT and honest.cheat == W_CHAIN, (kind, honest.cheat)
        d = None
        gc.collect()


def test_a_pulled_cable_only_delays_the_game():
    d = Duel(seeds=(5, 6), game=0)
    d.run(1200)
    d.cable.unplug()
    d.run(500)
    rolls = d.hands[0].g.rolls
    d.run(6000)
    assert not d.done() and d.hands[0].g.rolls <= rolls + 1
    d.cable.plug()
    d.play()
    verified(d)


def test_restarts_from_flash_at_every_stage():
    """Each side restarted (from its last save) during the toss, the fleets and play: both
    finish the same game, and every roll is still checked (no side accused)."""
    d = Duel(seeds=(7, 8), game=1)
    for at, side in ((66, 0), (200, 1), (900, 0), (1500, 1), (2500, 0), (2600, 1)):
        d.run(at)
        d.restart(side)
    d.play()
    verified(d)
    assert d.hands[0].boots > 1 and d.hands[1].boots > 1


def test_restart_while_unplugged():
    d = Duel(seeds=(9, 10), game=0)
    d.run(2000)
    d.cable.unplug()
    d.run(500)
    d.restart(0)
    d.run(3000)
    d.cable.plug()
    d.play()
    verified(d)


def test_save_round_trip_and_damage():
    d = Duel(seeds=(11, 12), game=1)
    d.run(1500)
    h = d.hands[0]
    assert h.g.phase == PLAYING
    state, snap = split(h.flash)
    assert saved_rules(state) == rules_bytes(1)
    g = restore(state, None, None)
    g.link = h.g.link
    assert g.to_bytes() == bytes(state)
    assert raises(ValueError, restore, bytes(state)[:-1], None, None)
    assert raises(ValueError, restore, b"\x07" + bytes(state)[1:], None, None)
    assert len(save_bytes(h.g)) > len(state)


def test_the_fleet_is_checked_before_it_is_committed():
    d = Duel(seeds=(1, 2), game=0, flash=False)
    g = d.hands[0].g
    assert g.phase == LINKING
    assert raises(ValueError, g.arrange, b"\x00\x01\x02\x03\x04")  # not now
    d.hands[0].auto = False
    d.run(30000, lambda: g.phase == ARRANGE)
    assert g.phase == ARRANGE
    assert raises(ValueError, g.arrange, b"\x00\x00\x02\x03\x04")
    g.arrange(b"\x04\x03\x02\x01\x00")
    d.hands[0].auto = True
    assert Game(0).table  # the engine's own table, not a copy
    d.play()
    verified(d)


def test_our_own_commitment_sent_back_ends_the_game_as_a_copy():
    """Issue 41: the copy was refused, but take() returned no end: the game sat in CHEAT and the
    screen on "Waiting for the other fleet...". It ends the game as every caught cheat does."""
    for copied in (0, 32, 64):  # our anchor, our fleet's commitment, both (of the 64 bytes)
        g = _sealed_first()
        mine = g.chain.anchor + fleet_commitment(g.game_id, g.role, g.salt, g.row)
        theirs = bytes(range(64))
        msg = (mine[:32] if copied != 32 else theirs[:32]) + (mine[32:] if copied else theirs[32:])
        assert g.read(bytes((M_X_COMMIT,)) + msg) & EV_END, copied
        assert g.phase == CHEAT and g.cheat == W_COPY and g.done(), copied
        assert g.cheat_text() == "Opponent copied our commitment"
        g = None
        gc.collect()


def _sealed_first():
    """Side 0's game with its fleet committed, the other side's not (it has not arranged)."""
    d = Duel(seeds=(5, 6), game=0, flash=False)
    g = d.hands[0].g
    d.hands[1].auto = False
    d.run(30000, lambda: g.phase == SEALED)
    return g


def test_a_side_that_keeps_its_dice_link_back_forfeits_but_a_pulled_cable_does_not():
    """The side that answers a roll learns the dice before it sends X_OPEN: withholding it
    (a roll it does not like) forfeits after FORFEIT_MS of open link; a pulled cable longer than
    that does not count."""
    d = Duel(seeds=(13, 14), game=0, flash=False)
    d.run(2500, lambda: d.hands[0].g.phase == PLAYING and d.hands[1].g.phase == PLAYING)
    sulk = d.hands[1].g
    real = sulk.send

    def send(msg):
        if msg[0] != M_X_OPEN:
            real(msg)

    sulk.send = send
    d.cable.unplug()
    d.run(40000)
    assert not d.hands[0].g.done()
    d.cable.plug()
    t = d.run(120000, lambda: d.hands[0].g.done())
    g = d.hands[0].g
    assert g.phase == FORFEIT and g.winner == g.role, (g.phase, g.cheat)
    assert FORFEIT_MS <= t <= FORFEIT_MS + 10000, t  # counted only once the cable was back
    assert sulk.cheat < 0


def _claim_kept_back(silent):
    """Hand 0 keeps every X_ROLL claim back (and, silent, everything after it): hand 1's end."""
    d = Duel(seeds=(15, 16), game=1, flash=False)
    d.run(2500, lambda: d.hands[0].g.phase == PLAYING and d.hands[1].g.phase == PLAYING)
    sulk = d.hands[0].g
    real = sulk.send
    held = []

    def send(msg):
        if msg[0] == M_X_ROLL:
            held.append(msg)
        elif not (silent and held):
            real(msg)

    sulk.send = send
    d.run(120000, lambda: d.hands[1].g.done())
    assert sulk.cheat < 0
    g = d.hands[1].g
    return g.phase, g.cheat, g.winner == g.role


def test_a_roller_that_keeps_its_roll_claim_back_forfeits_or_is_caught():
    """The roller knows the dice once the other side's link is in. A roller that never states
    them (X_ROLL) and goes silent leaves the other side unable to finish: it forfeits after
    FORFEIT_MS. One that skips the claim and moves on is caught moving out of turn."""
    assert _claim_kept_back(True) == (FORFEIT, -1, True)
    gc.collect()
    assert _claim_kept_back(False)[:2] == (CHEAT, W_TURN)
