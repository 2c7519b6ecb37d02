"""The card game over the cable: its screens in representative states, for the layout tests
and the PNG review (python -m host_tools.sim.screens linkcards.ui). The games here are set up by
hand over a stand-in link that reports a status; nothing is on any wire. The end (won, lost, and
the check of the end just begun) is a game played to it by two CPUs (seeded): its score is true."""

import gc

from cards.rules import COORDINATE_DECK, STANDARD
from catalogs.stand_in import Link
from link import deck
from link.match import ST_OPEN
from linkcards.game import CHEAT, CHECK, COIN, DONE, PLAY, SETUP, Game
from linkcards.proto import C_SEARCH
from linkcards.table import Table
from linkcards.ui import LinkCards, pack_moves

_UNPLUGGED = 1
_MISMATCH = 5
_T_PLAY = 7  # linkcards.game._T_PLAY (a const: not in the module on MicroPython)
_SEED = 1  # the CPUs' moves in the game played to its end: side _WINNER wins, 5 ships sunk to 3
_WINNER = 0


def _rand(n):
    return bytes(range(1, n + 1))


def _screen(status=ST_OPEN, phase=None, my_move=False, cheat=None, job=False, turn=7):
    g = Game(0, STANDARD, _rand)
    g.link = Link(status)
    if phase is not None:
        g.start(bytes(8))
        g.phase = phase
        if phase != COIN:
            g.table = Table(mode=STANDARD, first=0, me=0, grids=[COORDINATE_DECK, None])
            g.table.turn = turn
            g.table.draws = []
        g.agenda = [(_T_PLAY, 0 if my_move else 1, 0, 0, 0)] if phase == PLAY else []
        if job:
            g.job = deck.Stage(b"k" * 16, 0, 0, list(range(26)), True)
            g.job.step(12)
        if cheat:
            g.cheat = (C_SEARCH, cheat)
    scr = LinkCards(g)
    if my_move:
        scr.moves = pack_moves(g.table.legal_moves())
        scr.sel = 3
    return scr


def _ended(won):
    """The end of a card game played to it: the engine this handheld keeps (linkcards.table.Table,
    cards.engine with stand-ins for the other side's cards) played by two easy CPUs (any legal
    move: cards.game's level 0), seeded, until a fleet is sunk; seen from the side that won (won)
    or lost. The same game from either seat: the two tables differ only in whose side they are
    (both grids the Coordinate deck's order). (A whole protocol game, host_tools.duel.cards.Duel,
    needs two handhelds' decks: more than the catalogue's heap holds beside the mode at 192 KB,
    measured; the sensible CPU, cards.ai with cards.view, tipped it too.)"""
    from core.prng import Rng

    me = _WINNER if won else 1 - _WINNER
    g = Game(me, STANDARD, _rand)  # first, as on the handheld: its buffers before the heap is in pieces
    g.link = Link(ST_OPEN)
    g.start(bytes(8))
    tb = g.table = Table(mode=STANDARD, first=0, me=me, grids=[COORDINATE_DECK, None])
    rng = Rng(_SEED)
    while not tb.over:
        tb.apply(rng.choice(tb.legal_moves()))
        tb.draws = []  # taken, as the cable game takes them (linkcards.game._queue_draws)
    g.phase = DONE
    assert (g.winner == g.me) == won and g.sunk(1 - tb.winner) == 5, (g.winner, g.me)
    return LinkCards(g)


def _forfeit(scr):
    from linkcards.proto import C_SILENT

    scr.g.cheat = (C_SILENT, "")  # the other handheld went silent where it owed a message
    return scr


def _out_of_step(scr):
    scr.g.link.mismatch = 2  # link.match.M_OUT_OF_STEP
    return scr


def _grids(scr):
    """The board page (UP/DOWN): our Carrier face up and shielded, a Miss and a sunk ship of theirs."""
    from cards.rules import MISS, SUNK, UP

    tb = scr.g.table
    tb.up[0][0] = UP
    tb.shield[0][0] = 0
    tb.up[1][5] = UP
    tb.ident[1][5] = MISS
    tb.up[1][2] = SUNK
    scr.board = True
    return scr


_BUILD = (
    ("connecting", lambda: _screen(status=0)),
    ("unplugged", lambda: _screen(status=_UNPLUGGED)),
    ("other_game", lambda: _screen(status=_MISMATCH)),
    ("out_of_step", lambda: _out_of_step(_screen(status=_MISMATCH, phase=PLAY))),
    ("coin", lambda: _screen(phase=COIN)),
    ("shuffling", lambda: _screen(phase=SETUP, job=True)),
    ("your_move", lambda: _screen(phase=PLAY, my_move=True)),
    ("their_move", lambda: _screen(phase=PLAY)),
    ("grids", lambda: _grids(_screen(phase=PLAY))),
    ("cheat", lambda: _screen(phase=CHEAT, cheat="Opponent lied: Y4 is a Destroyr, not a Sub")),
    ("forfeit", lambda: _forfeit(_screen(phase=CHEAT))),
)


def catalog(app):
    from linkcards import ui

    for name, won in (("won", True), ("lost", False)):  # first: the heap is at its emptiest
        scr = _ended(won)
        yield name, scr
        if won:  # the same game a moment before: the last move made, the end being checked (the
            scr.g.phase = CHECK  # other side's keys not here yet: nothing to count so far)
            yield "checking", scr
        scr = None
        app.stack = []
        gc.collect()
    yield "menu", _menu(app, ui)
    for name, build in _BUILD:
        app.stack = []
        gc.collect()
        yield name, build()


def _menu(app, ui):
    ui.start(app)
    return app.stack[-1]
