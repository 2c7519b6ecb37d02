"""The game from its ROMFS image on the MicroPython unix port (never on the device).

    micropython -X heapsize=H host_tools/sim/romboot.py IMAGE                 # the handheld's boot
    micropython -X heapsize=H host_tools/sim/romboot.py IMAGE SCRIPT ARGS...  # a runner, a probe

IMAGE is build/romfs/broadside.romfs (host_tools.device.romfs); "-" takes it from
BROADSIDE_ROMFS. The unix port has vfs.VfsRom but nothing that maps a file into memory, so
the image is read into a bytearray, the first object of any size this process makes, and
mounted at /rom as the Broadside firmware mounts its flash partition: a .mpy imported from it
runs in place (bytecode and constants stay in the image; only the objects it makes enter the
heap). /rom/lib and /rom/boards go first on sys.path, then what MICROPYPATH gave, then /rom.

Then, without SCRIPT, `import broadside` (/rom/broadside.mpy: firmware/main.py, which reads
BROADSIDE_BOARD and finds /rom/boards); with SCRIPT (tests/mprun.py, a bench probe), SCRIPT's
folder takes this one's place at the head of sys.path, sys.argv becomes [SCRIPT, ARGS...],
and SCRIPT is imported by its module name (`__name__` is that name, not "__main__").

The image's bytes are in the GC heap: ROM_BYTES is what its bytearray took (measured here,
gc.mem_alloc() before and after: the object's block and the data's). The bytearray is
BROADSIDE_ROM_BUF bytes long when that is more than the image (a few blocks more: see
host_tools.paths.rom_heap, which gives the process -X heapsize such that its pool is exactly
the budget's plus ROM_BYTES; host_tools.paths.rom_command makes both). Anything in the process
that reports a heap figure subtracts ROM_BYTES (`import __main__` is this module: the bench
probes do; the simulator's front end subtracts the same measured number from the sim board's).
"""

import gc
import os
import sys


def _read(path):
    n = os.stat(path)[6]
    size = int(os.getenv("BROADSIDE_ROM_BUF") or 0)
    gc.collect()
    a = gc.mem_alloc()
    buf = bytearray(size if size > n else n)
    a = gc.mem_alloc() - a
    got = 0
    with open(path, "rb") as f:
        while got < n:
            more = f.readinto(memoryview(buf)[got:n])
            if not more:
                raise OSError("romboot: read %d of %d bytes of %s" % (got, n, path))
            got += more
    return buf, a


_image = sys.argv[1] if len(sys.argv) > 1 else "-"
if _image == "-":
    _image = os.getenv("BROADSIDE_ROMFS")
if not _image:
    print("romboot: which image? usage: romboot.py IMAGE|- [SCRIPT ARGS...] (-: $BROADSIDE_ROMFS)")
    sys.exit(2)
ROM, ROM_BYTES = _read(_image)

import vfs  # noqa: E402

vfs.mount(vfs.VfsRom(ROM), "/rom")
_script = sys.argv[2] if len(sys.argv) > 2 else None
sys.path[0:1] = ["/rom/lib", "/rom/boards"]  # this script's folder (absolute) goes
sys.path.append("/rom")
if _script is None:
    sys.argv[1:] = []
    __import__("broadside")
else:
    sys.argv[:] = sys.argv[2:]
    _slash = _script.rfind("/")
    sys.path.insert(0, _script[:_slash] if _slash > 0 else ".")
    __import__(_script[_slash + 1 : _script.rfind(".")])
