# interpreters: micropython
"""Torpedo Attack screens against the CPU on a fake handheld: a periscope press
replayed at a fixed frame scores what the rule sheet says, the 10-second
window, watching the CPU fire, placing the fleet (refusals, Start), calling
cells, the save and Continue."""

from fakehw import clear_saves, make_hw, press, saved_game

from core import strings
from core.app import App
from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from core.storage import Storage
from torpedo import view
from torpedo.engine import Game
from torpedo.locate import Locate
from torpedo.match import CpuMatch
from torpedo.place import Placement
from torpedo.rules import FIRE, LOCATE, NO_PRESS, OPEN_WATER, SCORES, SHIP_LOCATED, TARGET_LOCATED, WINDOW
from torpedo.scope_ui import Scope

_DIR = "/tmp/broadside-test-taui"
_AIM = 1  # torpedo.scope_ui / torpedo.locate states (private consts there)
_RESULT = 3
_L_AIM = 0
_L_WAIT = 1
_L_SHOW = 2


def _app():
    st = Storage(_DIR)
    clear_saves(st)
    app = App(make_hw(storage=st))
    strings.set_lang("en")
    view.words()
    return app


def _against_cpu(seed, mode, first):
    """A new game against the CPU, our fleet shuffled, on the Locate screen: (app, game, screen)."""
    app = _app()
    g = Game(seed, mode, first=first)
    g.shuffle_fleet(0)
    g.start()
    loc = Locate(CpuMatch(g))
    app.push(loc)
    app.step()
    return app, g, loc


def _located(seed=7):
    """Player 0 has just located the CPU's patrol boat: its torpedoes are up."""
    g = Game(seed, 1, first=0, cpu=(False, False))
    g.shuffle_fleet(0)
    g.shuffle_fleet(1)
    g.start()
    boat = g.fleets[1].ship_cells(4)
    water = [c for c in range(100) if not g.fleets[0].occ[c]]
    assert g.call(boat[0])[0] == TARGET_LOCATED
    g.call(water[0])  # player 1's turn: open water
    assert g.call(boat[1]) == (SHIP_LOCATED, 4)
    assert g.phase == FIRE and g.turn == 0
    m = CpuMatch(g)
    return g, m


def _first(d, hit):
    """The first frame (from 2: a press needs the button let go first) a press hits or misses."""
    for f in range(2, WINDOW):
        if d.hit(f) == hit:
            return f
    raise AssertionError("no such frame")


def _scope(app, m):
    s = Scope(m)
    app.push(s)
    press(app, A, after=0)  # A during the intro: the rod starts at once, nothing fired
    assert s.state == _AIM and s.f == 0
    return s


def _fire_at(app, s, frame):
    """Hold off until the periscope's frame counter reads `frame`, then press A."""
    while s.f < frame:
        app.step()
    assert s.f == frame
    press(app, A, after=0)


def test_a_press_replayed_at_a_fixed_frame_scores_the_first_torpedo():
    app = _app()
    g, m = _located()
    frame = _first(g.drift(), True)
    s = _scope(app, m)
    _fire_at(app, s, frame)
    assert s.state == _RESULT and s.press == frame
    assert g.score(0) == SCORES[0] == 200  # a hit with the first torpedo
    assert g.phase == LOCATE and g.turn == 1  # the ship is taken; the turn passes
    # the same press on the same game replays the same way, frame for frame
    app2 = _app()
    g2, m2 = _located()
    s2 = _scope(app2, m2)
    _fire_at(app2, s2, frame)
    assert g2.score(0) == g.score(0) and g2.to_bytes() == g.to_bytes()


def test_a_miss_then_the_second_torpedo_on_a_new_drift():
    app = _app()
    g, m = _located()
    d1 = g.drift()
    s = _scope(app, m)
    _fire_at(app, s, _first(d1, False))
    assert s.state == _RESULT and g.score(0) == 0 and g.torpedo == 1 and g.phase == FIRE
    app.step()
    press(app, A, after=0)  # past the result: torpedo 2 comes up
    assert s.d is not d1 and s.left == 2
    app.step()
    press(app, A, after=0)  # past its intro
    assert s.state == _AIM
    _fire_at(app, s, _first(s.d, True))
    assert g.score(0) == SCORES[1] == 150


def test_any_key_passes_the_periscopes_result_and_intro():
    """A result or an intro is only read: B (or an arrow) ends it as A does; B never fires."""
    app = _app()
    g, m = _located()
    s = _scope(app, m)
    _fire_at(app, s, _first(s.d, False))
    assert s.state == _RESULT
    app.step()
    press(app, B, after=0)  # past the result: torpedo 2's intro
    assert s.left == 2 and s.state != _RESULT
    app.step()
    press(app, LEFT, after=0)  # past its intro: aiming, nothing fired
    assert s.state == _AIM and g.torpedo == 1


def test_no_press_in_ten_seconds_is_a_miss():
    app = _app()
    g, m = _located()
    s = _scope(app, m)
    for _ in range(WINDOW + 2):
        app.step()
    assert s.state == _RESULT and s.press == NO_PRESS
    assert g.torpedo == 1 and g.score(0) == 0


def test_the_cpu_fires_at_its_own_frame_while_we_watch():
    app = _app()
    g = Game(11, 2, first=1, cpu=(False, False))
    g.shuffle_fleet(0)
    g.shuffle_fleet(1)
    g.start()
    boat = g.fleets[0].ship_cells(4)
    water = [c for c in range(100) if not g.fleets[1].occ[c]]
    g.call(boat[0])
    g.call(water[0])
    g.call(boat[1])
    assert g.phase == FIRE and g.turn == 1
    m = CpuMatch(g)
    d = g.drift()
    s = Scope(m)
    app.push(s)
    frame = s.pending[1]  # the CPU's press, decided when its periscope came up
    assert not s.mine and 0 <= frame < WINDOW
    for _ in range(frame + 40):
        app.step()
        if s.state == _RESULT:
            break
    assert s.state == _RESULT and s.f == frame  # the rod stops where the CPU pressed
    assert (g.score(1) > 0) == d.hit(frame)


def test_placing_by_hand_refuses_a_ship_off_the_grid_then_starts():
    app = _app()
    m = CpuMatch(Game(5, 1))
    m.shuffle()
    p = Placement(m)
    app.push(p)
    press(app, DOWN)
    press(app, DOWN)
    press(app, A)  # By hand: the grid empties, the carrier is in hand
    assert p.hand.ship == 0 and not p.fleet.placed(0)
    for _ in range(9):
        press(app, RIGHT)
    press(app, A)  # over the edge: refused
    assert p.hand.why != 0 and not p.fleet.placed(0)
    press(app, B)  # turned: it fits again
    press(app, A)
    assert p.fleet.placed(0) and p.hand.ship == 1
    for _ in range(4):
        while p.hand.why:
            press(app, LEFT)
        press(app, A)
    assert p.hand.ship < 0 and p.fleet.complete() and p.sel == 0
    press(app, A)  # Start
    assert type(app.top()).__name__ == "Locate"  # (torpedo.locate comes and goes with the periscope)
    payload = saved_game(app.hw.storage, "torpedo")
    assert payload[0:2] == b"T\x00" and CpuMatch.load(payload).g.to_bytes() == m.g.to_bytes()


def test_calling_a_cell_shows_the_answer_and_a_repeat_moves_on():
    app = _app()
    g = Game(3, 1, first=0)
    g.shuffle_fleet(0)
    g.start()
    m = CpuMatch(g)
    loc = Locate(m)
    app.push(loc)
    assert loc.state == _L_AIM
    while loc.cur != 0:
        press(app, UP if loc.cur >= 10 else LEFT)
    press(app, A)  # call A-1: the answer comes up
    assert loc.state == _L_SHOW and loc.ev[1] == 0
    want = OPEN_WATER if not g.fleets[1].occ[0] else None
    if want is not None:
        assert g.marks[0][0] == 1 + OPEN_WATER
    for _ in range(900):  # the CPU's turn plays out (and any periscope it raises)
        app.step()
        top = app.top()
        if type(top).__name__ == "Locate" and top.state == _L_AIM:
            loc = top  # a periscope comes back to a new Locate, made from the match
            break
        if type(top).__name__ != "Locate":
            press(app, A)
    assert loc.state == _L_AIM and g.turn == 0
    loc.cur = 0
    press(app, A)
    assert loc.note == "ta_again" and loc.state == _L_AIM  # A-1 was called already: no call,
    assert loc.cur > 0 and not g.marks[0][loc.cur] and g.turn == 0  # the cursor on the next free cell


def test_a_key_skips_the_cpus_thinking():
    # the CPU "thinks" half a second before its call; a key other than B (the menu) skips it
    for skip in (False, True):
        app, g, loc = _against_cpu(3, 1, first=1)
        assert loc.state == _L_WAIT and not any(g.marks[1])  # the CPU's turn: it thinks
        press(app, A if skip else 0, after=1)
        assert any(g.marks[1]) == skip, skip  # called at once only when a key was pressed


def test_any_key_ends_an_announcement_and_a_watcher_waits_only_its_table_time():
    """B or an arrow ends the answer's announcement as A does (B opens no menu over it); pressing
    nothing, it goes after the frames torpedo.view.SHOWN gives it."""
    from torpedo.view import shown

    for key in (B, RIGHT, A, 0):
        app, g, loc = _against_cpu(3, 1, first=0)
        press(app, A, after=1)  # a call: the answer comes up on the next frame
        assert loc.state == _L_SHOW, key
        ev = loc.ev
        if key:
            press(app, key, after=0)
            assert app.top() is loc and loc.state != _L_SHOW, key
            continue
        for _ in range(shown(ev[0], ev[2]) - 1):
            app.step()
        assert loc.state == _L_SHOW
        app.step()
        assert loc.state != _L_SHOW


def test_a_saved_game_continues_where_it_was():
    from torpedo import ui

    app = _app()
    g = Game(9, 0, first=0)
    g.shuffle_fleet(0)
    g.start()
    m = CpuMatch(g)
    m.cursor = 57
    g.call(57)
    m.save(app)
    payload = saved_game(app.hw.storage, "torpedo")
    app2 = _app()
    app2.save_game("torpedo", payload)
    ui.resume(app2, payload)
    loc = app2.top()
    assert type(loc).__name__ == "Locate" and loc.cur == 57
    assert loc.g.to_bytes() == g.to_bytes() and loc.g.marks[0][57]


def test_a_new_game_against_the_cpu_asks_before_replacing_its_save_the_cable_slot_apart():
    import sys

    app = _app()
    app.save_game("torpedo", b"T\x00kept", 7)
    app._load_mode("torpedo.ui")
    ui = sys.modules["torpedo.ui"]
    ui.start(app, None)
    press(app, A)  # Play the CPU: a game against the CPU is saved
    assert type(app.top()).__name__ == "Ask"
    press(app, A)  # keep it
    assert type(app.top()).__name__ == "Menu"
    assert saved_game(app.hw.storage, "torpedo") == b"T\x00kept"
    app.clear_game("torpedo")
    app.save_game("torpedo_link", b"T\x01cable", 3)
    press(app, A)  # the cable game's save is another slot: no question, a new game
    assert type(app.top()).__name__ != "Ask"
    assert saved_game(app.hw.storage, "torpedo_link") == b"T\x01cable"


def test_a_ship_located_announcement_after_the_game_moved_on_does_not_raise_the_periscope():
    # the soak bench (random presses, a game continued) reached it: the periscope for a
    # located ship when its torpedoes were no longer up refused ("not now") and crashed
    app = _app()
    g = Game(7, 1, first=0, cpu=(False, False))
    g.shuffle_fleet(0)
    g.shuffle_fleet(1)
    g.start()
    assert g.phase == LOCATE
    loc = Locate(CpuMatch(g))
    app.push(loc)
    loc.ev = (0, 0, SHIP_LOCATED, 4)
    loc.state = _L_SHOW
    loc.shown(app)
    assert app.top() is loc and loc.state != _L_SHOW  # back to the grid, no periscope


def test_a_ship_located_announcement_raises_the_periscope_while_its_torpedoes_are_up():
    app = _app()
    g, m = _located()
    loc = Locate(m)
    app.stack.append(loc)  # on screen with its announcement up (not entered: that opens the periscope)
    loc.ev = (0, 0, SHIP_LOCATED, 4)
    loc.state = _L_SHOW
    loc.shown(app)
    # the periscope takes the grid's place: its module loads on the next frame (torpedo.view.Then)
    assert type(app.top()).__name__ == "Then" and app.top().module == "torpedo.scope_ui"
    app.top().update(app)
    assert type(app.top()).__name__ == "Scope"


def test_the_pause_menu_opens_the_help_on_the_ship_bars_in_both_languages():
    """The help (torpedo.help, loaded only while open) opens on what the panel's ship bars mean,
    each state drawn as the panel draws it; then the bars and numbers, the grid's marks; B closes it."""
    import sys

    from helpread import read_help

    app, g, loc = _against_cpu(9, 0, first=0)
    press(app, B)  # our fleet
    press(app, A)
    assert type(app.top()).__name__ == "Paused"
    for _ in range(3):
        press(app, DOWN)
    press(app, A)  # Help, the menu's last row
    assert type(app.top()).__name__ == "Help" and app.top().page == 0
    keys = ("ta_help_hidden", "ta_help_firing", "ta_help_hit", "ta_help_gone")
    box = ["#######", "#.....#", "#.....#", "#.....#", "#######"]
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        pages = read_help(app, keys)
        assert len(pages) == 3
        arts = pages[0][2]
        assert arts["ta_help_hidden"] == box, arts
        assert arts["ta_help_firing"] == ["#######", "#.....#", "#..#..#", "#.....#", "#######"], arts
        assert arts["ta_help_hit"] == ["#######"] * 5, arts
        assert arts["ta_help_gone"] == ["#######", "#...###", "#..#..#", "###...#", "#######"], arts
        assert "1000" in pages[1][1]
    strings.set_lang("en")
    press(app, B)
    assert type(app.top()).__name__ == "Paused"
    assert "torpedo.help" not in sys.modules and "core.pages" not in sys.modules  # left the heap with it
    press(app, B)
    assert app.top() is loc
