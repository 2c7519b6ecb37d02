"""The pictures the README and docs/ show, drawn by the firmware itself.

    python -m host_tools.art.docs_img          (make docs) -> docs/img/<picture>-<lang>.png
    python -m host_tools.art.docs_img --check  names every picture that differs from what
                                           the firmware draws now (exit 1)

Each picture is one screen of the catalogues (catalogs/, the same screens the
layout tests check), rendered from the compiled firmware under the
MicroPython unix port in English and Hungarian: nothing is drawn by hand, so
a picture cannot go stale without tests/tools/test_docs_img.py saying so.
"""

import os
import sys

from host_tools.paths import ROOT
from host_tools.sim import screens
from host_tools.sim.ssd1306 import from_png, to_png

IMG = os.path.join(ROOT, "docs", "img")
LANGS = ("en", "hu")
SCALE = 3

# picture -> the catalogue screen it shows
PICTURES = (
    ("menu", "home.menu"),
    ("battleship", "battleship.aim"),
    ("salvo", "battleship.salvo"),
    ("link-battle", "link_battle.coin_you_first"),
    ("express", "express.reroll"),
    ("link-express", "link_express.their_roll"),
    ("cards", "cards.hand"),
    ("link-cards", "link_cards.their_play"),
    ("torpedo", "torpedo.scope_aim"),
)


def path_of(picture, lang, folder=IMG):
    return os.path.join(folder, "%s-%s.png" % (picture, lang))


def render():
    """{(picture, lang): rows} as the firmware draws them now."""
    wanted = dict(PICTURES)
    by_screen = {}
    for prefix in sorted({s.split(".")[0] for s in wanted.values()}):  # one process a module
        for name, lang, rows in screens.collect(prefix + ".", compiled=True):
            by_screen[(name, lang)] = rows
    out = {}
    for picture, screen in PICTURES:
        for lang in LANGS:
            if (screen, lang) not in by_screen:
                raise SystemExit("docs_img: no screen %r in the catalogues (catalogs/)" % screen)
            out[(picture, lang)] = by_screen[(screen, lang)]
    return out


def write(folder=IMG):
    os.makedirs(folder, exist_ok=True)
    drawn = render()
    for (picture, lang), rows in sorted(drawn.items()):
        to_png(rows, path_of(picture, lang, folder), scale=SCALE)
    return sorted(path_of(p, lang, folder) for p, lang in drawn)


def stale(folder=IMG, drawn=None):
    """The pictures in `folder` that are missing or differ from what the firmware draws."""
    drawn = render() if drawn is None else drawn
    out = []
    for (picture, lang), rows in sorted(drawn.items()):
        path = path_of(picture, lang, folder)
        if not os.path.exists(path) or from_png(path, scale=SCALE) != rows:
            out.append(os.path.relpath(path, ROOT))
    return out


def main(argv):
    if "--check" in argv:
        bad = stale()
        for p in bad:
            print("stale: %s (run `make docs`)" % p)
        return 1 if bad else 0
    for p in write():
        print("wrote", os.path.relpath(p, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
