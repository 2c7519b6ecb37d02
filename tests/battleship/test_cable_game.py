# interpreters: micropython cpython
"""Battleship and Salvo between two linked handhelds (battleship.cable.game) on a virtual cable: the coin,
the commitments, turns and salvos, the verified end, a pulled cable, restarts from flash, saves,
and every kind of lie caught."""

import gc

from support import raises

from battleship.cable.game import (
    ILLEGAL,
    LINKING,
    ME,
    OVER,
    PEER,
    PLAYING,
    VERIFIED,
    fleet_check,
    rules_bytes,
    rules_of,
)
from battleship.cable.save import restore, saved_rules
from battleship.fleet import Fleet
from battleship.rules import CLASSIC, NOT_YOUR_TURN, REPEAT, SALVO, Refused
from host_tools.duel.battle import LAYOUT_A, Duel
from host_tools.duel.clock import save_into
from link.match import split
from link.session import ST_MISMATCH, ST_OPEN, ST_UNPLUGGED


def _log(g):
    return bytes(g.peer.log[: 3 * g.peer.n_log])


def _record(d):
    """What each side ends up with: its shots' answers in order, the shots it received."""
    return [(_log(h.g), bytes(h.g.fleet.shots), h.g.winner, h.g.phase) for h in d.hands]


def _same(a, b):
    """Two buffers hold the same bytes (compared in place: no copies on a tight heap)."""
    if len(a) != len(b):
        return False
    for i in range(len(a)):
        if a[i] != b[i]:
            return False
    return True


def _reference(seeds, variant=CLASSIC):
    """The record of the same game played with nothing going wrong (its duel freed at once)."""
    gc.collect()  # the last test's duel gone first: two duels in one 192 KB heap fragment it
    d = Duel(seeds=seeds, variant=variant)
    d.play()
    rec = _record(d)
    d = None
    gc.collect()
    return rec


def _verified(d):
    a, b = d.hands[0].g, d.hands[1].g
    assert a.phase == VERIFIED and b.phase == VERIFIED, (a.phase, b.phase, a.cheat, b.cheat)
    assert {a.winner, b.winner} == {ME, PEER}  # one won, and the other agrees it lost
    win = a if a.winner == ME else b
    lose = b if win is a else a
    assert win.hits == 17 and win.sunk == 5 and lose.fleet.defeated()
    assert sum(win.peer_sunk) == 5 and not win.fleet.defeated()
    return win, lose


def _ships(layout):
    f = Fleet()
    for s, r, c, v in layout:
        f.place(s, r, c, v)
    return [(s + 1, f.ship_cells(s)) for s in range(5)]


def test_the_link_layers_numbers_are_the_ones_the_game_names():
    from battleship.cable import game
    from link import frame, match, session

    for name in "GAME_BATTLESHIP RULE_SALVO RULE_TOUCHING".split():
        assert getattr(game, name) == getattr(session, name), name
    names = "ST_CONNECTING ST_UNPLUGGED ST_VERSION ST_RULES ST_SYNCING ST_MISMATCH ST_OPEN M_OUT_OF_STEP"
    for name in names.split():
        assert getattr(match, name) == getattr(session, name), name
    assert match.D_ORDER == frame.D_ORDER


def test_rules_bytes_name_the_game_salvo_and_touching():
    assert rules_bytes(CLASSIC, True) == b"\x01\x02"
    assert rules_bytes(SALVO, False) == b"\x01\x01"
    for v in (CLASSIC, SALVO):
        for t in (False, True):
            assert rules_of(rules_bytes(v, t)) == (v, t)
    assert rules_of(b"\x02\x02\x01") is None and rules_of(None) is None  # Torpedo Attack's


def test_fleet_check_names_what_is_wrong_with_a_revealed_fleet():
    ok = _ships(LAYOUT_A)
    assert fleet_check(ok, False) == -1
    assert ILLEGAL[fleet_check(ok[:4], True)] == "wrong ships"
    assert ILLEGAL[fleet_check(ok[:4] + [(5, [98])], True)] == "wrong length"
    assert ILLEGAL[fleet_check(ok[:4] + [(5, [97, 99])], True)] == "not straight"
    assert ILLEGAL[fleet_check(ok[:4] + [(5, [9, 10])], True)] == "not straight"  # wraps a row
    assert ILLEGAL[fleet_check(ok[:4] + [(5, [5, 6])], True)] == "overlap"  # on the carrier
    touch = ok[:4] + [(5, [15, 16])]  # under the carrier, corner to corner
    assert fleet_check(touch, True) == -1 and ILLEGAL[fleet_check(touch, False)] == "ships touch"


def test_a_classic_game_ends_verified_on_both_handhelds():
    d = Duel(seeds=(3, 4))
    d.play()
    a, b = d.hands[0].g, d.hands[1].g
    assert {a.role, b.role} == {0, 1} and a.first == b.first and a.game_id == b.game_id
    win, lose = _verified(d)
    # one shot a turn, turns alternating from the coin's first shooter
    first = a if a.first == a.role else b
    n_first, n_second = first.peer.n_log, (b if first is a else a).peer.n_log
    assert n_first - n_second in (0, 1) and a.turn_no == b.turn_no == n_first + n_second
    assert _log(a) and sum(a.fleet.shots) == b.peer.n_log and sum(b.fleet.shots) == a.peer.n_log
    assert win.peer_map is not None and lose.peer_map is not None  # both fleets shown at the end
    assert d.hands[0].biggest_save < 2000  # the peer's commitments are saved apart, once


def test_salvo_fires_one_shot_per_ship_afloat_each_answered_before_the_next():
    d = Duel(seeds=(5, 6), variant=SALVO)
    d.play()
    win, lose = _verified(d)
    for h in d.hands:
        turns = [k for k in range(512) if h.fired[k]]
        assert len(turns) > 5
        for k in turns[:-1]:  # the last turn may end early: the game is won mid-salvo
            assert h.fired[k] == h.afloat[k], (k, h.fired[k], h.afloat[k])
        assert min(h.afloat[k] for k in turns) < 5  # salvos shrank as ships sank
    assert (
        win.salvo and win.shots_for(ME) == win.fleet.afloat() and lose.shots_for(PEER) == win.fleet.afloat()
    )


def test_firing_is_refused_out_of_turn_and_at_a_cell_already_answered():
    d = Duel(seeds=(7, 8))
    d.run(600000, lambda: d.hands[0].g.peer.n_log >= 2)
    for h in d.hands:
        h.auto = False
    d.run(600000, lambda: d.hands[0].g.my_turn() or d.hands[1].g.my_turn())
    d.run(500)  # the last answer arrives
    shooter = d.hands[0].g if d.hands[0].g.my_turn() else d.hands[1].g
    waiting = d.hands[1].g if shooter is d.hands[0].g else d.hands[0].g
    assert waiting.turn == PEER and raises(Refused, waiting.fire, 0).reason == NOT_YOUR_TURN
    assert raises(Refused, shooter.fire, shooter.peer.log[0]).reason == REPEAT
    shooter.fire(shooter.peer.log[0] ^ 1 if not shooter.peer.answered[shooter.peer.log[0] ^ 1] else 0)
    assert raises(Refused, shooter.fire, 50).reason == NOT_YOUR_TURN  # one shot waits for its answer


def test_a_pulled_cable_loses_no_shot_and_applies_none_twice():
    ref = _reference(seeds=(9, 10))
    d = Duel(seeds=(9, 10))
    d.run(5000)
    assert d.hands[0].g.phase == PLAYING
    for pull_ms in (3000, 12000):
        d.cable.unplug()
        d.run(pull_ms)
        assert d.hands[0].g.link.status() == ST_UNPLUGGED
        d.cable.plug()
        d.run(1500)
    d.play()
    assert _record(d) == ref
    _verified(d)


def test_a_restarted_handheld_goes_on_from_its_save():
    ref = _reference(seeds=(11, 12), variant=SALVO)
    d = Duel(seeds=(11, 12), variant=SALVO)
    # mid-coin, mid-commitment (parts still queued), mid-game (twice), and just after the end
    for at, side in ((100, 0), (260, 1), (1500, 0), (3000, 1), (3033, 1), (6000, 0)):
        d.run(at)
        d.restart(side)
    d.play()
    assert d.hands[0].boots == 4 and d.hands[1].boots == 4
    assert _record(d) == ref
    _verified(d)


def test_both_handhelds_restarted_at_once_go_on():
    ref = _reference(seeds=(13, 14))
    d = Duel(seeds=(13, 14))
    d.run(4000)
    d.restart(0)
    d.restart(1)
    d.play()
    assert _record(d) == ref


def test_the_end_survives_a_restart_of_the_winner_before_its_fleet_was_sent():
    ref = _reference(seeds=(15, 16))
    d = Duel(seeds=(15, 16))
    d.run(600000, lambda: d.hands[0].g.phase == OVER or d.hands[1].g.phase == OVER)
    over = 0 if d.hands[0].g.phase == OVER else 1
    d.restart(over)
    d.play()
    assert _record(d) == ref


def test_a_save_restores_exactly():
    gc.collect()
    d = Duel(seeds=(17, 18), variant=SALVO)
    buf = bytearray(2048)
    for ms, side in ((200, 0), (200, 1), (3000, 0), (3000, 1)):  # the coin, the commitments, play
        d.run(ms)
        h = d.hands[side]
        g = h.g
        assert not g.needs_save()  # the harness saved after the step, as the handheld does
        state, snap = split(h.flash)
        assert bytes(snap) == g.link.snapshot() and saved_rules(state) == rules_bytes(SALVO, True)
        gc.collect()
        got, n_log = g.peer.got, g.peer.n_log
        g2 = restore(state, g.link, None, g.peer, h.peer_flash)  # into the same PeerFleet: no new 3.2 KB
        again = save_into(g2, buf)
        assert _same(again, h.flash)
        assert g2.peer.got == got and g2.peer.n_log == n_log
        assert g2.seen == g.seen and g2.hits == g.hits and g2.sunk == g.sunk and g2.turn_no == g.turn_no
        g2 = again = None
    # damaged saves are refused (loaded into a PeerFleet already there: the heap is tight)
    peer = h.g.peer
    raises(ValueError, restore, memoryview(b"\x07" * 40), None, None, peer)
    raises(ValueError, split, h.flash[:-300])  # cut short
    n = len(h.flash)
    buf[:n] = h.flash
    state = memoryview(buf)[3:n]
    raises(ValueError, restore, state[:-50], None, None, peer, h.peer_flash)
    raises(ValueError, restore, state, None, None, peer, None)  # the commitments lost
    raises(ValueError, restore, state, None, None, peer, h.peer_flash[:-32])  # cut short
    h.peer_disk[100] ^= 1
    raises(ValueError, restore, state, None, None, peer, h.peer_flash)  # damaged
    h.peer_disk[100] ^= 1
    buf[n] = 0
    raises(ValueError, restore, memoryview(buf)[3 : n + 1], None, None, peer, h.peer_flash)  # a byte more
    buf[4] = 9  # no such phase
    raises(ValueError, restore, state, None, None, peer)


def test_a_peer_whose_save_is_lost_starts_a_new_game_with_us():
    d = Duel(seeds=(19, 20))
    d.run(5000)
    h = d.hands[1]
    h.flash = None  # its flash is wiped: it boots into a new game
    h.restart()
    d.run(2000)
    g = d.hands[0].g
    assert g.link.status() == ST_MISMATCH and not g.link.peer_has_game
    assert h.g.phase == LINKING
    g.abandon()  # what the screen offers: start over
    assert g.phase == LINKING and sum(g.fleet.shots) == 0
    d.play()
    _verified(d)
    assert d.hands[0].g.link.status() == ST_OPEN
