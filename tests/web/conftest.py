"""The web handheld in a real browser (make test-web): the page built by host_tools.web.page,
served here on a free loopback port, opened in Debian's Chromium through Playwright.

Set-up failures (no Chromium, no Playwright, the page does not build) stop the run with
one line naming what is missing: never a silent skip. On a test's failure every page it
opened is saved as a screenshot under build/web-test/ and its console is printed.
"""

import functools
import http.server
import json
import os
import re
import shutil
import sys
import threading

import pytest

from host_tools.paths import BUILD

# the web tests' helpers (webpage.py, golden.py) sit beside them: pytest imports test files
# by path (--import-mode=importlib), so this folder goes on the path for their imports
HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from webpage import NUMBERS, WebHandheld  # noqa: E402

CHROMIUM = os.environ.get("BROADSIDE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = os.path.join(BUILD, "web-test")


def _setup_error(msg):
    pytest.exit("test-web set-up: " + msg, returncode=3)


# -- the page, built and served ---------------------------------------------------------
@pytest.fixture(scope="session")
def site():
    """The built page's folder (make test-web builds it first: BROADSIDE_WEB_DIR)."""
    folder = os.environ.get("BROADSIDE_WEB_DIR")
    if not folder:
        try:
            from host_tools.web import page as web
        except ImportError as e:
            _setup_error("host_tools/web/page.py is missing (%s): the page's build (make web-build)" % e)
        folder = web.build(os.path.join(BUILD, "web"))
    if not os.path.exists(os.path.join(folder, "index.html")):
        _setup_error("no index.html in %s: run make web-build" % folder)
    return folder


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(
        http.server.SimpleHTTPRequestHandler.extensions_map,
        **{
            ".wasm": "application/wasm",
            ".mjs": "text/javascript",
            ".js": "text/javascript",
            ".mpy": "application/octet-stream",
        },
    )

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server(site):
    """http://127.0.0.1:PORT/ serving the page (a free port: the OS picks it)."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=site))
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield "http://127.0.0.1:%d/" % httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


# -- the browser ------------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        _setup_error("%s is missing (apt-get install -y chromium; make test-web does it as root)" % CHROMIUM)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _setup_error("the Python package playwright is missing (make test-web installs requirements-web.txt)")
    pw = sync_playwright().start()
    try:
        # Playwright gives each launch a new empty profile (its own --user-data-dir)
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    except Exception as e:
        pw.stop()
        _setup_error("Chromium %s does not start under Playwright: %s" % (CHROMIUM, str(e).splitlines()[0]))
    yield b
    b.close()
    pw.stop()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    setattr(item, "rep_" + rep.when, rep)
    return rep


class Browser:
    """The pages of one test, in one browser context (one localStorage, one BroadcastChannel
    space: two tabs of the same browser)."""

    def __init__(self, browser, server):
        self.server = server
        self.context = browser.new_context(viewport={"width": 900, "height": 700})
        self.pages = []

    def url(self, **query):
        q = "&".join("%s=%s" % kv for kv in sorted(query.items()))
        return self.server + ("?" + q if q else "")

    def open(self, name="page", **query):
        """A new tab on the page with this query (?fresh=1 &id=N &cable=NAME ...), running."""
        h = WebHandheld(self.context.new_page(), self.url(**query), name)
        self.pages.append(h)
        return h.open()

    def close(self):
        self.context.close()


@pytest.fixture
def web(browser, server, request):
    b = Browser(browser, server)
    yield b
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        os.makedirs(SHOTS, exist_ok=True)
        stem = re.sub(r"[^\w-]+", "_", request.node.name)
        for i, h in enumerate(b.pages):
            print("\n--- console of %s (%s) ---" % (h.name, h.url))
            print("\n".join(h.console[-200:]) or "(empty)")
            try:
                if not h.page.is_closed():
                    shot = os.path.join(SHOTS, "%s-%d-%s.png" % (stem, i, h.name))
                    print("screenshot: %s" % h.screenshot(shot))
            except Exception as e:  # a crashed page has no screenshot
                print("no screenshot of %s: %s" % (h.name, e))
    b.close()


def pytest_terminal_summary(terminalreporter):
    if NUMBERS:
        terminalreporter.write_line("web page: " + json.dumps(NUMBERS, sort_keys=True))


def pytest_sessionstart(session):
    if os.path.isdir(SHOTS):
        shutil.rmtree(SHOTS, ignore_errors=True)
