"""`make typecheck`: the firmware checked against the RPI_PICO port's real API.

basedpyright (pyright with its own node.js, from PyPI: nothing is downloaded at
check time) checks firmware/ and boards/pico_oled.py with pyright's `basic` rules
against micropython-rp2-rpi-pico-stubs, stubs generated from the RPI_PICO
firmware itself, and micropython-stdlib-stubs (MicroPython's standard library
in place of CPython's typeshed), both pinned in requirements.txt. A call the
rp2 port lacks (os.getenv, a machine function the Pico has not) is an error
naming it, though the unix port the tests run on has it. (micropython-stdlib-stubs'
os is typeshed's, CPython's names and all: the check cuts it to the names the rp2
port's os has, RP2_OS below.) Rules: `basic`, but reportOptionalMemberAccess is a
warning (`python -m host_tools.check.typecheck --level warning` lists them; why: in the
config below); make test prints errors only.

The two stub packages land in the venv's site-packages among CPython's
packages; the check sees only them: build/typecheck/ gets a copy of each
package's files (stubs/ and typeshed/stdlib/) and an empty stand-in venv, so
a firmware import of a host-only package fails too. The firmware's packages
import as top-level names (firmware/ is /lib on the device) and the OLED
driver is the one the device gets (build/mplib, from host_tools.device.deps).

The other boards are checked against the ports they run on, the same way:
boards/sim.py against micropython-unix-stubs, boards/web.py against
micropython-webassembly-stubs (requirements-stubs.txt; each in its own folder,
.venv/port-stubs/<port>, since their modules share names with the rp2 ones).

Not checked, and why: host_tools/ and tests/ run on CPython, never on a
MicroPython port; pytest runs all of them on every `make test`, which is
what they are checked against.

Suppressions are `# <reason>  # pyright: ignore[rule]` on the line
(`# type: ignore` is switched off, an unneeded ignore is an error). Where the
checker needs a declaration the device must not pay for: a class-level
annotation (MicroPython compiles nothing for it), a `# type:` comment, or
an import under `if _TYPING:` with `_TYPING = const(0)` (MicroPython's compiler
drops the whole block; the checker reads `_TYPING` as true).
"""

import ast
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import time

from host_tools.paths import BUILD, MPLIB, ROOT, tool

TYPECHECK_DIR = os.path.join(BUILD, "typecheck")
RP2_STUBS = "micropython-rp2-rpi-pico-stubs"
STDLIB_STUBS = "micropython-stdlib-stubs"
# what the device runs: main.py, the packages, the Pico's board
RP2_INCLUDE = ("firmware", "boards/pico_oled.py")
# the other boards, each on its own port's stubs (requirements-stubs.txt)
PORT_STUBS_REQ = os.path.join(ROOT, "requirements-stubs.txt")
PORT_STUBS_DIR = os.path.join(ROOT, ".venv", "port-stubs")
CHECKS = (
    ("rp2", RP2_INCLUDE),
    ("unix", ("boards/sim.py",)),
    ("webassembly", ("boards/web.py",)),
)
RULES = "basic"
# What `os` holds on the rp2 port: extmod/modos.c's table with ports/rp2/mpconfigport.h
# at v1.28.0 (MICROPY_VFS, _SYNC, _UNAME, _URANDOM, _DUPTERM on; GETENV_PUTENV_UNSETENV,
# SYSTEM, ERRNO off). micropython-stdlib-stubs' os is typeshed's, CPython's names and all
# (os.getenv among them): the check cuts it to these.
RP2_OS = frozenset(
    "sync uname urandom sep chdir getcwd listdir mkdir remove rename rmdir unlink stat statvfs "
    "dupterm dupterm_notify ilistdir mount umount VfsFat VfsLfs2".split()
)


def _cut(body, keep):
    """A stub's statements without the public functions and values not in keep (types stay)."""
    out = []
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name in keep or node.name.startswith("_"):
                out.append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if not names or any(n in keep or n.startswith("_") for n in names):
                out.append(node)
        elif isinstance(node, ast.If):
            node.body = _cut(node.body, keep) or [ast.Expr(ast.Constant(...))]
            node.orelse = _cut(node.orelse, keep)
            out.append(node)
        else:
            out.append(node)
    return out


def cut_stub(path, keep):
    with open(path) as f:
        tree = ast.parse(f.read())
    tree.body = _cut(tree.body, keep)
    with open(path, "w") as f:
        f.write("# cut to the rp2 port's names by host_tools/check/typecheck.py\n" + ast.unparse(tree) + "\n")


def _copy_dist(dist, dest, under=""):
    """Copy the .pyi files (and typeshed's VERSIONS) of an installed distribution to dest."""
    try:
        files = importlib.metadata.files(dist)
    except importlib.metadata.PackageNotFoundError:
        raise SystemExit("broadside: %s is not installed in this venv; run `make venv`" % dist)
    n = 0
    for f in files or ():
        name = str(f)
        if not (name.endswith(".pyi") or name.endswith("/VERSIONS")) or not name.startswith(under):
            continue
        target = os.path.join(dest, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(str(f.locate()), target)
        n += 1
    return n


def _copy_tree(src, dest):
    n = 0
    for folder, _dirs, files in os.walk(src):
        for name in files:
            if name.endswith(".pyi"):
                rel = os.path.relpath(os.path.join(folder, name), src)
                target = os.path.join(dest, rel)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(os.path.join(folder, name), target)
                n += 1
    return n


def port_stub_dirs(req=PORT_STUBS_REQ, root=PORT_STUBS_DIR):
    """{port: folder} of the other ports' stubs: one pip --target folder each (their modules
    share names, so they cannot share site-packages), from requirements-stubs.txt."""
    out = {}
    with open(req) as f:
        for line in f:
            pin = line.split("#")[0].strip()
            if pin:
                name = pin.split("==")[0]
                port = name[len("micropython-") : -len("-stubs")]
                out[port] = (pin, os.path.join(root, port))
    return out


def install_port_stubs(python=sys.executable):
    """`make venv`: pip install each port's pinned stubs into its own folder."""
    for port, (pin, folder) in sorted(port_stub_dirs().items()):
        shutil.rmtree(folder, ignore_errors=True)
        cmd = [python, "-m", "pip", "install", "--quiet", "--no-deps", "--target", folder, pin]
        if subprocess.run(cmd).returncode:
            raise SystemExit("broadside: pip could not install %s (%s stubs)" % (pin, port))


def prepare(out=TYPECHECK_DIR, include=RP2_INCLUDE, root=ROOT, port="rp2"):
    """Write out/: the port's stubs, the stand-in venv and pyrightconfig.json; its path."""
    shutil.rmtree(out, ignore_errors=True)
    stubs = os.path.join(out, "stubs")
    typeshed = os.path.join(out, "typeshed")
    if port == "rp2":
        _copy_dist(RP2_STUBS, stubs)
    else:
        folder = port_stub_dirs()[port][1]
        if not _copy_tree(folder, stubs):
            raise SystemExit("broadside: no %s stubs in %s; run `make venv`" % (port, folder))
    # _mpy_shed: helper types the port stubs import; stdlib/: MicroPython's own typeshed
    _copy_dist(STDLIB_STUBS, stubs, "_mpy_shed")
    _copy_dist(STDLIB_STUBS, typeshed, "stdlib")
    _copy_dist(STDLIB_STUBS, typeshed, "stubs")
    if port == "rp2":
        cut_stub(os.path.join(typeshed, "stdlib", "os", "__init__.pyi"), RP2_OS)
    venv = os.path.join(out, "novenv")
    os.makedirs(os.path.join(venv, "lib", "python3.11", "site-packages"))
    config = {
        "include": [os.path.join(root, p) for p in include],
        "exclude": ["**/__pycache__"],
        "stubPath": stubs,
        "typeshedPath": typeshed,
        "venvPath": out,
        "venv": "novenv",
        "extraPaths": [os.path.join(root, "firmware"), MPLIB],
        "pythonVersion": "3.11",
        "pythonPlatform": "Linux",
        # `if _TYPING:` holds imports for annotations only: MicroPython's compiler drops the
        # block (`_TYPING = const(0)`), the checker reads it
        "defineConstant": {"_TYPING": True},
        "typeCheckingMode": RULES,
        # every suppression is a `# pyright: ignore[rule]` on its line, with its reason
        "enableTypeIgnoreComments": False,
        "reportUnnecessaryTypeIgnoreComment": "error",
        "failOnWarnings": False,
        # stubs without sources are the point here (a port's modules are C)
        "reportMissingModuleSource": "none",
        # basic makes this an error; here a warning (--level warning lists them): an attribute
        # set to None in __init__ and to its object before use (the link, a game, a screen's
        # view) is Optional to pyright on every later access, ~140 places; narrowing each
        # would cost bytecode on the device and tells nothing about the rp2 API
        "reportOptionalMemberAccess": "warning",
    }
    path = os.path.join(out, "pyrightconfig.json")
    with open(path, "w") as f:
        json.dump(config, f, indent=2)
    return path


def check(config, extra=()):
    """(exit status, output) of basedpyright on a prepared config."""
    proc = subprocess.run([tool("basedpyright"), "--project", config, *extra], capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def run(config, extra=(), capture=False):
    cmd = [tool("basedpyright"), "--project", config, *extra]
    if capture:
        return subprocess.run(cmd, capture_output=True, text=True)
    return subprocess.run(cmd)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv == ["--install-port-stubs"]:
        install_port_stubs()
        return 0
    if not any(a.startswith("--level") for a in argv):
        argv = ["--level", "error", *argv]
    status = 0
    for port, include in CHECKS:
        t0 = time.monotonic()
        config = prepare(os.path.join(TYPECHECK_DIR, port), include, port=port)
        proc = run(config, argv)
        status = status or proc.returncode
        print(
            "typecheck: %s against the %s stubs (%s rules) in %.1f s"
            % (" and ".join(include), "RPI_PICO" if port == "rp2" else port, RULES, time.monotonic() - t0)
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
