# interpreters: cpython
"""Torpedo Attack over the fault cable in small (host_tools/bench/torpedolink.py; the full run is
`python -m host_tools.bench torpedolink --games 1000`): bot games through the real CableMatch on
both handhelds, over a cable that corrupts, drops and duplicates bytes, is pulled (once past the
forfeit timeout) and restarts a side from its save, with a cheater of every kind. Every target
holds, the counters count what they claim, and a ship hidden by a lie no longer keeps the game
from ending (where its reveal names the lie)."""

from ta_play import LAYOUT, WATER, fire_with

from host_tools.bench import torpedolink as bench
from torpedo.engine import Game
from torpedo.rules import END_DECIDED, END_RESOLVED, HIDDEN, OVER, SHIP_LOCATED, TARGET_LOCATED

OPTS = {"seed": 1, "corrupt_ppm": 2000, "drop_ppm": 2000, "dup_ppm": 1000, "unplug": 3, "restart": 1,
        "cheaters": 0.5}  # fmt: skip


def test_fourteen_faulty_games_meet_every_target_with_a_cheater_of_every_kind():
    s = bench.run(dict(OPTS, games=14))
    assert s["games"] == s["completed"] == 14, s
    assert s["desyncs"] == s["false_accusations"] == 0, s
    assert s["honest_games"] == 7 and s["cheaters_planted"] == s["cheats_caught"] == 7, s
    assert s["caught_by_kind"] == {k: "1/1" for k in bench.KINDS}, s
    # the faults happened: pulls past the forfeit timeout, restarts, retransmissions
    assert s["long_pulls"] >= 10 and s["restarts"] >= 10 and s["retransmits_per_game"] > 50, s
    assert s["targets_met"]


def test_a_cheat_named_as_something_else_counts_as_missed_and_as_a_false_accusation(monkeypatch):
    monkeypatch.setitem(bench.WANT, "press", bench.WANT["answer"])
    r = bench.play_game(1, dict(OPTS, cheaters=1.0, kinds=("press",)))
    assert r["planted"] == 1 and r["caught"] == r["completed"] == 0 and r["false"] == 1, r


def test_a_hidden_ship_located_is_caught_at_the_end_not_left_waiting():
    # seed 1, game 2: the honest side found all 17 ship cells with a submarine still hidden; before
    # torpedo.engine's can_call() counted them it had nothing to call and the game never ended
    r = bench.play_game(2, dict(OPTS, cheaters=1.0, kinds=("hidden",)))
    assert r["planted"] == r["caught"] == r["completed"] == 1 and r["false"] == 0, r


def test_a_player_who_found_every_ship_cell_has_nothing_left_to_call():
    g = Game(7, 1, 0, (False, False), 1)  # our fleet (player 0) here, the rival's over the cable
    for ship, row, col, vertical in LAYOUT:
        g.fleets[0].place(ship, row, col, vertical)
    g.start()
    rival = [(9, 19, 29, 39, 49), (7, 17, 27, 37), (5, 15, 25), (3, 13, 23), (1, 11)]  # its ships
    calls = [(c, s) for s in range(5) for c in rival[s]]
    water = list(WATER)
    while calls:
        if g.turn == 1:
            g.call(water.pop(0))
            continue
        cell, s = calls.pop(0)
        last = cell == rival[s][-1]
        if last and s != 3:
            g.record_call(cell, SHIP_LOCATED, s)
            fire_with(g, 1)
        else:  # the submarine's last cell too: the rival hid it behind "target located"
            g.record_call(cell, TARGET_LOCATED)
    assert g.status[0][3] == HIDDEN and g.score(0) == 800
    assert not g.can_call(0)  # the lie's doing: the game goes on without us, and ends
    ours = [c for s in range(5) for c in (range(s * 20, s * 20 + (5, 4, 3, 3, 2)[s]))]
    while g.phase != OVER:
        assert g.turn == 1
        ann, ship = g.call(ours.pop(0))
        if ship >= 0:
            fire_with(g, 0)
    assert g.winner == 0 and g.end_reason in (END_DECIDED, END_RESOLVED)  # then both reveal
