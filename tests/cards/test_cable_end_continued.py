# interpreters: micropython
"""The card game over the cable left while its end was being checked (B: home, the save kept)
and continued: the check goes on and the end shows what it shows without the break, both grids
with every card (the table as the game ended is not saved: the check's replay of the game is
that table)."""

from cable_pair import Pair
from fakehw import saved_game
from test_cable_end import end_shown

from cards.cable.game import CHECK, DONE
from core.hal import B


def test_a_game_continued_at_its_check_ends_with_both_grids():
    p = Pair((5, 6))  # a game that ends with cards of theirs still face down (their letters shown)
    p.to_play()
    p.player(until=lambda: p.kind() == "Cable" and p.game().phase >= CHECK)
    # the bot's game runs on this interpreter's modules: going home must not empty them (the
    # menu does, for the game's own: two handhelds have a set each)
    p.app._mode_modules = None
    for _ in range(20):  # B: past the last play on show, then home while the end is checked
        if p.kind() != "Cable":
            break
        assert p.game().phase == CHECK, p.game().phase
        p.press(B)
    assert p.kind() != "Cable", p.kind()  # home, the game saved
    saved = saved_game(p.flash, "link_cards")
    assert saved is not None
    p.app.resume_mode("cards.cable.ui", saved)
    for _ in range(3000):
        if p.kind() == "Cable" and p.game().phase == DONE and p.top().end:
            break
        p.frame()
    end_shown(p)
