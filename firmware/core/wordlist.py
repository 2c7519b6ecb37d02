"""A game's words in one language, kept as text: one "key=value" line per word.

strings.add() takes anything with get(key) like a dict's, so a game can hand
it Words instead of dicts. Why: on MicroPython a dict of 130 short strings
per language costs about 10 KB of heap on the RP2040 (about 20 KB on the
64-bit unix port), the same words as one text a third of that. A lookup
searches the text (fast, in C) and returns a new string: call it when a
screen changes, never per frame. Values cannot hold a newline.

    EN = Words('''
    ta_start=Start
    ta_hit=HIT! +%d
    ''')
    EN.get("ta_hit")  -> "HIT! +%d"

Words(None, "torpedo.en") takes its text from the module torpedo.en's TEXT the first
time a word is asked for, and drops the module (the text stays): a language
nobody asks for never comes into the heap.
"""

from core.compat import load, unload


class Words:
    def __init__(self, text, module=None):
        self.texts = [text] if text is not None else []
        self.module = module

    def add(self, text):
        """More words (a part of the game loaded later, e.g. the cable's)."""
        if text not in self.texts:
            self.texts.append(text)

    def drop(self, text):
        if text in self.texts:
            self.texts.remove(text)

    def get(self, key, default=None):
        if self.module is not None:
            name, self.module = self.module, None
            self.texts.insert(0, load(name).TEXT)
            unload(name)
        probe = "\n" + key + "="
        for s in self.texts:
            i = s.find(probe)
            if i >= 0:
                i += len(probe)
                j = s.find("\n", i)
                return s[i:j] if j >= 0 else s[i:]
        return default


class Column:
    """One language column of a two-language table kept as text, one
    "key|English|Magyar" line per word (the table starts with a newline),
    with the same get() as Words."""

    def __init__(self, rows, col):
        self.rows = rows
        self.col = col

    def get(self, key, default=None):
        rows = self.rows
        i = rows.find("\n" + key + "|")
        if i < 0:
            return default
        i += len(key) + 2
        if self.col == 2:
            i = rows.index("|", i) + 1
            return rows[i : rows.index("\n", i)]
        return rows[i : rows.index("|", i)]
