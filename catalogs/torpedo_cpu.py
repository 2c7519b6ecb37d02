"""The Torpedo Attack screens of a game against the CPU (and those every game shares), in
representative states, for the layout tests and the PNG review (a cable game's: catalogs.torpedo_cable).

Games are played here by a fixed script (seeded engine, scripted presses),
so the same states come up every time.
"""

from catalogs.torpedo_play import game, hit_frame, play
from core.compat import const, load, unload
from torpedo.engine import Game
from torpedo.locate import Locate, Paused
from torpedo.match import CpuMatch
from torpedo.place import Placement
from torpedo.rules import (
    FIRE,
    LOCATE,
    NO_PRESS,
    OVER,
    SHIP_LOCATED,
    SHOOTOUT,
    T_HIT,
    T_MISS,
    TARGET_LOCATED,
    WINDOW,
)
from torpedo.scope_ui import Scope

# The screens' own numbers (private consts there, so that they cost no qstr):
_AIM = const(0)  # torpedo.locate states
_WAIT = const(1)
_SHOW = const(2)
_END = const(3)
_OWN = const(1)  # torpedo.locate's view of our fleet
_INTRO = const(0)  # torpedo.scope_ui states
_S_AIM = const(1)
_S_WATCH = const(2)
_RESULT = const(3)
_ROUND = const(5)
_EV_ANSWER = const(1)  # match events
_EV_CALL = const(2)


def _locate(m, state, view=0, ev=None, note=None):
    s = Locate(m)
    s.state = state
    s.view = view
    s.ev = ev
    s.last = ev
    s.note = note
    s.began = True
    return s


def _scope(m, state, f=0, outcome=T_MISS, pts=0, press=-1):
    s = Scope(m)
    s.begin()
    s.state = state
    s.f = f
    s.outcome = outcome
    s.pts = pts
    s.press = press
    return s


def screens(app):
    from torpedo import ui

    yield "menu", ui.Menu()
    # -- placing
    m = CpuMatch(Game(7, 1, cpu=(False, False)))
    m.shuffle()
    p = Placement(m)
    yield "place_menu", p
    p = Placement(m)
    p.fleet.clear()
    p.hand.take(0)
    yield "place_hand", p
    p = Placement(m)
    p.fleet.clear()
    p.fleet.place(0, 4, 2, False)
    p.hand.take(1)
    p.hand.move(4, 3, p.hand.vert)
    yield "place_overlap", p
    p = Placement(CpuMatch(Game(7, 1, cpu=(False, False), touching=False)))
    p.fleet.clear()
    p.fleet.place(2, 5, 5, True)
    p.hand.take(0)
    p.hand.move(4, 1, False)
    yield "place_touching", p
    p.hand.move(2, 8, p.hand.vert)
    yield "place_off", p
    # -- locating against the CPU
    g = play(game(), lambda g: g.turns[0] >= 18 and g.phase == LOCATE and g.turn == 0)
    m = CpuMatch(g)
    s = _locate(m, _AIM, ev=(_EV_ANSWER, g.last_cell, g.marks[0][g.last_cell] - 1, -1))
    s.cur = 55
    yield "aim", s
    s = _locate(m, _AIM, note="ta_again")
    s.cur = g.last_cell
    yield "called_already", s
    yield "own_fleet", _locate(m, _AIM, _OWN)
    yield "paused", Paused(m)
    for k in range(len(load("torpedo.help")._PAGES)):  # the pause menu's help, as in play
        yield "help_%d" % (k + 1), load("torpedo.help").Help(k)
    unload("torpedo.help", "core.pages")  # as the help does when it closes
    yield "cpu_calls", _locate(m, _SHOW, _OWN, (_EV_CALL, 47, TARGET_LOCATED, -1))
    yield "open_water", _locate(m, _SHOW, 0, (_EV_ANSWER, 55, 0, -1))
    yield "ship_located", _locate(m, _SHOW, 0, (_EV_ANSWER, 9, SHIP_LOCATED, 0))
    g = play(game(), lambda g: g.turns[0] >= 18 and g.phase == LOCATE and g.turn == 1)  # the CPU's call
    ev = (_EV_ANSWER, g.last_cell, g.marks[0][g.last_cell] - 1, -1)  # our call's answer, still shown
    yield "cpu_thinks", _locate(CpuMatch(g), _WAIT, _OWN, ev)
    # -- the periscope
    g = play(game(), lambda g: g.phase == FIRE and g.turn == 0 and g.torpedo == 1)
    m = CpuMatch(g)
    yield "scope_intro", _scope(m, _INTRO)
    yield "scope_aim", _scope(m, _S_AIM, 97)
    d = g.drift()
    f = hit_frame(d)
    yield "scope_hit", _scope(m, _RESULT, f, T_HIT, 150, f)
    yield "scope_miss", _scope(m, _RESULT, 40, T_MISS, 0, 40)
    yield "scope_no_shot", _scope(m, _RESULT, WINDOW - 1, T_MISS, 0, NO_PRESS)
    g = play(game(), lambda g: g.phase == FIRE and g.turn == 1)
    m = CpuMatch(g)
    m.cpu = 1
    yield "scope_cpu", _scope(m, _S_WATCH, 150)
    # -- shoot-out
    g = game()
    g.phase = SHOOTOUT
    g.end_reason = 2
    m = CpuMatch(g)
    yield "tie", _locate(m, _SHOW)
    yield "shootout_intro", _scope(m, _INTRO)
    g.sd_round = 3
    s = _scope(m, _ROUND)
    g.sd_prev = [hit_frame(s.d), hit_frame(s.d)]
    yield "shootout_level", s
    g = game()
    g.phase = SHOOTOUT
    s = _scope(CpuMatch(g), _ROUND)
    g.sd_prev = [hit_frame(s.d), NO_PRESS]
    g.phase = OVER
    g.winner = 0
    g.end_reason = 4
    yield "shootout_won", s
    # -- the end
    g = play(game(), lambda g: False, 2000)
    m = CpuMatch(g)
    yield "end", _locate(m, _END)
    yield "end_fleet", _locate(m, _END, _OWN)
    m = CpuMatch(g)
    m.me, m.cpu = 1, 0  # the other side of the same game
    yield "end_other", _locate(m, _END)
