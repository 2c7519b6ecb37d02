# interpreters: cpython
"""How long the page takes to start on a local server and how many bytes it ships (the
issue's closing note wants both; tests/web/conftest.py prints them after the run)."""

from webpage import NUMBERS

LOADS = 3
LOAD_MAX_MS = 10000  # a hang, not a slow machine: the target (2 s) is reported


def shipped(h):
    """Bytes the page fetched: the document and every resource (the server sends no-store,
    so each is a full transfer; bodies as sent, without headers)."""
    return h.page.evaluate(
        "() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".reduce((n, e) => n + (e.encodedBodySize || 0), 0)"
    )


def test_load_time_and_bytes_shipped(web):
    h = web.open(fresh=1, id=1)
    times = []
    for _ in range(LOADS):
        h.open(web.url(id=1))  # a reload
        times.append(h.page.evaluate("() => window.broadside.loadMs"))
        timing = h.page.evaluate("() => window.broadside.timing || {}")
    size = shipped(h)
    times.sort()
    NUMBERS["load_ms_median"] = times[len(times) // 2]
    NUMBERS["load_ms"] = times
    NUMBERS["timing_ms"] = timing
    NUMBERS["bytes_shipped"] = size
    assert 0 < times[len(times) // 2] < LOAD_MAX_MS, times
    assert 500_000 < size < 5_000_000, size  # the wasm alone is ~0.5 MB
    h.check()
