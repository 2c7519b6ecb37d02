"""A game's help on the handheld: pages of words, one at a time. LEFT/RIGHT (UP/DOWN, A) turn
the page, B closes it. A game's help module subclasses Pages with its pages, its words and,
for a page without a paragraph, its icons; both modules are in the heap only while the help
is open (closing it drops them).
"""

from core import font, strings, ui
from core.compat import unload
from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from core.wordlist import Column


class Pages(ui.Screen):
    pages = ()  # type: tuple  # (title key, paragraph key, or None for the page of icons)
    rows = ()  # type: tuple  # the help's own words: "key|English|Magyar" texts (several small: each loads whole)
    module = ""  # the subclass's module: dropped with this one when the help closes
    hint_key = ""

    def __init__(self, page=0):
        self.page = page

    def word(self, key):
        """key's word in the language shown: the help's own, else the game's."""
        col = 2 if strings.lang() == "hu" else 1
        for text in self.rows:
            s = Column(text, col).get(key)
            if s is not None:
                return s
        return strings.t(key)

    icons_text = ""  # a paragraph key to follow the icons on their page ("": none)

    def icons(self, fb, y):
        """The page of icons: each with its word, from y; returns the y below."""
        return y

    def update(self, app):
        btn = app.buttons
        n = len(self.pages)
        if btn.pressed(B):
            app.pop()
            unload(self.module, "core.pages")
        elif btn.pressed(RIGHT) or btn.pressed(A) or btn.pressed(DOWN):
            self.page = (self.page + 1) % n
            app.redraw()
        elif btn.pressed(LEFT) or btn.pressed(UP):
            self.page = (self.page - 1) % n
            app.redraw()

    def draw(self, app, fb):
        head, body = self.pages[self.page]
        ui.title(fb, "%s %d/%d" % (self.word(head), self.page + 1, len(self.pages)))
        y = ui.BODY_Y
        if body is None:
            y = self.icons(fb, y)
            body = self.icons_text
        lines = ui.wrap(self.word(body), ui.W) if body else ()
        for line in lines:  # a paragraph: at most 4 lines a page (the games' help tests)
            if y + font.HEIGHT > ui.HINT_Y:
                break
            ui.text(fb, line, 0, y)
            y += font.LINE
        ui.hint(fb, self.word(self.hint_key))

    def icon_rows(self, fb, y, rows, draw):
        """Icons down the left, each with its word: rows of (icon, word key), draw(fb, icon, y)."""
        for icon, key in rows:
            draw(fb, icon, y + 1)
            ui.text(fb, font.fit(self.word(key), ui.W - 9), 9, y)
            y += font.LINE
        return y
