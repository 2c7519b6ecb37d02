"""The simulator's golden screens for the browser tests: drawn by the firmware under the
MicroPython unix port from the screen catalogues (host_tools.sim.screens, as docs/img's
pictures and tests/golden are), so nothing here is a copy that could go stale."""

from webpage import PageError

from host_tools.sim import screens

_CACHE = {}


def screen(name, lang):
    """Rows of catalogue screen `name` (e.g. "home.menu") in `lang` ("en"/"hu")."""
    if (name, lang) not in _CACHE:
        for n, lg, rows in screens.collect(name, compiled=True):
            _CACHE[(n, lg)] = rows
    return _CACHE[(name, lang)]


def diff(a, b):
    return sum(x != y for ra, rb in zip(a, b) for x, y in zip(ra, rb))


def file(name):
    """Rows of tests/golden/NAME.png: the simulated handheld's screen after a key script
    (the tests/*/test_handheld.py files record them)."""
    import os

    from host_tools.paths import ROOT
    from host_tools.sim.ssd1306 import from_png

    return from_png(os.path.join(ROOT, "tests", "golden", name + ".png"))


def assert_screen(h, name, lang=None):
    """The canvas shows catalogue screen `name` in `lang`, or tests/golden/NAME.png (no lang)."""
    want = screen(name, lang) if lang else file(name)
    try:
        got = h.wait_screen(lambda rows: rows == want, timeout=10, what="%s (%s)" % (name, lang))
    except PageError:
        got = h.pixels()
        raise AssertionError(
            "%s: the canvas differs from the simulator's %s (%s) in %d pixels"
            % (h.name, name, lang, diff(got, want))
        ) from None
    return got
