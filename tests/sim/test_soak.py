# interpreters: cpython
"""The soak bench, short (make test): a seeded session across the modes on one
simulated handheld (compiled install, 192 KB heap, collected only when needed),
and the tour of every mode (host_tools/bench/soak.py), against issue 14's
targets: no crash, at most 8 KB retained after the session, every mode still
completes after it, and a visit to any mode costs at most 1 KB for good."""

import pytest

from host_tools.bench import session as bench_session
from host_tools.bench import soak as bench_soak
from host_tools.paths import HEAP_BYTES

PRESSES = 2000


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    return bench_session.build_installs(source=False, where=str(tmp_path_factory.mktemp("soak")))["mpy"]


@pytest.fixture(scope="module")
def session(install):
    return bench_soak.run(seed=1, presses=PRESSES, install=install)


def test_the_session_goes_everywhere_and_reports_every_field(session):
    for key in (
        "presses",
        "crashes",
        "modes_visited",
        "menu_heap_fresh",
        "menu_heap_end",
        "retained_bytes",
        "peak_heap_bytes",
        "worst_mode",
    ):
        assert key in session, key
    assert session["presses"] >= PRESSES
    assert len(session["modes_visited"]) >= 5, session["modes_visited"]
    assert not session["stuck"], session["stuck"]  # every visit found its way back to the menu
    assert 0 < session["menu_heap_fresh"] <= session["peak_heap_bytes"] < HEAP_BYTES


def test_the_evening_meets_the_issue_targets(session):
    assert session["crashes"] == 0, session.get("crash")
    assert session["retained_bytes"] <= bench_soak.RETAINED_MAX, session
    assert session["complete_after"] and all(session["complete_after"].values()), session["complete_after"]
    assert session["ok"]


def test_a_visit_keeps_nothing(session):
    # back at the menu after a game the firmware restarts (hw.reset): the names the game's
    # modules interned go with the old interpreter (a boot after a game keeps only those
    # of core.restart, which reads the way back), and nothing else stays behind either. The
    # menu's own Continue list (core.saved, 13 names) stays loaded from when it is opened until
    # a game starts, as designed: a walk that opens it and goes back keeps those too. A game's
    # modules intern hundreds.
    assert session["names_interned"] <= 16 + 16, session
    assert session["leak_bytes"] <= 1024, session


def test_every_mode_in_turn_costs_at_most_1kb_for_good(install):
    r = bench_soak.tour(install)
    assert r["completed"], r
    assert [k for k in r["visit_bytes"]] == [m for m, _ in bench_soak.TOUR]
    assert all(v <= 1024 for v in r["visit_bytes"].values()), r["visit_bytes"]
    assert r["retained_bytes"] <= 1024, r["menu_heap"]
