# interpreters: micropython cpython
"""Issue 42: a cheater builds its stage 1 with relations among its own values (the independent
peer's three constructions: S1[a] = S1[b]^2, S1[a] = S1[b] * S1[c], every S1[k] = g^(k + 1)) to
find them again in our stage 2 and so learn where its cards lie in its deck. Protocol 3 kept
them (one key for every value of a stage 2); protocol 4's stage 2 has a key a value, so our
stage 2 shows none of them, and the end still names the deck as stacked."""

import gc

from cards.cable.game import CHEAT
from cards.cable.proto import C_STACKED, M_SHUFFLE
from host_tools.duel.cards import RELATED, Duel, read_related, related
from link import deck


def _spy(g, got):
    """Keep the stage 2 of the cheater's deck (1) at its first shuffle, as the cheater gets it."""
    take = g.take

    def spy(m):
        if m[0] == M_SHUFFLE and m[1] == 1 and m[2] == 2 and m[3] == 0 and m[4] == 0:
            got.append(bytes(m[7:]))
        return take(m)

    g.take = spy


def test_relations_among_a_cheaters_stage_one_do_not_survive_our_stage_two():
    for form in range(len(RELATED)):
        d = Duel(5 + form, 0, cheat="related")
        d.liar.form = form
        got = []
        _spy(d.g[1], got)
        d.run()
        honest = d.g[0]
        assert d.lied, RELATED[form]
        ours = deck.values(b"".join(got))  # our stage 2 of its deck, the final deck
        assert len(ours) == 26, RELATED[form]
        assert read_related(ours, form) == {}, RELATED[form]  # the cheater finds none of its cards
        # what protocol 3 sent (the same stage 1 under one key of ours) showed them: the reader works
        s1 = related(deck.Stage(d.g[1].key_seed, 1, 0, list(range(26)), True).run(), form)
        e = deck.exponent(honest.key_seed, 1, 0, 0)
        one_key = [pow(x, e, deck.P) for x in deck.values(s1)]
        seen = read_related(one_key, form)
        assert len(seen) == (2, 3, 26)[form], (RELATED[form], seen)
        # and the end names the deck as stacked: its stage 1 is not its cards under its key
        assert honest.phase == CHEAT and honest.cheat[0] == C_STACKED, (RELATED[form], honest.cheat)
        gc.collect()
