# interpreters: cpython
"""A page that cannot start says why, on the page; a firmware that runs out of heap shows
its MemoryError on the handheld's screen, as a Pico does, and the page counts the crash."""

import time

from webpage import WebHandheld


def _load(web, name, **query):
    h = WebHandheld(web.context.new_page(), web.url(**query), name)
    web.pages.append(h)
    return h


def _settle(h, timeout=30):
    deadline = time.monotonic() + timeout
    while h.state()[0] == "loading" and time.monotonic() < deadline:
        time.sleep(0.1)
    return h.state()


def test_a_page_without_its_firmware_shows_the_error(web):
    h = _load(web, "no-install", fresh=1, id=1)
    h.page.route("**/install.*", lambda route: route.abort())  # the firmware's files do not come
    h.page.goto(h.url)
    st, err = _settle(h)
    assert st == "error" and err, (st, err)
    shown = h.page.inner_text("body")
    assert err.splitlines()[0].strip() in shown, (err, shown)  # on the page, not only the console


def test_too_small_a_heap_shows_the_memory_error_on_the_screen(web):
    h = _load(web, "small", fresh=1, id=1, heap="16K")
    h.page.goto(h.url)
    _settle(h)
    deadline = time.monotonic() + 15
    while not h.page.evaluate("() => window.broadside.crashes") and time.monotonic() < deadline:
        time.sleep(0.1)
    crash = h.page.evaluate("() => window.broadside.crash || ''")
    assert "MemoryError" in crash, crash
    assert h.lit() > 200  # the crash screen
