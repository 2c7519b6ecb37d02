"""English one-line texts for card game moves and events, for the tests' own reading (the
firmware's screens use cards.text, in both languages): cards.view once held these, unused by any
screen, and every name in them was interned on the device for nothing."""

from cards import rules as R
from cards.rules import CARD_TYPE as _TYPE


def card_name(t):
    """Short name of a card type ("Red 2", "Shield")."""
    return R.CARD_TYPES[t][3]


def card_pegs(t):
    """Pegs printed on a card type (0 for Power cards)."""
    return R.CARD_TYPES[t][1]


def other_moves(view):
    """Legal moves that play no card of the hand: PT Boat removals, Skip, End turn."""
    return [m for m in view.moves if m[1] < 0]


def move_label(move, view=None):
    """A short text for a legal move, e.g. "Red 2 hit B3" (with a View, search/hit/shield)."""
    act, card, c, arg = move
    name = card_name(_TYPE[card]) if card >= 0 else ""
    if act == R.M_PEG:
        how = ""
        if view is not None:
            if view.state[1][c] == R.DOWN:
                how = " search"
            elif view.shield[1][c] >= 0:
                how = " shield"
            else:
                how = " hit"
        return name + how + " " + R.cell_name(c)
    if act == R.M_SHIELD:
        return "Shield on " + R.cell_name(c)
    if act == R.M_DISCARD_WHITES:
        return "Discard %d White" % arg
    if act == R.M_PLAY_TWO:
        return "Play two more"
    if act == R.M_REPAIR:
        return "Repair " + R.cell_name(c) + _under(view, c, arg)
    if act == R.M_DRAW_THREE:
        return "Draw three"
    if act == R.M_PT:
        return "PT fix " + R.cell_name(c) + _under(view, c, arg)
    if act == R.M_SKIP:
        return "PT: skip"
    if act == R.M_END:
        return "End turn"
    if act == R.M_DISCARD:
        return "Discard " + name
    return "?"


def _under(view, c, k):
    if view is None:
        return ""
    return " -" + card_name(view.pegs[0][c][k])


_ACT_NAMES = {
    R.M_PEG: "played",
    R.M_SHIELD: "shielded",
    R.M_DISCARD_WHITES: "played Discard",
    R.M_PLAY_TWO: "played Play Two",
    R.M_REPAIR: "played Repair",
    R.M_DRAW_THREE: "played Draw 3",
    R.M_PT: "PT repaired",
    R.M_SKIP: "PT skipped",
    R.M_END: "ended turn",
    R.M_DISCARD: "discarded",
}


def event_text(ev, me):
    """One line for a public event, from player `me`'s side ("You"/"Foe")."""
    who, code, a, b, c = ev
    actor = "You" if who == me else "Foe"
    if code == R.EV_PLAY:
        s = actor + " " + _ACT_NAMES.get(a, "?")
        if b >= 0 and a in (R.M_PEG, R.M_DISCARD):
            s += " " + card_name(b)
        if c >= 0:
            s += " " + R.cell_name(c)
        return s
    if code == R.EV_REVEAL:
        return R.cell_name(a) + ": " + R.IDENTS[b][1]
    if code == R.EV_WASTED:
        return card_name(a) + " wasted " + R.cell_name(b)
    if code == R.EV_SHIELD_DOWN:
        return ("Your" if a == me else "Foe") + " shield down " + R.cell_name(b)
    if code == R.EV_SINK:
        return ("Your " if a == me else "Foe ") + R.IDENTS[c][1] + " sunk"
    if code == R.EV_REMOVED:
        return actor + " removed " + card_name(a) + " " + R.cell_name(b)
    if code == R.EV_RESHUFFLE:
        return actor + " reshuffled"
    if code == R.EV_DRAW:
        return actor + " drew %d" % a
    if code == R.EV_DISCARDED:
        return actor + " dropped %d White" % a
    if code == R.EV_LOST_WHITES:
        return actor + " lost %d White" % a
    if code == R.EV_WIN:
        return "Draw" if a == 2 else ("You win" if a == me else "Foe wins")
    return "?"
