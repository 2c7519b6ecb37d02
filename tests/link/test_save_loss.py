# interpreters: cpython
"""Losing the save voids nothing (issue 26, item 2; docs/link-protocol.md 5.4 and 10).

A side that comes back behind a random event it has already seen (Express: a roll; only a
flash turned back can do that, 5.2) cannot void the game: the side with the newer save decides, A
claims the win, RIGHT starts a new game. The side turned back holds its game, so it is never
behind on the other's word (issue 41, item 1): the other's counters contradict its save, and its
screen names that and offers only to leave.
An honest power cut costs nothing, because every save is written before the next poll sends
what the game did: a cut right after every single write, then a resume, plays the same game
to its end.

Over the virtual cable (host_tools/duel/cable.py), two sides each: CPython only."""

from peers import Keys

from battleship.cable.game import VERIFIED
from core.hal import RIGHT, A
from express.cable.game import FORFEIT, PLAYING
from express.cable.game import VERIFIED as LX_VERIFIED
from host_tools.duel.battle import Duel as LkDuel
from host_tools.duel.express import Duel as LxDuel
from link import screen
from link.match import M_FORGED, M_OUT_OF_STEP, ST_MISMATCH


def _behind_a_roll():
    """Express: side 0 sees a roll, then comes back with its save from before it."""
    d = LxDuel(seeds=(21, 22), game=0)
    d.run(2500, lambda: all(h.g.phase == PLAYING for h in d.hands))
    old = bytes(d.hands[0].flash)
    seen = d.hands[0].g.rolls
    d.run(120000, lambda: d.hands[0].g.rolls > seen)
    assert d.hands[0].g.rolls > seen  # the roll is out: its dice known on both
    d.run(3000)  # ... and what side 0 took is acknowledged
    d.hands[0].flash = old
    d.hands[0].restart()
    d.run(5000, lambda: all(h.g.link.status() == ST_MISMATCH for h in d.hands))
    behind, ahead = d.hands[0].g, d.hands[1].g
    assert behind.link.status() == ST_MISMATCH and ahead.link.status() == ST_MISMATCH
    assert ahead.link.mismatch == M_OUT_OF_STEP and behind.link.mismatch == M_FORGED
    return d, behind, ahead


def test_the_side_behind_a_roll_it_saw_cannot_void_the_game_the_other_claims_the_win():
    d, behind, ahead = _behind_a_roll()
    assert not behind.link.behind and not ahead.link.behind
    assert screen.text(behind)[1] == "ln_hint_leave"  # the other's counters named: it can only leave
    assert screen.text(ahead)[1] == "ln_hint_claim"
    for keys in ((A,), (RIGHT,)):
        app = Keys(*keys)
        assert not screen.update(app, behind)  # neither a new game nor a win from behind
        assert not behind.done() and not app.cleared
    assert screen.update(Keys(A), ahead)  # A: the win
    assert ahead.phase == FORFEIT and ahead.winner == ahead.role and ahead.link.claimed
    assert ahead.needs_save()  # the end is saved: it stands after a power cut too


def test_the_side_ahead_may_start_a_new_game_instead():
    d, behind, ahead = _behind_a_roll()
    app = Keys(RIGHT)
    assert screen.update(app, ahead)
    assert not ahead.has_game() and app.cleared == ["link_express"]
    d.hands[1].flash = None
    behind.link.new_stream()  # its player leaves and starts again: the two link up afresh
    behind.reset()
    d.run(20000, lambda: all(h.g.phase == PLAYING for h in d.hands))
    assert all(h.g.phase == PLAYING for h in d.hands)


def _cut_after_every_save(hand):
    """The power goes right after each write of this side's save (before the next poll), but
    the first after each boot (the resume's own: a cut there would repeat for ever)."""
    real = hand.step
    booted = [False]

    def step(now):
        n = hand.saves
        real(now)
        if hand.saves != n:
            if booted[0]:
                booted[0] = False
            else:
                booted[0] = True
                hand.restart()

    hand.step = step


def test_link_battle_a_power_cut_after_every_write_resumes_into_the_same_game():
    d = LkDuel(seeds=(5, 6))
    _cut_after_every_save(d.hands[0])
    d.play(3600000)
    a, b = d.hands[0], d.hands[1]
    assert a.boots > 50  # a cut at (nearly) every write point of the game: 65 in this one
    assert a.g.phase == VERIFIED and b.g.phase == VERIFIED, (a.g.phase, b.g.phase, a.g.cheat, b.g.cheat)
    assert a.g.winner != b.g.winner  # each names the other's result: one won, one lost


def test_express_a_power_cut_after_every_write_resumes_into_the_same_game():
    d = LxDuel(seeds=(23, 24), game=1)
    _cut_after_every_save(d.hands[1])
    d.run(3600000, lambda: d.done())
    a, b = d.hands[0].g, d.hands[1].g
    assert d.hands[1].boots > 10
    assert a.phase == LX_VERIFIED and b.phase == LX_VERIFIED, (a.phase, b.phase, a.cheat, b.cheat)
    assert a.winner == b.winner and a.rolls == b.rolls
