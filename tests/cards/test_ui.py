# interpreters: micropython
"""Card game screens under MicroPython with a fake handheld: playing a card on a target, the
two-power choice, Repair's "which card", the PT Boat, the CPU's turn step by step, looking
at the grids, the CPU levels, the words of the Hungarian edition."""

from cgui_kit import game_screen, new_app, position, select_type, until_my_turn
from fakehw import press, texts

from cards import ui  # noqa: F401  (first: its modules compile best in an empty heap)
from cards.ai import choose, choose_random
from cards.engine import Game
from cards.game import STEP_MS, GameScreen
from cards.pick import CPU, F_HAND, F_LOOK, F_PT, F_TARGET, F_WAIT, HUMAN
from cards.rules import BEGINNER, CARD_TYPE, EV_PLAY, EV_REVEAL, M_END, M_SKIP, PH_PLAY, PH_PT, STANDARD, UP
from cards.ui import start
from cards.view import moves_for_card, view_for
from core import strings
from core.hal import DOWN, LEFT, RIGHT, A, B
from core.hal import UP as K_UP
from core.prng import Rng


def test_menu_offers_standard_and_beginner():
    app = new_app()
    start(app, None)
    menu = app.top()
    assert [menu.label(i) for i in range(len(menu.items))] == ["Standard game", "Beginner game"]
    press(app, DOWN)
    press(app, A)
    who = app.top()
    assert [who.label(i) for i in range(len(who.items))] == ["You", "CPU", "Random"]
    assert who.sel == 2  # Random unless chosen
    press(app, K_UP)
    press(app, K_UP)
    press(app, A)  # You
    s = app.top()
    assert isinstance(s, GameScreen) and s.g.mode == BEGINNER and s.g.cur == HUMAN
    assert all(CARD_TYPE[k] <= 3 for k in s.g.hand[HUMAN])  # no Power cards
    assert app.stack == [s]  # the mode's menus were replaced


def test_who_starts_cpu_is_honoured():
    app = new_app()
    start(app, None)
    press(app, A)  # Standard
    press(app, K_UP)
    press(app, A)  # CPU
    s = app.top()
    assert isinstance(s, GameScreen) and s.g.cur == CPU and s.focus == F_WAIT
    assert not [e for e in s.g.events if e[0] == HUMAN]  # the CPU plays first
    for _ in range(STEP_MS // 33 + 2):
        app.step()
    assert [e for e in s.g.events + s.g.prev_events if e[1] == EV_PLAY and e[0] == CPU]


def test_random_first_player_reaches_both_and_says_who_was_drawn():
    seen = {}
    for seed in range(1, 40):
        app = new_app()
        app.new_seed = lambda seed=seed: seed
        start(app, None)
        press(app, A)  # Standard
        press(app, A)  # Random, the default
        s = app.top()
        said = s.note_key if s.g.cur == HUMAN else s.head
        assert said == ("cg_first_you" if s.g.cur == HUMAN else "cg_first_cpu"), (seed, said)
        seen[s.g.cur] = seed
        s = app = None
        if len(seen) == 2:
            break
    assert sorted(seen) == [HUMAN, CPU]


def test_white_peg_searches_the_cell_under_the_cursor_then_the_cpu_plays():
    app = new_app()
    s = game_screen(app, game=Game(11, STANDARD, HUMAN))
    assert s.focus == F_HAND and s.g.cur == HUMAN
    assert select_type(app, s, 0)
    hand = len(s.g.hand[HUMAN])
    press(app, A)
    assert s.focus == F_TARGET and s.cursor[0] == 1  # the CPU's grid
    press(app, RIGHT)
    press(app, DOWN)
    side, c = s.cursor
    assert c == 5
    press(app, A)
    assert s.g.up[CPU][c] == UP  # searched: face up for good
    assert (HUMAN, EV_REVEAL, c, s.g.ident[CPU][c], 0) in s.g.prev_events
    assert len(s.g.hand[HUMAN]) == hand  # reloaded to five
    assert s.focus == F_WAIT and s.g.cur == CPU
    words = texts(app)  # your play named, and what it found
    assert any(w.startswith("You search ") and w.endswith("(White)") for w in words), words
    until_my_turn(app, s)
    assert s.g.cur == HUMAN and s.focus in (F_HAND, F_PT)
    cpu_plays = [e for e in s.g.prev_events if e[1] == EV_PLAY and e[0] == CPU]
    assert cpu_plays  # the CPU played on its turn
    from cards.menus import LogScreen

    app.push(LogScreen(s))  # the menu's log: the last turn of each side, yours first
    words = texts(app)
    assert words[0] == "Last turns" and words[1].startswith("You search "), words
    assert any(w.startswith("CPU ") for w in words[2:]), words


def test_cursor_stops_only_on_legal_cells():
    app = new_app()
    s = game_screen(app, game=position(83, 34))
    assert select_type(app, s, 1)  # a Red 1
    press(app, A)
    legal = [m[2] for m in moves_for_card(s.view, s.items()[s.sel])]
    seen = [s.cursor[1]]
    for key in (RIGHT, RIGHT, DOWN, LEFT, DOWN, RIGHT, K_UP, K_UP, LEFT, LEFT, RIGHT):
        press(app, key)
        seen.append(s.cursor[1])
    assert all(c in legal for c in seen), (seen, legal)
    assert len(set(seen)) > 2
    press(app, B)
    assert s.focus == F_HAND  # B puts the card back


def test_two_power_card_asks_which_power():
    app = new_app()
    s = game_screen(app, game=position(1, 21))
    assert select_type(app, s, 6)  # Repair or Draw Three
    press(app, A)
    menu = app.top()
    assert [menu.label(i) for i in range(len(menu.items))] == ["Repair a ship", "Draw three"]
    press(app, DOWN)
    press(app, A)  # Draw three
    assert app.top() is s
    assert s.view.only and len(s.view.only) == 3  # the next play is one of the three drawn


def test_repair_asks_which_peg_card_when_they_differ():
    app = new_app()
    s = game_screen(app, game=position(4, 7))
    assert select_type(app, s, 6)
    press(app, A)
    press(app, A)  # Repair a ship
    assert s.focus == F_TARGET and s.cursor == (0, 11)
    under = sorted(s.view.pegs[0][11])
    press(app, A)
    menu = app.top()
    assert menu.title_key == "cg_which"
    assert sorted(menu.label(i) for i in range(len(menu.items))) == ["Red 1", "Red 2"] and under == [1, 2]
    press(app, DOWN)
    press(app, A)
    assert len(s.g.pegs[HUMAN][11]) == 1  # one peg card taken off
    assert s.g.cur == HUMAN and s.focus == F_HAND  # Repair: play another card


def test_pt_boat_step_b_skips():
    app = new_app()
    s = game_screen(app, game=position(4, 42))
    assert s.g.phase == PH_PT and s.focus == F_PT
    pegs = [len(p) for p in s.g.pegs[HUMAN]]
    press(app, B)
    assert s.g.phase == PH_PLAY and s.focus == F_HAND
    assert [len(p) for p in s.g.pegs[HUMAN]] == pegs
    assert s.g.events[-1][2] == M_SKIP


def test_cpu_plays_one_step_at_a_time():
    app = new_app()
    s = game_screen(app, game=Game(11, STANDARD, CPU))
    assert s.focus == F_WAIT and s.step is None  # "CPU's turn..."
    steps = []
    frames = 0
    while s.g.cur == CPU or s.focus == F_WAIT:
        app.step()
        frames += 1
        if s.step is not None and (not steps or steps[-1] is not s.step):
            steps.append(s.step)
            shown_at = frames
        assert frames < 2000
    assert steps and s.focus == F_HAND
    assert frames - shown_at >= STEP_MS // 33 - 1  # the last play stayed on screen
    assert steps[0][0][1] == EV_PLAY and steps[0][0][0] == CPU


def test_look_walks_both_grids():
    app = new_app()
    s = game_screen(app, game=Game(5, STANDARD, HUMAN))
    press(app, K_UP)
    assert s.focus == F_LOOK and s.look == (1, 0)
    for _ in range(4):
        press(app, RIGHT)
    assert s.look == (0, 0)  # across the gap onto your own grid
    press(app, DOWN)
    press(app, DOWN)
    assert s.look == (0, 8)
    press(app, DOWN)
    assert s.focus == F_HAND


def test_levels_pick_the_promised_cpu():
    g = position(83, 34)
    v = view_for(g, HUMAN)
    for level, chooser in ((0, choose_random), (2, choose)):
        s = GameScreen(g, level, Rng(9))
        assert s._choose(v) == chooser(v, Rng(9))
    s = GameScreen(g, 1, Rng(9))
    picks = [s._choose(v) for _ in range(40)]
    best = choose(v, Rng(9))
    assert picks.count(best) < 40  # medium errs now and then


def test_hungarian_words_follow_the_edition():
    strings.set_lang("hu")
    try:
        from cards.text import card_long, card_short, ship_name

        assert card_short(0) == "Fehér" and card_short(2) == "Vörös 2" and card_short(4) == "Pajzs"
        assert card_long(0).startswith("Fehér töltet") and card_long(1).startswith("Vörös töltet")
        names = [ship_name(i, True) for i in range(1, 6)]
        assert names == ["Repülőgép-hordozó", "Csatahajó", "Romboló", "Tengeralattjáró", "PT csónak"]
        assert strings.t("cg_miss") == "Nincs találat"
    finally:
        strings.set_lang("en")


def test_a_hand_with_no_play_offers_a_discard():
    from cg_setup import SH, setup

    from cards.rules import M_DISCARD

    app = new_app()
    g = setup(hand0=[SH[0], SH[1]], hand1=[])  # Shields, and no revealed ship of yours
    s = game_screen(app, game=g)
    assert all(m[0] == M_DISCARD for m in s.view.moves)
    press(app, A)
    menu = app.top()
    assert [menu.label(i) for i in range(len(menu.items))] == ["Discard it (no play)"]
    press(app, A)
    assert s.g.prev_events[0][2] == M_DISCARD and s.g.cur == CPU


def test_play_two_owes_both_plays_no_end_card_while_a_card_can_be_played():
    # the seed: "Play two more cards"; End turn is there only when nothing can be played
    app = new_app()
    s = game_screen(app, game=position(1, 26))
    assert select_type(app, s, 5)
    press(app, A)
    press(app, K_UP)  # the menu's last row: Play two more
    press(app, A)
    assert s.g.cur == HUMAN and -1 not in s.items() and s.view.plays_left == 2
    assert (M_END, -1, -1, 0) not in s.view.moves


def test_down_on_a_card_opens_what_it_does_and_the_help_covers_every_power():
    import sys

    from core import ui as core_ui

    app = new_app()
    s = game_screen(app, game=Game(11, STANDARD, HUMAN))
    assert s.focus == F_HAND
    k = s.items()[s.sel]  # the card under the cursor
    press(app, DOWN)
    h = app.top()
    helps = sys.modules["cards.help"]
    assert type(h).__name__ == "Help" and h.page == helps.PAGE_OF[CARD_TYPE[k]]
    name = h.word(helps._PAGES[h.page][0])  # its page is titled with its kind
    assert name == ("White Peg", "Red Peg", "Red Peg", "Red Peg", "Shield", "Discard or Play Two",
                    "Repair or Draw Three")[CARD_TYPE[k]], name
    pages = helps._PAGES
    said = {"en": "", "hu": ""}
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        for _ in range(len(pages)):
            core_ui.TRACE = []
            app.fb.fill(0)
            h.draw(app, app.fb)
            lines = [(y, ht, x) for _x, y, _w, ht, x in core_ui.TRACE if 11 <= y < 56]
            core_ui.TRACE = None
            assert max(y + ht for y, ht, _x in lines) <= 47, (lang, h.page)  # a blank line above the hint
            said[lang] += " ".join(x for _y, _h, x in lines) + " "
            press(app, RIGHT)
    strings.set_lang("en")
    # every Battle card and every ship power of seed 003, in both languages (seed 004's terms)
    for w in ("White Peg", "Red Peg", "Shield", "Discard or Play Two", "Repair or Draw Three", "Submarine",
              "Destroyer", "Battleship", "Carrier", "PT Boat", "reload to 7", "draw pile", "discard pile"):
        assert w in said["en"], w
    for w in ("Fehér töltet", "Vörös töltet", "Pajzs", "Eldobás vagy két lap", "Javítás vagy három lap",
              "Tengeralattjáró", "Romboló", "Csatahajó", "Hordozó", "PT csónak", "húzópakli", "eldobópakli"):
        assert w in said["hu"], w
    # issue 40, 12: the Red Peg's page says what a peg does, in words ("a hit a peg" was not); the
    # keys page names no CPU (the same help serves the game over the cable)
    assert "one hit per peg" in said["en"] and "a hit a peg" not in said["en"]
    assert "CPU" not in said["en"] and "gép" not in said["hu"]
    press(app, B)
    assert app.top() is s and "cards.help" not in sys.modules and "core.pages" not in sys.modules
