# interpreters: micropython
"""The card game over the cable, frame by frame as a player meets it, in both languages: the rules
menu, the link, the coin, the shuffle and the deal, play (both sides' turns, the pause menu's
pages are the CPU game's), the end being checked and checked. No frame draws a word key (a word
whose table is not loaded shows its key: the link's words leave the heap as play begins)."""

from cable_pair import Pair
from screens import keys_drawn  # noqa: F401  (first, in a whole heap: BotPair.words_only uses it)


def test_every_frame_of_a_game_shows_words_not_word_keys():
    p = Pair((7, 8))
    p.words_only()
    p.to_play()
    p.player()
    for _ in range(600):  # the end being checked, then checked
        p.frame()
        if p.game().done():
            break
    assert p.top().end and p.game().done()
