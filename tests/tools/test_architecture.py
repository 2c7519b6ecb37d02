# interpreters: cpython
"""The project's folders show its architecture: firmware/ holds main.py and packages only, no
import cycles anywhere (firmware/, boards/, host_tools/, catalogs/), every test file says which
interpreters run it, and nothing test-only on the device."""

import ast
import glob
import os

import pytest

from host_tools.check.mptest import interpreters
from host_tools.device import bundle
from host_tools.paths import BOARDS, FIRMWARE, ROOT

# (folder, the folder its modules' dotted names start from): the firmware's and the boards'
# modules import by their device names, the host tools and the catalogues by the checkout's
ROOTS = (
    (FIRMWARE, FIRMWARE),
    (BOARDS, BOARDS),
    (os.path.join(ROOT, "host_tools"), ROOT),
    (os.path.join(ROOT, "catalogs"), ROOT),
)


def firmware_modules(top=FIRMWARE, base=None):
    """{dotted module name: source path} of every module under top, named from base (top)."""
    base = base or top
    found = {}
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                rel = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
                found[rel[: -len(".__init__")] if rel.endswith(".__init__") else rel] = path
    return found


def imports_of(path, known):
    """The known modules `path` imports, anywhere in it (a function's imports too)."""
    out = set()
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # from pkg import sub: the submodule when there is one, else the module itself
            # (a package without __init__.py, as the firmware's, is no module of its own)
            subs = [node.module + "." + a.name for a in node.names]
            out.update(s for s in subs if s in known)
            if node.module in known and not all(s in known for s in subs):
                out.add(node.module)
    return out


def import_graph(top=FIRMWARE, roots=None):
    """{module: the modules it imports} over roots ((folder, base) pairs; top alone by default)."""
    mods = {}
    for folder, base in roots or ((top, top),):
        mods.update(firmware_modules(folder, base))
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
    assert sorted(packages) == ["battleship", "cards", "core", "express", "link", "torpedo"], packages
    for folder, dirs, _files in os.walk(FIRMWARE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        # a package without __init__.py: nothing to run, nothing in the heap but its name
        assert not os.path.exists(os.path.join(folder, "__init__.py")), folder


def test_every_game_holds_its_cable_opponent_under_the_same_names():
    """One package per game, the cable inside it as the CPU is: <game>/cable/ with `game` (its
    side of the protocol), `ui` (the cable mode's entry) and, where the save is its own, `save`;
    the modes' rows start the cable games from there."""
    from core.modes import MODES, MODULE

    for game in ("battleship", "express", "cards", "torpedo"):
        cable = os.path.join(FIRMWARE, game, "cable")
        names = sorted(f[:-3] for f in os.listdir(cable) if f.endswith(".py"))
        assert "game" in names and "ui" in names, (game, names)
        assert os.path.exists(os.path.join(cable, "save.py")) or game == "torpedo", game  # its match's
        loose = [f for f in os.listdir(os.path.join(FIRMWARE, game)) if f.startswith(("link_", "cable_"))]
        assert not loose, (game, loose)
    starts = [m[MODULE] for m in MODES]
    for module in starts:
        parts = module.split(".")
        assert parts[-1] == "ui" and parts[0] in ("battleship", "express", "cards", "torpedo"), module
    assert {"battleship.cable.ui", "express.cable.ui", "cards.cable.ui"} <= set(starts), starts


def test_no_import_cycles_anywhere():
    graph = import_graph(roots=ROOTS)
    assert "host_tools.bench.memory" in graph and "catalogs.cards" in graph and "pico_oled" in graph
    assert "core.app" in graph["core.home"] or "core.ui" in graph["core.home"]  # `from core import x` seen
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_sees_a_cycle_across_folders(tmp_path):
    """A firmware module and a host tool importing each other (as the soak and memory benches once
    did, one of them inside a function) make one cycle over the folders the test reads."""
    (tmp_path / "fw" / "core").mkdir(parents=True)
    (tmp_path / "tools").mkdir()
    (tmp_path / "fw" / "core" / "a.py").write_text("def f():\n    from tools import b\n")
    (tmp_path / "tools" / "__init__.py").write_text("")
    (tmp_path / "tools" / "b.py").write_text("from core import a\n")
    roots = ((str(tmp_path / "fw"), str(tmp_path / "fw")), (str(tmp_path / "tools"), str(tmp_path)))
    assert find_cycle(import_graph(roots=roots)) == ["core.a", "tools.b", "core.a"]
    (tmp_path / "tools" / "b.py").write_text("X = 1\n")
    assert find_cycle(import_graph(roots=roots)) is None


def test_every_test_file_names_its_interpreters():
    """A test file without its first line would run under neither runner's rule (pytest would
    take it, MicroPython never)."""
    files = glob.glob(os.path.join(ROOT, "tests", "**", "test_*.py"), recursive=True)
    assert len(files) > 100
    bad = [f for f in files if not interpreters(f) or set(interpreters(f)) - {"micropython", "cpython"}]
    assert not bad, "first line `# interpreters: micropython cpython` (or one of them) missing: %s" % bad


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
