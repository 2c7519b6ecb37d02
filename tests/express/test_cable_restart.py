# interpreters: micropython cpython
"""Link Express restarted from flash in play (a file of its own: each file has a MicroPython heap
of its own, and two whole cable games one after the other leave it in pieces)."""

import gc

from host_tools.duel.express import Duel, verified


def test_a_restart_in_play_changes_no_roll():
    """Restarted from flash in play (a captain with no randomness of its own), the game is the
    one played without the restart: the dice come from the chains committed before."""
    ref = Duel(seeds=(7, 8), game=1, smart=(True, True))
    ref.run(1500)
    snap = [h.flash for h in ref.hands]
    ref.play()
    want = verified(ref)
    ref = None
    gc.collect()
    d = Duel(seeds=(7, 8), game=1, smart=(True, True))
    d.run(1500)
    assert [h.flash for h in d.hands] == snap
    d.restart(0)
    d.run(400)
    d.restart(1)
    d.play()
    assert verified(d) == want
