# interpreters: micropython
"""The card game over the cable on the card game's own screens (cards.cable.ui.Cable), a fake
handheld against a bot's game (tests/cards/cable/pair.py), read off what the screen draws: no
stand-in hand before the deal is done, the other side's plays named one by one and in the log,
the same cell notation as against the CPU, the pause menu (B) with Help and Save and quit, and
other rules on the other handheld offered with "A: play that"."""

from cable_pair import Pair
from fakehw import saved_game, texts

from cards.cable.game import PLAY
from cards.draw import cell_xy
from cards.pick import F_HAND, F_WAIT
from cards.rules import IDENTS, UP
from cards.text import card_short
from core import ui
from core.hal import DOWN, A, B
from core.strings import t

CARD_NAMES = [card_short(k) for k in range(7)]


def _trace(app):
    ui.TRACE = []
    app.fb.fill(0)
    app.top().draw(app, app.fb)
    out = ui.TRACE
    ui.TRACE = None
    return out


def test_no_stand_in_hand_is_drawn_before_our_cards_are_dealt():
    """Issue 40, 3: during the shuffle and the deal the screen shows the grids and the progress,
    never a hand (ours holds stand-ins until every card dealt to us is known)."""
    p = Pair()
    p.app.start_mode("cards.cable.ui", None)
    p.press(A)  # Standard
    said = set()
    for _ in range(6000):
        p.frame()
        m = p.game()
        if m.phase >= PLAY and m.my_move():
            break
        shown = texts(p.app)
        said.update(s.split(" ")[0] for s in shown)
        assert not [s for s in shown if s in CARD_NAMES], shown
    assert t("cg_shuffle").split(" ")[0] in said and t("cg_dealing").split(" ")[0] in said, said
    assert m.my_move()
    for _ in range(3):
        p.frame()
    shown = texts(p.app)
    assert p.top().focus != F_WAIT and [s for s in shown if s in CARD_NAMES], shown  # our real hand


def test_their_plays_are_named_and_logged_and_cells_read_as_against_the_cpu():
    """Issue 40, 1 and 4: each of the other side's plays is said ("They fire at Y3 (Red 2)" and
    its result) as the CPU's are, the pause menu's Last turns lists them, and a revealed ship's
    cell shows the hits it still takes (the card game's notation: the same drawing)."""
    p = Pair()
    p.to_play()
    theirs = t("cg_them_fire").split(" ")[0]  # "They"
    named = []
    cells = 0

    def look():
        nonlocal cells
        top = p.top()
        if p.kind() != "Cable":
            return False
        if top.focus == F_WAIT and top.step is not None and top.step[0][0] != p.game().me:
            if not named or named[-1][0] is not top.step:
                named.append((top.step, texts(p.app)))
        if top.focus == F_HAND:
            tr = _trace(p.app)
            v = top.view
            for side in (0, 1):
                for c in range(12):
                    if v.state[side][c] == UP and v.known[side][c] > 0 and v.shield[side][c] < 0:
                        x, y = cell_xy(side, c)
                        left = IDENTS[v.known[side][c]][2] - v.damage(side, c)
                        assert (x + 9, y + 4, str(left)) in [(e[0], e[1], e[4]) for e in tr], (side, c, left)
                        cells += 1
        return len(named) >= 2 and cells >= 3 and top.focus == F_HAND  # (our hand: on to the menu)

    p.player(until=look)
    assert len(named) >= 2 and cells >= 3, (named, cells, p.game().phase, p.kind())
    for _step, shown in named:
        assert shown[-2].startswith(theirs) and shown[-1], shown  # the play, then what it did
    p.press(B)  # the pause menu, its Last turns
    assert p.kind() == "PauseMenu", (p.kind(), p.game() and p.game().phase, named)
    rows = texts(p.app)
    assert t("cg_help") in rows and t("cg_quit") in rows, rows
    p.press(DOWN)  # Resume, [End turn,] Last turns
    while t("cg_log") not in rows[p.top().sel + 1 : p.top().sel + 2]:
        p.press(DOWN)
    p.press(A)
    log = texts(p.app)
    assert log[0] == t("cg_log") and [s for s in log if s.startswith(theirs)], log


def test_the_pause_menu_saves_and_quits_and_its_piles_page_says_b_back():
    """Issue 40, 5 and 12: B on our hand opens the card game's pause menu; Piles names the other
    handheld (not the CPU) and its hint says B:back; Save and quit goes home with the game kept
    for Continue."""
    p = Pair()
    p.to_play()
    p.player(until=lambda: p.top().focus == F_HAND)
    p.press(B)
    menu = p.top()
    assert t("cg_piles") in texts(p.app), texts(p.app)
    while texts(p.app)[menu.sel + 1] != t("cg_piles"):
        p.press(DOWN)
    p.press(A)
    page = texts(p.app)
    v = p.app.stack[-3].view  # the game screen's (under the menu and the page)
    assert page[-1] == t("cg_back") and t("cg_them_pdraw") % (v.draw_count[0], v.draw_count[1]) in page, page
    assert "CPU" not in " ".join(page), page
    p.press(B)
    while texts(p.app)[menu.sel + 1] != t("cg_quit"):
        p.press(DOWN)
    p.press(A)
    assert p.kind() != "Cable", p.kind()
    saved = saved_game(p.flash, "link_cards")  # Continue: the game on its screen again
    assert saved is not None
    p.app.resume_mode("cards.cable.ui", saved)
    for _ in range(30):
        p.frame()
    assert p.kind() == "Cable" and p.top().focus != F_WAIT, p.kind()
    assert [s for s in texts(p.app) if s in CARD_NAMES], texts(p.app)  # our hand, as it was


def test_other_rules_on_the_other_handheld_offer_to_play_them():
    """Issue 40, 2: Standard here, Beginner there: the link's screen names the other's rules and
    A plays them (it said "Connecting..." for ever)."""
    from link.match import ST_OPEN, ST_RULES

    p = Pair()
    link = p.ours
    link.peer_rules = bytes((4, 1))  # the card game, Beginner
    link.status = lambda: ST_RULES
    link.set_rules = lambda r: setattr(link, "status", lambda: ST_OPEN) or setattr(link, "rules", r)
    p.app.start_mode("cards.cable.ui", None)
    p.press(A)  # Standard
    p.frame()
    shown = " ".join(texts(p.app))
    assert t("ln_peer_rules") % t("cg_beginner") in shown and t("ln_hint_rules") in shown, shown
    p.press(A)
    assert link.rules == bytes((4, 1)) and p.game().mode == 1
    for _ in range(200):
        p.frame()
    assert p.game().has_game() and p.kind() == "Cable"
