# interpreters: micropython
"""Link battle keeps reading the cable: no frame does two long steps (docs/link-protocol.md,
section 1). Committing the fleet and saving is one frame, loading the battle's screens another;
checking the other handheld's revealed fleet (and saving) is one frame, loading the end's
screens another; no frame that loads a stage also writes a save."""

import sys

from lkui_kit import Pair

from core.hal import A


class Frames:
    """Our handheld's frames, each noted: (top screen, saves written, stage modules loaded, their
    fleet checked); the last two kept, and how many both saved and loaded a stage."""

    def __init__(self, p):
        self.p = p
        self.saves = 0
        self.last = self.prev = None
        self.both = 0
        save = p.app.save

        def counted(name, payload, pre=b""):
            self.saves += 1
            return save(name, payload, pre)

        p.app.save = counted

    def _done(self):
        return self.p.game().done() if self.p.kind() in ("Placing", "Battle", "End") else None

    def frame(self, mask=0):
        before = [m for m in _STAGES if m in sys.modules]
        saves = self.saves
        done = self._done()
        self.p.frame(mask)
        loaded = [m for m in _STAGES if m in sys.modules and m not in before]
        saves = self.saves - saves
        if saves and loaded:
            self.both += 1
        self.prev = self.last
        self.last = (self.p.kind(), saves, loaded, done is False and self._done() is True)
        return self.last


_STAGES = ("battleship.cable.battle", "battleship.cable.end")


def test_start_commits_in_one_frame_and_the_battle_loads_in_the_next():
    p = Pair((5, 6))
    p.start()
    assert p.run(60, lambda: p.kind() == "Coin")
    p.press(A)
    assert p.kind() == "Placing"
    f = Frames(p)
    kind, saves, loaded, _ = f.frame(A)  # Start
    g = p.game()
    assert kind == "Placing" and saves >= 1 and loaded == [] and g.my is not None  # committed, saved
    for _ in range(20):
        kind, saves, loaded, _ = f.frame()
        if kind == "Battle":
            break
    assert kind == "Battle" and loaded == ["battleship.cable.battle"] and saves == 0


def test_the_end_is_checked_in_one_frame_and_shown_in_another():
    p = Pair((5, 6))
    p.to_battle()
    f = Frames(p)
    for i in range(4000):  # A to fire on our turn (on our fleet A is the pause menu)
        kind, saves, loaded, _checked = f.frame(A if i % 2 == 0 and p.game().my_turn() else 0)
        if kind == "End":
            break
    assert kind == "End" and loaded == ["battleship.cable.end"] and saves == 0
    assert f.prev[0] == "Battle" and f.prev[3]  # the frame before checked their fleet
    assert f.both == 0  # no frame both saved and loaded a stage


def test_start_pressed_again_before_the_battle_shows_is_ignored():
    # the Placing screen stays up for a frame or more after Start (the battle loads once no
    # save is due): a second A there must not commit again (it was refused and crashed the game)
    p = Pair((5, 6))
    p.start()
    assert p.run(60, lambda: p.kind() == "Coin")
    p.press(A)
    assert p.kind() == "Placing"
    p.frame(A)  # Start
    mine = p.game().my
    assert mine is not None
    for i in range(20):
        p.frame(A if i % 2 == 0 else 0)  # A again, as fast as a thumb can
    assert p.game().my is mine  # committed once
    # the battle comes; an A that reaches it while it waits for their fleet opens its pause
    # menu (issue 41, 4: every waiting screen has one)
    assert p.run(100, lambda: p.kind() in ("Battle", "Paused")), p.kind()
