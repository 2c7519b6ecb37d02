# interpreters: cpython
"""The game's ROMFS image (host_tools.device.romfs, `make romfs`): what it holds (every firmware
module and every board, compiled byte for byte as mpy-cross compiles them; the boot and the
OLED driver; no catalogue, no test), our reader against MicroPython's own VfsRom, malformed
images refused, the writer's incremental build; and the heap of a process that runs the game
from it on the unix port (host_tools/sim/romboot.py, host_tools.paths.rom_heap): the game has
the very pool of a plain -X heapsize=HEAP run, the image's bytes beside it."""

import os
import shutil
import subprocess

import pytest

from host_tools import paths
from host_tools.device import bundle, romfs
from host_tools.device.romfs import RomfsError
from host_tools.paths import BOARDS, FIRMWARE, HEAP, ROOT, heap_pool, micropython
from host_tools.sim.handheld import Handheld, rom_image


@pytest.fixture(scope="module")
def image():
    """The image everything runs (build/romfs/broadside.romfs), brought up to date."""
    return rom_image()


@pytest.fixture(scope="module")
def files(image):
    with open(image, "rb") as f:
        return romfs.read(f.read())


def _sources():
    """{path in the image: (source, the name mpy-cross gives it)} of every compiled file, worked
    out here from firmware/ and boards/ (not from romfs.sources)."""
    out = {"/broadside.mpy": (os.path.join(FIRMWARE, "main.py"), "broadside")}
    for name in os.listdir(BOARDS):
        if name.endswith(".py"):
            out["/boards/%s.mpy" % name[:-3]] = (os.path.join(BOARDS, name), name[:-3])
    for folder, _dirs, names in os.walk(FIRMWARE):
        for name in names:
            rel = os.path.relpath(os.path.join(folder, name), FIRMWARE).replace(os.sep, "/")
            if name.endswith(".py") and "/" in rel:
                out["/lib/%s.mpy" % rel[:-3]] = (os.path.join(folder, name), rel[:-3].replace("/", "."))
    return out


def test_every_firmware_module_and_board_is_in_it(files):
    want = set(_sources())
    want |= {
        "/board.txt",
        "/lib/adafruit_ssd1306.mpy",
        "/lib/adafruit_bus_device/__init__.mpy",
        "/lib/adafruit_bus_device/i2c_device.mpy",
        "/lib/adafruit_bus_device/spi_device.mpy",
    }
    assert set(files) == want
    assert {"/boards/pico_oled.mpy", "/boards/sim.mpy", "/lib/core/app.mpy"} <= want
    assert files["/board.txt"] == b"pico_oled\n"


def test_no_catalogue_and_no_test_in_it(files):
    for path in files:
        parts = path.lower().split("/")
        assert not {"catalogs", "tests", "kit"} & set(parts), path
        assert not parts[-1].startswith(("test_", "conftest")), path
        assert path.endswith(".mpy") or path == "/board.txt", path


def test_each_module_is_byte_for_byte_what_mpy_cross_makes(files, tmp_path):
    """Plain bytecode (no -march: the RP2040 and the unix port load the same bytes), line numbers
    kept (in place they cost flash, not heap), the source named by the module's name."""
    mpy = bundle.mpy_cross_exe()
    deps = {}
    for src, rel in romfs.deps.dep_files():
        deps["/lib/" + rel[:-3] + ".mpy"] = (src, bundle.source_name("/lib/" + rel))
    bad = []
    for path, (src, name) in sorted({**_sources(), **deps}.items()):
        out = str(tmp_path / "x.mpy")
        subprocess.run([mpy, "-o", out, "-s", name, src], check=True, capture_output=True)
        with open(out, "rb") as f:
            if f.read() != files[path]:
                bad.append(path)
    assert not bad, bad


_LIST = """import binascii, hashlib, os, sys, vfs
with open(sys.argv[1], "rb") as f:
    data = f.read()
vfs.mount(vfs.VfsRom(data), "/rom")
def walk(d):
    for e in os.ilistdir(d):
        p = d + "/" + e[0]
        if e[1] == 0x4000:
            walk(p)
        else:
            with open(p, "rb") as g:
                b = g.read()
            print("F", p[4:], len(b), binascii.hexlify(hashlib.sha256(b).digest()).decode())
walk("/rom")
"""


def test_our_reader_agrees_with_micropythons_vfsrom(image, files):
    out = subprocess.run([micropython(), "-X", "heapsize=4M", "-c", _LIST, image],
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    seen = {}
    for line in out.stdout.splitlines():
        _f, path, size, digest = line.split()
        seen[path] = (int(size), digest)
    assert seen == {p: (len(b), romfs.sha256(b)) for p, b in files.items()}


def _header(size):
    """HEADER and the image's length, as extmod/vfs_rom.c reads it (7 bits a byte, high first)."""
    out = [size & 0x7F]
    size >>= 7
    while size:
        out.insert(0, 0x80 | (size & 0x7F))
        size >>= 7
    return romfs.HEADER + bytes(out)


def _record(kind, body):
    return bytes((kind, len(body))) + body  # bodies under 128 bytes here


def test_a_malformed_image_is_refused(image):
    with open(image, "rb") as f:
        good = f.read()
    romfs.read(good)
    file_rec = _record(5, b"\x01a" + _record(2, b"xy"))  # a file "a" holding "xy"
    assert romfs.read(_header(len(file_rec)) + file_rec) == {"/a": b"xy"}
    bad = {
        "not an image": b"\x00" + good[1:],
        "empty": b"",
        "truncated": good[: len(good) // 2],
        "says more than it has": _header(len(file_rec) + 10) + file_rec,
        "a record past its directory": _header(len(file_rec) - 1) + file_rec[:-1],
        "an unknown record": _header(3) + _record(9, b"z"),
        "a file without data": _header(8) + _record(5, b"\x01a" + _record(3, b"zz")),
    }
    for what, data in bad.items():
        with pytest.raises(RomfsError):
            romfs.read(data)
            pytest.fail(what)


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """A copy of firmware/ and its image, built in a folder of its own."""
    root = tmp_path_factory.mktemp("romfs")
    fw = root / "firmware"
    shutil.copytree(FIRMWARE, fw, ignore=shutil.ignore_patterns("__pycache__"))
    out = root / "out"
    path = romfs.build(out=str(out), firmware_dir=str(fw), log=None)
    return fw, out, path


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def test_the_writer_builds_again_only_what_changed(copy, image):
    fw, out, path = copy
    first = _read(path)
    assert first == _read(image)  # the same sources, the same bytes
    tree = out / "tree"
    stamp = os.path.getmtime(tree / "lib" / "core" / "app.mpy")
    romfs.build(out=str(out), firmware_dir=str(fw), log=None)
    assert _read(path) == first and os.path.getmtime(tree / "lib" / "core" / "app.mpy") == stamp
    (fw / "core" / "zz_new.py").write_text("X = 1\n")
    os.remove(fw / "core" / "prng.py")
    (fw / "zzpkg").mkdir()  # a package that goes again (as linkbattle/ did in issue 44)
    (fw / "zzpkg" / "__init__.py").write_text("")
    try:
        files = romfs.read(_read(romfs.build(out=str(out), firmware_dir=str(fw), log=None)))
        assert "/lib/core/zz_new.mpy" in files and "/lib/core/prng.mpy" not in files
        assert "/lib/zzpkg/__init__.mpy" in files
        assert os.path.getmtime(tree / "lib" / "core" / "app.mpy") == stamp  # not compiled again
    finally:
        os.remove(fw / "core" / "zz_new.py")
        shutil.rmtree(fw / "zzpkg")
        shutil.copy(os.path.join(FIRMWARE, "core", "prng.py"), fw / "core" / "prng.py")
    assert _read(romfs.build(out=str(out), firmware_dir=str(fw), log=None)) == first  # no folder left


def test_an_unknown_board_is_refused(tmp_path):
    with pytest.raises(RomfsError, match="unknown board"):
        romfs.build("no_such_board", out=str(tmp_path), log=None)


# -- the heap of the game run from the image (host_tools/sim/romboot.py) ---------------------------

_POOL = """import gc
import __main__
gc.collect()
print("#POOL", gc.mem_alloc() + gc.mem_free(), __main__.ROM_BYTES)
"""


def test_the_game_has_the_pool_of_a_plain_run_beside_the_image(image, tmp_path):
    """romboot's bytearray takes exactly what the heapsize adds: the game's pool (the process's less
    the image's bytearray) is a plain `-X heapsize=HEAP` run's, within one GC block (on the 64-bit
    unix port exactly: the bytearray is made a few blocks longer than the image to take what the
    heapsize's allocation table lets it give)."""
    plain = heap_pool(HEAP)
    h = paths.rom_heap(os.path.getsize(image))
    block = paths.rom_alloc(1) // 2  # a bytearray of one byte: its object's block and one of data
    assert block in (16, 32)
    size = os.path.getsize(image)
    assert h.pool == plain and size <= h.buf < size + 4 * block  # an allocation table's byte: 4 blocks
    assert h.heapsize > h.alloc > os.path.getsize(image)  # the image's room is added, not taken
    probe = tmp_path / "pool.py"
    probe.write_text(_POOL)
    cmd, env, _h = paths.rom_command(image, script=str(probe))
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=60,
                         env=dict(os.environ, MICROPYPATH=".frozen", **env))  # fmt: skip
    line = [x for x in out.stdout.splitlines() if x.startswith("#POOL ")]
    assert line, out.stdout + out.stderr
    pool, rom_bytes = (int(x) for x in line[0].split()[1:])
    assert rom_bytes == h.alloc  # what the launcher measured is what the heapsize was made for
    assert abs((pool - rom_bytes) - plain) <= block, (pool, rom_bytes, plain)
    assert pool - rom_bytes == plain


def test_the_simulated_handheld_sees_that_pool_from_the_image(image):
    """The sim board's own numbers at the menu: the game's heap in use plus what is free is the
    plain run's pool (Handheld.memory leaves the image's bytearray out), and the menu fits in it
    with room to spare."""
    h = Handheld(rom=image)
    try:
        for _ in range(5):
            h.frame()
        mem = h.memory()
    finally:
        h.close()
    assert h.rom.alloc > os.path.getsize(image)
    assert int(mem["alloc"]) + int(mem["free"]) == heap_pool(HEAP), mem
    assert 0 < int(mem["alloc"]) < 96 * 1024, mem
