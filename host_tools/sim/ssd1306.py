"""A model of the SSD1306 controller, fed the bytes sent over I2C.

It keeps the 8-page x 128-column display RAM and the controller state the
driver sets (addressing mode, column/page windows, page-mode pointers,
contrast, inversion, display on/off, entire-display-on, segment and COM
remap, start line, display offset, multiplex ratio) and renders what a
128x64 module would show. The module is assumed mounted as almost all are:
segment remap on (0xA1) and COM scan remapped (0xC8) give an upright image.
"""

WIDTH = 128
HEIGHT = 64
PAGES = 8

# opcode -> number of argument bytes
_ARGS = {
    0x20: 1,
    0x21: 2,
    0x22: 2,
    0x81: 1,
    0x8D: 1,
    0xA8: 1,
    0xAD: 1,
    0xD3: 1,
    0xD5: 1,
    0xD9: 1,
    0xDA: 1,
    0xDB: 1,
    0x26: 6,
    0x27: 6,
    0x29: 5,
    0x2A: 5,
    0xA3: 2,
}
HORIZONTAL, VERTICAL, PAGE = 0, 1, 2


class SSD1306:
    def __init__(self, addr=0x3C):
        self.addr = addr
        self.ram = [bytearray(WIDTH) for _ in range(PAGES)]
        self.mode = PAGE  # the controller's reset state
        self.col_start, self.col_end = 0, WIDTH - 1
        self.page_start, self.page_end = 0, PAGES - 1
        self.col = 0
        self.page = 0
        self.contrast = 0x7F
        self.inverted = False
        self.on = False
        self.entire_on = False
        self.seg_remap = False
        self.com_remap = False
        self.start_line = 0
        self.offset = 0
        self.mux = HEIGHT - 1
        self.charge_pump = False
        self._pending = None
        self.data_bytes = 0
        self.cmd_bytes = 0
        self.writes = 0
        self.unknown = []

    # -- the bus ----------------------------------------------------------
    def feed(self, addr, data):
        """One I2C write transaction to addr."""
        if addr != self.addr:
            return
        self.writes += 1
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            is_data = bool(ctrl & 0x40)
            if ctrl & 0x80:  # Co=1: one byte, then another control byte
                if i < n:
                    self._byte(data[i], is_data)
                    i += 1
            else:  # Co=0: the rest of the transaction
                for b in data[i:]:
                    self._byte(b, is_data)
                break

    def _byte(self, b, is_data):
        if is_data:
            self.data_bytes += 1
            self._write_ram(b)
        else:
            self.cmd_bytes += 1
            self._command_byte(b)

    # -- commands -----------------------------------------------------------
    def _command_byte(self, b):
        if self._pending is not None:
            op, need, args = self._pending
            args.append(b)
            if len(args) == need:
                self._pending = None
                self._run(op, args)
            return
        need = _ARGS.get(b, 0)
        if need:
            self._pending = (b, need, [])
        else:
            self._run(b, [])

    def _run(self, op, a):
        if op == 0x20:
            self.mode = a[0] & 3 if (a[0] & 3) != 3 else PAGE
        elif op == 0x21:
            self.col_start, self.col_end = a[0] & 127, a[1] & 127
            self.col = self.col_start
        elif op == 0x22:
            self.page_start, self.page_end = a[0] & 7, a[1] & 7
            self.page = self.page_start
        elif op == 0x81:
            self.contrast = a[0]
        elif op == 0x8D:
            self.charge_pump = bool(a[0] & 0x04)
        elif op == 0xA8:
            self.mux = a[0] & 63
        elif op == 0xD3:
            self.offset = a[0] & 63
        elif op in (0xAD, 0xD5, 0xD9, 0xDA, 0xDB, 0x26, 0x27, 0x29, 0x2A, 0xA3):
            pass  # timing, drive and scroll set-up: no effect on the picture here
        elif 0x00 <= op <= 0x0F:
            if self.mode == PAGE:
                self.col = (self.col & 0xF0) | op
        elif 0x10 <= op <= 0x17:
            if self.mode == PAGE:
                self.col = ((op & 0x07) << 4) | (self.col & 0x0F)
        elif 0x40 <= op <= 0x7F:
            self.start_line = op & 63
        elif op in (0xA0, 0xA1):
            self.seg_remap = op == 0xA1
        elif op in (0xA4, 0xA5):
            self.entire_on = op == 0xA5
        elif op in (0xA6, 0xA7):
            self.inverted = op == 0xA7
        elif op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif 0xB0 <= op <= 0xB7:
            self.page = op & 7
        elif op in (0xC0, 0xC8):
            self.com_remap = op == 0xC8
        elif op in (0x2E, 0x2F, 0xE3):
            pass  # scroll off/on, no-op
        else:
            self.unknown.append(op)

    # -- display RAM --------------------------------------------------------
    def _write_ram(self, b):
        self.ram[self.page][self.col] = b
        if self.mode == HORIZONTAL:
            self.col += 1
            if self.col > self.col_end:
                self.col = self.col_start
                self.page += 1
                if self.page > self.page_end:
                    self.page = self.page_start
        elif self.mode == VERTICAL:
            self.page += 1
            if self.page > self.page_end:
                self.page = self.page_start
                self.col += 1
                if self.col > self.col_end:
                    self.col = self.col_start
        else:  # page mode: the column wraps, the page stays
            self.col += 1
            if self.col > WIDTH - 1:
                self.col = 0

    def ram_pixel(self, col, row):
        return (self.ram[row >> 3][col] >> (row & 7)) & 1

    # -- what the panel shows --------------------------------------------------
    def pixels(self):
        """64 rows of 128 ints (0 dark, 1 lit) as the module shows them."""
        rows = []
        lines = self.mux + 1
        for y in range(HEIGHT):
            row = [0] * WIDTH
            if self.on and y < lines:
                com = y if self.com_remap else (lines - 1 - y)
                ram_row = (com + self.start_line + self.offset) & 63
                for x in range(WIDTH):
                    col = x if self.seg_remap else (WIDTH - 1 - x)
                    v = 1 if self.entire_on else self.ram_pixel(col, ram_row)
                    if self.inverted:
                        v ^= 1
                    row[x] = v
            rows.append(row)
        return rows

    def fingerprint(self):
        """A compact string of the shown image, for change detection/tests."""
        return "".join("".join("1" if v else "0" for v in r) for r in self.pixels())


def to_png(rows, path, scale=4, contrast=255):
    """Write rows (from pixels()) as a PNG, each pixel a crisp scale x scale
    square; brightness follows the contrast setting."""
    from PIL import Image

    h = len(rows)
    w = len(rows[0]) if h else 0
    level = 90 + (165 * contrast) // 255
    lit = (level * 200 // 255, level * 235 // 255, level)
    img = Image.new("RGB", (w, h), (0, 0, 0))
    px = img.load()
    for y in range(h):
        for x in range(w):
            if rows[y][x]:
                px[x, y] = lit
    if scale != 1:
        img = img.resize((w * scale, h * scale), Image.NEAREST)
    img.save(path)
    return path


def from_png(path, scale=4):
    """Read a PNG written by to_png back into 0/1 rows."""
    from PIL import Image

    img = Image.open(path).convert("L")
    w, h = img.size[0] // scale, img.size[1] // scale
    px = img.load()
    return [[1 if px[x * scale, y * scale] > 40 else 0 for x in range(w)] for y in range(h)]
