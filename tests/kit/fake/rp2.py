"""A stand-in for the rp2 port's `rp2` module on the unix port: Flash, the block device the
Pico's littlefs is mounted on (here 4 erased blocks in RAM), for board files built for it."""

from ramdisk import RamDisk


class Flash(RamDisk):
    def __init__(self):
        data = bytearray(4 * 4096)
        ff = b"\xff" * 4096
        for b in range(4):
            data[b * 4096 : (b + 1) * 4096] = ff
        RamDisk.__init__(self, data, 4096)
