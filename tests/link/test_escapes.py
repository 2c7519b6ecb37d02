# interpreters: cpython
"""No way out for a loser (issue 41): junk that keeps the clock alive, slow-walking, and a
pulled cable after a losing event. Each case replays the sequence the independent peer used on
c1c7cfc, where the honest handheld waited for good; here it wins by forfeit, or its player may
claim the win (docs/link-protocol.md 5.7, 10.2).

Over the virtual cable (host_tools/duel/*.py), two sides each: CPython only (two linked games do
not fit one MicroPython heap beside the harness)."""

from peers import Keys, mute

from battleship.cable.game import FORFEIT, ME, OVER, PLAYING, VERIFIED
from core.hal import A
from express.cable.game import FORFEIT as LX_FORFEIT
from express.cable.game import PLAYING as LX_PLAYING
from host_tools.duel.battle import Duel as LkDuel
from host_tools.duel.express import Duel as LxDuel
from link import screen
from link.match import _CLAIM_MS, _FORFEIT_MS, _HARD_MS, M_CLAIMED, ST_MISMATCH, ST_UNPLUGGED

SLACK_MS = 5000  # the frames' own pace past a limit


def _to_the_end(d):
    """Play until one side knows it won (its shot sank the last ship): (winner, loser). The loser
    is muted from its fleet's reveal on: the reveal it owes never comes."""
    for h in d.hands:
        mute(h.g, lambda msg: msg[0] == 0x23)  # FLEET_REVEAL
    d.run(900000, lambda: any(h.g.phase == OVER and h.g.winner == ME for h in d.hands))
    w = next(h for h in d.hands if h.g.phase == OVER and h.g.winner == ME)
    return w, d.hands[1 - d.hands.index(w)]


# -- 4. junk keeps the clock alive --------------------------------------------------------------
def test_junk_every_20_s_no_longer_holds_off_the_forfeit_for_ever():
    d = LkDuel(seeds=(3, 4))
    won, lost = _to_the_end(d)
    side = d.hands.index(won)
    junk = b"\x41" * 100 + b"\x00"  # a damaged frame longer than any ACK or HELLO: DATA, the line broke it
    t = 0
    big = won.g.link.big
    while not won.g.done() and t < _HARD_MS + 60000:
        t += d.run(20000, won.g.done)
        d.cable.inject(side, junk)  # with the keepalives: the 30 s clock starts again every time
    assert won.g.link.big > big  # the junk was heard as such
    assert won.g.phase == FORFEIT, (won.g.phase, won.g.cheat)
    assert _HARD_MS - 100 <= t <= _HARD_MS + SLACK_MS + 20000, t  # the hard limit, not the 30 s


# -- 5. slow-walking ------------------------------------------------------------------------------
def test_express_every_owed_message_just_inside_the_clock_spends_the_bank():
    d = LxDuel(seeds=(13, 14), game=0, flash=False)
    d.run(2500, lambda: all(h.g.phase == LX_PLAYING for h in d.hands))
    honest, cheater = d.hands[0].g, d.hands[1].g
    real = cheater.send
    held = []

    def send(msg):  # every message leaves 29 s late: just inside the 30 s clock
        held.append((d.now + _FORFEIT_MS - 1000, msg))

    cheater.send = send
    step = d.hands[1].step

    def slow_step(now):
        while held and held[0][0] <= now:
            real(held.pop(0)[1])
        step(now)

    d.hands[1].step = slow_step
    d.run(3600000, honest.done)
    assert honest.phase == LX_FORFEIT and honest.winner == honest.role, (honest.phase, honest.cheat)
    assert honest.link.bank >= honest.bank_ms  # it spent its bank: the game ended there


# -- 6. a pulled cable after a losing event -------------------------------------------------------
def _pulled_after_the_loss():
    d = LkDuel(seeds=(3, 4))
    won, lost = _to_the_end(d)
    d.cable.unplug()  # not one byte more: the loser's fleet never comes
    return d, won, lost


def test_a_long_silence_where_the_other_owes_lets_the_player_claim_the_win():
    d, won, lost = _pulled_after_the_loss()
    g = won.g
    d.run(_CLAIM_MS - 5000)
    assert g.link.status() == ST_UNPLUGGED and not g.claimable() and screen.text(g)[1] == "ln_hint_leave"
    assert not screen.update(Keys(A), g)  # no claim before the minute: the other may be replugging
    d.run(6000)
    assert g.claimable() and screen.text(g)[1] == "ln_hint_left"  # "A:claim the win"
    assert screen.update(Keys(A), g)
    assert g.phase == FORFEIT and g.link.claimed  # a win, on this handheld
    d.run(100)
    won.restart()  # saved as such: a power cycle keeps it
    assert won.g.phase == FORFEIT and won.g.link.claimed
    d.cable.plug()  # the other handheld comes back with the same game: told it was claimed
    d.run(3000)
    assert lost.g.link.status() == ST_MISMATCH and lost.g.link.mismatch == M_CLAIMED
    assert lost.g.link.peer_claimed and screen.text(lost.g)[0].startswith("The other handheld claimed")
    lost.restart()  # ... and again after a power cycle: the claimant's save wins the RESUME
    d.run(3000)
    assert lost.g.link.mismatch == M_CLAIMED and won.g.phase == FORFEIT and not lost.g.done()


def test_an_honest_unplug_and_replug_within_the_minute_loses_nothing():
    d = LkDuel(seeds=(3, 4))
    d.run(900000, lambda: all(h.g.phase == PLAYING for h in d.hands) and d.hands[0].g.peer.n_log > 10)
    d.cable.unplug()
    d.run(_CLAIM_MS - 5000)
    assert not any(h.g.claimable() for h in d.hands)
    d.cable.plug()
    d.play(1800000)
    assert [h.g.phase for h in d.hands] == [VERIFIED, VERIFIED]


def test_a_torpedo_game_whose_win_was_claimed_stays_saved():
    # Torpedo saves no ended game; a claimed one it must (the claim tells the other handheld)
    from host_tools.duel.torpedo import Duel as TaDuel

    d = TaDuel(seeds=(3, 4))
    d.run(600000, lambda: all(h.m.stage >= 4 and h.m.saving for h in d.hands))
    h = d.hands[0]
    h.m.claim()
    d.run(100)
    h.restart()
    assert h.m.link.claimed and not d.hands[1].m.done()
    told = d.hands[1].m.link
    d.run(3000, lambda: told.mismatch == M_CLAIMED)  # the other handheld is told (its bot then
    assert told.mismatch == M_CLAIMED and told.peer_claimed  # starts a new game: A on its screen)
