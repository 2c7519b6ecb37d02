# interpreters: micropython
"""Link battle on a fake handheld whose link reaches a bot's game: the coin, every link state on
the waiting screen, other rules taken, placing and committing, salvos, A alone sweeping the
ocean, keys on their turn, the battle holding no other stage (whole games: test_ui_game.py)."""

import sys

from fakehw import make_hw
from lkui_kit import Pair, texts

from battleship.cable.game import PEER, PLAYING, rules_bytes
from battleship.rules import SALVO
from core.app import App
from core.hal import DOWN, RIGHT, A
from link.match import M_OUT_OF_STEP, ST_CONNECTING, ST_MISMATCH, ST_RULES, ST_SYNCING, ST_VERSION


def test_both_handhelds_agree_on_the_coin_and_the_game():
    p = Pair((3, 4))
    p.start()
    assert p.run(60, lambda: p.kind() == "Coin")
    g = p.game()
    assert g.first == p.bot.first and g.game_id == p.bot.game_id
    words = texts(p.app)
    assert ("You shoot first" in words) == (g.first == g.role)
    assert "Game %02X%02X" % (g.game_id[0], g.game_id[1]) in words


def test_a_handheld_without_a_link_port_says_so():
    app = App(make_hw())  # no hw.link
    app.start_mode("battleship.cable.ui", "classic")
    words = texts(app)
    assert words[0] == "Link battle" and "no cable port." in " ".join(words)


def _connect(status, phase=0, **peer):
    """The waiting screen with the link in that state (our game in that phase)."""
    p = Pair()
    p.bot_on = False
    p.start()
    link = p.ours
    link.status = lambda: status
    for k in peer:
        setattr(link, k, peer[k])
    p.run(2)
    p.game().phase = phase
    return p, " ".join(texts(p.app))


def test_the_waiting_screen_says_what_the_link_is_doing():
    assert "Looking for the other handheld..." in _connect(ST_CONNECTING)[1]
    assert "Finding our place" in _connect(ST_SYNCING)[1]
    words = _connect(ST_VERSION, peer_version=5, peer_fw=(2, 5, 1))[1]
    assert "protocol 5, firmware 2.5.1" in words and "protocol 4, firmware 1.0.0" in words
    words = _connect(ST_MISMATCH)[1]  # we are new, the other handheld goes on with a saved game
    assert "start a new one there" in words and "B:leave" in words
    words = _connect(ST_MISMATCH, PLAYING, peer_has_game=True)[1]
    assert "another game saved" in words and "A:new game B:leave" in words
    assert "started a new game" in _connect(ST_MISMATCH, PLAYING)[1]
    assert "out of step" in _connect(ST_MISMATCH, PLAYING, mismatch=M_OUT_OF_STEP)[1]


def test_other_rules_can_be_taken_before_the_game_begins():
    p, words = _connect(ST_RULES, peer_rules=rules_bytes(SALVO, False))
    assert "Link salvo, ships may not touch" in words and "A:play that B:leave" in words
    taken = []
    p.ours.set_rules = taken.append
    p.press(A)
    assert taken == [rules_bytes(SALVO, False)] and p.game().salvo and not p.game().touching


def test_salvo_shots_follow_the_ships_afloat():
    p = Pair((7, 8), SALVO)
    p.to_battle("salvo")
    assert p.run(100, lambda: p.game().my_turn())
    p.run(30)  # their last shot stays shown a moment
    g = p.game()
    assert g.shots_left == g.fleet.afloat() == 5
    turn, before, n = g.turn_no, g.peer.n_log, 0
    while g.turn_no == turn and n < 20:
        p.press(A, after=3)  # a shot; then A on the spent cell moves the cursor on
        n += 1
    assert g.peer.n_log - before == 5  # one shot a ship afloat, each answered before the next


def test_a_on_a_spent_cell_moves_on_and_keys_on_their_turn_do_nothing():
    p = Pair((9, 10))
    p.to_battle()
    assert p.run(100, lambda: p.game().my_turn())
    p.run(30)  # their last shot stays shown a moment
    b = p.app.top()
    b.cur = 0
    p.press(RIGHT)
    p.press(DOWN)
    assert b.cur == 11
    p.press(A, after=0)  # fires at B-2
    g = p.game()
    assert g.aim == 11
    p.bot_fires = False  # the other player thinks a while
    assert p.run(20, lambda: g.turn == PEER) and g.peer.answered[11]
    p.press(RIGHT)
    p.press(A)
    assert b.cur == 11 and g.aim < 0  # their turn: nothing moved, nothing fired
    p.bot_fires = True
    assert p.run(100, lambda: g.my_turn())
    p.run(30)  # their last shot stays shown a moment
    assert b.cur == 12  # our turn again: the cursor is on the next cell not shot
    b.cur = 11
    p.press(A)  # B-2 is spent: A takes the cursor on to B-3, and fires nothing
    assert b.cur == 12 and g.aim < 0


def test_the_battle_holds_no_other_stage_nor_its_words():
    p = Pair((11, 12))
    p.to_battle()
    package = sys.modules["battleship.cable"]
    for name in ("connect", "place", "end", "en_start", "en_end", "hu_start", "hu_end"):
        assert "battleship.cable." + name not in sys.modules, name
        assert name not in package.__dict__, name  # the package holds no stage either
    assert "link.screen" not in sys.modules  # the link's screens come back when the link needs them


def test_the_pause_menu_opens_battleships_help_in_both_languages():
    """Help in the pause menu, as against the CPU: battleship.help's pages (the ship bars as the
    panel draws them, the grid's marks), loaded only while open; B goes back to the menu."""
    from helpread import read_help

    from core import strings
    from core.hal import B

    p = Pair((13, 14))
    p.to_battle()
    assert p.run(100, lambda: p.game().my_turn())
    p.run(30)  # their last shot stays shown a moment
    p.press(B)  # our fleet
    p.press(A)  # the pause menu
    assert p.kind() == "Paused"
    p.press(DOWN)
    p.press(DOWN)
    p.press(A, after=1)  # Help, the menu's last row
    assert p.kind() == "Help" and p.app.top().page == 0
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        pages = read_help(p.app, ("bs_help_afloat", "bs_help_sunk"))
        assert len(pages) == 2, lang
        assert pages[0][2]["bs_help_sunk"] == ["#######"] * 4, pages[0][2]
    strings.set_lang("en")
    p.press(B)
    assert p.kind() == "Paused"
    assert "battleship.help" not in sys.modules and "core.pages" not in sys.modules  # left the heap with it


def test_the_aiming_cursor_starts_on_e5_as_against_the_cpu():
    """One start for every aiming cursor (battleship.rules.AIM_START): Link battle's was A-1."""
    from battleship.rules import AIM_START

    p = Pair((15, 16))
    p.to_battle()
    b = p.app.top()
    assert AIM_START == 44 and b.coord == "E-5" and b.cur == AIM_START
