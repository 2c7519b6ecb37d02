"""machine.UART's receiving half for boards whose cable is not a UART: the simulator's pipe and
the browser's BroadcastChannel. Bytes the board's front end hands over (feed) wait in a ring
of a fixed size and are read as from a UART (any, readinto, read); a full ring drops what
comes, as a real UART's FIFO does. A board's class adds write(). Never loaded on the Pico.
"""


class UartRing:
    def __init__(self, size):
        self.buf = bytearray(size)
        self.head = 0
        self.count = 0
        self.overflows = 0

    def feed(self, data):
        size = len(self.buf)
        for b in data:
            if self.count == size:
                self.overflows += 1  # a real UART FIFO drops too
                continue
            self.buf[(self.head + self.count) % size] = b
            self.count += 1

    def any(self):
        return self.count

    def readinto(self, out, n=None):
        n = len(out) if n is None else min(n, len(out))
        n = min(n, self.count)
        if n == 0:
            return None
        size = len(self.buf)
        for i in range(n):
            out[i] = self.buf[self.head]
            self.head = (self.head + 1) % size
        self.count -= n
        return n

    def read(self, n=-1):
        if self.count == 0:
            return None
        out = bytearray(self.count if n < 0 else min(n, self.count))
        self.readinto(out)
        return bytes(out)
