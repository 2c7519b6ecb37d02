# interpreters: cpython
"""The README's pictures are what the firmware draws now (host_tools/art/docs_img.py)."""

import os
import re

import pytest

from host_tools.art import docs_img
from host_tools.paths import ROOT


@pytest.fixture(scope="module")
def drawn():
    return docs_img.render()


def _shown():
    """Every docs/img picture the README and docs/*.md show."""
    found = set()
    docs = [os.path.join(ROOT, "README.md")]
    folder = os.path.join(ROOT, "docs")
    docs += [os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".md")]
    for path in docs:
        with open(path) as f:
            found |= set(re.findall(r"docs/img/([\w-]+\.png)", f.read()))
    return found


def test_every_picture_is_what_the_firmware_draws_now(drawn):
    bad = docs_img.stale(drawn=drawn)
    assert not bad, "stale pictures: %s; run `make docs` and commit docs/img" % ", ".join(bad)


def test_every_picture_shown_is_drawn_by_the_firmware_and_every_mode_is_shown():
    made = {"%s-%s.png" % (p, lang) for p, _screen in docs_img.PICTURES for lang in docs_img.LANGS}
    shown = _shown()
    assert shown <= made, "drawn by hand (add them to docs_img.PICTURES): %s" % sorted(shown - made)
    assert made <= shown, "made but not shown: %s" % sorted(made - shown)
    assert set(os.listdir(docs_img.IMG)) == made, "docs/img holds pictures nobody shows"


def test_a_changed_screen_is_named_as_stale(drawn, tmp_path):
    folder = str(tmp_path)
    for (picture, lang), rows in drawn.items():
        docs_img.to_png(rows, docs_img.path_of(picture, lang, folder), scale=docs_img.SCALE)
    assert docs_img.stale(folder, drawn) == []
    changed = dict(drawn)
    rows = [list(r) for r in changed[("express", "hu")]]
    rows[30][64] ^= 1  # one pixel of what the firmware would draw
    changed[("express", "hu")] = rows
    named = os.path.relpath(docs_img.path_of("express", "hu", folder), ROOT)
    assert docs_img.stale(folder, changed) == [named]
