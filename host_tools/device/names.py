"""The game's names, frozen into Broadside's firmware so that none of them is ever made in RAM.

MicroPython interns every name a module holds (identifiers, attributes, strings of ten
characters or less, the module's dotted name) when the module loads, and never frees one.
From ROMFS only a name's text stays in flash: its slot in the interpreter's table of names
(hash, length, pointer) is made in the heap, and that table grows by doubling. A firmware
keeps a table of its own, in flash, of every name its frozen modules hold, and a name found
there is never made again. So `make firmware` freezes one more module, `bs_names`: a module
that only names, in code never run, every name the ROMFS image's modules hold. Then loading
the game makes no name at all, and a game can be left for the menu in the same interpreter
with the heap as it was (boards/pico_oled.py: no soft reset on this firmware).

A ROMFS image updated later (make flash) with names the firmware does not hold still works:
those names are made in RAM as on any firmware, once each.
"""

import os
import re
import sys

from host_tools.device import romfs

MODULE = "bs_names"
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_DOTTED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$")
_KEYWORDS = frozenset(
    "False None True and as assert async await break class continue def del elif else except finally for "
    "from global if import in is lambda nonlocal not or pass raise return try while with yield".split()
)
_SHORT = 10  # py/mpconfig.h MICROPY_ALLOC_PARSE_INTERN_STRING_LEN: a literal this short is a name
_CHUNK = 200  # names per function, keeping each one's bytecode small


def mpy_names(data):
    """The names a .mpy file's table holds that the firmware does not have already (its
    "static" names, MicroPython's own, are numbers in the file). py/persistentcode.c: after
    the 4-byte header, the count of names, the count of constants, then each name as
    (length << 1) and its text with a zero, or (index << 1) | 1 for a static one."""
    if len(data) < 4 or data[0] != ord("M"):
        raise ValueError("not a .mpy file")
    i = 4
    n, i = romfs.read_uint(data, i)
    _objs, i = romfs.read_uint(data, i)
    out = []
    for _ in range(n):
        v, i = romfs.read_uint(data, i)
        if v & 1:
            continue
        v >>= 1
        out.append(data[i : i + v].decode())
        i += v + 1
    return out


def image_names(image):
    """Every name the .mpy files of a ROMFS image hold, sorted."""
    found = set()
    for path, data in romfs.read(image).items():
        if path.endswith(".mpy"):
            found.update(mpy_names(data))
    return sorted(found)


def _statement(name):
    """A line that makes mpy-cross put `name` in the module's table, or None."""
    if _IDENT.match(name) and name not in _KEYWORDS:
        return "    o.%s" % name
    if _DOTTED.match(name) and not any(p in _KEYWORDS for p in name.split(".")):
        return "    import %s" % name
    if len(name) <= _SHORT:
        return "    o(%r)" % name
    return None  # a longer string the compiler would keep as an object, not a name


def module_source(names):
    """(the frozen module's source, the names it could not hold)."""
    lines = [
        "# bs_names: every name of the game's ROMFS image, for the firmware's own table of names",
        "# (host_tools/device/names.py made it; never run: a name only has to be in the code)",
        "COUNT = %d" % len(names),
    ]
    left = []
    body = []
    for name in names:
        line = _statement(name)
        if line is None:
            left.append(name)
        else:
            body.append(line)
    for k in range(0, len(body), _CHUNK):
        lines.append("")
        lines.append("")
        lines.append("def _%d(o):" % (k // _CHUNK))
        lines.extend(body[k : k + _CHUNK])
    return "\n".join(lines) + "\n", left


def write(image_path, out_dir):
    """Write out_dir/bs_names.py from a ROMFS image; (its path, names held, names left out)."""
    with open(image_path, "rb") as f:
        names = image_names(f.read())
    text, left = module_source(names)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, MODULE + ".py")
    try:
        with open(path) as f:
            same = f.read() == text
    except OSError:
        same = False
    if not same:  # the firmware's build sees a change only when there is one
        with open(path + ".new", "w") as f:
            f.write(text)
        os.replace(path + ".new", path)
    return path, len(names) - len(left), left


if __name__ == "__main__":
    p, held, left = write(
        sys.argv[1] if len(sys.argv) > 1 else romfs.image_path(), sys.argv[2] if len(sys.argv) > 2 else "."
    )
    print("%s: %d names, %d left out: %s" % (p, held, len(left), ", ".join(left[:10])))
