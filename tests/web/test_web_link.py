# interpreters: cpython
"""Two tabs of one browser linked by a BroadcastChannel (?cable=): the real protocol bytes
through the same framing, ARQ, session and commitments as between two handhelds."""

import os
import time

from PIL import Image
from webpage import PAGE_HEAP, assert_fits, cable_name, open_mode, shows, shows_any

from host_tools.paths import ROOT

SHOTS = os.environ.get("BROADSIDE_WEB_SHOTS") == "1"
UNPLUGGED = "Cable unplugged?"  # firmware/battleship/cable/en.py lk_unplugged


def exchange(pages, until, timeout=60, gap=0.15):
    """A on every page in turn (take the coin, start with the shuffled fleet, fire; a cell
    shot already moves the cursor on) until until(seen) holds, where seen[i] is the set
    of markers page i has shown: "you" (our shot's answer), "them" (theirs), "our" /
    "their" (whose turn)."""
    seen = [set() for _ in pages]
    deadline = time.monotonic() + timeout
    while not until(seen):
        if time.monotonic() > deadline:
            raise AssertionError("the link battle stalled: seen %r" % (seen,))
        for i, p in enumerate(pages):
            p.press("A")
            rows = p.pixels()
            for mark, text, inverse in (
                ("you", "You:", False),
                ("them", "Them:", False),
                ("our", "Your turn", True),
                ("their", "Their turn", True),
            ):
                if shows(rows, text, inverse):
                    seen[i].add(mark)
        time.sleep(gap)
    return seen


def side_by_side(paths, out):
    ims = [Image.open(p) for p in paths]
    w = sum(i.width for i in ims) + 16 * (len(ims) - 1)
    sheet = Image.new("RGB", (w, max(i.height for i in ims)), "white")
    x = 0
    for im in ims:
        sheet.paste(im, (x, 0))
        x += im.width + 16
    os.makedirs(os.path.dirname(out), exist_ok=True)
    sheet.save(out)


def test_two_tabs_play_a_link_battle_unplug_and_resume(web):
    cable = cable_name()
    one = web.open("one", fresh=1, id=1, cable=cable)
    two = web.open("two", fresh=1, id=2, cable=cable)
    for p in (one, two):
        p.keys(open_mode("link_battle"))
    # past the coin toss and the first shots: each side fired and was answered
    exchange([one, two], lambda seen: all({"you", "them"} <= s for s in seen))
    if SHOTS:
        folder = os.path.join(ROOT, "build", "web-test")
        shots = [p.screenshot(os.path.join(folder, "linked-%s.png" % p.name), ".bezel") for p in (one, two)]
        side_by_side(shots, os.path.join(ROOT, "docs", "web", "web-linked.png"))

    # one tab closed mid-game: the other says so
    two.page.close()
    one.wait_screen(lambda r: shows(r, UNPLUGGED), timeout=15, what=UNPLUGGED)
    one.check()

    # the tab opened again (the same handheld: ?id=2): Continue, the link battle goes on
    two = web.open("two again", id=2, cable=cable)
    two.wait_screen(lambda r: shows(r, "Continue"), what="Continue in the main menu")
    two.keys("A")  # Continue
    two.wait_screen(lambda r: shows_any(r, "Link battle"), what="the saved link battle")
    two.keys("A")
    one.wait_screen(lambda r: not shows(r, UNPLUGGED), timeout=20, what="the cable back")
    # and the battle goes on: each side's turn comes again
    exchange([one, two], lambda seen: all({"our", "their"} <= s for s in seen))
    assert_fits(one, "link_battle", PAGE_HEAP)  # the page's default (the 192 KB proxy: test_web_memory)
    assert_fits(two, "link_battle", PAGE_HEAP)
