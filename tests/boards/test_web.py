# interpreters: cpython
"""The web board without a browser: its saves over a stand-in localStorage, its refusal
outside a page, and (when Node.js is installed) the built page's interpreter running
the firmware headless under Node, compared with the simulator's golden menu.
The real-browser tests are `make test-web`."""

import json
import os
import shutil
import subprocess

import pytest

from core.storage import Storage
from host_tools.paths import ROOT
from host_tools.sim.ssd1306 import from_png

GOLDEN = os.path.join(ROOT, "tests", "golden")


class FakeIO:
    """broadsideIO's storage calls over a dict, as localStorage keeps strings."""

    def __init__(self):
        self.items = {}
        self.full = False

    def get(self, key):
        return self.items.get(key)

    def put(self, key, text):
        if self.full:
            return False
        self.items[key] = str(text)
        return True

    def drop(self, key):
        self.items.pop(key, None)


def _storage(io):
    import web

    return Storage(web.SAVES, web.LocalStorageFs(io))


def test_web_board_refuses_outside_a_browser():
    import web

    with pytest.raises(OSError, match="runs in a browser"):
        web.make_hw()


def test_saves_over_local_storage_keep_a_backup():
    io = FakeIO()
    st = _storage(io)
    st.save("game", b"one")
    st.save("game", b"two", b"\x05")
    assert st.load("game") == (b"\x05two", "main")
    assert sorted(io.items) == ["saves/game", "saves/game.bak"]
    assert all(set(v) <= set("0123456789abcdef") for v in io.items.values())
    io.items["saves/game"] = io.items["saves/game"][:-2] + "00"  # a flipped byte: the CRC catches it
    assert st.load("game") == (b"one", "backup")
    assert st.has("game")
    st.delete("game")
    assert not st.has("game") and st.load("game") == (None, None)


def test_a_full_local_storage_keeps_the_old_save():
    from core.storage import StorageFull

    io = FakeIO()
    st = _storage(io)
    st.save("s", b"kept")
    io.full = True
    with pytest.raises(StorageFull):
        st.save("s", b"lost")
    io.full = False
    assert st.load("s") == (b"kept", "main")


def test_damaged_save_in_local_storage_is_set_aside():
    io = FakeIO()
    st = _storage(io)
    io.items["saves/x"] = "not hex"
    assert st.load("x") == (None, "damaged")
    assert "saves/x.bad" in io.items and "saves/x" not in io.items


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not shutil.which("node") or not shutil.which("npm"):
        pytest.skip("Node.js is not installed (the web page's headless check needs it)")
    from host_tools.web import page as web

    return web.build(str(tmp_path_factory.mktemp("web") / "site"))


def _headless(site, frames, keys=""):
    script = os.path.join(ROOT, "tests", "web", "headless.mjs")
    out = subprocess.run(
        ["node", script, site, str(frames), keys], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def _rows(hexbuf):
    buf = bytes.fromhex(hexbuf)
    return [[(buf[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]


def test_site_is_the_bundle_packed(site, tmp_path):
    """install.pack holds the web board's bundle, file for file, byte for byte."""
    import hashlib

    from host_tools.device import bundle

    for name in ("index.html", "broadside.js", "micropython.mjs", "micropython.wasm", "install.json"):
        assert os.path.exists(os.path.join(site, name)), name
    listed = json.load(open(os.path.join(site, "install.json")))
    pack = open(os.path.join(site, "install.pack"), "rb").read()
    want = bundle.build("web", out=str(tmp_path / "device")).by_path()
    assert sorted(f["path"] for f in listed["files"]) == sorted(want)
    assert "/boards/web.mpy" in want and "/main.py" in want and "/lib/core/app.mpy" in want
    for f in listed["files"]:
        data = pack[f["offset"] : f["offset"] + f["size"]]
        assert hashlib.sha256(data).hexdigest() == f["sha256"] == want[f["path"]].sha256, f["path"]
    assert sum(f["size"] for f in listed["files"]) == len(pack)


def test_page_interpreter_draws_the_golden_menu(site):
    run = _headless(site, 20)
    assert run["error"] is None, run
    assert _rows(run["screen"]) == from_png(os.path.join(GOLDEN, "menu.png"))


def test_page_interpreter_restarts_after_a_game(site):
    """Battleship against the CPU, then B on the fleet placing (quit): the firmware asks
    for hw.reset, the page starts a fresh interpreter, the menu comes back, and the note
    of the way back (core/restart.py) is gone from the saves."""
    run = _headless(site, 60, "A,A,A,B")
    assert run["error"] is None, run
    assert run["restarts"] == 1
    assert not [k for k in run["saves"] if "way" in k]
    rows = _rows(run["screen"])
    assert sum(map(sum, rows[:8])) > 300  # a title bar


def test_page_interpreter_switches_to_hungarian(site):
    """Settings, A on Language: the Hungarian font and words (a font call the wasm port
    once lacked crashed here)."""
    run = _headless(site, 60, "DOWN,DOWN,DOWN,DOWN,A,A")
    assert run["error"] is None and run["tracebacks"] == 0, run["lines"]
    assert _rows(run["screen"]) == from_png(os.path.join(GOLDEN, "settings_hu.png"))


@pytest.mark.parametrize("mode", ["battleship", "salvo", "link_battle", "express", "cards", "torpedo"])
def test_page_interpreter_plays_each_mode(site, mode):
    """Each game mode starts and takes presses in the page's interpreter at the 192 KB cap."""
    from host_tools.bench.memory import mode_labels

    keys = mode_labels()[mode] + ",".join(["A", "WAIT10", "RIGHT"] * 12)
    run = _headless(site, 600, keys)
    assert run["error"] is None and run["tracebacks"] == 0, run["lines"]


def test_two_page_interpreters_play_a_link_battle(site):
    """Two handhelds of the page under Node (a worker thread each, as a tab each), the
    bytes of each one's link session handed to the other as the page's cable does: they
    find each other, toss the coin and take shots; each saves the game after a turn."""
    script = os.path.join(ROOT, "tests", "web", "linked.mjs")
    keys = "A,WAIT100,DOWN,DOWN,A,WAIT150," + ",WAIT40,".join(["A"] * 5)
    cmd = ["node", script, site, "500", keys]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    one, two = (json.loads(ln) for ln in out.stdout.strip().splitlines()[-2:])
    for h in (one, two):
        assert h["error"] is None and h["crashes"] == 0, h["lines"]
        assert "saves/g_link_battle" in h["saves"], h["saves"]
    assert one["sent"] > 1000 and two["sent"] > 1000
    for a, b in ((one, two), (two, one)):  # all but the last frame's bytes arrived
        assert b["sent"] - 600 < a["got"] <= b["sent"]
