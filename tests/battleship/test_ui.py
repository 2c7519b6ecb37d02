# interpreters: micropython
"""Battleship and Salvo screens on a fake handheld: the level menu, placing the
fleet with its refusals, aiming, the answers, the CPU's turn, saves and resume,
the end of the game."""

import gc
import sys

from fakehw import clear_saves, make_hw, press, saved_game

from battleship import battle, grid
from battleship import ui as bs_ui
from battleship.battle import AIM, END, HOLD, OWN, TARGET, Battle, Paused
from battleship.engine import CPU, OVER, PLAYER, Game
from battleship.habits import Habits
from battleship.place import Placement
from battleship.rules import CLASSIC, EASY, HARD, HIT, MEDIUM, MISS, OFF_GRID, OK, OVERLAP, SALVO
from battleship.view import pack, unpack
from core import modes, strings, ui
from core.app import App
from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from core.home import Home
from core.storage import Storage

_DIR = "/tmp/broadside-test-bsui"
WAIT = 90  # frames (3 s): enough for any CPU turn to play out


def _app(level="medium"):
    st = Storage(_DIR)
    clear_saves(st)
    st.delete("bs_habits")
    app = App(make_hw(storage=st))
    app.settings.set("level", level)
    app.new_seed = lambda: 7
    strings.set_lang("en")
    app.push(Home(app))
    app.step()
    _row(app, "battleship")
    return app


def _back_in_battleship_menu(app):
    """The game closed: the Battleship menu is back, on the entry the game was started from,
    over the main menu on its Battleship row (both built anew: the menus leave the heap while
    a game runs)."""
    assert [s.way() for s in app.stack] == [("title", "battleship_menu"), ("battleship_menu", "battleship")]
    return True


def _row(app, key):
    """Open the menu holding a mode and put its cursor there (A then opens it)."""
    row, sub = modes.menu_path(key)
    while type(app.top()).__name__ != "Home":  # the menus are built anew after a game
        app.pop()
    home = app.top()
    home.sel = row + len(home.items) - len(modes.main_rows()) - 1
    if sub >= 0:
        press(app, A)  # into the submenu
        app.top().sel = sub
    assert app.top().label(app.top().sel) == strings.t(key)


def _battle(app, variant=CLASSIC, level=EASY, seed=7):
    """A battle started with the player to shoot first."""
    bs_ui.words()
    g = Game(level=level, variant=variant, seed=seed, first=PLAYER, habits=Habits())
    g.shuffle()
    g.start()
    b = Battle(g)
    app.push(b)
    app.step()
    return b


def _texts(app, screen):
    ui.TRACE = []
    app.fb.fill(0)
    screen.draw(app, app.fb)
    out = [s for _x, _y, _w, _h, s in ui.TRACE]
    ui.TRACE = None
    return out


def _aim(app, b, cell):
    """Walk the cursor to cell with the arrows."""
    while b.cur // 10 != cell // 10:
        press(app, DOWN if b.cur // 10 < cell // 10 else UP)
    while b.cur % 10 != cell % 10:
        press(app, RIGHT if b.cur % 10 < cell % 10 else LEFT)


def _to_aim(app, b):
    """Let any CPU turn play out, then show the target grid."""
    for _ in range(WAIT * 2):
        if b.state == AIM:
            break
        app.step()
    if b.view == OWN:
        press(app, B)
    assert b.state == AIM and b.view == TARGET


def _started(app):
    """From the home menu's Battleship row: A into it, A on its game, A on Start (the fleet as
    shuffled); the battle on top."""
    press(app, A)
    press(app, A)
    press(app, A)  # Start
    return app.top()


def _paused():
    """A new battle against the CPU, aiming, its pause menu open (B, then A: the menu): (app, battle)."""
    app = _app()
    b = _started(app)
    _to_aim(app, b)
    press(app, B)
    press(app, A)
    assert isinstance(app.top(), Paused)
    return app, b


def _water(g):
    return [c for c in range(100) if not g.fleets[CPU].occ[c] and not g.fleets[CPU].shots[c]]


def test_menu_offers_both_games_and_the_level_from_settings():
    app = _app(level="hard")
    home = app.top()
    labels = [home.label(i) for i in range(len(home.items))]
    assert "Battleship" in labels and "Salvo" in labels
    _row(app, "salvo")
    press(app, A)
    menu = app.top()
    assert isinstance(menu, bs_ui.LevelMenu) and menu.variant == SALVO
    assert menu.label(menu.sel) == "Hard"
    press(app, UP)
    press(app, A)  # Medium
    p = app.top()
    assert isinstance(p, Placement)
    assert p.g.level == MEDIUM and p.g.variant == SALVO and p.g.fleets[PLAYER].complete()


def test_placing_by_hand_refuses_with_a_reason_and_moves_nothing():
    app = _app()
    press(app, A)
    press(app, A)
    p = app.top()
    press(app, DOWN)
    press(app, DOWN)
    press(app, A)  # By hand: the grid is cleared, the carrier in hand
    fleet = p.g.fleets[PLAYER]
    assert p.hand.ship == 0 and not fleet.placed(0)
    assert (p.hand.row, p.hand.col, p.hand.vert) == (4, 2, False) and p.hand.why == OK
    press(app, A)
    assert fleet.where(0) == (4, 2, False) and p.hand.ship == 1
    # the battleship comes to hand at a free spot; push it onto the carrier
    while p.hand.row != 4:
        press(app, UP if p.hand.row > 4 else DOWN)
    while p.hand.col != 0:
        press(app, LEFT)
    assert p.hand.why == OVERLAP and p.hand.other == 0
    assert "Overlaps" in _texts(app, p) and "Carrier" in _texts(app, p)
    press(app, A)
    assert not fleet.placed(1) and p.hand.ship == 1 and (p.hand.row, p.hand.col) == (4, 0)
    assert app.hw.sound.last == "miss"
    # off the grid: refused, and left where the player put it
    for _ in range(9):
        press(app, RIGHT)
    press(app, DOWN)
    assert (p.hand.row, p.hand.col) == (5, 9) and p.hand.why == OFF_GRID
    assert "Off the grid" in _texts(app, p)
    press(app, A)
    assert not fleet.placed(1) and (p.hand.row, p.hand.col, p.hand.vert) == (5, 9, False)
    press(app, B)  # turned upright it fits
    assert p.hand.vert and p.hand.why == OK
    press(app, A)
    assert fleet.where(1) == (5, 9, True)
    for _ in range(3):
        assert p.hand.why == OK, p.hand.why
        press(app, A)
    assert fleet.complete() and p.hand.ship == -1 and p.sel == 0  # the menu is back, on Start


def test_shuffle_places_a_new_complete_fleet_and_start_saves():
    app = _app()
    press(app, A)
    press(app, A)
    p = app.top()
    before = bytes(p.g.fleets[PLAYER].pos)
    press(app, DOWN)
    press(app, A)
    assert p.g.fleets[PLAYER].complete() and bytes(p.g.fleets[PLAYER].pos) != before
    press(app, UP)
    press(app, A)  # Start
    b = app.top()
    assert isinstance(b, Battle) and b.g.phase != 0
    payload = saved_game(app.hw.storage)
    assert payload[:1] == b"B"
    g, state = unpack(payload)
    assert g.to_bytes() == b.g.to_bytes() and state == b.state_bytes()


def test_cursor_walks_the_target_grid_and_names_the_cell():
    app = _app()
    b = _battle(app)
    assert b.coord == "E-5" and b.view == TARGET
    press(app, UP)
    press(app, LEFT)
    assert b.coord == "D-4" and b.cur == 33
    assert "Aim: D-4" in _texts(app, b)
    for _ in range(3):
        press(app, LEFT)
    assert b.coord == "D-1"
    press(app, LEFT)
    assert b.coord == "D-10"  # past the edge it comes in at the other side, as Torpedo's does
    press(app, RIGHT)
    assert b.coord == "D-1"
    for _ in range(4):
        press(app, UP)
    assert b.coord == "J-1"
    press(app, B)
    assert b.view == OWN and "Your fleet" in _texts(app, b)
    press(app, B)
    assert b.view == TARGET


def test_a_shot_is_answered_then_the_cpu_fires_on_your_grid():
    app = _app()
    b = _battle(app)
    g = b.g
    ship = g.fleets[CPU].ship_cells(1)
    _aim(app, b, ship[0])
    press(app, A, after=1)
    assert b.news == battle.NEWS_YOU and b.news_hit == HIT and b.state == HOLD
    texts = _texts(app, b)  # who fired, where, and what it did
    assert "You fire at" in texts and grid.name(ship[0] // 10, ship[0] % 10) + ": hit" in texts
    assert app.hw.sound.last == "hit"
    assert g.turn == CPU
    for _ in range(battle.HOLD_MS // 33 + 2):
        app.step()
    # the CPU has fired: your grid, its shot boxed, its answer in the panel
    assert b.view == OWN and b.cpu_last >= 0 and g.fleets[PLAYER].shots[b.cpu_last]
    assert b.news == battle.NEWS_CPU and g.turn == PLAYER
    text = _texts(app, b)
    hit = g.fleets[PLAYER].occ[b.cpu_last]
    said = grid.name(b.cpu_last // 10, b.cpu_last % 10) + (": hit" if hit else ": miss")
    assert "CPU fires at" in text and said in text
    for _ in range(battle.DONE_MS // 33 + 2):
        app.step()
    assert b.state == AIM and b.view == TARGET
    # saved after the CPU's turn
    payload = saved_game(app.hw.storage)
    assert payload == pack(g, b.state_bytes())


def test_a_repeat_shot_is_refused_and_an_arrow_cuts_the_cpu_turn_short():
    app = _app()
    b = _battle(app)
    g = b.g
    cell = _water(g)[0]
    _aim(app, b, cell)
    press(app, A, after=1)
    assert b.news_hit == MISS and grid.name(cell // 10, cell % 10) + ": miss" in _texts(app, b)
    press(app, RIGHT, after=1)  # no waiting: the CPU's shot is made, the cursor moves
    assert b.state == AIM and g.turn == PLAYER and sum(g.fleets[PLAYER].shots) == 1
    assert b.cur == cell + 1 or cell % 10 == 9
    _aim(app, b, cell)
    shots = bytes(g.fleets[CPU].shots)
    press(app, A)
    assert b.again and bytes(g.fleets[CPU].shots) == shots
    assert g.turn == PLAYER and "Already shot" in _texts(app, b)
    press(app, B)  # our own fleet: "Already shot" is not about it
    assert b.view == OWN and "Already shot" not in _texts(app, b)
    press(app, B)  # back on the target: it was said, and the news under it comes back
    assert b.view == TARGET and "Already shot" not in _texts(app, b)
    press(app, A)
    assert "Already shot" in _texts(app, b)
    press(app, LEFT)  # the cursor moves on: said
    assert "Already shot" not in _texts(app, b)


def test_sinking_a_ship_names_it():
    app = _app()
    b = _battle(app)
    cells = b.g.fleets[CPU].ship_cells(2)
    for c in cells:
        _to_aim(app, b)
        _aim(app, b, c)
        press(app, A, after=1)
    assert b.news_sunk == 2 and b.news == battle.NEWS_YOU
    text = _texts(app, b)
    last = grid.name(cells[-1] // 10, cells[-1] % 10)
    assert last + ": sunk" in text and "Destroyer" in text
    strings.set_lang("hu")
    text = _texts(app, b)
    strings.set_lang("en")
    assert last + ": süllyedt" in text and "Romboló" in text


def test_salvo_fires_one_shot_per_ship_afloat_then_the_cpu_answers():
    app = _app()
    b = _battle(app, variant=SALVO)
    g = b.g
    water = _water(g)
    for i in range(5):
        assert g.turn == PLAYER and g.shots_left == 5 - i and b.state == AIM
        _aim(app, b, water[i])
        press(app, A, after=1)
    assert g.turn == CPU and b.state == HOLD
    for _ in range(WAIT * 2):
        app.step()
    assert sum(g.fleets[PLAYER].shots) == 5 and b.state == AIM and g.shots_left == b.salvo == 5


def test_resume_continues_exactly():
    app = _app()
    b = _started(app)
    for k in (RIGHT, A, DOWN, A, DOWN, A):
        press(app, k, after=WAIT if k == A else 2)
    payload = saved_game(app.hw.storage)
    # another handheld (same flash) continues from the save
    app2 = App(make_hw(storage=Storage(_DIR)))
    app2.push(Home(app2))
    bs_ui.resume(app2, payload)
    b2 = app2.top()
    assert b2.g.to_bytes() == b.g.to_bytes() and b2.state_bytes() == b.state_bytes()
    for k in (LEFT, A, DOWN, A, RIGHT, A, RIGHT, A):
        press(app, k, after=WAIT if k == A else 2)
        press(app2, k, after=WAIT if k == A else 2)
    assert b2.g.to_bytes() == b.g.to_bytes()  # the same CPU shots: its rng came back too
    assert bytes(b2.g.fleets[PLAYER].shots) == bytes(b.g.fleets[PLAYER].shots)


def test_a_won_game_ends_clears_the_save_and_teaches_the_cpu():
    app = _app()
    b = _started(app)
    g = b.g
    targets = [c for c in range(100) if g.fleets[CPU].occ[c]]
    for c in targets:
        _to_aim(app, b)
        _aim(app, b, c)
        press(app, A, after=1)
        if g.phase != OVER:
            press(app, B, after=1)  # cut the CPU's turn short
        if g.phase == OVER:
            break
    assert g.phase == OVER and b.state == END
    assert app.hw.sound.last in ("win", "lose")
    assert saved_game(app.hw.storage) is None
    habits = Habits.from_bytes(app.hw.storage.load("bs_habits")[0])
    assert habits.games == 1
    text = _texts(app, b)
    assert ("YOU WIN!" if g.winner == PLAYER else "CPU WINS") in text
    loser = g.fleets[CPU if g.winner == PLAYER else PLAYER]  # the winner's shots, said as whose
    shots = sum(1 for c in range(100) if loser.shots[c])
    hits = sum(1 for c in range(100) if loser.shots[c] and loser.occ[c])
    whose = "You sank the" if g.winner == PLAYER else "CPU sank your"
    assert whose in text and "%d shots" % shots in text and "(%d hits)" % hits in text
    press(app, A)
    assert b.view == OWN
    press(app, B)
    assert _back_in_battleship_menu(app)


def test_pause_menu_saves_and_quits_or_gives_up():
    app, b = _paused()
    press(app, DOWN)
    press(app, A)  # Save and quit
    assert _back_in_battleship_menu(app)
    payload = saved_game(app.hw.storage)
    assert payload[:1] == b"B"
    bs_ui.resume(app, payload)
    b = app.top()
    assert b.view == OWN  # as it was left
    press(app, A)
    assert isinstance(app.top(), Paused)
    press(app, DOWN)
    press(app, DOWN)
    press(app, A)  # Give up
    assert _back_in_battleship_menu(app) and saved_game(app.hw.storage) is None


def test_an_unreadable_save_is_refused():
    app = _app()
    g = Game(level=HARD, seed=3, first=CPU)
    g.shuffle()
    g.start()
    good = pack(g, Battle(g).state_bytes())
    g = None  # the hard CPU's tables: one at a time in the 192 KB heap
    gc.collect()
    unpack(good)
    gc.collect()
    for bad in (good[:20], b"X" + good[1:], good[:-9] + b"\x07" + good[-8:]):
        try:
            bs_ui.resume(app, bad)
        except (ValueError, IndexError):
            continue
        raise AssertionError("accepted %r" % bad)


def test_the_hard_cpu_is_unloaded_with_the_mode():
    sys.modules.pop("battleship.ai_hard", None)
    app = _app(level="hard")
    press(app, A)
    press(app, A)  # Hard: the engine imports the hard CPU
    assert "battleship.ai_hard" in sys.modules
    press(app, B)  # leave the placement menu: back at the main menu
    assert _back_in_battleship_menu(app) and "battleship.ai_hard" not in sys.modules


def test_a_new_battleship_game_keeps_the_other_games_saves():
    # the bug this slot design fixes: starting a game deleted another mode's save
    app = _app()
    app.save_game("cards", b"Csaved card game", 14, unit="u_turn")
    app.save_game("express", b"Esaved express game", 2, unit="u_sunk")
    press(app, A)  # Battleship (no save of its own: no question)
    press(app, A)  # Medium
    press(app, A)  # Start with the shuffled fleet: saved as it begins
    assert isinstance(app.top(), Battle)
    st = app.hw.storage
    assert saved_game(st, "battleship")[:1] == b"B"
    assert saved_game(st, "cards") == b"Csaved card game"
    assert saved_game(st, "express") == b"Esaved express game"


def test_the_pause_menu_opens_the_help_on_the_ship_bars_in_both_languages():
    """The help (battleship.help, loaded only while open) opens on what the panel's ship bars
    mean, each bar drawn as the panel draws it; then the grid's marks; B closes it."""
    from helpread import read_help

    app, b = _paused()
    for _ in range(3):
        press(app, DOWN)
    press(app, A)  # Help, the menu's last row
    assert type(app.top()).__name__ == "Help" and app.top().page == 0
    afloat = ["#######", "#.....#", "#.....#", "#######"]
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        pages = read_help(app, ("bs_help_afloat", "bs_help_sunk"))
        assert len(pages) == 2
        _title, said, arts = pages[0]
        assert arts == {"bs_help_afloat": afloat, "bs_help_sunk": ["#######"] * 4}, arts
        assert ("longest" if lang == "en" else "leghosszabb") in said
        assert ("miss" if lang == "en" else "mellé") in pages[1][1]
    strings.set_lang("en")
    press(app, B)
    assert isinstance(app.top(), Paused)
    assert "battleship.help" not in sys.modules and "core.pages" not in sys.modules  # left the heap with it
    press(app, B)
    assert app.top() is b
