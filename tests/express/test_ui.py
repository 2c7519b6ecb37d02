# interpreters: micropython
"""Battleship Express screens under MicroPython with the fake handheld: the
menu, a human's turn by buttons, the CPU's pace, pass-and-play curtains,
saves after each turn and an exact resume."""

from fakehw import clear_saves, make_hw, press, saved_game, texts

from core.app import App
from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from core.prng import Rng
from core.storage import Storage
from express import ai, ui
from express.engine import AGAIN, ATTACKER, DONE, OVER, ROLL, TARGET, Game
from express.game import ANIM, EASY, HARD, MEDIUM, PACE, GameScreen
from express.menus import Arrange, Curtain, Pause, Result
from express.rules import ADMIRAL, CAPTAIN

_DIR = "/tmp/broadside-test-exui"


def _app():
    st = Storage(_DIR)
    clear_saves(st)
    app = App(make_hw(storage=st))
    app.settings.set("level", "hard")
    from core.home import Home

    app.push(Home())
    app.step()
    return app


def _game(app, game=CAPTAIN, players=2, cpu=0b10, team=False, seed=7, level=HARD):
    scr = GameScreen(Game(game, players, team, 0, Rng(seed)), cpu, level, Rng(seed + 1))
    app.push(ui.Loading(scr))
    app.step()
    app.step()  # the odds are warmed behind the loading screen
    assert app.top() is scr
    app.step()  # fleets: the CPU's are set, a human's Arrange (or a curtain) opens
    return scr


def _idle(app, n):
    for _ in range(n):
        app.step()


def test_menu_sets_type_players_and_seats():
    app = _app()
    ui.start(app)
    s = app.top()
    assert s.sel == 0 and s.label(0) == "Start"  # Start first: A on it starts at once
    press(app, DOWN)
    press(app, RIGHT)  # Admiral's
    assert s.game == ADMIRAL
    press(app, DOWN)
    press(app, RIGHT)  # 3 players: a row for each seat
    assert s.players() == 3 and len(s.items) == 7
    press(app, RIGHT)
    press(app, RIGHT)  # 4, teams
    assert s.value(2) == "4, teams" and len(s.items) == 8
    # who partners whom: partners sit across, 1 & 3 against 2 & 4
    seats = [s.label(i) for i in range(3, 7)]
    assert seats == ["Player 1 (A)", "Player 2 (B)", "Player 3 (A)", "Player 4 (B)"]
    press(app, DOWN)
    press(app, A)  # seat 1 becomes a CPU
    assert s.value(3) == "CPU" and s.cpu & 1
    press(app, UP)
    press(app, UP)
    press(app, UP)  # back to Start
    press(app, A, after=0)
    assert isinstance(app.top(), ui.Loading)
    _idle(app, 30)  # the first seat was drawn at random: who starts stays on screen until A
    words = texts(app)
    assert isinstance(app.top(), ui.Loading) and any(w.endswith(" starts") for w in words), words
    assert "A:play" in words
    press(app, A, after=0)
    scr = app.top()
    g = scr.g
    assert isinstance(scr, GameScreen) and g.game == ADMIRAL and g.players == 4 and g.team
    assert scr.cpu == 0b1111 and scr.level == HARD
    app.stack = [app.stack[0]]
    ui.start(app)  # the next time: the last game's choices, the cursor on Start
    s = app.top()
    assert s.sel == 0 and s.game == ADMIRAL and s.value(2) == "4, teams" and s.value(3) == "CPU"


def _start_with(app, first_presses, seed):
    """Two seats (the second a CPU), who starts stepped `first_presses` times from Random."""
    app.new_seed = lambda: seed
    ui.start(app)
    s = app.top()
    s.sel = len(s.items) - 1  # the last row, "Starts"
    assert s.label(s.sel) == "Starts" and s.value(s.sel) == "Random"  # the default, on screen
    for _ in range(first_presses):
        press(app, RIGHT)
    chosen = s.value(s.sel)
    press(app, DOWN)  # round to the first row, Start
    press(app, A, after=0)
    loading = app.top()
    _idle(app, 3)
    return chosen, loading, loading.screen


def test_the_chosen_first_seat_starts():
    app = _app()
    chosen, loading, scr = _start_with(app, 2, 5)
    assert chosen == "Player 2" and not loading.drawn
    assert scr.g.first == 1 and scr.g.turn == 1


def test_a_random_first_seat_reaches_every_seat_and_is_said():
    seen = set()
    for seed in range(1, 30):
        app = _app()
        _chosen, loading, scr = _start_with(app, 0, seed)
        assert loading.drawn and scr.g.turn == scr.g.first
        seen.add(scr.g.first)
        app = loading = scr = None
        if len(seen) == 2:
            break
    assert seen == {0, 1}
    assert ui.first_seat(3, 4, 2) == 2 and {ui.first_seat(s, 4, -1) for s in range(1, 60)} == {0, 1, 2, 3}


def test_human_turn_by_buttons_and_save_after_it():
    app = _app()
    scr = _game(app)
    assert isinstance(app.top(), Arrange)  # one human: no curtain
    press(app, DOWN)
    press(app, A)  # ready with the suggested order
    g = scr.g
    assert g.phase == ATTACKER and g.turn == 0 and app.top() is scr
    saved = saved_game(app.hw.storage, "express")
    assert saved[:1] == b"E" and saved[1:].startswith(g.to_bytes()[:19])
    press(app, LEFT)  # the second ship from the front
    ship = g.fleet(0)[1]
    press(app, A)
    assert g.phase == TARGET and g.attacker == ship and g.fleet(0)[0] == ship
    press(app, B)  # take the attacker back
    assert g.phase == ATTACKER and g.fleet(0)[1] == ship
    press(app, A)
    press(app, LEFT)  # the enemy's second ship (left of its front one)
    target = g.legal_targets()[1]
    press(app, A)
    assert (g.owner, g.target) == target and g.phase == ROLL
    press(app, A)
    assert g.rolls_used == 1 and scr.anim == ANIM - 2
    _idle(app, ANIM)
    while g.phase == AGAIN:
        press(app, A)
        _idle(app, ANIM)
    assert g.phase in (DONE, OVER)
    n = scr.saves
    press(app, A)  # next turn: the CPU's, saved as it begins
    assert g.turn == 1 and scr.saves == n + 1


def test_cpu_steps_at_a_readable_pace_a_steps_b_finishes():
    app = _app()
    scr = _game(app, cpu=0b11)
    g = scr.g
    assert g.phase == ATTACKER
    _idle(app, PACE - 2)
    assert g.phase == ATTACKER  # not yet
    _idle(app, 3)
    assert g.phase == TARGET
    press(app, A, after=0)  # A: the next step at once
    assert g.phase == ROLL
    press(app, B, after=0)  # B: the rest of the turn without waiting, a step a frame
    _idle(app, 12)
    assert g.phase in (DONE, OVER) and g.turn == 0
    press(app, B, after=0)  # B at the result: on to the next turn
    assert g.turn == 1 and g.phase == ATTACKER


def test_cpu_game_plays_to_the_result_and_clears_the_save():
    for game in (CAPTAIN, ADMIRAL):
        app = _app()
        scr = _game(app, game=game, cpu=0b11)
        for _ in range(20000):
            if isinstance(app.top(), Result):
                break
            app.step()
        assert isinstance(app.top(), Result), scr.g.phase
        assert scr.g.winners() and app.hw.sound.last == "win"
        assert saved_game(app.hw.storage, "express") is None
        press(app, A)
        assert len(app.stack) == 1  # back at the main menu


def test_pass_and_play_curtain_between_humans():
    app = _app()
    scr = _game(app, players=3, cpu=0b010)
    assert isinstance(app.top(), Curtain) and app.top().p == 0
    press(app, A)
    assert isinstance(app.top(), Arrange) and app.top().p == 0
    press(app, DOWN)
    press(app, A)
    assert isinstance(app.top(), Curtain) and app.top().p == 2
    press(app, A)
    press(app, DOWN)
    press(app, A)
    g = scr.g
    assert g.phase == ATTACKER and g.turn == 0
    assert isinstance(app.top(), Curtain) and app.top().p == 0  # seat 3 held it last
    press(app, A)
    assert app.top() is scr
    press(app, B)  # pause menu, then resume
    assert isinstance(app.top(), Pause)
    press(app, A)
    assert app.top() is scr


def test_help_from_the_pause_menu_in_both_languages():
    import sys

    from core import strings
    from core import ui as core_ui

    app = _app()
    scr = _game(app)
    press(app, DOWN)
    press(app, A)  # ready: the attacker to pick
    press(app, B)
    assert isinstance(app.top(), Pause)
    press(app, DOWN)
    press(app, A)
    helps = app.top()
    word = helps.word
    assert type(helps).__name__ == "Help" and helps.page == 0
    pages = sys.modules["express.help"]._PAGES
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        for k in range(len(pages)):
            body = pages[k][1]
            if body is not None:  # a paragraph: every word of it drawn, clear of the hint
                core_ui.TRACE = []
                app.fb.fill(0)
                helps.draw(app, app.fb)
                lines = [(y, h, s) for _x, y, _w, h, s in core_ui.TRACE if 11 <= y < 56]
                core_ui.TRACE = None
                assert " ".join(s for _y, _h, s in lines) == word(body), (lang, k)
                assert max(y + h for y, h, _s in lines) <= 47, (lang, k, lines)  # a blank line above
            press(app, RIGHT)
        assert helps.page == 0  # every page, round again
    strings.set_lang("en")
    assert "Submarine" in word("ex_hx_admiral3") and len(pages) == 8
    press(app, B)
    assert isinstance(app.top(), Pause)
    assert "express.help" not in sys.modules and "core.pages" not in sys.modules  # left the heap with it
    press(app, B)
    assert app.top() is scr


def test_save_and_quit_then_resume_exactly():
    app = _app()
    scr = _game(app, game=ADMIRAL, players=3, cpu=0b110, level=MEDIUM)
    press(app, DOWN)
    press(app, A)
    g = scr.g
    press(app, A)  # the front ship attacks
    if g.phase == TARGET:
        press(app, A)
    while g.phase not in (DONE, OVER):
        press(app, A if g.phase != 6 else B)
        _idle(app, ANIM)
    press(app, A)  # the CPU's turn begins and is saved
    data = saved_game(app.hw.storage, "express")
    assert data[: 1 + len(g.to_bytes())] == b"E" + g.to_bytes()  # nothing moved since
    twin = ui.load(data)
    assert twin.cpu == 0b110 and twin.level == MEDIUM and twin.g.turn == g.turn == 1
    # the original plays the CPU's turn (B: at once); the copy from the save
    # plays the same moves with the same dice
    press(app, B)
    for _ in range(20):  # one step a frame, no waiting
        if g.phase in (DONE, OVER):
            break
        app.step()
    assert g.phase in (DONE, OVER)
    while twin.g.phase not in (DONE, OVER):
        ai.step(twin.g, twin.caps)
    assert twin.g.to_bytes() == g.to_bytes() and twin.urng.getstate() == scr.urng.getstate()
    # resume through the entry point: the game screen comes back at that turn
    app2 = _app()
    ui.resume(app2, data)
    _idle(app2, 3)
    back = app2.top()
    assert isinstance(back, GameScreen) and b"E" + back.g.to_bytes() == data[: len(data) - 13]


def test_damaged_save_is_refused():
    app = _app()
    scr = _game(app, cpu=0b11)
    data = ui.payload(scr)
    for bad in (b"X" + data[1:], data[:-3], data[:-1] + b"\x05", b"E"):
        try:
            ui.load(bad)
        except (ValueError, IndexError):
            continue
        raise AssertionError("accepted %r" % bad)


def test_levels_pick_captains():
    app = _app()
    easy = _game(app, cpu=0b11, level=EASY)
    assert easy.caps[0] is easy.rnd
    hard = _game(_app(), cpu=0b11, level=HARD)
    assert hard.caps[0] is hard.dp


def test_target_arrows_move_the_way_the_screen_goes():
    # fleets are drawn front on the right, one under another: RIGHT goes towards a
    # fleet's front, LEFT away from it, DOWN/UP to the fleet below/above
    from express.human import step_target

    g = Game(CAPTAIN, 4, False, 0, Rng(7))
    caps = [ai.DpCaptain() for _ in range(4)]
    while not (g.phase == TARGET and g.turn == 0):
        ai.step(g, caps)
    ts = g.legal_targets()
    where = [(o, g.position(o, s)) for o, s in ts]
    assert where[:2] == [(1, 0), (1, 1)]  # fleet 2's front ship, then the one behind it
    assert step_target(g, 1, 1, 0) == 0  # RIGHT: from the second ship to the front one
    assert step_target(g, 0, -1, 0) == 1  # LEFT: from the front to the second ship
    assert step_target(g, 0, 1, 0) == 0  # RIGHT at the front: nothing further right
    assert where[step_target(g, 1, 0, 1)] == (2, 1)  # DOWN: the fleet below, same place
    assert where[step_target(g, 0, 0, -1)] == (3, 0)  # UP from the top fleet: the bottom one
