# interpreters: cpython
"""The firmware's folders show its architecture: main.py and packages only, no
import cycles between its modules, and nothing test-only on the device."""

import ast
import os

import pytest

from host_tools.device import bundle
from host_tools.paths import FIRMWARE, ROOT


def firmware_modules(top=FIRMWARE):
    """{dotted module name: source path} of every module under firmware/."""
    found = {}
    for folder, _dirs, files in os.walk(top):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                rel = os.path.relpath(path, top)[:-3].replace(os.sep, ".")
                found[rel[: -len(".__init__")] if rel.endswith(".__init__") else rel] = path
    return found


def imports_of(path, known):
    """The firmware modules `path` imports, anywhere in it (a function's imports too)."""
    out = set()
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in known:
            # from pkg import sub: the submodule when there is one, else the package itself
            subs = [node.module + "." + a.name for a in node.names]
            out.update(s for s in subs if s in known)
            if not all(s in known for s in subs):
                out.add(node.module)
    return out


def import_graph(top=FIRMWARE):
    mods = firmware_modules(top)
    return {name: imports_of(path, mods) for name, path in mods.items()}


def find_cycle(graph):
    """One import cycle as a list of module names (first == last), or None."""
    state = {}  # 1: on the current path, 2: done
    path = []

    def visit(m):
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n) :] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_firmware_holds_main_and_packages_only():
    loose = [f for f in os.listdir(FIRMWARE) if f.endswith(".py") and f != "main.py"]
    assert not loose, "put these modules in a package: %s" % loose
    packages = [d for d in os.listdir(FIRMWARE) if os.path.isdir(os.path.join(FIRMWARE, d))]
    packages = [d for d in packages if d != "__pycache__"]
    assert {"core", "link", "battleship", "express", "cards", "torpedo"} <= set(packages), packages
    for d in packages:  # a package without __init__.py: nothing to run, nothing in the heap but its name
        assert not os.path.exists(os.path.join(FIRMWARE, d, "__init__.py")), d


def test_no_import_cycles_in_the_firmware():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_a_cycle(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("from pkg.b import X\n")
    (tmp_path / "pkg" / "b.py").write_text("def f():\n    from pkg import c\n")
    (tmp_path / "pkg" / "c.py").write_text("import pkg.a\n")
    (tmp_path / "pkg" / "d.py").write_text("from pkg import a, b\n")
    graph = import_graph(str(tmp_path))
    assert graph["pkg.d"] == {"pkg.a", "pkg.b"}
    assert find_cycle(graph) == ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]
    (tmp_path / "pkg" / "c.py").write_text("X = 1  # no import back: no cycle\n")
    assert find_cycle(import_graph(str(tmp_path))) is None


@pytest.fixture(scope="module")
def device_bundle(tmp_path_factory):
    return bundle.build("pico_oled", str(tmp_path_factory.mktemp("arch") / "device"))


def test_the_bundle_installs_packages_under_lib_and_no_catalogue(device_bundle):
    paths = device_bundle.paths()
    assert "/main.py" in paths and "/lib/core/app.mpy" in paths and "/lib/battleship/engine.mpy" in paths
    for p in paths:
        assert "catalog" not in p, p
        assert p.count("/") >= 2 or p in ("/main.py", "/board.txt"), "a loose module: " + p
    # every firmware module is installed, and nothing from catalogs/
    installed = {p[len("/lib/") : -len(".mpy")].replace("/", ".") for p in paths if p.startswith("/lib/")}
    for name in firmware_modules():
        assert name in installed or name == "main", name
    catalogues = [f[:-3] for f in os.listdir(os.path.join(ROOT, "catalogs")) if f.endswith(".py")]
    assert catalogues and not any(("catalogs." + c) in installed for c in catalogues)
    with open(os.path.join(device_bundle.out, "manifest.py")) as f:
        manifest = f.read()
    assert 'package("battleship"' in manifest and "catalog" not in manifest
