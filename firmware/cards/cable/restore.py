"""A linked card game back from its save bytes (cards.cable.save has the layout): loaded only to
continue a game, by cards.cable.save.load, and dropped again."""

from cards.cable.game import Game
from cards.cable.grid import MyGrid, PeerGrid
from cards.cable.save import TAG, VERSION
from cards.cable.table import Table


class _Reader:
    def __init__(self, data, i):
        self.d = data
        self.i = i

    def field(self):
        d, i = self.d, self.i
        if i + 2 > len(d):
            raise ValueError("damaged link card save")
        n = d[i] | (d[i + 1] << 8)
        if i + 2 + n > len(d):
            raise ValueError("damaged link card save")
        self.i = i + 2 + n
        return d[i + 2 : i + 2 + n]


def load(data, rand):
    """Game from cards.cable.save.save()'s bytes (or a memoryview); ValueError if damaged. On the
    device the caller unloads this module again (it is needed only to continue a game)."""
    if len(data) < 8 or data[0] != TAG:
        raise ValueError("not a link card save")
    if data[1] != VERSION:  # (protocol 3's deck: its stages were made under other keys)
        raise ValueError("saved by another firmware version")
    return restore(data, rand)


def restore(data, rand):
    """Game from cards.cable.save.save()'s bytes (its tag and version checked by
    cards.cable.save.load); ValueError if damaged."""
    g = Game(data[2], data[3], rand)
    g.phase = data[4]
    g.first = data[5] if data[5] != 255 else -1
    g.rx_parts = data[6]
    g.check_done = data[7]
    r = _Reader(data, 8)
    g.key_seed = bytes(r.field())
    coin = r.field()
    gid = bytes(r.field())
    if coin:
        from link.commit import CoinFlip

        g.coin = CoinFlip.from_bytes(coin)
    g.gid = gid or None
    grid = r.field()
    if grid:
        g.grid = MyGrid(gid, g.me, None, grid[:12], grid[12:])
    leaves = r.field()
    if leaves:
        g.pgrid = PeerGrid(gid, g.peer)
        g.pgrid.leaves[:] = leaves
    tb = r.field()
    if tb:
        t = Table.from_bytes(tb[:-6])
        t.me = g.me
        e = tb[-6:]
        t.epoch = [e[0] | (e[1] << 8), e[2] | (e[3] << 8)]
        t.index = [e[4], e[5]]
        g.table = t
    ag = r.field()
    g.agenda = []
    for i in range(0, len(ag), 6):
        x = ag[i : i + 6]
        stand = x[5] if x[5] != 255 else -1
        g.agenda.append((x[0], x[1], x[2] | (x[3] << 8), x[4], stand))
    ib = _Reader(r.field(), 0)
    g.inbox = []
    while ib.i < len(ib.d):
        g.inbox.append(bytes(ib.field()))
    ob = _Reader(r.field(), 0)
    g.outbox = g.out  # link.match's outbox (empty)
    while ob.i < len(ob.d):
        g.outbox.append(bytes(ob.field()))
    rx = r.field()  # only the part still needed (Game.rx_live)
    g.rx[: len(rx)] = rx
    g.mine1[:] = r.field()
    g.peer2[:] = r.field()
    g.epochs[:] = r.field()  # into the room Game made for them
    g.hashes[:] = r.field()
    g.log[:] = r.field()
    g.drawn[:] = r.field()
    mv = r.field()
    if mv:
        from cards.cable.proto import parse_play

        g.move = parse_play(mv)
    g.peer_open = bytes(r.field()) or None
    g.final = bytes(r.field()) or None
    ch = r.field()
    if ch:
        g.cheat = (ch[0], bytes(ch[1:]).decode())
    if r.i != len(data):
        raise ValueError("damaged link card save")
    return g

