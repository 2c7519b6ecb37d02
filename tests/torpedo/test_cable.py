# interpreters: cpython
"""A Torpedo Attack cable match: the LinkGame made before the coin toss becomes the one the
toss chose, a game saves and loads whole (the rival's commitments apart, once), a rival's lie
about a call or a torpedo ends the game on the cheat screen naming the lie, and an honest press
is shown at the frame it was made. Run on CPython: the link's modules compiled from source and
two LinkGames are more than a 192 KB MicroPython heap holds beside a test; the firmware is the
same code on both (a whole linked game under MicroPython: tests/torpedo/test_handheld.py)."""

import sys

from ta_play import QuietPort

from core import strings
from core.prng import Rng
from core.storage import Storage
from link.commit import C_ANSWER
from torpedo import view
from torpedo.cable.game import C_PRESS, M_PRESS, LinkGame
from torpedo.cable.match import CableMatch, _rekey
from torpedo.rules import FIRE, LOCATE, SHIP_LOCATED

_DIR = "/tmp/broadside-test-tacable"
_GID = b"\x11\x22\x33\x44\x55\x66\x77\x88"
_PLAY = 4  # torpedo.cable.match's stage (a private const there)
# Fleets: ships along rows A, C, E, G, I for one side, down columns 10, 8, 6, 4, 2 for the other
_ROWS = ((0, 0, 0, False), (1, 2, 0, False), (2, 4, 0, False), (3, 6, 0, False), (4, 8, 0, False))
_COLS = ((0, 0, 9, True), (1, 0, 7, True), (2, 0, 5, True), (3, 0, 3, True), (4, 0, 1, True))


def rand_source(seed):
    return Rng(seed).randbytes


class _Hw:
    pass


class _App:
    """What a cable match asks of the app (the real App, screens and all, is too big to share a
    192 KB heap with the link's modules compiled from source)."""

    def __init__(self, storage):
        self.hw = _Hw()
        self.hw.link = QuietPort()
        self.hw.storage = storage
        self.now = 0
        self.stack = []

    def save(self, name, payload):
        self.hw.storage.save(name, payload)
        return True

    def rand_bytes(self):
        return rand_source(77)

    def clear_save(self, name):
        self.hw.storage.delete(name)

    def save_game(self, slot, payload, n=0, label=None, unit="turn"):
        self.hw.storage.save("g_" + slot, payload)  # (no head: this stand-in has no Continue list)
        return True

    def clear_game(self, slot):
        self.hw.storage.delete("g_" + slot)

    def redraw(self):
        pass

    def top(self):
        return self.stack[-1] if self.stack else None

    def replace(self, screen):
        self.stack[-1:] = [screen]

    def push(self, screen):
        self.stack.append(screen)
        screen.enter(self)

    def cue(self, name):
        pass


def _app(seed):
    st = Storage(_DIR + str(seed))
    st.delete("g_torpedo_link")
    st.delete("ta_peer")
    app = _App(st)
    app.stack.append(None)
    strings.set_lang("en")
    view.words()
    return app


def _pair():
    """Both sides' LinkGames after the commitments (role 0 calls first), as the cable leaves them."""
    sides = []
    for me, layout in ((0, _ROWS), (1, _COLS)):
        lg = LinkGame(0, bytes(8), 0, 1, True, rand_source(10 + me))
        _rekey(lg, me, _GID, 0, 1, True)
        for ship, r, c, v in layout:
            lg.game.fleets[me].place(ship, r, c, v)
        sides.append(lg)
    a, b = sides
    pa, pb = a.commit_msgs(), b.commit_msgs()
    for m in pb:
        a.take(m)
    for m in pa:
        b.take(m)
    assert a.ready() and b.ready()
    return a, b


def _call(caller, callee, cell):
    _kind, _res, reply = callee.take(caller.call_msg(cell))
    return caller.take(reply)[1]


def _match(app, lg):
    m = CableMatch(app, lg, rand_source(99))
    m.stage = _PLAY
    m.g = lg.game
    m.me = lg.me
    return m


def test_the_early_link_game_becomes_the_one_the_coin_toss_chose():
    early = LinkGame(0, bytes(8), 0, 0, True, rand_source(5))
    _rekey(early, 1, _GID, 0, 2, False)
    fresh = LinkGame(1, _GID, 0, 2, False, rand_source(5))
    assert early.to_bytes() == fresh.to_bytes()
    for lg in (early, fresh):
        for ship, r, c, v in _COLS:
            lg.game.fleets[1].place(ship, r, c, v)
    assert early.commit_msgs() == fresh.commit_msgs()  # the same commitments, to the bit
    assert early.game.level == 2 and not early.game.touching and early.game.first == 0


def test_a_cable_game_saves_and_loads_whole():
    app = _app(1)
    a, b = _pair()
    assert _call(a, b, 55)[0] == 0  # open water
    m = _match(app, a)
    m.saving = m.peer_saved = False
    m.link.needs_save = True  # as after the answer was taken from the link
    m.save(app)
    payload, _w = app.hw.storage.load("g_torpedo_link")
    blob, _w = app.hw.storage.load("ta_peer")
    assert payload[0:2] == b"T\x01" and len(payload) < 900  # a save per message stays small
    assert bytes(blob) == bytes(a.peer.blob)  # the rival's commitments, once, apart
    back = CableMatch.load(app, payload)
    assert back.lg.to_bytes() == a.to_bytes() and back.stage == _PLAY and back.me == 0
    from torpedo import (
        ui,  # Continue on the main menu: the game's screen, the game as it was, the link to find
    )

    ui.resume(app, payload)
    # the link's screens leave the heap first: locating loads on the next frame (torpedo.view.Then)
    assert type(app.top()).__name__ == "Then" and "torpedo.locate" not in sys.modules
    app.top().update(app)
    top = app.top()
    assert type(top).__name__ == "Locate" and top.m.cable and top.g.to_bytes() == a.game.to_bytes()
    m.finish(app)
    assert app.hw.storage.load("g_torpedo_link")[0] is None and app.hw.storage.load("ta_peer")[0] is None


def test_a_false_answer_ends_the_game_on_the_cheat_screen():
    app = _app(2)
    a, b = _pair()
    m = _match(app, a)
    m.call(0)  # B's fleet has nothing there
    ans = bytearray(b.take(bytes((0x21, 0)))[2])
    ans[2] = 1  # B says "a hit" where its commitment says water
    m.link.recv = lambda: bytes(ans)
    assert m.event() is None
    assert m.cheat is not None and m.cheat.code == C_ANSWER and m.cheat.cell == 0
    m.caught(app)  # every game screen gives way to the cheat screen, which names the lie
    assert type(app.top()).__name__ == "CheatScreen" and "lied about A-1" in app.top().reason()


def test_a_torpedo_that_does_not_match_the_periscope_is_caught():
    app = _app(3)
    a, b = _pair()
    # A (first) misses; B finds A's patrol boat (row I, columns 1-2) in two calls
    _call(a, b, 99)
    _call(b, a, 80)
    _call(a, b, 98)
    assert _call(b, a, 81) == (SHIP_LOCATED, 4)
    g = a.game
    assert g.phase == FIRE and g.turn == 1 and b.game.phase == FIRE
    d = g.drift()
    frame = 0
    while d.hit(frame):
        frame += 1
    m = _match(app, a)
    lie = bytes((M_PRESS, 4 * 4 + 0, frame, 0, 1))  # "a hit" at a frame the rod was off the sight
    m.link.recv = lambda: lie
    assert m.event() is None and m.cheat.code == C_PRESS
    assert g.phase == FIRE and g.score(1) == 0  # nothing was scored for it


def test_an_honest_press_is_shown_where_it_was_made():
    app = _app(4)
    a, b = _pair()
    _call(a, b, 99)
    _call(b, a, 80)
    _call(a, b, 98)
    _call(b, a, 81)
    d = b.game.drift()
    frame = 0
    while not d.hit(frame):
        frame += 1
    res, msg = b.press(frame)
    m = _match(app, a)
    m.link.recv = lambda: msg
    assert m.event() == (3, frame, res[0], res[1])  # (a press, its frame, its outcome and points)
    assert a.game.score(1) == 200 and a.game.phase == LOCATE
