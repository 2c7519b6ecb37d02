"""The card game's save bytes: the game (cards.engine), then the screen's state (the CPU level, the
CPU's Rng, the last two turns' events), its length last. Loaded by cards.ui (and by a save), not
with the game screen: over the cable the match saves the game (cards.cable.save)."""

from cards.engine import Game
from core.compat import const
from core.prng import Rng

_LEVELS = const(3)  # cards.game.LEVELS

# --- save bytes: the game, then the UI state ------------------------------------------
TAG = b"C"  # the first byte of this game's saves
_UI_VERSION = const(1)


def _events_bytes(evs):
    evs = evs[-255:]
    b = bytearray([len(evs)])
    for ev in evs:
        for x in ev:
            b.append(x & 255)
    return b


def _ui_state(scr):
    b = bytearray([_UI_VERSION, scr.level])
    for v in scr.rng.getstate():
        b.extend(bytes(((v >> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255)))
    b.extend(_events_bytes(scr.g.prev_events))
    b.extend(_events_bytes(scr.g.events))
    return bytes(b)


def _read_events(b, i):
    n = b[i]
    i += 1
    out = []
    for _ in range(n):
        out.append(tuple(x if x != 255 else -1 for x in b[i : i + 5]))
        i += 5
    return out, i


def payload(scr):
    """The save bytes of a GameScreen: TAG, the game, the UI state, its length (2 bytes)."""
    st = _ui_state(scr)
    return TAG + scr.g.to_bytes() + st + bytes((len(st) & 255, len(st) >> 8))


def load(payload):
    """(Game, level, the CPU's Rng) from payload(); ValueError if it is damaged."""
    p = bytes(payload)
    if len(p) < 4 or p[:1] != TAG:
        raise ValueError("not a card game save")
    n = p[-2] | (p[-1] << 8)
    end = len(p) - 2 - n
    if n < 12 or end < 2:
        raise ValueError("damaged card game save")
    st = p[end:-2]
    g = Game.from_bytes(p[1:end])
    if st[0] != _UI_VERSION or st[1] >= _LEVELS:
        raise ValueError("damaged card game save")
    s = []
    for k in (2, 6):
        s.append((st[k] << 24) | (st[k + 1] << 16) | (st[k + 2] << 8) | st[k + 3])
    rng = Rng(1)
    rng.setstate((s[0], s[1]))
    try:
        g.prev_events, i = _read_events(st, 10)
        g.events, i = _read_events(st, i)
    except IndexError:
        raise ValueError("damaged card game save")
    if i != len(st):
        raise ValueError("damaged card game save")
    return g, st[1], rng
