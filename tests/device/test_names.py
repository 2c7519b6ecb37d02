# interpreters: cpython
"""bs_names, the game's names frozen into Broadside's firmware (host_tools/device/names.py):
compiled by mpy-cross, its table of names holds every name the game's ROMFS image holds, so that
the firmware's own table answers each of them and loading the game makes none in RAM."""

import os
import subprocess

from host_tools.device import bundle, names, romfs


def _compile(tmp_path, text, name="m"):
    src = tmp_path / (name + ".py")
    src.write_text(text)
    out = tmp_path / (name + ".mpy")
    subprocess.run([bundle.mpy_cross_exe(), "-o", str(out), "-s", name, str(src)], check=True)
    return out.read_bytes()


def test_a_mpy_files_table_of_names_is_read(tmp_path):
    data = _compile(
        tmp_path, "def launch(salvo):\n    return salvo.fleet, 'aim', 'a longer string than ten'\n"
    )
    found = names.mpy_names(data)
    for n in ("launch", "salvo", "fleet", "aim"):
        assert n in found
    assert "a longer string than ten" not in found  # an object, not a name
    assert "return" not in found


def test_every_name_of_the_image_is_in_the_frozen_module(tmp_path):
    image = open(romfs.build(out=str(tmp_path / "romfs"), log=None), "rb").read()
    wanted = names.image_names(image)
    assert len(wanted) > 1000  # the game's modules: identifiers, short strings, dotted names
    assert "battleship.engine" in wanted and "fleet" in wanted
    text, left = names.module_source(wanted)
    assert left == []
    held = set(names.mpy_names(_compile(tmp_path, text, names.MODULE)))
    # mpy-cross writes MicroPython's own names as numbers: those the firmware has already
    static = set(wanted) - held
    missing = [n for n in static if not _is_static(tmp_path, n)]
    assert missing == [], missing[:20]


def _is_static(tmp_path, name):
    """A name mpy-cross leaves out of a module's table is one of the firmware's own."""
    line = names._statement(name)
    data = _compile(tmp_path, "def f(o):\n" + line + "\n", "one")
    return name not in names.mpy_names(data)


def test_the_written_module_changes_only_when_the_names_do(tmp_path):
    image = romfs.build(out=str(tmp_path / "romfs"), log=None)
    path, held, left = names.write(image, str(tmp_path / "n"))
    first = os.stat(path).st_mtime_ns
    again, _, _ = names.write(image, str(tmp_path / "n"))
    assert again == path and os.stat(path).st_mtime_ns == first  # the firmware is not rebuilt for nothing
    assert held > 1000 and left == []
