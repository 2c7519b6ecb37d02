"""Link Express's save: a Game's state and its Link's snapshot in one payload, and back.

    data = g.data()                   # tag b"X", state length (2 bytes LE), state, link snapshot
    state, snap = link.match.split(data)   # memoryviews, nothing copied
    g = restore(state, None, rand); g.link = Link(port, rand, now, rules=saved_rules(state), saved=snap)

Written by link.match whenever it is due: after every send and every message
taken, before the next poll (docs/link-protocol.md 5.2). In play it is about
350 bytes: the fleets, the dice chain's seed (the chain itself is rebuilt from
it), the peer's last opened link, the engine (express.engine's bytes, without
an Rng: the dice come from the chains) and the link's queue.
"""

from express.cable.game import from_bytes, rules_bytes


def saved_rules(state):
    """The HELLO rules of a saved game (to build its Link before restore())."""
    if len(state) < 3 or state[2] > 1:
        raise ValueError("bad link express save")
    return rules_bytes(state[2])


def restore(state, link, rand):
    return from_bytes(bytes(state), link, rand)
