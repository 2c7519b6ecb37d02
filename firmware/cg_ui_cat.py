"""The card game's screen catalogue: every screen in a representative state, for the layout
tests (tests/mp/test_screens.py) and the PNG review (python -m host_tools.screens cg_ui).

Positions come from seeded games the sensible CPU plays against itself, so
they are the same on CPython and MicroPython. They are replayed first; then
each screen is built when its turn comes and nothing keeps it afterwards
(the tests run in a small heap).
Only tests load this module.
"""

import gc

from cg_ai import choose
from cg_engine import Game
from cg_rules import BEGINNER, CARD_TYPE, M_PEG, M_SHIELD, STANDARD
from cg_ui import start
from cg_ui_game import GameScreen
from cg_ui_menus import Help, LogScreen, PauseMenu, ResultScreen
from cg_ui_pick import CPU, F_LOOK, F_TARGET, F_WAIT
from cg_view import move_target, view_for
from prng import Rng

# The positions the screens show: (seed, plies, mode). They are replayed once, before any
# screen is built, and kept as save bytes: replays make a lot of garbage, and a heap
# that holds screens meanwhile ends up too fragmented for the next one.
_POSITIONS = (
    (83, 34, STANDARD),  # mid-game: shields, damage, sunk ships, a full hand
    (1, 15, STANDARD),  # a Shield can be played
    (1, 21, STANDARD),  # Repair or Draw Three, both choices
    (1, 26, STANDARD),  # Discard or Play Two, two White Pegs
    (4, 7, STANDARD),  # Repair on a ship with two different peg cards
    (4, 42, STANDARD),  # the PT Boat's turn start
    (2, 53, STANDARD),  # the CPU's next play sinks a ship
    (1, 34, BEGINNER),
    (1, 200, STANDARD),  # the human won
    (2, 200, STANDARD),  # the CPU won
)
_saved = {}


def replay(seed, plies, mode=STANDARD):
    """Game `seed` after `plies` moves of the sensible CPU on both sides."""
    g = Game(seed, mode, 0)
    rng = Rng(seed)
    for _ in range(plies):
        if g.over:
            break
        g.apply(choose(view_for(g, g.cur), rng))
    return g


def _snapshot(key):
    g = replay(*key)
    _saved[key] = (g.to_bytes(), list(g.events), list(g.prev_events))


def position(seed, plies, mode=STANDARD):
    """A fresh copy of a catalogue position (replayed on first use)."""
    key = (seed, plies, mode)
    if key not in _saved:
        _snapshot(key)
    data, events, prev = _saved[key]
    g = Game.from_bytes(data)
    g.events, g.prev_events = list(events), list(prev)
    return g


def _screen(app, seed=83, plies=34, mode=STANDARD):
    s = GameScreen(position(seed, plies, mode), 2, Rng(seed))
    s._my_turn(app)
    return s


def _select(s, types):
    items = s.items()
    for ty in types:
        for i in range(len(items)):
            if items[i] >= 0 and CARD_TYPE[items[i]] == ty:
                s.sel = i
                s.note_key = None
                return True
    return False


def _top(app):
    scr = app.top()
    app.stack = []
    return scr


def _mode(app):
    start(app, None)
    return _top(app)


def _new(app):
    s = GameScreen(Game(7, STANDARD, 0), 1, Rng(7))
    s._my_turn(app)
    return s


def _hand_card(app):
    s = _screen(app)
    _select(s, (3, 2, 1))
    return s


def _scrolled(app):
    s = _screen(app)
    s.sel = len(s.items()) - 1
    s.note_key = None
    return s


def _cant(app):
    s = _screen(app)
    s.note_key = "cg_cant"
    return s


def _target(app):
    s = _screen(app)
    _select(s, (1, 2, 3))
    s.pick(app)
    return s


def _look(app):
    s = _screen(app)
    s.focus = F_LOOK
    for c in range(12):
        if s.view.shield[1][c] >= 0:
            s.look = (1, c)
    return s


def _choice(ty, seed, plies):
    def build(app):
        s = _screen(app, seed, plies)
        if not _select(s, (ty,)):
            raise ValueError("no such card in that hand")
        s.pick(app)
        return _top(app)

    return build


def _repair(app, which):
    s = _screen(app, 4, 7)
    _select(s, (6,))
    s.pick(app)
    _top(app).items[0][1](app)  # Repair a ship: now pick the ship
    if not which:
        return s
    s.cursor = (0, 11)
    s.choose_cell(app)
    return _top(app)


def _shield(app):
    s = _screen(app, 1, 15)
    s._target(app, [m for m in s.view.moves if m[0] == M_SHIELD], F_TARGET)
    return s


def _cpu_step(app):
    g = position(2, 53)
    s = GameScreen(g, 2, Rng(2))
    m = choose(view_for(g, CPU), Rng(2))
    s.step = s._apply(m)
    s._refresh()
    tgt = move_target(m)
    s.mark = (1 - tgt[0], tgt[1]) if tgt else None
    s.focus = F_WAIT
    s.head = None
    return s


def _help2(app):
    h = Help()
    h.page = 1
    return h


def _your_play(app):
    s = _screen(app)
    for m in s.view.moves:  # a Red Peg search: the result waits on screen, then the CPU plays
        if m[0] == M_PEG and CARD_TYPE[m[1]] == 1 and s.view.state[1][m[2]] == 0:
            s.play(app, m)
            break
    return s


def _play_two_end(app):
    s = _screen(app, 1, 26)
    _select(s, (5,))
    s.pick(app)
    menu = _top(app)
    menu.items[-1][1](app)  # Play two more
    s.sel = len(s.items()) - 1  # the End card
    s.note_key = None
    return s


def _piles(app):
    PauseMenu(_screen(app))._piles(app)
    return _top(app)


_BUILD = (
    ("mode", _mode),
    ("new_game", _new),
    ("hand", _screen),
    ("hand_card", _hand_card),
    ("hand_scrolled", _scrolled),
    ("cant_play", _cant),
    ("target", _target),
    ("shield", _shield),
    ("look_shield", _look),
    ("choice_disc_two", _choice(5, 1, 26)),
    ("choice_rep_three", _choice(6, 1, 21)),
    ("repair", lambda app: _repair(app, False)),
    ("which_card", lambda app: _repair(app, True)),
    ("pt_boat", lambda app: _screen(app, 4, 42)),
    ("your_play", _your_play),
    ("play_two_end", _play_two_end),
    ("cpu_step", _cpu_step),
    ("pause", lambda app: PauseMenu(_screen(app))),
    ("cpu_log", lambda app: LogScreen(_screen(app))),
    ("piles", _piles),
    ("help", lambda app: Help()),
    ("help_2", _help2),
    ("beginner", lambda app: _screen(app, 1, 34, BEGINNER)),
    ("result_win", lambda app: ResultScreen(position(1, 200), 2)),
    ("result_lose", lambda app: ResultScreen(position(2, 200), 2)),
)


def catalog(app):
    for key in _POSITIONS:
        if key not in _saved:
            _snapshot(key)
            gc.collect()
    for name, build in _BUILD:
        app.stack = []  # the screen drawn last is not needed any more
        gc.collect()
        yield name, build(app)
