"""A block device in RAM for MicroPython's littlefs (os.VfsLfs2): a handheld's
flash in the tests (tests/device/test_device_ops.py, tests/kit/fakedev_vm.py)."""


class RamDisk:
    def __init__(self, data, block):
        self.data = data  # a bytearray of whole blocks
        self.block = block
        self.mv = memoryview(data)

    def readblocks(self, n, buf, off=0):
        a = n * self.block + off
        buf[:] = self.mv[a : a + len(buf)]

    def writeblocks(self, n, buf, off=0):
        a = n * self.block + off
        self.mv[a : a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return len(self.data) // self.block
        if op == 5:  # block size
            return self.block
        if op == 6:  # erase: littlefs needs nothing done
            return 0
        return None
