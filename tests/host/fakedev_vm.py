"""One command on a simulated handheld (run by tests/host/fakedev.py under the
MicroPython unix port, never on a device).

The handheld's flash is a littlefs2 image in a file (FAKEDEV_IMAGE,
FAKEDEV_BLOCKS blocks of 4096 bytes, as on a Pico). It is mounted as / while
the code read from stdin runs, so folders, renames and a full flash behave
as they do on the device. `import sys` inside that code sees the
sys.implementation given in FAKEDEV_IMPL.

stdin holds one or more pieces of code separated by SEP lines (one mpremote
command each); they run in order, each followed by an END line with its
status, and the first to raise stops the rest (as mpremote stops). An
uncaught exception is printed to stdout, as mpremote shows it.
"""

import builtins
import os
import sys

sys.path.append(__file__[: __file__.rfind("/")] + "/..")  # tests/: ramdisk
from ramdisk import RamDisk  # noqa: E402

BLOCK = 4096
SEP = "#--fakedev-next--"
END = "#--fakedev-end--"


class Impl:
    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


class FakeSys:
    def __init__(self, impl):
        self.implementation = impl

    def __getattr__(self, name):
        return getattr(sys, name)


def main():
    image = os.getenv("FAKEDEV_IMAGE")
    blocks = int(os.getenv("FAKEDEV_BLOCKS"))
    impl = FakeSys(Impl(os.getenv("FAKEDEV_IMPL")))
    code = sys.stdin.read()
    try:
        with open(image, "rb") as f:
            data = bytearray(f.read())
        fresh = False
    except OSError:
        data = bytearray(BLOCK * blocks)
        fresh = True
    disk = RamDisk(data, BLOCK)
    if fresh:
        os.VfsLfs2.mkfs(disk)
    real_import = builtins.__import__

    def dev_import(name, *args):
        if name == "sys":
            return impl
        return real_import(name, *args)

    rc = 0
    os.umount("/")
    os.mount(os.VfsLfs2(disk), "/")
    os.chdir("/")
    builtins.__import__ = dev_import
    try:
        for piece in code.split(SEP + "\n"):
            try:
                exec(piece, {"__name__": "__main__"})
            except BaseException as e:  # noqa: B036 -- the device reports everything
                sys.print_exception(e, sys.stdout)
                rc = 1
            print(END, rc)
            if rc:
                break
    finally:
        builtins.__import__ = real_import
        os.umount("/")
        os.mount(os.VfsPosix(), "/")
        with open(image, "wb") as f:
            f.write(data)
    sys.exit(rc)


main()
