"""Linked card game messages (docs/link-protocol.md section 9): types, cheat codes, layouts; the
game's phases."""

from core.compat import const
from link.match import CheatError  # noqa: F401  (the games' one exception for a caught cheat)

# the game's phases (cards.cable.game; named here, where its screen finds them without it)
COIN = const(0)
SETUP = const(1)  # commitments and the first shuffle
PLAY = const(2)
CHECK = const(3)  # the game is decided; keys and grids revealed and checked
DONE = const(4)  # the check passed: the result stands
CHEAT = const(5)
SLOT = "link_cards"  # its save slot (core.modes.SLOTS)

HASH_LEN = const(32)
SEED_LEN = const(16)

M_GRID = const(0x40)
M_SHUFFLE = const(0x41)
M_PLAY = const(0x42)
M_REVEAL = const(0x43)
M_DEAL = const(0x44)
M_OPEN = const(0x45)
COIN_COMMIT = const(0x10)
COIN_REVEAL = const(0x11)

# CheatError codes (what the screen names)
C_RULE = const(20)  # a message out of place, malformed, or an illegal move
C_SEARCH = const(21)  # a lie about a searched Coordinate card
C_HAND = const(22)  # played a card that was not in its hand
C_STACKED = const(23)  # its shuffle is not what its key makes (the end)
C_DEAL = const(24)  # a wrong decryption: a card dealt to us that is not ours to draw
C_GRID = const(25)  # its Coordinate cards are not the committed ones, or not 5 ships + 7 misses
C_SILENT = const(26)  # went silent for FORFEIT_MS where it owed a message no person thinks about
C_MARKED = const(27)  # a shuffle value no card can have (1 or -1): it would mark where its card went
C_DOUBLED = const(28)  # its shuffle holds one value twice: two cards alike (at once)

def shuffles(log):
    """The shuffles of a game's log: [(deck, epoch, cards as bytes)], in order."""
    out = []
    i = 0
    while i < len(log):
        n = log[i + 3]
        out.append((log[i], log[i + 1] | (log[i + 2] << 8), bytes(log[i + 4 : i + 4 + n])))
        i += 4 + n
    return out


def shuffle_no(log, d, epoch):
    k = 0
    for x in shuffles(log):
        if x[0] == d and x[1] == epoch:
            return k
        k += 1
    raise ValueError("no such shuffle")


def play_msg(move, whites):
    act, card, cell, arg = move
    return bytes((M_PLAY, act, card & 255, cell & 255, arg & 255, len(whites))) + bytes(whites)


def parse_play(m):
    if len(m) < 6 or len(m) != 6 + m[5]:
        raise CheatError(C_RULE, "Opponent sent a bad move")
    card = m[2] if m[2] != 255 else -1
    cell = m[3] if m[3] != 255 else -1
    return (m[1], card, cell, m[4]), list(m[6:])
