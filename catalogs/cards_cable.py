"""The card game over the cable: its screens in representative states, for the layout tests and
the PNG review (python -m host_tools.sim.screens link_cards). In play the screens are the card
game's own (cards.game's GameScreen as cards.cable.ui.Cable); what only the cable has is here
beside them: the link's screens, the coin, the shuffle and the deal (no hand), their turn, their
play named, the end being checked and checked (both grids revealed), a cheat, a forfeit. The
games are set up by hand over a stand-in link that reports a status; nothing is on any wire. The
end is a table played to it by two easy CPUs (seeded): its score is true."""

import gc

from cards.cable.game import CHEAT, CHECK, COIN, DONE, PLAY, SETUP, Game
from cards.cable.proto import C_SEARCH, C_SILENT, SEED_LEN
from cards.cable.table import Table
from cards.cable.ui import Cable
from cards.pick import F_WAIT
from cards.rules import COORDINATE_DECK, STANDARD
from catalogs.stand_in import Link
from link import deck
from link.match import ST_OPEN

_UNPLUGGED = 1
_RULES = 3
_MISMATCH = 5
_T_PLAY = 7  # cards.cable.game._T_PLAY (a const: not in the module on MicroPython)
_T_DEAL = 6
_SEED = 1  # the CPUs' moves in the game played to its end: side _WINNER wins
_WINNER = 0


def _rand(n):
    return bytes(range(1, n + 1))


class _Grid:
    map = bytes(COORDINATE_DECK)


def _game(status=ST_OPEN, phase=None, peer_rules=None):
    g = Game(0, STANDARD, _rand)
    g.link = Link(status, peer_rules)
    g.status = status  # as the last tick saw it
    if phase is not None:
        g.start(bytes(8))
        g.phase = phase
        g.first = 0
        if phase != COIN:
            g.table = Table(mode=STANDARD, first=0, me=0, grids=[COORDINATE_DECK, None])
            g.table.draws = []
    return g


def _screen(status=ST_OPEN, phase=None, mine=False, peer_rules=None, job=False, deal=False):
    g = _game(status, phase, peer_rules)
    if phase == PLAY:
        g.agenda = [(_T_PLAY, 0 if mine else 1, 0, 0, 0)]
        if not mine:
            g.table.cur = 1
    if deal:
        g.agenda = [(_T_DEAL, 0, 0, 5, 0)]
    if job:
        g.job = deck.Stage(b"k" * 16, 0, 0, list(range(26)), True)
        g.job.step(12)
    s = Cable(g)
    s.update(_App())
    return s


class _App:
    """What Cable.update asks of the app while a catalogue state is set up."""

    now = 0

    class buttons:  # noqa: N801  (no key is pressed)
        @staticmethod
        def pressed(k):
            return False

    def redraw(self):
        pass

    def cue(self, name):
        pass


def _their_play():
    """Their play on show ("They fire at ..." and its result, the cell marked)."""
    s = _screen(phase=PLAY)
    tb = s.g
    tb.fix(1, tb.hand[1][0], 0)  # their first card a White Peg (card 0)
    tb.apply([m for m in tb.legal_moves() if m[2] >= 0][0])  # a play on a cell: a search of ours
    s.update(_App())
    return s


def _ended(won, phase=DONE):
    """The end of a card game played to it by two easy CPUs (any legal move), seeded, seen from
    the side that won (won) or lost; the other side's grid from its keys (the Coordinate deck's
    order)."""
    from core.prng import Rng

    me = _WINNER if won else 1 - _WINNER
    g = Game(me, STANDARD, _rand)
    g.link = Link(ST_OPEN)
    g.status = ST_OPEN
    g.start(bytes(8))
    tb = Table(mode=STANDARD, first=0, me=me, grids=[COORDINATE_DECK, None])
    rng = Rng(_SEED)
    while not tb.over:
        tb.apply(rng.choice(tb.legal_moves()))
        tb.draws = []
    g.final = bytes((tb.winner + 1, tb.turn & 255, tb.sunk_count(0), tb.sunk_count(1)))
    g.last = tb
    g.grid = _Grid()
    g.peer_open = bytes(1 + 2 * SEED_LEN) + bytes(COORDINATE_DECK)
    g.phase = phase
    g.agenda = []
    s = Cable(g)
    s.update(_App())
    s.then = None
    s.focus = F_WAIT
    return s


def _cheat(code, text=""):
    s = _screen(phase=PLAY)
    s.m.phase = CHEAT
    s.m.cheat = (code, text)
    return s


def _out_of_step():
    s = _screen(status=_MISMATCH, phase=PLAY)
    s.m.link.mismatch = 2  # link.match.M_OUT_OF_STEP
    return s


_BUILD = (
    ("connecting", lambda: _screen(status=0)),
    ("unplugged", lambda: _screen(status=_UNPLUGGED)),
    ("other_rules", lambda: _screen(status=_RULES, peer_rules=bytes((4, 1)))),
    ("other_game", lambda: _screen(status=_MISMATCH)),
    ("out_of_step", _out_of_step),
    ("coin", lambda: _screen(phase=COIN)),
    ("shuffling", lambda: _screen(phase=SETUP, job=True)),
    ("dealing", lambda: _screen(phase=SETUP, deal=True)),
    ("your_move", lambda: _screen(phase=PLAY, mine=True)),
    ("their_turn", lambda: _screen(phase=PLAY)),
    ("their_play", _their_play),
    ("unplugged_in_play", lambda: _screen(status=_UNPLUGGED, phase=PLAY, mine=True)),
    ("cheat", lambda: _cheat(C_SEARCH, "Opponent lied")),
    ("forfeit", lambda: _cheat(C_SILENT)),
)


def catalog(app):
    from cards.cable import ui

    for name, won, phase in (("won", True, DONE), ("lost", False, DONE), ("checking", True, CHECK)):
        yield name, _ended(won, phase)  # first: the heap is at its emptiest
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
