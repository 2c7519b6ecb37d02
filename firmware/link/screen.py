"""The link's screens, one set for the cable games (Link battle and salvo, Express, the card
game, Torpedo Attack): what the link is doing while it is not simply open, a caught cheat, a
forfeit, and a handheld without a cable port. Each says how to leave (B) and comes in both
languages (the tables below). The game's screens draw them under their own title and call
update() for A.

    text(m)           (text, hint key) for the link's state, or None while it is open
    update(app, m)    A on that screen: take the other's rules, or a new game on both
    draw(fb, title, text, hint key)
    end(fb, reason, leaving)   a cheat caught (reason: its words) or, reason None, a forfeit
    no_port(app, title)        a board without a cable port: says so
    drop()            this module and the link's words out of the heap until needed again

What the game's link.match.Match supplies: rules_name(rules) (the other handheld's HELLO rules
in words, None when they are not this game's), adopt(app) (play those rules) and new_game(app)
(forget a game that does not match the other's).
"""

from core import strings, ui
from core.hal import RIGHT, A
from core.strings import t
from core.wordlist import Words
from link.match import (
    FW,
    M_CLAIMED,
    M_FORGED,
    M_OUT_OF_STEP,
    ST_MISMATCH,
    ST_OPEN,
    ST_RULES,
    ST_SYNCING,
    ST_UNPLUGGED,
    ST_VERSION,
)

# the link's words, one module a language (link.en, link.hu): only the language shown is read
strings.also(Words(None, "link.en"), Words(None, "link.hu"))


def text(m):
    """(text, hint key) for what the link is doing, or None while it is open."""
    link = m.link
    st = link.status()
    if st == ST_OPEN:
        return None
    if st == ST_VERSION:
        from link.frame import VERSION

        v = link.peer_fw or (0, 0, 0)
        s = t("ln_version_peer") % (link.peer_version or 0, v[0], v[1], v[2])
        return s + " " + t("ln_version_mine") % (VERSION, FW[0], FW[1], FW[2]), "ln_hint_leave"
    if st == ST_RULES:
        name = m.rules_name(link.peer_rules)
        if name is None:
            return t("ln_peer_rules") % t("ln_other_game"), "ln_hint_leave"
        return t("ln_peer_rules") % name, ("ln_hint_leave" if m.has_game() else "ln_hint_rules")
    if st == ST_MISMATCH:
        if not m.has_game():  # the other handheld resumes a game this one does not hold
            return t("ln_peer_saved"), "ln_hint_leave"
        if link.mismatch == M_CLAIMED:  # the game is over: A a new game (the claimant's game has ended)
            return t("ln_claimed_them" if link.peer_claimed else "ln_claimed_us"), "ln_hint_new"
        if link.mismatch == M_FORGED:  # counters our own save contradicts: a lie, named (5.6)
            return t("ln_forged") + " " + t("ln_void"), "ln_hint_leave"
        if link.mismatch == M_OUT_OF_STEP:  # one side came back with an older save
            if link.behind:  # ours: the other handheld decides (we cannot void what we saw)
                return t("ln_out_of_step") + " " + t("ln_behind"), "ln_hint_leave"
            return t("ln_out_of_step") + " " + t("ln_ahead"), "ln_hint_claim"
        return t("ln_other_saved" if link.peer_has_game else "ln_other_new"), "ln_hint_new"
    if st == ST_UNPLUGGED:
        if m.claimable():  # the other left where it owes a message: A claims the win (5.7)
            return t("ln_unplugged") + " " + t("ln_left"), "ln_hint_left"
        return t("ln_unplugged") + " " + t("ln_check_cable"), "ln_hint_leave"
    if st == ST_SYNCING:
        return t("ln_syncing"), "ln_hint_leave"
    return t("ln_looking") + " " + t("ln_plug_cable"), "ln_hint_leave"


def update(app, m):
    """The keys of a link screen (call it every frame it shows): A plays the other handheld's
    rules (while our game has not begun), or starts a new game on both (saves that do not
    match). Saves out of step: the side with the newer save decides, A claims the win (the
    other came back behind a coin, a roll or a deal it had seen: it may not void the game),
    RIGHT a new game; the side behind can only leave. Counters our own save contradicts: a cheat
    named, B only. A game the other claimed: A a new game. The cable silent where the other owes
    a message (m.claimable()): A claims the win. True when it did any of these."""
    link = m.link
    st = link.status()
    btn = app.buttons
    a = btn.pressed(A)
    if st == ST_RULES and not m.has_game() and m.rules_name(link.peer_rules) is not None and a:
        m.adopt(app)
    elif st == ST_MISMATCH and m.has_game() and link.mismatch == M_OUT_OF_STEP:
        if link.behind:
            return False
        if a:
            m.claim()  # won by forfeit, saved; the other side is told (link.match)
        elif btn.pressed(RIGHT):
            m.new_game(app)
        else:
            return False
    elif st == ST_MISMATCH and m.has_game() and link.mismatch != M_FORGED and a:
        m.new_game(app)
    elif st == ST_UNPLUGGED and a and m.claimable():
        m.claim()
    else:
        return False
    app.redraw()
    return True


def draw(fb, title, s, hint):
    """A link screen: the game's title, the text, the hint (a key of the tables below)."""
    ui.title(fb, title)
    y = ui.BODY_Y
    for line in ui.wrap(s, ui.W)[:5]:
        ui.text(fb, line, 0, y, 1)
        y += 9
    ui.hint(fb, t(hint))


def end(fb, reason, leaving=False):
    """The game's end by the link's rules: a cheat caught, named by reason (the game's words),
    and the game void; or, reason None, a forfeit won. leaving: B pressed while our last
    message is still on its way (B again leaves at once)."""
    if reason is None:
        ui.title(fb, t("ln_won"))
        s = t("ln_forfeit")
    else:
        ui.title(fb, t("ln_cheat"))
        s = reason
    y = ui.BODY_Y
    for line in ui.wrap(s, ui.W)[:4]:
        ui.text(fb, line, 0, y, 1)
        y += 9
    if reason is not None:
        ui.text(fb, t("ln_void"), 0, y + 2, 1)
        y += 11
    if leaving and y + 9 <= ui.HINT_Y - 1:
        ui.text(fb, t("ln_sending"), 0, ui.HINT_Y - 10, 1)
    ui.hint(fb, t("ln_hint_now" if leaving else "ln_hint_menu"))


def no_port(app, title):
    """A board without a link port (hw.link None) cannot play a cable game: say so. True then."""
    if app.hw.link is not None:
        return False
    app.push(ui.Message(title, [t("ln_no_port")]))
    return True



def drop():
    """This module and the link's words out of the heap (Link battle's battle: a cable game is
    the largest thing in memory); the next import brings them back."""
    from core.compat import unload

    strings.also(None, None)
    unload("link.screen")
