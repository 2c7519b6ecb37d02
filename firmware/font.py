HEIGHT = 8
LINE = 9
SMALL_HEIGHT = 5


def width(s):
    return len(s) * 8


def text(fb, s, x, y, color=1):
    fb.text(s, x, y, color)
    return x + 8 * len(s)


def fit(s, px):
    while width(s) > px and len(s) > 1:
        s = s[:-2] + "."
    return s


small_width = width
small_text = text
