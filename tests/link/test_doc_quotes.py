# interpreters: cpython
"""docs/link-protocol.md quotes a screen's words in italics, *"like this"* (the convention its
opening states): every such quote is, word for word, an English line of the firmware's word
tables, a number or a cell standing for the line's %d or %s (issue 41, 8: the doc said "owed a
message" where the screen said "owed a move", and "Opponent's" where it said "The other's")."""

import ast
import os
import re

from host_tools.paths import FIRMWARE, ROOT

_KEY_VALUE = re.compile(r"^[a-z][a-z0-9_]*=(.*)$")  # core.wordlist.Words: key=text
_ROW = re.compile(r"^[a-z][a-z0-9_]*\|([^|]*)\|")  # core.wordlist.Column: key|English|Magyar
_QUOTE = re.compile(r'\*"([^"*]+)"\*')


def english_words():
    """Every English line of every word table under firmware/ (Hungarian files and tables left out)."""
    out = []
    for folder, _dirs, files in os.walk(FIRMWARE):
        for name in files:
            if not name.endswith(".py") or name.startswith("hu"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Assign):
                    targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
                    if any("HU" in t for t in targets):
                        continue
                    for sub in ast.walk(node.value):
                        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                            for line in sub.value.split("\n"):
                                m = _KEY_VALUE.match(line) or _ROW.match(line)
                                if m:
                                    out.append(m.group(1))
    return out


def _pattern(word):
    parts = re.split(r"(%[sd])", word)
    return re.compile("".join(".+" if p in ("%s", "%d") else re.escape(p) for p in parts) + r"\Z")


def doc_quotes():
    with open(os.path.join(ROOT, "docs", "link-protocol.md"), encoding="utf-8") as f:
        text = f.read()
    return [" ".join(q.split()) for q in _QUOTE.findall(text)]


def test_every_screen_quote_in_the_protocol_doc_is_the_firmwares_english_words():
    words = [_pattern(w) for w in english_words()]
    quotes = doc_quotes()
    assert len(quotes) >= 12, quotes  # the convention is in use
    missing = [q for q in quotes if q != "like this" and not any(p.match(q) for p in words)]
    assert not missing, missing


def test_two_different_cheats_never_read_the_same():
    """The card game's two cards alike at the shuffle and its shuffle unlike its key at the end
    were both "The other stacked its deck"."""
    from cards.text import EN, HU

    for table in (EN, HU):
        assert table.get("cg_why23") != table.get("cg_why28"), table.get("cg_why23")
