# interpreters: cpython
"""Losing the save voids nothing (issue 26, item 2; docs/link-protocol.md 5.4 and 10).

A side that comes back behind a random event it has already seen (Express: a roll; only a
flash turned back can do that, 5.2) cannot void the game: the side with the newer save decides, A
claims the win, RIGHT starts a new game. The side turned back holds its game, so it is never
behind on the other's word (issue 41, item 1): the other's counters contradict its save, and its
screen names that and offers only to leave.
An honest power cut costs nothing, because every save is written before the next poll sends
what the game did: a cut right after every single write, then a resume, plays the same game
to its end; so does a cut at every write point inside the storage that keeps a Link battle's
saves in flash erased ahead (core.savelog: a page programmed, half programmed, a segment made,
an old copy removed).

Over the virtual cable (host_tools/duel/cable.py), two sides each: CPython only."""

import os

from peers import Keys

from battleship.cable.game import VERIFIED, commitments
from core import savelog
from core.hal import RIGHT, A
from core.storage import OsFs, Storage
from express.cable.game import FORFEIT, PLAYING
from express.cable.game import VERIFIED as LX_VERIFIED
from host_tools.duel.battle import Duel as LkDuel
from host_tools.duel.express import Duel as LxDuel
from link import screen
from link.match import M_FORGED, M_OUT_OF_STEP, ST_MISMATCH


def _behind_a_roll():
    """Express: side 0 sees a roll, then comes back with its save from before it."""
    d = LxDuel(seeds=(21, 22), game=0)
    d.run(2500, lambda: all(h.g.phase == PLAYING for h in d.hands))
    old = bytes(d.hands[0].flash)
    seen = d.hands[0].g.rolls
    d.run(120000, lambda: d.hands[0].g.rolls > seen)
    assert d.hands[0].g.rolls > seen  # the roll is out: its dice known on both
    d.run(3000)  # ... and what side 0 took is acknowledged
    d.hands[0].flash = old
    d.hands[0].restart()
    d.run(5000, lambda: all(h.g.link.status() == ST_MISMATCH for h in d.hands))
    behind, ahead = d.hands[0].g, d.hands[1].g
    assert behind.link.status() == ST_MISMATCH and ahead.link.status() == ST_MISMATCH
    assert ahead.link.mismatch == M_OUT_OF_STEP and behind.link.mismatch == M_FORGED
    return d, behind, ahead


def test_the_side_behind_a_roll_it_saw_cannot_void_the_game_the_other_claims_the_win():
    d, behind, ahead = _behind_a_roll()
    assert not behind.link.behind and not ahead.link.behind
    assert screen.text(behind)[1] == "ln_hint_leave"  # the other's counters named: it can only leave
    assert screen.text(ahead)[1] == "ln_hint_claim"
    for keys in ((A,), (RIGHT,)):
        app = Keys(*keys)
        assert not screen.update(app, behind)  # neither a new game nor a win from behind
        assert not behind.done() and not app.cleared
    assert screen.update(Keys(A), ahead)  # A: the win
    assert ahead.phase == FORFEIT and ahead.winner == ahead.role and ahead.link.claimed
    assert ahead.needs_save()  # the end is saved: it stands after a power cut too


def test_the_side_ahead_may_start_a_new_game_instead():
    d, behind, ahead = _behind_a_roll()
    app = Keys(RIGHT)
    assert screen.update(app, ahead)
    assert not ahead.has_game() and app.cleared == ["link_express"]
    d.hands[1].flash = None
    behind.link.new_stream()  # its player leaves and starts again: the two link up afresh
    behind.reset()
    d.run(20000, lambda: all(h.g.phase == PLAYING for h in d.hands))
    assert all(h.g.phase == PLAYING for h in d.hands)


def _cut_after_every_save(hand):
    """The power goes right after each write of this side's save (before the next poll), but
    the first after each boot (the resume's own: a cut there would repeat for ever)."""
    real = hand.step
    booted = [False]

    def step(now):
        n = hand.saves
        real(now)
        if hand.saves != n:
            if booted[0]:
                booted[0] = False
            else:
                booted[0] = True
                hand.restart()

    hand.step = step


def test_link_battle_a_power_cut_after_every_write_resumes_into_the_same_game():
    d = LkDuel(seeds=(5, 6))
    _cut_after_every_save(d.hands[0])
    d.play(3600000)
    a, b = d.hands[0], d.hands[1]
    assert a.boots > 50  # a cut at (nearly) every write point of the game: 65 in this one
    assert a.g.phase == VERIFIED and b.g.phase == VERIFIED, (a.g.phase, b.g.phase, a.g.cheat, b.g.cheat)
    assert a.g.winner != b.g.winner  # each names the other's result: one won, one lost


def test_express_a_power_cut_after_every_write_resumes_into_the_same_game():
    d = LxDuel(seeds=(23, 24), game=1)
    _cut_after_every_save(d.hands[1])
    d.run(3600000, lambda: d.done())
    a, b = d.hands[0].g, d.hands[1].g
    assert d.hands[1].boots > 10
    assert a.phase == LX_VERIFIED and b.phase == LX_VERIFIED, (a.phase, b.phase, a.cheat, b.cheat)
    assert a.winner == b.winner and a.rolls == b.rolls


class _CutFs(OsFs):
    """A handheld's flash in a host folder whose power goes at chosen writes of any kind: a file
    written, renamed or removed, a segment made, a page programmed (cut half way) (core.storage,
    core.savelog). The writes are counted over the whole game; the power goes at write `cut`;
    after the next boot's first save (the resume's own: a cut before it would repeat for ever)
    the next cut comes 1, 2, ... 7 writes later, in turn: every kind of write point is hit."""

    def __init__(self):
        self.n = 0  # writes so far
        self.cut = 1
        self.gap = 0
        self.kinds = set()  # the kinds of write the power went at

    def _tick(self, kind):
        self.n += 1
        if self.n == self.cut:
            self.kinds.add(kind)
            self.gap = self.gap % 7 + 1
            self.cut = -1  # set again at the boot (the cut's gap counts from there)
            raise _Cut()

    def saved(self):
        if self.cut < 0:
            self.cut = self.n + self.gap

    def write(self, path, data, more=b""):
        self._tick("write")
        OsFs.write(self, path, data, more)

    def rename(self, a, b):
        self._tick("rename")
        OsFs.rename(self, a, b)

    def remove(self, path):
        if self.exists(path):
            self._tick("remove")
        OsFs.remove(self, path)

    def seg(self, path, first=None):
        if first is not None:
            self._tick("segment")
        return savelog.seg(self, path, first)

    def page(self, path, h, p, buf, prog=False):
        if prog and self.n + 1 == self.cut:
            half = bytearray(buf)
            half[128:] = b"\xff" * 128
            savelog.page(path, h, p, half, True)
        if prog:
            self._tick("program")
        savelog.page(path, h, p, buf, prog)


class _Cut(Exception):
    pass


def _saves_in_storage(hand, root):
    """This side saves as the handheld does: through core.storage (the peer's commitments when
    more came, then the game), flash erased ahead for it in its quiet frames (link.match.tick),
    and boots from what storage loads; its power goes as _CutFs says."""
    fs = _CutFs()
    hand.storage = Storage(root, fs)
    real_boot = hand.boot

    def boot():
        hand.storage = Storage(root, fs)  # what a power cycle leaves: the flash
        hand.flash = hand.storage.load("game")[0]
        hand.peer_flash = hand.storage.load("lkpeer")[0]
        real_boot()

    def step(now):
        try:
            saved = False
            hand.play(now)
            g = hand.g
            if g.needs_save():
                if g.peer.got != hand.saved_got:
                    hand.storage.save("lkpeer", commitments(g))
                    hand.saved_got = g.peer.got
                hand.storage.save("game", g.data())
                hand.saves += 1
                fs.saved()
                saved = True
            if g.quiet(saved):
                hand.storage.ahead("game", g.quiet(saved))
        except _Cut:
            hand.cuts += 1
            hand.restart()

    hand.cuts = 0
    hand.fs = fs
    hand.boot = boot
    hand.step = step
    hand.restart()


def test_link_battle_saved_in_flash_erased_ahead_a_power_cut_at_every_write_point_resumes():
    root = "/tmp/broadside-test-cut-%d" % os.getpid()
    if os.path.isdir(root):
        for n in os.listdir(root):
            os.remove(root + "/" + n)
    d = LkDuel(seeds=(7, 8))
    _saves_in_storage(d.hands[0], root)
    d.play(3600000)
    a, b = d.hands[0], d.hands[1]
    assert a.cuts > 50  # the power went at a write point of nearly every save
    assert a.fs.kinds >= {"program", "segment", "write", "rename", "remove"}, a.fs.kinds
    assert a.g.phase == VERIFIED and b.g.phase == VERIFIED, (a.g.phase, b.g.phase, a.g.cheat, b.g.cheat)
    assert a.g.winner != b.g.winner
    assert [n for n in os.listdir(root) if n.startswith("game.l")]  # the saves went into segments
