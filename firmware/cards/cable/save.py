"""A linked card game to bytes and back: everything Game holds but the work in progress
(a stage being computed starts again from its key after a restart; the messages it would
send are the same bytes). Saved after every step that changed something, before the link's
next poll (docs/link-protocol.md 5.2): what was taken is never lost, what leaves was saved.

Layout: tag 'D', version, then fields each with a 2-byte length (little-endian). Reading one
back is cards.cable.restore's (load()), loaded only to continue a game.
"""

from core.compat import const

TAG = const(0x44)  # 'D'
VERSION = const(3)  # 2: peer2 holds the deals once our stage 2 is sent; 3: protocol 4's deck (9.2 keys)


class _Out:
    """Writes into a buffer the caller allocated once (a save is about 3.5 KB: one block that a
    heap in pieces may not have), or into a new one."""

    def __init__(self, buf):
        self.buf = buf if buf is not None else bytearray(4096)
        self.n = 0

    def append(self, v):
        self.buf[self.n] = v
        self.n += 1

    def extend(self, data):
        n = len(data)
        if self.n + n > len(self.buf):
            raise ValueError("save buffer too small")
        self.buf[self.n : self.n + n] = data
        self.n += n

    def write(self, data):  # as a file, for Link.write_snapshot
        self.extend(data)
        return len(data)


def _put(b, data):
    n = len(data)
    b.append(n & 255)
    b.append(n >> 8)
    b.extend(data)


def _put_list(b, items):
    n = 0
    for m in items:
        n += 2 + len(m)
    b.append(n & 255)
    b.append(n >> 8)
    for m in items:
        _put(b, m)


def save(g, buf=None):
    """The game's bytes, with the messages it made that the link has not taken yet. With buf
    (a bytearray allocated once), written into it: a memoryview of the save is returned; with
    a link.match.Sink, added to it (and it is returned)."""
    b = buf if buf is not None and not isinstance(buf, (bytearray, memoryview)) else _Out(buf)
    for v in (TAG, VERSION, g.me, g.mode, g.phase, g.first & 255, g.rx_parts, g.check_done):
        b.append(v)
    _put(b, g.key_seed)
    _put(b, g.coin.to_bytes() if g.coin is not None else b"")
    _put(b, g.gid or b"")
    _put(b, (bytes(g.grid.map) + g.grid.seed) if g.grid is not None else b"")
    _put(b, g.pgrid.leaves if g.pgrid is not None else b"")
    t = g.table
    if t is not None:
        tb = bytearray(t.to_bytes())
        tb.extend(bytes((t.epoch[0] & 255, t.epoch[0] >> 8, t.epoch[1] & 255, t.epoch[1] >> 8)))
        tb.extend(bytes((t.index[0], t.index[1])))
        _put(b, tb)
    else:
        _put(b, b"")
    ag = bytearray()
    for x in g.agenda:
        ag.extend(bytes((x[0], x[1], x[2] & 255, x[2] >> 8, x[3] & 255, x[4] & 255)))
    _put(b, ag)
    _put_list(b, g.inbox)
    _put_list(b, g.outbox)
    _put(b, memoryview(g.rx)[: g.rx_live()])
    for f in (g.mine1, g.peer2):  # the check's work once it began (final): done again on a restart
        _put(b, f if g.final is None else b"")
    for f in (g.epochs, g.hashes, g.log, g.drawn):
        _put(b, f)
    mv = b""
    if g.move is not None:
        from cards.cable.proto import play_msg

        mv = play_msg(g.move[0], g.move[1])
    _put(b, mv)
    _put(b, g.peer_open or b"")
    _put(b, g.final or b"")
    _put(b, (bytes((g.cheat[0],)) + g.cheat[1].encode()) if g.cheat else b"")
    if b is buf:
        return b
    return memoryview(b.buf)[: b.n] if buf is not None else bytes(b.buf[: b.n])
