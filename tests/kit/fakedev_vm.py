"""One command on a simulated handheld (run by tests/kit/fakedev.py under the
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

With FAKEDEV_BOOT set the handheld first boots as a Pico does after a reset:
it runs /main.py from its flash (the installed firmware, on
tests/kit/fakedev_machine.py as `machine`) with what
shared/runtime/pyexec.c does with the outcome on the rp2 port: main.py
returning, or raising anything but SystemExit (a KeyboardInterrupt's
traceback printed), leaves the REPL; a SystemExit soft-reboots and runs
main.py again. Ctrl-C is SIGINT from the fake mpremote. Each run of main.py
is framed by MAIN / MAIN_END lines, and the next step waits for a "go" line
on stdin, so the fake never sends Ctrl-C while no program runs; reaching the
REPL prints the banner, the prompt and REPL. The commands on stdin follow.
"""

import builtins
import os
import sys

sys.path.append(__file__[: __file__.rfind("/")] + "/..")  # tests/: ramdisk
import fakedev_machine  # noqa: E402 -- imported before the flash image hides the host's files
from ramdisk import RamDisk  # noqa: E402

BLOCK = 4096
SEP = "#--fakedev-next--"
END = "#--fakedev-end--"
MAIN = "#--fakedev-main--"
MAIN_END = "#--fakedev-main-end--"
REPL = "#--fakedev-repl--"
BANNER = (
    "MicroPython v1.28.0 on 2026-04-06; Raspberry Pi Pico with RP2040\n"
    'Type "help()" for more information.\n>>> '
)


class Impl:
    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


class FakeSys:
    def __init__(self, impl):
        self.implementation = impl
        self.argv = []  # as on a board: nothing started main.py with arguments

    def __getattr__(self, name):
        return getattr(sys, name)


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _run_main():
    """main.py as pyexec_file_if_exists runs it: how it ended."""
    with open("main.py") as f:
        source = f.read()
    try:
        print(MAIN)  # from here a Ctrl-C is main.py's
        exec(source, {"__name__": "__main__", "__file__": "main.py"})
        return "return"
    except SystemExit:
        return "exit"
    except BaseException as e:  # noqa: B036 -- KeyboardInterrupt too: printed, then the REPL
        sys.print_exception(e, sys.stdout)
        return "raise"


def _wait_go():
    """The fake mpremote's go-ahead; a Ctrl-C still on its way lands here,
    where the device would keep it as a typed character."""
    while True:
        try:
            line = sys.stdin.readline()
            for _ in range(3):  # a pending KeyboardInterrupt surfaces in here
                pass
            return line
        except KeyboardInterrupt:
            pass


def _boot():
    import gc

    sys.modules["machine"] = fakedev_machine
    keep = set(sys.modules)
    path = list(sys.path)
    while _exists("main.py"):
        sys.path[:] = ["", "/lib"]  # the rp2 port's sys.path
        fakedev_machine.booted()
        outcome = _run_main()
        print(MAIN_END, outcome)
        for name in list(sys.modules):  # a soft reboot starts a fresh VM
            if name not in keep:
                del sys.modules[name]
        gc.collect()
        _wait_go()
        if outcome != "exit":
            break
        print("MPY: soft reboot")
    sys.path[:] = path
    print(BANNER)
    print(REPL)


def main():
    image = os.getenv("FAKEDEV_IMAGE")
    blocks = int(os.getenv("FAKEDEV_BLOCKS"))
    impl = FakeSys(Impl(os.getenv("FAKEDEV_IMPL")))
    boot = os.getenv("FAKEDEV_BOOT")
    code = "" if boot else sys.stdin.read()
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

    class Rp2:  # `rp2`: Flash() is the block device littlefs is mounted on, as on the Pico
        @staticmethod
        def Flash():
            return disk

    sys.modules["rp2"] = Rp2
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
        if boot:
            _boot()
            code = sys.stdin.read()
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
