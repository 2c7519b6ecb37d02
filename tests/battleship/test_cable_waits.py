# interpreters: micropython
"""Issue 41, 4: every screen of Link battle that waits on the other handheld has a way out, read
off the display. B turns the grid over everywhere in the battle, and on our fleet A is the pause
menu whatever the battle waits for, as in the CPU game (on their grid A only fires: a thumb on A
after a shot never opens it); the hint lines say so: waiting for their fleet, their turn, our
shot's answer, the check of their fleet at the end. Save and quit goes to the main menu with the
game saved, and Continue goes on with it (the other handheld waits meanwhile). On c1c7cfc, A on
our fleet did nothing while the link was open and it was not our turn."""

from fakehw import saved_game, texts
from lkui_kit import Pair

from battleship.cable.game import OVER, PEER, PLAYING, VERIFIED
from core.hal import DOWN, A, B


def _hint(p):
    return texts(p.app)[-1]  # the panel's hint line is drawn last


def _out_and_back(p, waiting):
    """On a waiting screen (its words: waiting): our fleet (B, if their grid shows), A the pause
    menu, Save and quit the main menu with the game saved, Continue the same game."""
    words = texts(p.app)
    assert waiting in " ".join(words), words
    if _hint(p) == "B:fleet":  # their grid: A does nothing here
        p.press(A, after=1)
        assert p.kind() == "Battle" and _hint(p) == "B:fleet", texts(p.app)
        p.press(B)
    assert _hint(p) == "A:menu B:back" and waiting in " ".join(texts(p.app)), texts(p.app)
    g = p.game()
    state = (g.phase, g.turn, g.turn_no, g.aim, bytes(g.fleet.shots), bytes(g.seen))
    p.press(A, after=1)
    assert p.kind() == "Paused" and "Save and quit" in texts(p.app), texts(p.app)
    p.press(DOWN, after=0)
    p.press(A, after=1)  # Save and quit
    assert p.kind() == "Home"
    assert saved_game(p.flash, "link_battle") is not None
    p.press(A, after=1)  # Continue ...
    p.press(A, after=1)  # ... the link game
    assert p.run(30, lambda: p.kind() == "Battle"), p.kind()
    g = p.game()
    assert (g.phase, g.turn, g.turn_no, g.aim, bytes(g.fleet.shots), bytes(g.seen)) == state
    assert waiting in " ".join(texts(p.app)), texts(p.app)


def test_every_wait_of_a_battle_has_the_menu_and_save_and_quit_goes_on_at_continue():
    p = Pair((21, 22))
    p.start()
    assert p.run(60, lambda: p.kind() == "Coin")
    p.bot_on = False  # the other handheld has not sent its fleet yet
    p.press(A)  # on to placing
    p.press(A)  # Start: our fleet committed
    assert p.run(20, lambda: p.kind() == "Battle")
    _out_and_back(p, "fleet...")  # ours on its way, or theirs awaited
    p.bot_on = True
    p.bot_fires = False  # the other player thinks a while on its turn
    assert p.run(100, lambda: p.game().ready() and p.game().turn == PEER or p.game().my_turn())
    if p.game().my_turn():  # we shoot first: a shot, and their turn comes
        p.run(30)
        p.press(A, after=3)
        assert p.run(100, lambda: p.game().turn == PEER)
    _out_and_back(p, "Their turn")
    p.bot_fires = True
    assert p.run(100, lambda: p.game().my_turn())
    p.run(30)  # their last shot stays shown a moment
    p.bot_on = False  # our shot's answer does not come
    p.press(A, after=3)  # fire
    g = p.game()
    assert g.aim >= 0 and g.phase == PLAYING
    _out_and_back(p, "Firing...")
    p.bot_on = True
    p.bot_fires = True
    for _ in range(3000):  # the game to its end (our last shot, or theirs), then the check
        g = p.game()
        if g.phase >= OVER:
            break
        p.press(A if p.kind() == "Battle" and g.my_turn() else 0, after=1)  # A: only to fire
    g = p.game()
    assert g.phase == OVER  # (this game's last shot is ours: their reveal comes later)
    p.bot_on = False  # their fleet's reveal does not come
    _out_and_back(p, "Checking their fleet...")
    p.bot_on = True
    assert p.run(300, lambda: p.kind() == "End"), (p.kind(), p.game().phase, g.phase)
    assert p.game().phase == VERIFIED
