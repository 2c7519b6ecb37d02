"""Screens and the drawing helpers every screen shares.

A Screen reacts to buttons in update(app) and paints itself in draw(app, fb);
it calls app.redraw() when what it shows changed, so unchanged frames cost
nothing. Layout on 128x64: a title bar (rows 0-8), a body, and a hint line
(rows 56-63).
"""

from core import font
from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from core.strings import t

W = 128
H = 64
BODY_Y = 11
HINT_Y = 56
MARKER_X = 1
ITEM_X = 8


# When a list, every text drawn through text() appends (x, y, w, h, s): the
# screen tests check that nothing runs off the display or overlaps.
TRACE = None


def text(fb, s, x, y, color=1):
    """Draw s in the main font; all screen text goes through here."""
    if TRACE is not None:
        TRACE.append((x, y, font.width(s), font.HEIGHT, s))
    return font.text(fb, s, x, y, color)


def small(fb, s, x, y, color=1):
    """Draw s in the small 3x5 font (grid labels)."""
    if TRACE is not None:
        TRACE.append((x, y, font.small_width(s), font.SMALL_HEIGHT, s))
    return font.small_text(fb, s, x, y, color)


def wrap(s, max_px):
    """Split s into lines no wider than max_px, at spaces where possible."""
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            cand = word if not line else line + " " + word
            if font.width(cand) <= max_px:
                line = cand
                continue
            if line:
                lines.append(line)
            while font.width(word) > max_px:  # a word longer than the line
                n = len(word)
                while n > 1 and font.width(word[:n]) > max_px:
                    n -= 1
                lines.append(word[:n])
                word = word[n:]
            line = word
        lines.append(line)
    return lines


class Screen:
    def enter(self, app):
        pass

    def resume(self, app):
        """Back on top after the screen above it closed."""
        app.redraw()

    def update(self, app):
        pass

    def draw(self, app, fb):
        pass


def title(fb, s):
    fb.fill_rect(0, 0, W, 9, 1)
    text(fb, font.fit(s, W - 4), 2, 1, 0)


def hint(fb, s):
    text(fb, font.fit(s, W), 0, HINT_Y, 1)


def center(fb, s, y, color=1):
    s = font.fit(s, W)
    text(fb, s, (W - font.width(s)) // 2, y, color)


def marker(fb, x, y):
    # a small filled triangle pointing right, 4 wide, 7 tall
    for i in range(4):
        fb.vline(x + i, y + i, 7 - 2 * i, 1)


def choices(fb, keys, sel, x, y, px):
    """The words of `keys` one under another from y (9 px apart), each fitted to px with the
    marker before the chosen one (a menu in a panel beside a grid)."""
    for i in range(len(keys)):
        if i == sel:
            marker(fb, x, y)
        text(fb, font.fit(t(keys[i]), px - 6), x + 6, y, 1)
        y += 9


class Menu(Screen):
    """A titled list. items: (label key or callable returning text, action)
    where action(app) runs on A. B calls on_back(app) (default: close)."""

    rows = 5
    pitch = 9

    def __init__(self, title_key, items, on_back=None, hint_key="hint_menu"):
        self.title_key = title_key
        self.items = items
        self.on_back = on_back
        self.hint_key = hint_key
        self.sel = 0
        self.top = 0

    def label(self, i):
        lab = self.items[i][0]
        return lab() if callable(lab) else t(lab)

    def update(self, app):
        btn = app.buttons
        n = len(self.items)
        if btn.pressed(UP) and n:
            self.move(app, -1)
        elif btn.pressed(DOWN) and n:
            self.move(app, 1)
        elif btn.pressed(A) and n:
            app.cue("click")
            self.items[self.sel][1](app)
        elif btn.pressed(B):
            if self.on_back:
                self.on_back(app)
            else:
                app.pop()
        else:
            self.side(app, btn)

    def side(self, app, btn):
        pass

    def move(self, app, d):
        self.sel = (self.sel + d) % len(self.items)
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + self.rows:
            self.top = self.sel - self.rows + 1
        app.redraw()

    def draw(self, app, fb):
        title(fb, t(self.title_key))
        end = min(len(self.items), self.top + self.rows)
        for i in range(self.top, end):
            y = BODY_Y + (i - self.top) * self.pitch
            if i == self.sel:
                marker(fb, MARKER_X, y)
            self.draw_item(fb, i, y)
        if self.top > 0:
            fb.pixel(W - 3, BODY_Y, 1)
            fb.hline(W - 4, BODY_Y + 1, 3, 1)
        if end < len(self.items):
            y = BODY_Y + self.rows * self.pitch - 3
            fb.hline(W - 4, y, 3, 1)
            fb.pixel(W - 3, y + 1, 1)
        if self.hint_key:
            hint(fb, t(self.hint_key))

    def draw_item(self, fb, i, y):
        text(fb, font.fit(self.label(i), W - ITEM_X - 6), ITEM_X, y, 1)

    def edge(self):
        """The right edge an item may use: clear of the scroll arrows when the list scrolls."""
        return W - 7 if len(self.items) > self.rows else W - 1


class Message(Screen):
    """Lines of text; any of A/B closes it (then runs on_close)."""

    hint_key = "hint_ok"  # the hint line's words (a page opened from a menu: "B: back")

    def __init__(self, head, lines, on_close=None):
        self.head = head
        self.lines = lines
        self.on_close = on_close

    def update(self, app):
        if app.buttons.pressed(A) or app.buttons.pressed(B):
            app.pop()
            if self.on_close:
                self.on_close(app)

    def draw(self, app, fb):
        title(fb, self.head)
        y = BODY_Y
        for para in self.lines:
            for line in wrap(para, W):
                if y + font.HEIGHT > HINT_Y:
                    break
                text(fb, line, 0, y, 1)
                y += font.LINE
        hint(fb, t(self.hint_key))


ARROWS = (UP, DOWN, LEFT, RIGHT)
