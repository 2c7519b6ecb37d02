# interpreters: micropython
"""Whole Link battle games on a fake handheld whose link reaches a bot's game (one process apart
from test_ui.py: each game compiles the stages' modules again, which fragments the heap): the
saving rule kept all game and the checked end, a pulled cable, the handheld switched off and
continued from its flash, a lie caught and named."""

from fakehw import make_hw, saved_game
from lkui_kit import Pair, texts

from battleship.cable.game import ME, PEER, VERIFIED
from battleship.rules import SALVO
from core.app import App
from core.hal import A, B


def test_a_whole_game_by_pressing_a_keeps_the_saving_rule_and_ends_checked():
    p = Pair((5, 6))
    p.to_battle()
    assert p.sweep()
    p.run(1)  # the end screen's first frame: its cue
    g = p.game()
    assert g.phase == VERIFIED and p.bot.phase == VERIFIED and {g.winner, p.bot.winner} == {ME, PEER}
    assert p.ours.unsaved_polls == 0  # saved after every send and take, before the next poll
    words = " ".join(texts(p.app))
    assert ("YOU WIN" if g.winner == ME else "YOU LOSE") in words and "fair game" in words
    assert p.app.hw.sound.last == ("win" if g.winner == ME else "lose")
    p.run(5)
    p.press(B)
    assert p.kind() == "Home" and not p.flash.files  # back in the menu; nothing to continue


def test_a_pulled_cable_is_shown_and_the_game_goes_on():
    p = Pair((13, 14))
    p.to_battle()
    for _ in range(10):
        p.press(A, after=1)
    p.plug(False)
    for _ in range(10):
        p.press(A, after=1)
    assert "Cable unplugged?" in " ".join(texts(p.app))
    p.plug(True)
    assert p.sweep()
    g = p.game()
    assert (
        g.phase == VERIFIED
        and sum(g.fleet.shots) == p.bot.peer.n_log
        and sum(p.bot.fleet.shots) == g.peer.n_log
    )


def test_our_handheld_switched_off_goes_on_from_its_flash():
    p = Pair((15, 16), SALVO)
    p.to_battle("salvo")
    for _ in range(10):
        p.press(A, after=1)
    saved = p.flash.files
    game = saved_game(p.flash, "link_battle")
    assert game[0] == ord("L") and len(saved["lkpeer"]) == 3232
    assert len(game) < 1500  # the commitments are saved apart, once
    g = p.game()
    state = (g.phase, g.turn, g.shots_left, g.turn_no, bytes(g.fleet.shots), bytes(g.seen))
    p.app = App(make_hw(p.flash))  # power cycle: a new app, the same flash
    p.app.hw.link = p.ours
    p.patch()
    p.app.resume_mode("battleship.cable.ui", game)
    g = p.game()
    assert (g.phase, g.turn, g.shots_left, g.turn_no, bytes(g.fleet.shots), bytes(g.seen)) == state
    assert p.run(10, lambda: p.kind() == "Battle")
    assert p.sweep()
    p.run(5)  # our fleet reaches the other handheld
    assert p.game().phase == VERIFIED and p.bot.phase == VERIFIED


def test_a_lie_is_caught_and_named_on_a_clear_screen():
    p = Pair((17, 18))
    told = []

    def lie(msg):
        if msg[2] and not told:  # its first hit is called a miss
            told.append(msg[1])
            return msg[:2] + b"\x00\x00" + msg[4:]
        return msg

    p.lie = lie
    p.to_battle()
    assert p.sweep()
    cell = "ABCDEFGHIJ"[told[0] // 10] + "-" + str(told[0] % 10 + 1)
    words = texts(p.app)
    assert words[0] == "Cheat caught!" and "Opponent lied: %s was a hit," % cell in words
    assert " ".join(words[1:3]) == p.game().cheat_msg  # the link layer's own words
    assert "The game does not count." in words
