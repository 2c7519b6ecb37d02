# interpreters: cpython
"""A peer that takes and acknowledges our message and never sends what the protocol then
requires of it, no person deciding (docs/link-protocol.md 10.1), while its link stays alive
(its keepalives keep arriving), is forfeited by the forfeit clock (section 10), as a silent one
is: issue 41, item 3. On c1c7cfc the handheld waited for good ("Firing... Aim: E-8" for 200 s
and more, no forfeit) where the answer to its shot never came.

Each case replays the sequence: the cheater's game goes on taking (and so acknowledging) what
comes, but from one message on sends nothing more. Over the virtual cable
(host_tools/duel/*.py), two sides each: CPython only (two linked games do not fit one
MicroPython heap beside the harness)."""

from peers import mute

from battleship.cable.game import FORFEIT, PLAYING
from battleship.rules import CLASSIC, SALVO
from host_tools.duel.battle import Duel as LkDuel
from host_tools.duel.torpedo import Duel as TaDuel
from link.commit import M_ANSWER, M_FLEET_COMMIT
from torpedo.cable.game import M_PRESS
from torpedo.cable.match import _AIM_MS, _C_SILENT
from torpedo.rules import FIRE

FORFEIT_WITHIN_MS = 40000  # the clock's 30 s, and the frames' own pace


def _lk_forfeit(d):
    """The side that is muted first is the cheater: the honest side's shot is taken (acknowledged)
    and never answered, and it wins by forfeit."""
    gs = [h.g for h in d.hands]
    d.run(900000, lambda: any(g.muted and gs[1 - i].link.unacked() == 0 for i, g in enumerate(gs)))
    cheater = next(g for g in gs if g.muted)
    honest = gs[1 - gs.index(cheater)]
    assert cheater.muted and honest.phase == PLAYING and honest.aim >= 0, (honest.phase, honest.aim)
    d.run(FORFEIT_WITHIN_MS, honest.done)
    assert honest.phase == FORFEIT, (honest.phase, honest.cheat)


def test_link_battle_the_shot_on_the_last_ship_cell_taken_and_never_answered_forfeits():
    d = LkDuel(seeds=(3, 4))
    for h in d.hands:  # the loser cheats: the answer to the shot on its last ship cell
        mute(h.g, lambda msg, g=h.g: msg[0] == M_ANSWER and g.fleet.defeated())
    _lk_forfeit(d)


def test_link_salvo_a_hit_taken_and_never_answered_forfeits():
    d = LkDuel(seeds=(5, 6), variant=SALVO)
    cheater = d.hands[1].g
    mute(cheater, lambda msg: msg[0] == M_ANSWER and msg[2] == 1 and cheater.turn_no > 4)  # a hit
    d.hands[0].g.muted = False
    _lk_forfeit(d)


def test_link_battle_a_fleet_commitment_begun_and_never_finished_forfeits():
    d = LkDuel(seeds=(7, 8), variant=CLASSIC)
    honest, cheater = d.hands[0].g, d.hands[1].g
    real = cheater.link.send
    # its part 0 only: the rest never goes out
    cheater.link.send = lambda msg: True if msg[0] == M_FLEET_COMMIT and msg[1] > 0 else real(msg)
    d.run(900000, lambda: honest.peer.got == 1 and honest.committed() and honest.link.unacked() == 0)
    assert honest.peer.got == 1
    d.run(FORFEIT_WITHIN_MS, honest.done)
    assert honest.phase == FORFEIT, (honest.phase, honest.cheat)


def _ta_forfeit(d, honest, ms=FORFEIT_WITHIN_MS):
    d.run(ms, lambda: honest.cheat is not None)
    assert honest.cheat is not None and honest.cheat.code == _C_SILENT, honest.cheat


def test_torpedo_a_call_taken_and_never_answered_forfeits():
    d = TaDuel(seeds=(11, 12))
    honest, cheater = d.hands[0], d.hands[1]
    d.run(900000, lambda: cheater.m.g is not None and cheater.m.ready())
    mute(cheater.m, lambda msg: msg[0] == M_ANSWER)
    d.run(900000, lambda: cheater.m.muted and honest.m.link.unacked() == 0)
    assert honest.m.lg.pending >= 0
    _ta_forfeit(d, honest.m)


def test_torpedo_a_torpedo_never_fired_after_the_ship_located_forfeits():
    d = TaDuel(seeds=(13, 14))
    honest, cheater = d.hands[0], d.hands[1]
    d.run(900000, lambda: cheater.m.g is not None and cheater.m.ready())
    mute(cheater.m, lambda msg: msg[0] == M_PRESS)
    link = honest.m.link
    d.run(900000, lambda: cheater.m.muted and link.unacked() == 0 and link.arq.waiting() == 0)
    g = honest.m.g
    assert g.phase == FIRE and g.turn != honest.m.me, g.phase
    # its player's time to aim (the periscope would have sent the torpedo by then) counts for nothing
    d.run(_AIM_MS - 1000)
    assert honest.m.cheat is None
    _ta_forfeit(d, honest.m, 1000 + FORFEIT_WITHIN_MS)


def test_torpedo_a_rival_whose_player_is_in_the_menu_is_not_forfeited():
    # its handheld takes our call only when its screen shows it: a player in the menu (or away)
    # keeps it in the link, unacknowledged, for as long as it likes, and forfeits nothing
    d = TaDuel(seeds=(11, 12))
    honest, away = d.hands[0], d.hands[1]
    d.run(900000, lambda: away.m.g is not None and away.m.ready())
    away.m.event = lambda: None  # the menu is up: no screen takes a message
    d.run(900000, lambda: honest.m.lg.pending >= 0)
    d.run(4 * FORFEIT_WITHIN_MS)
    assert honest.m.cheat is None and honest.m.lg.pending >= 0 and honest.m.link.unacked() >= 1
