# interpreters: micropython
"""The card game over the cable at its end, read off what the screen draws (issue 40, 6): a whole
game on the card game's screens against a bot's game (tests/cards/cable/pair.py). While the end is
checked the screen says so; then who won, both grids with every card shown (the other's
face-down cards from its keys, sent at the end), "You sank N, they sank M" (not "Sunk 4:5"), in
both languages; A goes home (it does not deal a game against the CPU) and the save is gone."""

from cable_pair import Pair
from fakehw import saved_game, texts

from cards.cable.game import CHECK, DONE
from cards.cable.proto import SEED_LEN
from cards.draw import cell_xy
from cards.rules import DOWN, MISS
from cards.text import over_key
from core import strings, ui
from core.hal import A
from core.strings import t


def test_the_end_shows_both_grids_revealed_and_who_sank_how_many_and_a_goes_home():
    p = Pair((5, 6))  # a game that ends with cards of theirs still face down (their letters shown)
    p.to_play()
    checking = [False]  # the end being checked was seen (it may be over while the last play shows)
    p.player(until=lambda: p.kind() == "Cable" and p.game().phase >= CHECK)
    for _ in range(3000):
        if p.game().phase == DONE and p.top().end:
            break
        if p.game().phase == CHECK and p.top().then is None:  # (the last play on show may outlast it)
            assert t("cg_checking") in texts(p.app)
            checking[0] = True
        p.frame()
    end_shown(p)
    strings.set_lang("en")
    p.press(A)
    assert p.kind() not in ("Cable", "GameScreen"), p.kind()  # home: no game against the CPU
    assert saved_game(p.flash, "link_cards") is None


def end_shown(p):
    """The end as checked: who won, "You sank N, they sank M", both grids with the other's
    face-down cards shown by their letters, in both languages."""
    m = p.game()
    assert m.phase == DONE and p.top().end
    me = m.me
    peer = m.peer_open[1 + 2 * SEED_LEN :]
    v = p.top().view
    assert v is not None  # the grids are drawn
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        shown = texts(p.app)
        assert shown[0] == t(over_key(m, me, "them")), shown
        assert t("cg_them_score") % (m.sunk(1 - me), m.sunk(me)) in shown, shown
        assert t("cg_them_again") in shown, shown
        ui.TRACE = []
        p.top().draw(p.app, p.app.fb)
        drawn = [(e[0], e[1], e[4]) for e in ui.TRACE]
        ui.TRACE = None
        hidden = 0
        for c in range(12):  # their cards never turned up: their letters now
            if v.state[1][c] == DOWN and peer[c] != MISS:
                x, y = cell_xy(1, c)
                assert (x + 3, y + 2, t("cg_letters")[peer[c]]) in drawn, (c, peer[c])
                hidden += 1
        assert hidden or m.sunk(1 - me) == 5, (m.sunk(0), m.sunk(1), bytes(v.state[1]))
