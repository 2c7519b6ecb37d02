"""English one-line texts for card game moves and events, for the tests' own reading (the
firmware's screens use cards.text, in both languages): cards.view once held these, unused by any
screen, and every name in them was interned on the device for nothing."""

from cards.rules import CARD_TYPE as _TYPE
from cards.rules import (
    CARD_TYPES,
    DOWN,
    EV_DISCARDED,
    EV_DRAW,
    EV_LOST_WHITES,
    EV_PLAY,
    EV_REMOVED,
    EV_RESHUFFLE,
    EV_REVEAL,
    EV_SHIELD_DOWN,
    EV_SINK,
    EV_WASTED,
    EV_WIN,
    IDENTS,
    M_DISCARD,
    M_DISCARD_WHITES,
    M_DRAW_THREE,
    M_END,
    M_PEG,
    M_PLAY_TWO,
    M_PT,
    M_REPAIR,
    M_SHIELD,
    M_SKIP,
    cell_name,
)


def card_name(t):
    """Short name of a card type ("Red 2", "Shield")."""
    return CARD_TYPES[t][3]


def card_pegs(t):
    """Pegs printed on a card type (0 for Power cards)."""
    return CARD_TYPES[t][1]


def other_moves(view):
    """Legal moves that play no card of the hand: PT Boat removals, Skip, End turn."""
    return [m for m in view.moves if m[1] < 0]


def move_label(move, view=None):
    """A short text for a legal move, e.g. "Red 2 hit B3" (with a View, search/hit/shield)."""
    act, card, c, arg = move
    name = card_name(_TYPE[card]) if card >= 0 else ""
    if act == M_PEG:
        how = ""
        if view is not None:
            if view.state[1][c] == DOWN:
                how = " search"
            elif view.shield[1][c] >= 0:
                how = " shield"
            else:
                how = " hit"
        return name + how + " " + cell_name(c)
    if act == M_SHIELD:
        return "Shield on " + cell_name(c)
    if act == M_DISCARD_WHITES:
        return "Discard %d White" % arg
    if act == M_PLAY_TWO:
        return "Play two more"
    if act == M_REPAIR:
        return "Repair " + cell_name(c) + _under(view, c, arg)
    if act == M_DRAW_THREE:
        return "Draw three"
    if act == M_PT:
        return "PT fix " + cell_name(c) + _under(view, c, arg)
    if act == M_SKIP:
        return "PT: skip"
    if act == M_END:
        return "End turn"
    if act == M_DISCARD:
        return "Discard " + name
    return "?"


def _under(view, c, k):
    if view is None:
        return ""
    return " -" + card_name(view.pegs[0][c][k])


_ACT_NAMES = {
    M_PEG: "played",
    M_SHIELD: "shielded",
    M_DISCARD_WHITES: "played Discard",
    M_PLAY_TWO: "played Play Two",
    M_REPAIR: "played Repair",
    M_DRAW_THREE: "played Draw 3",
    M_PT: "PT repaired",
    M_SKIP: "PT skipped",
    M_END: "ended turn",
    M_DISCARD: "discarded",
}


def event_text(ev, me):
    """One line for a public event, from player `me`'s side ("You"/"Foe")."""
    who, code, a, b, c = ev
    actor = "You" if who == me else "Foe"
    if code == EV_PLAY:
        s = actor + " " + _ACT_NAMES.get(a, "?")
        if b >= 0 and a in (M_PEG, M_DISCARD):
            s += " " + card_name(b)
        if c >= 0:
            s += " " + cell_name(c)
        return s
    if code == EV_REVEAL:
        return cell_name(a) + ": " + IDENTS[b][1]
    if code == EV_WASTED:
        return card_name(a) + " wasted " + cell_name(b)
    if code == EV_SHIELD_DOWN:
        return ("Your" if a == me else "Foe") + " shield down " + cell_name(b)
    if code == EV_SINK:
        return ("Your " if a == me else "Foe ") + IDENTS[c][1] + " sunk"
    if code == EV_REMOVED:
        return actor + " removed " + card_name(a) + " " + cell_name(b)
    if code == EV_RESHUFFLE:
        return actor + " reshuffled"
    if code == EV_DRAW:
        return actor + " drew %d" % a
    if code == EV_DISCARDED:
        return actor + " dropped %d White" % a
    if code == EV_LOST_WHITES:
        return actor + " lost %d White" % a
    if code == EV_WIN:
        return "Draw" if a == 2 else ("You win" if a == me else "Foe wins")
    return "?"
