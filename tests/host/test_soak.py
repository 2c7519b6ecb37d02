"""The soak bench, short (make test): a seeded session across the modes on one
simulated handheld (compiled install, 192 KB heap, collected only when needed),
and the tour of every mode (host_tools/bench_soak.py). A visit may intern the
mode's names, which the interpreter never frees, and nothing else."""

import pytest

from host_tools import bench_memory, bench_soak

PRESSES = 2000


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    return bench_memory.build_installs(source=False, where=str(tmp_path_factory.mktemp("soak")))["mpy"]


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
    assert 0 < session["menu_heap_fresh"] <= session["peak_heap_bytes"] < 192 * 1024


def test_a_visit_keeps_nothing_but_names(session):
    # the menu heap grows only when the interpreter interns new names (qstrs); a visit
    # that interned none left the heap where it was
    assert session["leak_bytes"] <= 1024, session
    assert session["names_interned"] > 0


def test_coming_back_to_a_mode_costs_nothing_more(install):
    # modes whose names all fit beside each other in 192 KB (see the xfail below)
    modes = [m for m in bench_soak.TOUR if m[0] in ("battleship", "salvo", "torpedo", "settings")]
    r = bench_soak.tour(install, modes=modes, passes=2)
    assert r["completed"], r
    again = {k: v for k, v in r["visit_bytes"].items() if k.endswith("#2")}
    assert len(again) == len(modes)
    assert all(v <= 1024 for v in again.values()), r["visit_bytes"]
    assert r["qstrs"]["settings#2"] == r["qstrs"]["settings"]  # no name interned twice


@pytest.mark.xfail(
    strict=True,
    reason="issue 14 open: each mode's first visit interns ~300-500 names for good (10-17 KB on "
    "the 64-bit sim), and the card game and the cable modes no longer fit 192 KB after the others",
)
def test_the_evening_meets_the_issue_targets(session):
    assert session["crashes"] == 0, session.get("crash")
    assert session["retained_bytes"] <= bench_soak.RETAINED_MAX
    assert all(session["complete_after"].values()), session["complete_after"]
