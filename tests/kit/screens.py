"""Every screen of every module, for the layout tests and the PNG review.

Each menu entry's module has a catalogue (catalogs.CATALOGS) whose
catalog(app) yields (name, screen) pairs: the screen in a representative
state (long names, full hands, end of game). This module collects them from
the main menu and every mode in core/modes.py.
"""

import sys

from fakehw import make_hw

from catalogs import CATALOGS
from core import font, strings, ui
from core.app import App
from core.compat import load, unload


def modules():
    from core.modes import MODES, MODULE  # not kept: the menus are not in the heap beside a game

    names = ["core.home"]
    for m in MODES:
        if m[MODULE] not in names:
            names.append(m[MODULE])
    return names


def each_screen(app, only=None):
    """Each module is loaded as the menu loads a mode, and unloaded after its
    catalogue, with the modules the catalogue itself imported (its _cat
    module holds the game's). only: one module's screens. A game leaves the
    heap fragmented for the next one, so the tests visit one game a process."""
    for name in modules():
        if only and only not in (name, short(name)):
            continue
        before = set(sys.modules)
        load(name) if name == "core.home" else app._load_mode(name)
        cat = load(CATALOGS[name])
        for screen_name, screen in cat.catalog(app):
            yield short(name) + "." + screen_name, screen
        cat = None
        app.stack = []
        app.end_mode()
        unload(*[m for m in sys.modules if m not in before])


def short(name):
    """The name screens go by: the key of the first mode the module starts (battleship.ui ->
    battleship, battleship.cable.ui -> link_battle), core.home -> home."""
    from core.modes import KEY, MODES, MODULE

    for m in MODES:
        if m[MODULE] == name:
            return m[KEY]
    return name.split(".")[-1]


def render(app, screen, lang, asked=None):
    """Draw screen in lang; return the text boxes drawn. asked: a list that gets, for each word
    the screen asked for by key, (key, its text in lang or None if lang's tables lack it)."""
    strings.set_lang(lang)
    ui.TRACE = []
    fb = app.fb
    fb.fill(0)
    app.stack = [screen]
    real = strings.t
    if asked is not None:

        def t(key):
            own = None
            for table in (strings._game[lang], strings._link[lang], strings._TABLES[lang]):
                if table is not None and own is None:
                    own = table.get(key)
            asked.append((key, own))
            return real(key)

        _swap_t(t)
    try:
        screen.draw(app, fb)
    finally:
        _swap_t(real)
    boxes = ui.TRACE
    ui.TRACE = None
    return boxes


def _swap_t(t):
    """strings.t, and every loaded module's own name for it (from core.strings import t)."""
    real = strings.t
    for m in list(sys.modules.values()):
        if getattr(m, "t", None) is real:
            m.t = t
    strings.t = t


def _tokens(s):
    """The words of a text: runs of letters two or more long (numbers, marks, D-4 are no word;
    a run joined by underscores is a word key's, and keys_drawn() names it)."""
    out = []
    w = ""
    for ch in s + " ":
        if ch.isalpha() or ord(ch) > 127 or ch == "_":
            w += ch
        else:
            if len(w) > 1 and "_" not in w:
                out.append(w)
            w = ""
    return out


def _tables(lang):
    """Every word table loaded, as (text, kind, column) for that language: the ones core.strings
    holds, and any module's own (wordlist.Column / Words objects, or "key|English|Magyar" texts
    a module reads through its own word())."""
    col = 2 if lang == "hu" else 1
    seen = []
    # (no copies of sys.modules or of a module's names: nothing is imported while this runs, and
    # two handhelds' games in one 192 KB heap leave no room for them: tests/cards/test_cable_words)
    for m in sys.modules.values():
        for v in getattr(m, "__dict__", {}).values():
            for x in v if isinstance(v, tuple) else (v,):  # a text, or a module's texts
                if isinstance(x, str) and x.startswith("\n") and x.count("|") > 2:
                    seen.append((x, "|", col))
            if getattr(v, "rows", None) is not None and getattr(v, "col", 0) == col:
                seen.append((v.rows, "|", col))
            elif isinstance(getattr(v, "texts", None), list) and (lang == "hu") == (v is getattr(m, "HU", 0)):
                for text in v.texts:
                    seen.append((text, "=", 1))
    return seen


def _in(word, text, kind, col):
    """word inside one language's texts of a table (not in a key, not in the other column)."""
    i = text.find(word)
    while i >= 0:
        start = text.rfind("\n", 0, i) + 1
        if kind == "|" and text.count("|", start, i) == col:
            return True
        if kind == "=" and text.find("=", start, i) >= 0:
            return True
        i = text.find(word, i + 1)
    return False


def foreign(boxes, asked, lang):
    """Words drawn that come from no word of the language's tables: a text written in code, or
    a key the language lacks (t() then shows the English)."""
    out = ["no %s word for %r" % ("this language's", k) for k, v in asked if v is None]
    names = (strings.EN.get("lang_name"), strings.HU.get("lang_name"))  # each language in its own
    tables = None
    for _x, _y, _w, _h, s in boxes:
        for w in _tokens(s):
            if w in names or any(v is not None and w in v for _k, v in asked):
                continue
            if tables is None:
                tables = _tables(lang)
            if not any(_in(w, text, kind, col) for text, kind, col in tables):
                out.append("not from the word table: %r in %r" % (w, s))
    return out


def _key_tables():
    """Every word table loaded now, in both languages, as (text, separator): the ones core.strings
    holds (the game's, the link's, its own) and every module's (see _tables)."""
    out = []
    seen = []
    for lang in ("en", "hu"):
        for text, kind, _col in _tables(lang):
            out.append((text, kind))
        for table in (strings._game[lang], strings._link[lang], strings._TABLES[lang]):
            if table is None or any(table is x for x in seen):
                continue
            seen.append(table)
            if getattr(table, "rows", None) is not None:
                out.append((table.rows, "|"))
            for text in getattr(table, "texts", None) or ():
                out.append((text, "="))
    return out


def _key_of(piece, tables):
    """The word key of a loaded table that holds piece (the whole key, or a part of it), or None."""
    for text, sep in tables:
        i = text.find(piece)
        while i >= 0:
            start = text.rfind("\n", 0, i) + 1
            end = text.find(sep, start)
            if end >= i + len(piece) and text.find("\n", start, end) < 0:
                return text[start:end]
            i = text.find(piece, i + 1)
    return None


def _underscored(s):
    """The runs of letters, digits and underscores in s that hold an underscore next to a letter
    or digit ("ln_hint_leave", "ln_hint", "_leave"): no word a player reads has one, a word key
    (prefix, underscore, name) has."""
    out = []
    w = ""
    for ch in s + " ":
        if ch == "_" or ch.isalpha() or ch.isdigit():
            w += ch
            continue
        if "_" in w and len(w.replace("_", "")) > 0:
            out.append(w)
        w = ""
    return out


def keys_drawn(boxes):
    """Texts drawn that are a word key, or hold one or a piece of one: t() found no word for the
    key (its table not loaded, or the key in none) and showed the key itself. Named by the key of
    a loaded table it comes from, when one has it."""
    out = []
    tables = None
    for _x, _y, _w, _h, s in boxes:
        whole = s.strip()
        pieces = _underscored(s)
        if not pieces and (not whole or " " in whole):
            continue
        if tables is None:
            tables = _key_tables()
        if not pieces:  # a key without an underscore ("settings"), drawn alone
            if any(text.find("\n" + whole + sep) >= 0 for text, sep in tables):
                out.append("a word key drawn as text: %r" % s)
            continue
        for piece in pieces:
            key = _key_of(piece, tables)
            if key == piece:
                out.append("a word key drawn as text: %r in %r" % (piece, s))
            elif key is not None:
                out.append("a piece of the word key %r drawn as text: %r in %r" % (key, piece, s))
            else:
                out.append("a word key's shape (prefix_word), in no loaded table: %r in %r" % (piece, s))
    return out


def new_app():
    return App(make_hw())


def problems(boxes):
    """Text off the display, or two texts overlapping."""
    out = []
    for x, y, w, h, s in boxes:
        if x < 0 or y < 0 or x + w > ui.W or y + h > ui.H:
            out.append("off screen: %r at (%d,%d) w=%d" % (s, x, y, w))
    for i in range(len(boxes)):
        x1, y1, w1, h1, s1 = boxes[i]
        for j in range(i + 1, len(boxes)):
            x2, y2, w2, h2, s2 = boxes[j]
            if w1 and w2 and x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1:
                out.append("overlap: %r and %r" % (s1, s2))
    return out


_ = font


def check(module, more=None):
    """(screens drawn, problems) for one module's catalogue in both languages: text off the
    display or overlapping, words from no table, word keys drawn as text; more: a game's own
    check of the texts drawn (boxes -> problems), e.g. exread.contradictions."""
    app = new_app()
    bad = []
    count = 0
    for name, screen in each_screen(app, module):
        for lang in ("en", "hu"):
            count += 1
            asked = []
            boxes = render(app, screen, lang, asked)
            found = problems(boxes) + foreign(boxes, asked, lang) + keys_drawn(boxes)
            if more is not None:
                found += more(boxes)
            for p in found:
                bad.append("%s [%s]: %s" % (name, lang, p))
    return count, bad
