# interpreters: cpython
"""The MicroPython test run gives a test the same heap wherever the checkout
lives and whoever runs it: a test that fits 192K here fits it in CI too."""

import os

from host_tools.check import mptest, mpycheck
from host_tools.paths import ROOT

_PROBE = '''import gc
from core import app, ui


def test_heap():
    gc.collect()
    print("#HEAP %d" % gc.mem_alloc())
'''


def _checkout(at):
    """A checkout at `at`: the repository's folders linked in, and a probe test."""
    os.makedirs(os.path.join(at, "probe"))
    for name in ("firmware", "boards", "tests", "build", "host_tools"):  # host_tools: the image's launcher
        os.symlink(os.path.join(ROOT, name), os.path.join(at, name))
    with open(os.path.join(at, "probe", "test_heap.py"), "w") as f:
        f.write(_PROBE)
    return at


def _heap(root, home, mpy):
    env = dict(mptest.ENV)  # the environment the test run gives MicroPython, but for HOME
    env.pop("HOME", None)
    if home:
        env["HOME"] = home
    out = mptest.run_file("probe/test_heap.py", root=root, mpy=mpy, env=env)
    heaps = [int(line.split()[1]) for line in out.splitlines() if line.startswith("#HEAP ")]
    assert len(heaps) == 1 and "#RESULT 1 0 0" in out, out
    return heaps[0]


def test_heap_does_not_depend_on_where_the_checkout_is_nor_on_home(tmp_path):
    assert mpycheck.compile_all(quiet=True) == 0
    short = _checkout(str(tmp_path / "a"))
    deep = _checkout(str(tmp_path / ("a-much-longer-folder-name-" * 4) / "and" / "deeper" / "main"))
    for mpy in ("build/mpycheck", None):  # from the ROMFS image (the default) and from sources
        seen = {
            _heap(short, "/root", mpy),
            _heap(deep, "/home/a-user-with-a-long-name/and/a/longer/home", mpy),
            _heap(short, None, mpy),
        }
        assert len(seen) == 1, (mpy, seen)
