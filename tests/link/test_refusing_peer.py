# interpreters: cpython
"""A peer that keeps its acknowledgement back where it owes a message is forfeited as a silent
one is, after 90 s instead of 30 (a noisy line can hold a message of ours back for more than
30 s: issue 26, item 1; docs/link-protocol.md 10). Each case replays the sequence an independent
peer used on 50caaa9, where the handheld waited for good: the cheater stops taking messages
from its link (so it never acknowledges ours: it could still read them from its receive queue)
and sends nothing more, while its link stays up and its keepalives keep arriving.

Over the virtual cable (host_tools/duel/cable.py), two sides each: CPython only (two linked games do
not fit one MicroPython heap beside the harness)."""

from battleship.cable.game import FORFEIT, OVER
from cards.cable.game import CHEAT
from cards.cable.proto import C_SILENT, M_OPEN
from express.cable.game import FORFEIT as LX_FORFEIT
from express.cable.game import M_X_MOVE, PLAYING
from host_tools.duel.battle import Duel as LkDuel
from host_tools.duel.cards import WireDuel
from host_tools.duel.express import Duel as LxDuel
from link.match import _REFUSED_MS

SLACK_MS = 5000  # the frames' own pace: a few steps and keepalives past the clock
STEP_MS = 100  # ... and the clock may have begun a step before the refusal


def refuse(g):
    """From now on g takes nothing from its link (so it acknowledges nothing more) and sends
    nothing; its link still polls, so its frames (keepalives) keep arriving at the other side."""
    g.auto = lambda: False
    g.out.clear()
    g.send = lambda msg: None
    g._send = lambda msg: None  # the card game's own way out (into the same outbox)


def _forfeited_in(run, honest):
    """ms from the refusal until the honest side's game ended, with ours still unacknowledged."""
    assert honest.link.unacked() > 0  # the cheater keeps our last message unacknowledged
    return run(_REFUSED_MS + 60000, honest.done)


def test_link_battle_a_peer_that_withholds_its_fleet_and_our_last_answer_forfeits():
    d = LkDuel(seeds=(3, 4))
    d.run(900000, lambda: any(h.g.phase == OVER for h in d.hands))
    honest = next(h.g for h in d.hands if h.g.phase == OVER)  # the first to know the board
    cheater = next(h.g for h in d.hands if h.g is not honest)
    refuse(cheater)  # its own fleet's reveal never comes, our last message is never taken
    t = _forfeited_in(d.run, honest)
    assert honest.phase == FORFEIT, (honest.phase, honest.cheat)
    assert _REFUSED_MS - STEP_MS <= t <= _REFUSED_MS + SLACK_MS, t


def test_express_a_peer_that_reads_the_roll_and_never_acknowledges_it_forfeits():
    d = LxDuel(seeds=(13, 14), game=0, flash=False)
    d.run(2500, lambda: all(h.g.phase == PLAYING for h in d.hands))
    honest, cheater = d.hands[0].g, d.hands[1].g
    real = honest.send

    def send(msg):  # the X_MOVE that opens a roll: the other side refuses from here on
        real(msg)
        if msg[0] == M_X_MOVE and not hasattr(cheater, "refused"):
            cheater.refused = True
            refuse(cheater)

    honest.send = send
    d.run(600000, lambda: hasattr(cheater, "refused"))
    assert hasattr(cheater, "refused")
    t = _forfeited_in(d.run, honest)
    assert honest.phase == LX_FORFEIT and honest.winner == honest.role, (honest.phase, honest.cheat)
    assert _REFUSED_MS - STEP_MS <= t <= _REFUSED_MS + SLACK_MS, t


def test_card_game_a_peer_that_keeps_its_keys_and_never_acknowledges_ours_forfeits():
    d = WireDuel(6, 0)
    d.run(60000, lambda: d.w[1].has_game())
    honest, cheater = d.w[0], d.w[1]
    keep = cheater._send
    cheater._send = lambda msg: None if msg[0] == M_OPEN else keep(msg)  # its keys never go out
    real = honest._send
    refused = []

    def send(msg):  # our keys at the end: the other side keeps its own and never takes ours
        real(msg)
        if msg[0] == M_OPEN and not refused:
            refused.append(1)
            refuse(cheater)

    honest._send = send
    d.run(1500000, lambda: bool(refused))
    assert refused
    t = _forfeited_in(d.run, honest)
    assert honest.phase == CHEAT and honest.cheat[0] == C_SILENT, (honest.phase, honest.cheat)
    assert _REFUSED_MS - STEP_MS <= t <= _REFUSED_MS + SLACK_MS, t
