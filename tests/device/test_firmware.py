# interpreters: cpython
"""`make firmware`: Broadside's own Pico firmware (boards/micropython/BROADSIDE_PICO,
host_tools/device/firmware.py): the flash map agrees with the board's mpconfigboard.h, the
size and banner checks refuse what they must, the tool says where to get a source, and the
frozen main.py boots the right thing (run under the unix port, on a mounted ROMFS image).
Nothing here needs the ARM toolchain; the checks of a real build run when one exists."""

import contextlib
import glob
import io
import os
import re
import subprocess
import tarfile

import pytest

from host_tools.device import firmware, flashmap, uf2
from host_tools.paths import BUILD, FIRMWARE, ROOT, micropython, tool

BOARD_DIR = os.path.join(ROOT, "boards", "micropython", "BROADSIDE_PICO")
FROZEN_MAIN = os.path.join(BOARD_DIR, "main.py")
BANNER = b"MicroPython v1.28.0 on 2026-12-01"
MACHINE = b"; Raspberry Pi Pico (Broadside) with RP2040"


def fake_bin(size, banner=BANNER, machine=MACHINE):
    """A firmware .bin of `size` bytes with the banner's two strings inside, as the port's is."""
    data = bytearray(b"\xa5" * size)
    data[256 : 256 + len(banner) + 1] = banner + b"\0"
    data[512 : 512 + len(machine) + 1] = machine + b"\0"
    return bytes(data)


# -- the flash map


def test_the_flash_map_is_the_boards_mpconfigboard_h():
    with open(os.path.join(BOARD_DIR, "mpconfigboard.h")) as f:
        header = f.read()

    def size(name):
        m = re.search(r"#define %s\s+\((\d+) \* (\d+)\)" % name, header)
        return int(m.group(1)) * int(m.group(2))

    assert flashmap.HEADER == os.path.join(BOARD_DIR, "mpconfigboard.h")
    assert flashmap.FS_BYTES == size("MICROPY_HW_FLASH_STORAGE_BYTES") == 896 * 1024
    assert flashmap.ROMFS_BYTES == size("MICROPY_HW_ROMFS_BYTES") == 512 * 1024
    # rp2_flash.c: the filesystem at the top of the 2 MiB, ROMFS just below it, the firmware below that
    assert flashmap.FS_ADDR == 0x10120000 and flashmap.FS_ADDR + flashmap.FS_BYTES == 0x10200000
    assert flashmap.ROMFS_ADDR == 0x100A0000 == flashmap.FIRMWARE_LIMIT
    assert flashmap.FIRMWARE_MAX == 640 * 1024
    assert flashmap.FS_OFFSET == 0x120000 and flashmap.ROMFS_OFFSET == 0xA0000


def test_the_machine_still_reads_as_a_pico_with_rp2040():
    """flash.py reads sys.implementation._machine and expects a Pico with RP2040 for board pico_oled."""
    with open(os.path.join(BOARD_DIR, "mpconfigboard.h")) as f:
        name = re.search(r'#define MICROPY_HW_BOARD_NAME\s+"([^"]+)"', f.read()).group(1)
    assert flashmap.BOARD_NAME == name
    assert flashmap.MACHINE == name + " with RP2040"
    assert flashmap.MACHINE.startswith("Raspberry Pi Pico") and "RP2040" in flashmap.MACHINE


def test_board_defines_reads_sizes_and_strings(tmp_path):
    h = tmp_path / "mpconfigboard.h"
    h.write_text(
        '#define MICROPY_HW_BOARD_NAME "X"  // a comment\n'
        "#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)\n"
        "#define MICROPY_HW_ROMFS_BYTES (0x40000)\n"
        "#define MICROPY_HW_OTHER (FOO + 1)\n"
    )
    assert flashmap.board_defines(str(h)) == {
        "MICROPY_HW_BOARD_NAME": "X",
        "MICROPY_HW_FLASH_STORAGE_BYTES": 1408 * 1024,
        "MICROPY_HW_ROMFS_BYTES": 0x40000,
        "MICROPY_HW_OTHER": "(FOO + 1)",
    }


def test_the_board_takes_rpi_picos_pins_and_freezes_main():
    with open(os.path.join(BOARD_DIR, "mpconfigboard.cmake")) as f:
        cmake = f.read()
    assert "${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv" in cmake
    assert "MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py" in cmake
    with open(os.path.join(BOARD_DIR, "manifest.py")) as f:
        manifest = f.read()
    assert 'include("$(PORT_DIR)/boards/manifest.py")' in manifest
    assert 'freeze("$(BOARD_DIR)", "main.py")' in manifest


# -- the checks


def test_a_firmware_that_fits_reports_its_room():
    lines = firmware.check(fake_bin(393260))
    assert lines[0] == "MicroPython v1.28.0 on 2026-12-01; Raspberry Pi Pico (Broadside) with RP2040"
    assert "0x10000000-0x1006002c" in lines[1] and "0x100a0000" in lines[1]
    assert "262100 bytes (40.0%)" in lines[1]
    assert firmware.check_room(flashmap.FIRMWARE_LIMIT) == 0  # to the last byte below ROMFS


def test_an_oversized_firmware_is_refused_naming_both_addresses():
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.check(fake_bin(flashmap.FIRMWARE_MAX + 4))
    msg = str(e.value)
    assert "0x100a0004" in msg and "0x100a0000" in msg and "by 4 bytes" in msg
    assert "overwrite the game" in msg and "MICROPY_HW_ROMFS_BYTES" in msg


def test_check_on_the_command_line_fails_an_oversized_bin(tmp_path, capsys):
    path = tmp_path / "firmware.bin"
    path.write_bytes(fake_bin(flashmap.FIRMWARE_MAX + 4096))
    assert firmware.main(["--check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "ends at 0x100a1000, past the ROMFS partition's base 0x100a0000" in out


@pytest.mark.parametrize(
    "banner",
    [
        b"MicroPython v1.28.0-dirty on 2026-12-01",
        b"MicroPython v1.28.0-3.gc1c7cfc123 on 2026-12-01",
        b"MicroPython c1c7cfc123-dirty on 2026-12-01",
        b"MicroPython v1.27.0 on 2026-12-01",
    ],
)
def test_a_version_that_is_not_the_clean_release_is_refused(banner):
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.check(fake_bin(4096, banner=banner))
    assert "not the clean v1.28.0" in str(e.value)


def test_a_firmware_without_the_banner_or_the_board_is_refused():
    with pytest.raises(firmware.FirmwareError, match="no 'MicroPython"):
        firmware.check(b"\xa5" * 4096)
    with pytest.raises(firmware.FirmwareError, match="Raspberry Pi Pico \\(Broadside\\) with RP2040"):
        firmware.check(fake_bin(4096, machine=b"; Raspberry Pi Pico with RP2040"))


def test_uf2_py_reads_the_version_of_this_firmware():
    blocks = uf2.parse(uf2.encode(fake_bin(4096), uf2.XIP_BASE))
    assert uf2.micropython_version(blocks) == (1, 28, "v1.28.0")


# -- the source


def test_without_a_source_it_says_where_to_get_one(capsys):
    for src in ("", "/nonexistent/mp.tar.xz"):
        assert firmware.main(["--src", src]) == 2
        out = capsys.readouterr().out
        assert out.count("\n") == 1, out  # one line
        assert firmware.SHARED_SRC in out and "git clone --branch v1.28.0" in out
        assert "https://github.com/micropython/micropython" in out and "picotool 2.2.0" in out
        assert "lib/pico-sdk lib/tinyusb lib/micropython-lib lib/mbedtls" in out
    assert "/nonexistent/mp.tar.xz does not exist" in out


def test_make_firmware_without_a_source_exits_2_with_the_line():
    proc = subprocess.run(
        ["make", "--no-print-directory", "-s", "firmware", "MICROPYTHON_SRC="],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode != 0
    assert "make firmware: no MicroPython source (MICROPYTHON_SRC is empty)" in proc.stdout
    assert "apt-get" not in proc.stdout  # nothing installed for nothing to build


def _fake_snapshot(top, submodules=True):
    mp = top / "micropython-1.28.0"
    (mp / "py").mkdir(parents=True)
    (mp / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR 1\n#define MICROPY_VERSION_MINOR 28\n"
        "#define MICROPY_VERSION_MICRO 0\n#define MICROPY_VERSION_PRERELEASE 0\n"
    )
    for m in firmware.SUBMODULES:
        (mp / m).mkdir(parents=True)
        if submodules:
            (mp / m / "README.md").write_text("x")
    (top / "picotool-2.2.0").mkdir()
    (top / "picotool-2.2.0" / "CMakeLists.txt").write_text("x")
    return mp


def test_a_tarball_is_unpacked_once_and_found(tmp_path, monkeypatch):
    _fake_snapshot(tmp_path / "tree")
    tarball = tmp_path / "mp.tar.xz"
    with tarfile.open(tarball, "w:xz") as tar:
        for name in os.listdir(tmp_path / "tree"):
            tar.add(tmp_path / "tree" / name, arcname=name)
    into = tmp_path / "build"
    source = firmware.find_source(str(tarball), log=lambda *a: None, unpack_into=str(into))
    assert source.mp == str(into / os.path.basename(os.path.dirname(source.mp)) / "micropython-1.28.0")
    assert os.path.basename(os.path.dirname(source.mp)).startswith("mpsrc-")
    assert source.picotool.endswith("picotool-2.2.0") and not source.git
    assert source.work.startswith(os.path.join(BUILD, "firmware", "mpsrc-"))
    assert firmware.source_version(source.mp) == "v1.28.0"
    monkeypatch.setattr(tarfile, "open", lambda *a, **k: pytest.fail("unpacked a second time"))
    assert firmware.find_source(str(tarball), log=lambda *a: None, unpack_into=str(into)).mp == source.mp


def test_a_checkout_without_its_submodules_is_refused(tmp_path):
    _fake_snapshot(tmp_path, submodules=False)
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.find_source(str(tmp_path / "micropython-1.28.0"))
    assert "git submodule update --init " + " ".join(firmware.SUBMODULES) in str(e.value)


def test_the_version_comes_from_the_source_unless_it_is_a_git_checkout(tmp_path, monkeypatch):
    """Unpacked inside this repository, `git describe` would give Broadside's hash."""
    monkeypatch.delenv("MICROPY_GIT_TAG", raising=False)
    mp = _fake_snapshot(tmp_path)
    env = firmware.build_env(firmware.find_source(str(tmp_path)))
    assert env["MICROPY_GIT_TAG"] == "v1.28.0" and env["SOURCE_DATE_EPOCH"] == "1796126400"
    (mp / ".git").mkdir()
    assert "MICROPY_GIT_TAG" not in firmware.build_env(firmware.find_source(str(tmp_path)))


# -- the frozen main.py, under the unix port: "/" and "/rom" mounted as the Pico mounts them

_BOOT = """\
import os, sys, vfs
frozen, root, image = sys.argv[1:4]
with open(frozen) as f:
    code = f.read()
rom = None
if image:
    with open(image, "rb") as f:
        rom = f.read()
vfs.umount("/")
vfs.mount(vfs.VfsPosix(root), "/")
if rom:
    vfs.mount(vfs.VfsRom(rom), "/rom")
os.chdir("/")
sys.path[:] = ["", ".frozen", "/rom", "/rom/lib", "/lib"]  # the rp2 port's at boot (py/runtime.c, main.c)
del sys.argv[:]  # a board's boot has no argv
exec(code, {"__name__": "__main__"})
print("#REPL")
"""

_FAKE_BOARD = """\
import sys
def make_hw():
    return object()
def drive(hw, show_crash):
    print("#BOARD", __file__, sys.modules["broadside"].__file__)
    return 0
"""


def _mpy(tmp_path, src_text, name):
    src = tmp_path / ("src_" + name + ".py")
    src.write_text(src_text)
    out = tmp_path / (name + ".mpy")
    subprocess.run([tool("mpy-cross"), "-s", name + ".py", "-o", str(out), str(src)], check=True)
    return out.read_bytes()


def _romfs(tmp_path, files):
    """A ROMFS image of {path: bytes} by mpremote's writer (as host_tools/device/romfs.py)."""
    from mpremote.romfs import make_romfs

    tree = tmp_path / "romtree"
    for path, data in files.items():
        (tree / os.path.dirname(path)).mkdir(parents=True, exist_ok=True)
        (tree / path).write_bytes(data)
    with contextlib.redirect_stdout(io.StringIO()):
        image = make_romfs(str(tree), mpy_cross=False)
    out = tmp_path / "rom.img"
    out.write_bytes(image)
    return str(out)


def _boot(tmp_path, image="", main=None):
    root = tmp_path / "root"
    root.mkdir(exist_ok=True)
    if main is not None:
        (root / "main.py").write_text(main)
    (tmp_path / "boot.py").write_text(_BOOT)
    env = {k: v for k, v in os.environ.items() if k != "BROADSIDE_BOARD"}
    env["MICROPYPATH"] = ".frozen"
    proc = subprocess.run(
        [micropython(), str(tmp_path / "boot.py"), FROZEN_MAIN, str(root), image],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=str(tmp_path),
    )
    return proc.stdout + proc.stderr


def _game_rom(tmp_path, broadside=None):
    with open(os.path.join(FIRMWARE, "main.py")) as f:
        boot = _mpy(tmp_path, broadside or f.read(), "broadside")
    board = _mpy(tmp_path, _FAKE_BOARD, "fake")
    return _romfs(tmp_path, {"broadside.mpy": boot, "board.txt": b"fake\n", "boards/fake.mpy": board})


def test_without_main_py_it_boots_the_game_from_rom(tmp_path):
    """firmware/main.py imported from /rom finds /rom/board.txt and /rom/boards (its __file__
    is /rom/broadside.mpy), not a /boards left on the filesystem by a files install."""
    (tmp_path / "root" / "boards").mkdir(parents=True)
    (tmp_path / "root" / "boards" / "fake.py").write_text("print('#WRONG BOARD')\n")
    out = _boot(tmp_path, _game_rom(tmp_path))
    assert "#BOARD /rom/boards/fake.mpy /rom/broadside.mpy" in out, out
    assert "#WRONG" not in out and "no game" not in out and out.rstrip().endswith("#REPL"), out


def test_a_main_py_on_the_filesystem_runs_instead(tmp_path):
    main = "import sys\nprint('#MAIN', __name__, __file__, 'broadside' in sys.modules)\n"
    out = _boot(tmp_path, _game_rom(tmp_path), main=main)
    assert "#MAIN __main__ /main.py False" in out and "#BOARD" not in out, out
    assert out.rstrip().endswith("#REPL")


def test_a_directory_named_main_py_does_not_count(tmp_path):
    (tmp_path / "root" / "main.py").mkdir(parents=True)
    out = _boot(tmp_path, _game_rom(tmp_path))
    assert "#BOARD /rom/boards/fake.mpy" in out, out


def test_with_neither_it_says_so_in_one_line_and_returns_to_the_repl(tmp_path):
    out = _boot(tmp_path)
    assert out == (
        "broadside: no game in ROMFS (the /rom partition is empty): "
        "drag build/uf2/broadside.uf2 onto the Pico or run make flash\n#REPL\n"
    )


@pytest.mark.parametrize("where", ["main", "rom"])
def test_ctrl_c_is_not_swallowed(tmp_path, where):
    """A KeyboardInterrupt leaves the frozen main.py (MicroPython then shows the REPL)."""
    raising = "raise KeyboardInterrupt\n"
    if where == "main":
        out = _boot(tmp_path, main=raising)
    else:
        out = _boot(tmp_path, _game_rom(tmp_path, broadside=raising))
    assert "KeyboardInterrupt" in out and "#REPL" not in out, out


def test_the_frozen_main_compiles_for_the_device(tmp_path):
    out = tmp_path / "main.mpy"
    subprocess.run([tool("mpy-cross"), "-o", str(out), FROZEN_MAIN], check=True)
    assert out.stat().st_size < 600  # it is frozen: keep it tiny


# -- a real build, when there is one (make firmware)

_BUILT_UF2 = os.path.join(firmware.OUT_DIR, firmware.UF2_NAME)


@pytest.mark.skipif(not os.path.exists(_BUILT_UF2), reason="no build/firmware/broadside-pico.uf2")
def test_the_built_firmware_fits_below_romfs_and_is_clean():
    with open(_BUILT_UF2, "rb") as f:
        blocks = uf2.parse(f.read())
    uf2.check_rp2040(blocks, "broadside-pico.uf2")
    assert min(b.addr for b in blocks) == flashmap.XIP_BASE
    assert max(b.end() for b in blocks) <= flashmap.FIRMWARE_LIMIT
    assert uf2.micropython_version(blocks) == (1, 28, "v1.28.0")
    image = b"".join(b.data for b in sorted(blocks, key=lambda b: b.addr))
    firmware.check(image)
    assert b"broadside: no game in ROMFS" in image  # the frozen main.py
    bins = glob.glob(os.path.join(firmware.OUT_DIR, "*", "build-BROADSIDE_PICO", "firmware.bin"))
    assert bins and any(_read(p) == image[: os.path.getsize(p)] for p in bins)


def _read(path):
    with open(path, "rb") as f:
        return f.read()
