"""The linked game's save: a Game and its Link's snapshot, and back.

    if g.peer.got changed: save("lkpeer", commitments(g))   # first: the peer's commitments
    data = g.data()                  # link.match: tag, state length (2 bytes LE), state, snapshot
    state, snap = link.match.split(data)   # memoryviews, nothing copied
    link = Link(port, rand, now, rules=saved_rules(state), saved=snap)
    g = restore(state, link, rand, commitments=load("lkpeer"))   # ValueError when damaged

Written by link.match whenever it is due (after every send and every
message taken, before the next poll: docs/link-protocol.md 5.2). The peer's
commitments (3.2 KB) change only while its FLEET_COMMIT parts come in, so
they are saved apart, before the game, only when more parts were taken; the
game save (under 2 KB, about 700 bytes in play) holds their count and a
CRC-32 that restore() checks them against. The state is a 32-byte head
(below), the game id, the coin while it is in the air, our fleet
(bs_fleet), our fleet's secrets (MyFleet), the peer's answers (PeerFleet's
log), the peer's map once checked, and the messages the link had no room for.
"""

import binascii

from battleship.cable.game import CHEAT, COIN, FORFEIT, PLAYING, Game, commitments_view, rules_bytes
from battleship.rules import CELLS, SALVO, SIZE
from core.compat import const
from link.commit import CoinFlip, MyFleet

_VERSION = const(1)  # battleship.cable.game.write_save's
_HEAD = const(32)
_NONE = const(0xFF)
_COIN_STATE = const(58)  # CoinFlip.to_bytes()
# head: 0 version, 1 phase, 2 variant, 3 touching, 4 role, 5 first, 6 turn, 7 shots left, 8 aim,
# 9 winner, 10-12 cheat (code, cell, why), 13-15 our last shot (cell, hit, sunk), 16-18 theirs,
# 19 coin length, 20-21 our secrets' length, 22 queued messages, 23 map kept, 24 fleet length,
# 25 our fleet's parts queued, 26-27 turns begun, 28-31 CRC-32 of the peer's commitments as saved
# (commitments()). 0xFF stands for "none" (-1).


def saved_rules(state):
    """The rules bytes of a saved game (to build its Link before restore())."""
    if len(state) < 4 or state[2] > SALVO:
        raise ValueError("bad link game save")
    return rules_bytes(state[2], state[3])


def restore(state, link, rand, peer=None, commitments=None):
    """The game saved by payload() (its state part: see split()); ValueError when damaged.
    commitments: what commitments() gave when saved (None when no part was taken yet);
    peer: a PeerFleet to load them into (see Game)."""
    b = state
    if len(b) < _HEAD + 8 or b[0] != _VERSION or b[1] > FORFEIT or b[2] > SALVO:
        raise ValueError("bad link game save")
    g = Game(link, rand, b[2], bool(b[3]), peer)
    try:
        _load(g, b, commitments)
    except IndexError:
        raise ValueError("truncated link game save")
    return g


def _opt(v):
    return -1 if v == _NONE else v


def _load(g, b, commitments):
    g.phase = b[1]
    g.role = b[4] & 1
    g.first = _opt(b[5])
    g.turn = _opt(b[6])
    g.shots_left = b[7]
    g.aim = _opt(b[8])
    g.winner = _opt(b[9])
    if g.first > 1 or g.turn > 1 or g.winner > 1 or g.aim >= CELLS:
        raise ValueError("bad link game save")
    if g.phase == CHEAT:
        g.cheat = (b[10], _opt(b[11]), b[12])
    if b[13] != _NONE:
        g.last_mine = (b[13], b[14], b[15])
    if b[16] != _NONE:
        g.last_theirs = (b[16], b[17], b[18])
    n_coin, n_mine, n_out, has_map, n_fleet = b[19], b[20] | (b[21] << 8), b[22], b[23], b[24]
    g.turn_no = b[26] | (b[27] << 8)
    sent = b[25]
    i = _HEAD
    g.game_id = bytes(b[i : i + 8])
    i += 8
    if n_coin:
        if n_coin != _COIN_STATE:
            raise ValueError("bad coin state")
        g.coin = CoinFlip.from_bytes(bytes(b[i : i + n_coin]))
        i += n_coin
    g.fleet.load(b[i : i + n_fleet])
    i += n_fleet
    if n_mine:
        g.my = MyFleet.from_bytes(bytes(b[i : i + n_mine]))
        i += n_mine
    i = _load_peer(g, b, i, commitments)
    if has_map:
        g.peer_map = bytes(b[i : i + CELLS])
        i += CELLS
    for _ in range(n_out):
        n = b[i]
        g.out.append(bytes(b[i + 1 : i + 1 + n]))
        i += 1 + n
    if i != len(b) or (g.phase >= PLAYING and g.my is None) or (g.phase == COIN) != (g.coin is not None):
        raise ValueError("bad link game save")
    if g.my is not None:
        g.peer.own = g.my.fleet_hash()
        g.parts = g.my.parts()
        if sent < g.parts:
            g.out.insert(0, sent)  # the next part to queue (link.match.Match.flush)
    g.peer_got = g.peer.got


def _load_peer(g, b, i, commitments):
    """Into the PeerFleet the game allocated first (no second 3.2 KB block)."""
    p = g.peer
    p.game_id = bytes(b[i : i + 8])
    p.role = b[i + 8] & 1
    if b[i + 9] != CELLS or b[i + 10] != SIZE or b[i + 11] > (CELLS + 7) // 7:
        raise ValueError("bad peer fleet state")
    p.got = b[i + 11]
    n = len(commitments_view(p))
    if n:
        crc = b[28] | (b[29] << 8) | (b[30] << 16) | (b[31] << 24)
        if (
            commitments is None
            or len(commitments) < n
            or binascii.crc32(memoryview(commitments)[:n]) & 0xFFFFFFFF != crc
        ):
            raise ValueError("the peer's commitments are missing or damaged")
        p.blob[:n] = memoryview(commitments)[:n]
    i += 12
    p.n_log = b[i] | (b[i + 1] << 8)
    i += 2
    if p.n_log > CELLS or len(b) < i + 3 * p.n_log:
        raise ValueError("bad peer fleet state")
    p.log[: 3 * p.n_log] = b[i : i + 3 * p.n_log]
    for k in range(p.n_log):
        cell = p.log[3 * k]
        if cell >= CELLS:
            raise ValueError("bad peer fleet state")
        p.answered[cell] = 1
        g._note(cell, p.log[3 * k + 1], p.log[3 * k + 2])
    return i + 3 * p.n_log
