# interpreters: micropython
"""core.savelog's segments programmed beneath littlefs (the Pico's way: boards/pico_oled.py's flash_fs on
the block device littlefs is mounted on), over a littlefs in RAM (tests/kit/ramdisk.py) as
MicroPython's _boot.py mounts the Pico's (progsize 256): the saves load back after a remount,
and littlefs stays whole while other files come and go around the segments (its allocator walks
every file's blocks: the segments' blocks are never written by it again)."""

import os

from pico_oled import flash_fs
from ramdisk import RamDisk

from core.storage import Storage

_MOUNT = "/bs-savelog-flash"


def _mount(disk):
    os.mount(os.VfsLfs2(disk, progsize=256), _MOUNT)


def test_saves_programmed_beneath_littlefs_survive_other_files_and_a_remount():
    data = bytearray(4096 * 24)  # erased: 0xFF (one block of it at a time, the heap is 192 KB)
    ff = b"\xff" * 4096
    for b in range(24):
        data[b * 4096 : (b + 1) * 4096] = ff
    disk = RamDisk(data, 4096)
    os.VfsLfs2.mkfs(disk, progsize=256)
    _mount(disk)
    try:
        st = Storage(_MOUNT + "/saves", flash_fs(disk))
        st.save("g", b"before the log")
        for i in range(40):
            st.ahead("g", 8)
            st.save("g", bytes([i]) * 700)
            st.save("other", bytes([i]) * 1500)  # littlefs allocates and frees blocks around them
        os.umount(_MOUNT)
        _mount(disk)
        st = Storage(_MOUNT + "/saves", flash_fs(disk))
        assert st.load("g") == (bytes([39]) * 700, "log")
        for i in range(60):
            with open(_MOUNT + "/f%d" % (i % 3), "wb") as f:
                f.write(bytes([i]) * 6000)
        st = Storage(_MOUNT + "/saves", flash_fs(disk))
        assert st.load("g")[0] == bytes([39]) * 700
        assert st.load("other")[0] == bytes([39]) * 1500
        st.save("g", b"and again")
        assert Storage(_MOUNT + "/saves", flash_fs(disk)).load("g")[0] == b"and again"
    finally:
        os.umount(_MOUNT)
