"""Link Express's save: an LxGame's state and its Link's snapshot in one payload, and back.

    data = payload(g)                 # tag b"X", state length (2 bytes LE), state, link snapshot
    state, snap = split(data)         # memoryviews, nothing copied
    g = restore(state, None, rand); g.link = Link(port, rand, now, rules=saved_rules(state), saved=snap)

Written whenever LxGame.needs_save() says so: after every send and every
message taken, before the next poll (docs/link-protocol.md 5.2). In play it
is about 350 bytes: the fleets, the dice chain's seed (the chain itself is
rebuilt from it), the peer's last opened link, the engine (express.engine's
bytes, without an Rng: the dice come from the chains) and the link's queue.
"""

from linkexpress.game import from_bytes, rules_bytes

TAG = b"X"


def payload(g, tag=TAG):
    state = g.to_bytes()
    snap = g.link.snapshot()
    n = len(state)
    g._dirty = False
    return tag + bytes((n & 0xFF, n >> 8)) + state + snap


def split(data, start=1):
    """(state, link snapshot) as memoryviews of a saved payload (after its tag byte)."""
    mv = memoryview(data)
    if len(mv) < start + 2:
        raise ValueError("short link express save")
    n = mv[start] | (mv[start + 1] << 8)
    if len(mv) < start + 2 + n:
        raise ValueError("short link express save")
    return mv[start + 2 : start + 2 + n], mv[start + 2 + n :]


def saved_rules(state):
    """The HELLO rules of a saved game (to build its Link before restore())."""
    if len(state) < 3 or state[2] > 1:
        raise ValueError("bad link express save")
    return rules_bytes(state[2])


def restore(state, link, rand):
    return from_bytes(bytes(state), link, rand)
