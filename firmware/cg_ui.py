"""Battleship Card Game against the CPU: the entry points of the card game's screens.

start(app, arg) opens it (arg None: a Standard/Beginner menu; or
cg_rules.STANDARD / BEGINNER to deal at once); resume(app, payload) opens a
game saved under SAVE_NAME (payloads start with TAG, b"C"); catalog(app)
lists every screen for the screen tests (cg_ui_cat). The game screen is
cg_ui_game.GameScreen (turn flow, the CPU's turn, saving) with cg_ui_pick
(choosing cards and targets) and cg_ui_paint (its draw) mixed in; the other
screens are in cg_ui_menus (pause menu, log, help, result), the words in
cg_ui_text, the drawing parts in cg_ui_draw. The human plays first ("the
younger player goes first"); the CPU level comes from Settings when a game
is dealt and is kept in its save.
"""

# The order matters on a small heap: the modules that take most memory to compile come
# first, while the heap is emptiest; the menus are compiled now rather than mid-game.
from cg_engine import Game

# isort: split
import cg_ui_draw  # noqa: F401
import cg_ui_menus  # noqa: F401
import strings
import ui
from cg_rules import BEGINNER, STANDARD
from cg_ui_game import HUMAN, LEVELS, SAVE_NAME, GameScreen  # noqa: F401  (SAVE_NAME: API)
from cg_ui_text import EN, HU
from compat import const
from prng import Rng

strings.add(EN, HU)
TAG = b"C"  # the first byte of this game's saves
_UI_VERSION = const(1)


# --- save bytes: the UI state after the game's own bytes ---------------------------
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
    if st[0] != _UI_VERSION or st[1] >= len(LEVELS):
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


def new_game(app, mode, replace=False):
    seed = app.new_seed()
    level = LEVELS.index(app.settings.get("level"))
    scr = GameScreen(Game(seed, mode, HUMAN), level, Rng((seed * 7 + 3) & 0x3FFFFFFF or 1))
    if replace:
        app.replace(scr)
    else:
        app.push(scr)
    scr.save(app)
    return scr


def _mode_item(mode):
    def run(app):
        new_game(app, mode, replace=True)  # pop() would bring Home back, which unloads this module

    return run


def start(app, arg=None):
    """Open the card game: arg None asks Standard or Beginner; else the mode to play."""
    if arg is None:
        items = [("cg_standard", _mode_item(STANDARD)), ("cg_beginner", _mode_item(BEGINNER))]
        app.push(ui.Menu("cg_title", items))
    else:
        new_game(app, arg)


def resume(app, payload):
    """Continue a saved game exactly (payload as saved under SAVE_NAME, tag b"C"); returns
    its screen. ValueError if the save is damaged (app.resume_mode reports it)."""
    g, level, rng = load(payload)
    scr = GameScreen(g, level, rng)
    app.push(scr)
    return scr


def catalog(app):
    """Every screen in representative states (tests/mp/test_screens.py, host_tools.screens)."""
    import cg_ui_cat

    yield from cg_ui_cat.catalog(app)
