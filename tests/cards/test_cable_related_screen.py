# interpreters: micropython
"""Issue 42, read off the honest handheld's screen: the other handheld built its stage 1 with a
relation among its values (S1[0] = S1[1]^2, the independent peer's first construction). Our
stage 2's key a value showed it nothing, the game is played to its end, and when the keys open
the end names the cheat in both languages: "The other stacked its deck", the game not counted."""

from cable_pair import Pair
from fakehw import texts

from cards.cable.game import CHEAT
from cards.cable.proto import C_STACKED
from core import strings
from core.prng import Rng
from core.strings import t
from host_tools.duel.cards import Liar


def test_a_related_stage_is_named_a_stacked_deck_on_the_end_screen():
    p = Pair((5, 6))
    liar = Liar("related", Rng(1))
    liar.form = 0
    p.bot.lie = liar.lie
    p.to_play()
    p.player()
    for _ in range(3000):
        if p.game().phase == CHEAT and p.top().end:
            break
        p.frame()
    m = p.game()
    assert liar.lied and m.phase == CHEAT and m.cheat[0] == C_STACKED, m.cheat
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        shown = " ".join(texts(p.app))
        for key in ("ln_cheat", "cg_why%d" % C_STACKED, "ln_void"):
            assert t(key) in shown, (lang, key, shown)
    strings.set_lang("en")
