"""A game's help (core.pages) read off the fake handheld's display, page by page (tests only).

    pages = read_help(app, icon_keys)   # the help on top; every page in the language in use

Each page: its title with "k/n" drawn, every word of its paragraph drawn clear of the hint
(a blank line above it), and on the page of icons each icon's word with the icon left of it
as pixel art ("#" lit, "." dark; empty rows dropped), as drawn on the display.
"""

from fakehw import press
from screenread import find, words_shown

from core import font, ui
from core.hal import RIGHT


def _art(fb, x1, y):
    """The pixels left of x1 on the text line at y, without its empty rows and columns on the right."""
    rows = ["".join("#" if fb.pixel(x, y + j) else "." for x in range(x1)) for j in range(font.HEIGHT)]
    rows = [r for r in rows if "#" in r]
    w = max([r.rindex("#") + 1 for r in rows] or [0])
    return [r[:w] for r in rows]


def read_help(app, icon_keys):
    """[(title, paragraph or None, {icon key: art})] of every page of the help on top, turned
    with RIGHT until it is back on its first page."""
    helps = app.top()
    word = helps.word
    fb = app.hw.display
    out = []
    for k in range(len(helps.pages)):
        assert helps.page == k
        app.redraw()
        app.step()
        head, body = helps.pages[k]
        title = "%s %d/%d" % (word(head), k + 1, len(helps.pages))
        at = find(fb.buf, title)
        assert at is not None and at[1] < ui.BODY_Y, (title, at)  # on the title bar
        arts = {}
        if body is None:
            for key in icon_keys:
                at = find(fb.buf, word(key))
                assert at is not None and ui.BODY_Y <= at[1] < ui.HINT_Y, (key, word(key), at)
                arts[key] = _art(fb, at[0], at[1])
            body = helps.icons_text or None
        if body is not None:
            said = word(body)
            assert words_shown(fb.buf, [said]) == [said], (k, said)
            above = range(ui.HINT_Y - font.LINE, ui.HINT_Y)
            lit = [y for y in above if any(fb.pixel(x, y) for x in range(128))]
            assert not lit, (k, "no blank line above the hint", lit)
        out.append((title, body and word(body), arts))
        press(app, RIGHT)
    assert helps.page == 0  # round again
    return out
