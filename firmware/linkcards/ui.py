"""The card game between two linked handhelds: the mode's entry points and its one screen.

    start(app, arg)        # Card game -> Over the cable: Standard or Beginner, then the link
    resume(app, payload)   # Continue: a save tagged b"D" (the game and the link's snapshot)

The app ticks the game (linkcards.game.Game, a link.match.Match) once a frame: poll, take, a
few exponentiations, send, and the save before the next poll (docs/link-protocol.md 5.2). The
screen shows the link's state, the shuffle's and the end check's progress, and in play the
grids' sunk count, the hand, and one legal move at a time (LEFT/RIGHT pick, A plays); UP/DOWN
turn to the two grids (theirs and ours: face down, Miss, a ship afloat with its hits, sunk,
shielded) and back. A caught cheat is named on a screen of its own, as Link battle's, and so
are the result and a forfeit. Randomness: app.rand_bytes() (os.urandom on the device).
"""

from cards.rules import (
    BEGINNER,
    CARD_TYPE,
    COLS,
    DRAW,
    M_DISCARD_WHITES,
    M_PEG,
    MISS,
    NO_CARD,
    ROW_NAMES,
    STANDARD,
    SUNK,
    UP,
    cell_name,
)
from core import font, strings, ui
from core.compat import const, unload
from core.hal import DOWN, LEFT, RIGHT, A, B
from core.hal import UP as KEY_UP
from core.strings import t
from link.match import M_OUT_OF_STEP, ST_MISMATCH, ST_OPEN, ST_UNPLUGGED, split
from linkcards.game import CHEAT, CHECK, COIN, DONE, SLOT, Game, rules
from linkcards.proto import C_SILENT
from linkcards.text import EN, HU

_TX_SLOTS = const(4)  # the link's send queue: its window; what waits more waits in the game's outbox

strings.add(EN, HU)


def _link(app, rand, mode, saved=None):
    from link.session import Link  # the link layer comes with the game it serves

    return Link(app.hw.link, rand, app.now, rules=rules(mode), saved=saved, tx_slots=_TX_SLOTS)


class LinkCards(ui.Screen):
    def __init__(self, g):
        self.g = g  # the Game (a link.match.Match: the app ticks it)
        self.sel = 0
        self.moves = b""  # the legal moves, packed (pack_moves): a list of tuples takes 2-3 KB
        self.key = None  # what the screen shows, to redraw only on a change
        self.board = False  # UP/DOWN: the two grids instead of the hand and the move

    def update(self, app):
        g = self.g
        if g.link is None:
            return
        changed = g.ev != 0  # the app ticked the match (link.match) before this
        g.ev = 0
        key = self._state()
        if key != self.key:
            self.key = key
            app.redraw()
        btn = app.buttons
        if g.done():  # B leaves the result, as every wait of the game (A, the move key, does not)
            if btn.pressed(B):
                app.clear_game(SLOT)
                app.home()
            return
        if g.table is not None and (btn.pressed(KEY_UP) or btn.pressed(DOWN)):
            self.board = not self.board
            app.redraw()
        if not g.my_move():
            self.moves = b""
        if g.my_move() and not self.board:
            if changed or not self.moves:  # the list only when the game moved on: 2-5 KB a time
                moves = g.table.packed_moves()
                if moves != self.moves:
                    self.moves = moves
                    self.sel = 0
                    app.redraw()
                moves = None
            n = len(self.moves) // 4
            if btn.pressed(LEFT):
                self.sel = (self.sel - 1) % n
                app.redraw()
            elif btn.pressed(RIGHT):
                self.sel = (self.sel + 1) % n
                app.redraw()
            elif btn.pressed(A):
                g.play(_move(self.moves, self.sel))  # into the outbox: saved before a poll sends it
                self.moves = b""
                app.cue("click")
                app.redraw()
        elif btn.pressed(B):
            if not g.has_game():
                app.clear_game(SLOT)
            app.home()  # a game stays saved: Continue picks it up

    def _state(self):
        g = self.g
        st = g.link.status() if g.link is not None else -1
        if not g.has_game():
            return (st,)
        prog = g.job.done if g.job is not None else -1
        chk = g.check_done
        return (st, g.phase, len(g.agenda), prog, chk, g.table.turn if g.table is not None else 0)

    def draw(self, app, fb):
        fb.fill(0)
        ui.title(fb, t("lc_title"))
        g = self.g
        st = g.link.status() if g.link is not None else -1
        lines = []
        hint = "lc_hint_wait"
        if g.phase == CHEAT:
            if g.cheat[0] == C_SILENT:
                lines = ui.wrap(t("lc_forfeit"), ui.W)[:4]
            else:
                why = "lc_cheat_why%d" % g.cheat[0]  # named by its code, in the player's language
                lines = [t("lc_cheat")] + ui.wrap(t(why if t(why) != why else "lc_cheat_why20"), ui.W - 4)[:3]
                lines.append(t("lc_void"))
            hint = "lc_hint_end"
        elif g.phase == DONE:
            win = g.winner
            lines = [t("lc_draw") if win == DRAW else t("lc_won") if win == g.me else t("lc_lost")]
            lines.append(t("lc_score") % (g.sunk(1 - g.me), g.sunk(g.me)))
            hint = "lc_hint_end"
        elif st == ST_UNPLUGGED:
            lines = [t("lc_unplugged")]
        elif st == ST_MISMATCH:
            lines = ui.wrap(t("lc_out_of_step" if g.link.mismatch == M_OUT_OF_STEP else "lc_other"), ui.W)[:3]
        elif not g.has_game() or st != ST_OPEN and g.phase == COIN:
            lines = [t("lc_connect")]
        elif g.phase == COIN:
            lines = [t("lc_coin")]
        elif g.phase == CHECK:
            # no check until the other side's keys arrive: the word alone, no "0/0" (the word
            # table one row longer tipped the end check into MemoryError at 192 KB, measured)
            s = t("lc_checking")
            lines = [s % (g.check_done, g.check.total) if g.check is not None else s.split(" %")[0]]
        elif g.job is not None:
            lines = [t("lc_shuffle") % (g.job.done, g.job.n)]
        elif g.table is None or not g.my_move():
            lines = [t("lc_their_move") if g.table is not None and g.table.cur != g.me else t("lc_dealing")]
        else:
            lines = [t("lc_your_move")]
            hint = "lc_hint_play"
        table = g.table is not None and g.phase not in (CHEAT, DONE)
        if table:
            tb = g.table
            if len(lines) == 1:  # (a link state that takes two lines goes without the score)
                lines[0] += "  " + t("lc_score") % (tb.sunk_count(1 - g.me), tb.sunk_count(g.me))
            if self.board:
                _grids(fb, tb, g.me)
                lines = lines[:1]
                hint = "lc_hint_hand"
            else:
                hand = ", ".join([_card(k) for k in tb.hand[g.me]])
                lines += ui.wrap(t("lc_hand") % hand, ui.W)[:2]
                if self.moves and g.my_move():
                    label = _label(_move(self.moves, self.sel))
                    lines.append("%d/%d %s" % (self.sel + 1, len(self.moves) // 4, label))
                if hint == "lc_hint_wait":
                    hint = "lc_hint_grids"
        y = ui.BODY_Y
        for s in lines[:5]:
            ui.text(fb, _fit(s), 0, y)
            y += 9
        ui.hint(fb, t(hint))


_CW = const(13)  # a grid cell on the board page: 13 x 9 pixels, rows X Y Z, columns 1-4
_CH = const(9)


def _grids(fb, tb, me):
    """Their grid on the left, ours on the right, as a player sees them on the table: a face-down
    card is an empty box, a Miss a dot, a ship afloat its initial and the hits it took (white on
    black), a sunk ship a cross; a shield is a bar along the top."""
    y0 = ui.BODY_Y + 18
    for side, x0, key in ((1 - me, 6, "lc_them"), (me, 72, "lc_you")):
        ui.text(fb, t(key), x0, ui.BODY_Y + 9)
        for r in range(3):
            ui.text(fb, ROW_NAMES[r], x0 - 6, y0 + r * _CH)
            for col in range(COLS):
                c = r * COLS + col
                x = x0 + col * _CW
                y = y0 + r * _CH
                up = tb.up[side][c]
                if up == SUNK:
                    fb.rect(x, y, _CW - 1, _CH - 1, 1)
                    fb.line(x, y, x + _CW - 2, y + _CH - 2, 1)
                    fb.line(x, y + _CH - 2, x + _CW - 2, y, 1)
                elif up == UP and tb.ident[side][c] == MISS:
                    fb.rect(x, y, _CW - 1, _CH - 1, 1)
                    fb.fill_rect(x + _CW // 2 - 1, y + _CH // 2 - 1, 2, 2, 1)
                elif up == UP:
                    fb.fill_rect(x, y, _CW - 1, _CH - 1, 1)
                    s = t("lc_ini")[tb.ident[side][c]] + str(tb.damage(side, c))  # initial, hits
                    ui.text(fb, s, x + (_CW - 1 - font.width(s)) // 2, y + 1, 0)
                else:
                    fb.rect(x, y, _CW - 1, _CH - 1, 1)
                if tb.shield[side][c] != NO_CARD:
                    fb.hline(x + 2, y - 1, _CW - 5, 1)


def pack_moves(moves):
    """Moves (act, card, cell, arg) as 4 bytes each, -1 as 255."""
    return bytes(x & 255 for m in moves for x in m)


def _move(packed, i):
    return tuple(x if x != 255 else -1 for x in packed[4 * i : 4 * i + 4])


def _card(k):
    """A battle card's short name in the player's language (the card game's words)."""
    return t("lc_c%d" % CARD_TYPE[k])


def _label(move):
    """A move in a line: "Red 2 at Z3" (a cell of theirs for a peg, of ours otherwise)."""
    act, card, cell, arg = move
    w = t("lc_m%d" % act)
    if act == M_PEG:
        return w % (_card(card), cell_name(cell))
    if act == M_DISCARD_WHITES:
        return w % arg
    if act in (2, 5, 7):  # shield, repair, PT Boat: a cell of ours
        return w % cell_name(cell)
    if act == 10:
        return w % _card(card)
    return w


def _fit(s):
    from core import font

    return font.fit(s, ui.W)


def _no_port(app):
    if app.hw.link is not None:
        return False
    app.push(ui.Message(t("lc_title"), [t("lc_no_port")]))
    return True


def _open(app, g):
    app.match = g  # the app ticks it once a frame
    app.push(LinkCards(g))


def _mode(mode):
    def run(app):
        app.pop()
        if _no_port(app):
            return
        rand = app.rand_bytes()
        g = Game(0, mode, rand)  # its role is the link's, once it opens (Game.start)
        g.link = _link(app, rand, mode)
        _open(app, g)

    return run


def start(app, arg=None):
    """Standard or Beginner rules, then the link (both handhelds must choose the same)."""
    if arg is not None:
        _mode(arg)(app)
        return
    app.push(ui.Menu("lc_title", [("lc_standard", _mode(STANDARD)), ("lc_beginner", _mode(BEGINNER))]))


def resume(app, payload):
    """Continue a saved game (tag b"D"); ValueError if the save is damaged."""
    data = bytes(payload)
    if data[:1] != Game.head:
        raise ValueError("not a link card save")
    rand = app.rand_bytes()
    state, snap = split(data)
    from linkcards.restore import load

    try:
        g = load(state, rand)
    finally:
        unload("linkcards.restore")  # needed only to continue: it leaves the heap again
    state = data = None
    scr = LinkCards(g)
    if not _no_port(app):
        g.link = _link(app, rand, g.mode, bytes(snap))
        app.match = g
    app.push(scr)
    return scr
