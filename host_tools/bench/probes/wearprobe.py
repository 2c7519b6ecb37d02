"""Under MicroPython (the unix port): replays a handheld's saves, recorded by
host_tools/bench/wear.py, on a real littlefs (os.VfsLfs2 as the rp2 port's _boot.py mounts
it: 352 blocks of 4 KB, progsize 256) over a block device in RAM that counts its erases, twice:
plain saves (core.storage.OsFs) and saves into flash erased ahead (the Pico's FlashFs,
boards/pico_oled.py: core.savelog segments programmed beneath littlefs).

    micropython -X heapsize=8M wearprobe.py OPS_FILE     (firmware/ and boards/ on MICROPYPATH)

OPS_FILE: one line a call, "save NAME BYTES", "answer NAME BYTES" (a save that holds an
ANSWER: made between a SHOT's arrival and the ANSWER's departure) or "ahead NAME SAVES".
Prints one JSON line a way: saves, erases, erases in answer saves, the most in one."""

import json
import os
import sys

from pico_oled import flash_fs

from core.storage import OsFs, Storage

BLOCK = 4096
BLOCKS = 352  # RPI_PICO's littlefs: 1408 KiB


class Disk:
    def __init__(self):
        self.data = bytearray(BLOCKS * BLOCK)
        self.mv = memoryview(self.data)
        ff = b"\xff" * BLOCK
        for b in range(BLOCKS):
            self.mv[b * BLOCK : (b + 1) * BLOCK] = ff
        self.erases = 0

    def readblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        buf[:] = self.mv[a : a + len(buf)]

    def writeblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        self.mv[a : a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:
            self.erases += 1
            self.mv[arg * BLOCK : (arg + 1) * BLOCK] = b"\xff" * BLOCK
            return 0
        return None


def replay(path, log):
    disk = Disk()
    os.VfsLfs2.mkfs(disk, progsize=256)
    os.mount(os.VfsLfs2(disk, progsize=256), "/wear")
    st = Storage("/wear/saves", flash_fs(disk) if log else OsFs())
    disk.erases = 0
    out = {"way": "ahead" if log else "plain", "saves": 0, "erases": 0, "answer_saves": 0,
           "erases_in_answer_saves": 0, "most_in_an_answer_save": 0}  # fmt: skip
    k = 0
    for line in open(path):
        op, name, n = line.split()
        n = int(n)
        if op == "ahead":
            if log:
                st.ahead(name, n)
            continue
        e = disk.erases
        st.save(name, bytes((k & 255,)) * n)
        k += 1
        out["saves"] += 1
        if op == "answer":
            out["answer_saves"] += 1
            out["erases_in_answer_saves"] += disk.erases - e
            out["most_in_an_answer_save"] = max(out["most_in_an_answer_save"], disk.erases - e)
    out["erases"] = disk.erases
    os.umount("/wear")
    return out


for way in (False, True):
    print(json.dumps(replay(sys.argv[1], way)))
