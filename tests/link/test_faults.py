# interpreters: cpython
"""The link fault benchmark in small (host_tools/duel/faults.py; the full one is
`python -m host_tools.bench link --games 1000 ...`): bot Link battles and salvos through the real
link layers over a cable that corrupts, drops and duplicates bytes, is pulled (once for longer than
the forfeit timeout), restarts a side from its save, and carries lies. Every target holds; and the
counters it is judged by do count what they claim to."""

from host_tools.bench.link import parse
from host_tools.duel import faults as lf

FAULTS = {"seed": 1, "corrupt_ppm": 2000, "drop_ppm": 2000, "dup_ppm": 1000, "unplug": 3, "restart": 1}


def test_twenty_faulty_games_meet_every_target():
    s = lf.run(dict(FAULTS, games=20, liars=0.3))
    assert s["games"] == s["completed"] == 20, s
    assert s["desyncs"] == s["lost_moves"] == s["duplicated_moves"] == 0, s
    assert s["false_accusations"] == s["forfeits"] == 0, s
    assert s["liars"] == s["liar_games"] == s["lies_detected"] > 0, s
    assert s["lies_detected_on_the_shot"] == s["lies_on_the_shot"], s
    assert s["salvo_games"] == 10
    # the faults happened: every game was pulled for longer than the forfeit timeout where a side
    # owed a message and restarted a side (unless a lie caught on the shot ended it first)
    assert s["long_pulls"] >= 20 - s["lies_on_the_shot"] and s["restarts"] >= 20 - s["liars"], s
    assert s["retransmits_per_game"] > 10, s


def test_every_kind_of_lie_is_caught_where_it_should_be():
    for kind in lf.LIES:
        for index in (0, 1):  # Battleship, Salvo
            r = lf.play_game(index, dict(FAULTS, liars=1.0, kinds=(kind,)))
            assert r["lie"] == kind and r["liar"] == 1, r
            assert r["completed"] == r["detected"] == 1 and r["false_accusation"] == 0, (kind, index, r)
            assert r["on_shot"] == (1 if kind in ("miss", "hit") else 0), (kind, r)


def test_a_clean_cable_takes_three_frames_a_shot():
    rt = lf.clean_round_trip(games=1)
    # fire() queues; the next frame's poll sends; the other handheld reads, answers and sends in
    # its next two frames; ours reads it in the frame after: 3 frames against 5 ms on the wire
    assert rt["frames"] == 3 and rt["min_ms"] == rt["max_ms"] == 3 * lf.STEP_MS, rt
    assert 5 < rt["wire_ms"] < 5.1


def test_the_journals_count_lost_duplicated_and_reordered_moves():
    sent = [b"a", b"b", b"c", b"d"]
    assert lf._journal_faults(sent, sent) == (0, 0, 0)
    assert lf._journal_faults(sent, sent[:2]) == (0, 0, 0)  # not taken yet is not lost
    assert lf._journal_faults(sent, [b"a", b"c", b"d"]) == (1, 0, 1)
    assert lf._journal_faults(sent, [b"a", b"b", b"b", b"c"]) == (0, 1, 1)
    assert lf._journal_faults(sent, [b"a", b"d"]) == (2, 0, 1)
    assert lf._journal_faults(sent, [b"b", b"a", b"c", b"d"]) == (0, 0, 1)


def test_a_side_restarted_from_an_old_save_is_counted(monkeypatch):
    # Break the write-ahead rule: a restart boots from the save before the last one. The
    # benchmark must not call that a clean game.
    boot = lf.FaultHand.boot

    def stale_boot(hand):
        if hand.g is not None and getattr(hand, "older", None) is not None:
            hand.flash = hand.older
        boot(hand)

    step = lf.FaultHand.step

    def keep_older(hand, now):
        before = None if hand.flash is None else bytes(hand.flash)
        saves = hand.saves
        step(hand, now)
        if hand.saves != saves and before is not None:
            hand.older = before

    monkeypatch.setattr(lf.FaultHand, "boot", stale_boot)
    monkeypatch.setattr(lf.FaultHand, "step", keep_older)
    monkeypatch.setattr(lf, "GAME_LIMIT_MS", 300000)
    opts = dict(FAULTS, corrupt_ppm=0, drop_ppm=0, dup_ppm=0, unplug=0, restart=3, liars=0)
    rows = [lf.play_game(i, opts) for i in range(4)]
    bad = [r for r in rows if not r["completed"] or r["desync"] or r["lost"] or r["dup"]]
    assert bad, rows


def test_the_options_have_defaults_and_the_old_parts_stay_the_default():
    a = parse([])
    assert a.games == 0 and a.seeds == 3 and a.step == 16  # no --games: framing, throughput, duel, loss
    a = parse("--games 1000 --seed 1 --corrupt-ppm 2000 --drop-ppm 2000 --dup-ppm 1000 --unplug 3 "
              "--restart 1 --liars 0.1".split())
    assert (a.games, a.corrupt_ppm, a.drop_ppm, a.dup_ppm, a.unplug, a.restart, a.liars) == (
        1000, 2000, 2000, 1000, 3, 1, 0.1)
