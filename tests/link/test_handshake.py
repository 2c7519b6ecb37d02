# interpreters: cpython
"""The link handshake explored exhaustively on the real link.session code (issue 13).

tests/kit/linkexplore.py says what a state, an event, safety and liveness are. The bounds here (run by
`make test`, some 30 s on a loaded 2-core machine):

- same rules on both handhelds: up to 1 fault (a HELLO, RESUME or ACK lost, duplicated, looped
  back to its sender or overtaking older frames of the same session, or a restart of either side
  from its save) anywhere in the run, with up to 1 timer round (250 ms) at any point;
- different rules ("A: play that" pressed on either side, twice at most): up to 1 fault, no timer
  round before the faults stop.

Liveness: once faults stop, both sides are open on one session with every message taken once and
acknowledged within 4 s (the worst seen is printed). BROADSIDE_EXPLORE=deep adds 2 faults with
either rules and 1 fault with a timer round under different rules (about 5 minutes).
"""

import os

from linkexplore import explore

SAME = (b"\x01\x02", b"\x01\x02")
ADOPT = (b"\x01\x00", b"\x01\x02")  # handheld 1: ships may not touch; handheld 2: the default


def _run(rules, faults, ticks):
    r = explore(rules, faults=faults, ticks=ticks, msgs=1)
    print("explored", rules, "faults", faults, "ticks", ticks, r)
    assert r["settled"] > 0 and r["worst_ms"] <= 4000
    return r


def test_handshake_with_equal_rules_survives_any_fault():
    r = _run(SAME, 1, 1)
    assert r["states"] > 10000  # the bound was really explored


def test_handshake_when_a_player_adopts_the_others_rules_survives_any_fault():
    r = _run(ADOPT, 1, 0)
    assert r["states"] > 5000


def test_deeper_bounds_on_request():
    if os.environ.get("BROADSIDE_EXPLORE") != "deep":
        return
    _run(SAME, 2, 0)
    _run(ADOPT, 2, 0)
    _run(ADOPT, 1, 1)
