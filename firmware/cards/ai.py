"""CPU players for the Battleship Card Game: a sensible one and a random-legal-move one.

Both read only a cards.view.View (their own hand, public cards, pile counts,
the legal moves) and an injected Rng for ties, so they cannot see hidden
cards. `choose(view, rng)` scores every legal move with card-game sense:
sink revealed ships first (the smallest card that does it, the dangerous
ships first), keep the 4-peg card for a kill rather than leaving it alone on
the Carrier when a repair is likely, search with White Pegs rather than
Red, shield and repair the ships closest to sinking, play Play-Two when two
good cards wait, Draw-Three when the hand is poor, and let the PT Boat
remove the biggest peg card. `choose_random(view, rng)` picks any legal move.
"""

from cards.rules import CARD_TYPE as _TYPE
from cards.rules import (
    CARD_TYPES,
    CELLS,
    DESTROYER,
    DOWN,
    IDENTS,
    M_DISCARD,
    M_DISCARD_WHITES,
    M_DRAW_THREE,
    M_PEG,
    M_PLAY_TWO,
    M_PT,
    M_REPAIR,
    M_SHIELD,
    MISS,
    PT_BOAT,
    RED,
    REPAIR_OR_THREE,
    SHIP_COUNT,
    SUBMARINE,
    WHITE,
)

# How much a ship matters with ship powers on (Carrier reloads to 7, the
# Battleship adds a peg to every Red, the PT Boat repairs every turn).
_WORTH = (0, 6, 6, 4, 3, 5)
_PARTIAL = 40
_META = (M_PLAY_TWO, M_DRAW_THREE, M_DISCARD_WHITES)


def choose_random(view, rng):
    return rng.choice(view.moves)


class _Sense:
    """What the sensible CPU works out once per decision from its view."""

    def __init__(self, v):
        self.v = v
        known = v.known[1]
        self.facedown = sum(1 for c in range(CELLS) if v.state[1][c] == DOWN)
        self.hidden = SHIP_COUNT - sum(1 for c in range(CELLS) if known[c] > MISS)
        powers = v.ship_powers
        self.white_hits = powers and DESTROYER in v.active[0]
        self.sub_afloat = powers and SUBMARINE in v.active[1]
        self.foe_pt = powers and PT_BOAT in v.active[1]
        seen = sum(1 for t in v.disc_types[1] if CARD_TYPES[t][0] == REPAIR_OR_THREE)
        copies = 0
        for row in CARD_TYPES:
            if row[0] == REPAIR_OR_THREE:
                copies += row[2]
        self.repair_likely = self.foe_pt or (v.power_cards and seen < copies and v.hand_count[1] > 0)
        whites = sum(1 for t in v.hand_types if CARD_TYPES[t][0] == WHITE)
        if self.hidden == 0 and not self.white_hits and not self.sub_afloat:
            keep = 0
        elif self.hidden == 0:
            keep = 1
        else:
            keep = 2 if self.facedown > 4 else 1
        self.white_excess = max(0, whites - keep)

    def worth(self, ship):
        return _WORTH[ship] if self.v.ship_powers else IDENTS[ship][2]

    def score(self, m):
        v = self.v
        act, card, c, arg = m
        t = _TYPE[card] if card >= 0 else -1
        if act == M_PEG:
            return self.peg(t, c)
        if act == M_SHIELD:
            dmg = v.damage(0, c)
            ship = v.known[0][c]
            s = 20 + 2 * self.worth(ship) + 8 * dmg
            if IDENTS[ship][2] - dmg <= 2:
                s += 10
            return s
        if act == M_REPAIR or act == M_PT:
            val = v.value(1, v.pegs[0][c][arg])
            ship = v.known[0][c]
            close = 6 if IDENTS[ship][2] - v.damage(0, c) <= 2 else 0
            return (35 if act == M_REPAIR else 50) + 10 * val + 2 * self.worth(ship) + close
        if act == M_DISCARD:
            kind = CARD_TYPES[t][0]
            return 10 if kind == WHITE else 5
        return 0  # M_END, M_SKIP; meta moves are scored in choose()

    def peg(self, t, c):
        v = self.v
        kind, pegs = CARD_TYPES[t][0], CARD_TYPES[t][1]
        if v.state[1][c] == DOWN:
            if self.hidden == 0:
                return -20
            frac = 100 * self.hidden // self.facedown
            if kind == WHITE:
                return 30 + frac // 5
            # A Red search that finds a ship reveals and hits in one play.
            return 35 + frac // 5 + frac * pegs // 25 - 12 * (pegs - 1)
        ship = v.known[1][c]
        if kind == RED and v.ship_powers and ship == SUBMARINE:
            return -30
        val = v.value(0, t)
        worth = self.worth(ship)
        left = v.shield_left(1, c)
        if left:
            return (45 if val >= left else 28) + worth - 3 * (val - left if val > left else 0)
        rem = IDENTS[ship][2] - v.damage(1, c)
        if val >= rem:
            return 100 + 5 * worth - 6 * (val - rem)
        if pegs >= 4 and self.repair_likely:
            return 15  # the 4-peg card alone on a big ship invites a repair
        s = _PARTIAL + 2 * worth + 4 * val - 4 * (rem - val)
        if self.foe_pt:
            s -= 10  # the PT Boat will pull a card off next turn
        return s


def choose(view, rng):
    """The sensible CPU's move for this view (it must be the viewer's turn)."""
    moves = view.moves
    if len(moves) == 1:
        return moves[0]
    sense = _Sense(view)
    scores = [0] * len(moves)
    best_direct = 0
    by_card = {}
    for i in range(len(moves)):
        m = moves[i]
        if m[0] in _META:
            continue
        s = sense.score(m)
        scores[i] = s
        if s > best_direct:
            best_direct = s
        if m[1] >= 0 and (m[1] not in by_card or by_card[m[1]] < s):
            by_card[m[1]] = s
    for i in range(len(moves)):
        act, card = moves[i][0], moves[i][1]
        if act not in _META:
            continue
        useful = sum(1 for k in by_card if k != card and by_card[k] >= 30)
        if act == M_PLAY_TWO:
            scores[i] = best_direct + 5 if useful >= 2 else best_direct - 6
        elif act == M_DRAW_THREE:
            scores[i] = 38 if best_direct < 45 else best_direct - 8
        elif act == M_DISCARD_WHITES:
            ex = sense.white_excess
            scores[i] = 22 + 8 * ex if ex and moves[i][3] == ex else -5
    top = max(scores)
    best = [moves[i] for i in range(len(moves)) if scores[i] == top]
    return best[0] if len(best) == 1 else rng.choice(best)


def play_turn_moves(game, player, rng, chooser):
    """Helper for hosts and tests: play `player`'s whole turn with `chooser`; returns the moves."""
    from cards.view import view_for

    done = []
    while not game.over and game.cur == player:
        m = chooser(view_for(game, player), rng)
        game.apply(m)
        done.append(m)
    return done
