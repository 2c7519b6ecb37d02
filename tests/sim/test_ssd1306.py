# interpreters: cpython
"""The SSD1306 model shows what a real module would, for every addressing
mode the driver uses, fed either raw bytes or Adafruit's driver itself."""

import adafruit_ssd1306

from host_tools.sim.ssd1306 import SSD1306, from_png, to_png

CMD = 0x00  # control byte: command stream
DATA = 0x40  # control byte: data stream


def booted():
    d = SSD1306()
    d.feed(0x3C, bytes([CMD, 0xAE, 0xA1, 0xC8, 0xAF]))  # remaps as modules mount them, display on
    return d


def test_horizontal_window_wraps_columns_then_pages():
    d = booted()
    d.feed(0x3C, bytes([CMD, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3]))
    d.feed(0x3C, bytes([DATA, 0x01, 0x02, 0x04, 0x08]))
    assert d.ram[2][10] == 0x01 and d.ram[2][11] == 0x02
    assert d.ram[3][10] == 0x04 and d.ram[3][11] == 0x08


def test_vertical_mode_fills_pages_first():
    d = booted()
    d.feed(0x3C, bytes([CMD, 0x20, 0x01, 0x21, 0, 127, 0x22, 0, 1]))
    d.feed(0x3C, bytes([DATA, 0xAA, 0xBB, 0xCC]))
    assert d.ram[0][0] == 0xAA and d.ram[1][0] == 0xBB and d.ram[0][1] == 0xCC


def test_page_mode_uses_page_and_nibble_column_commands():
    d = booted()
    d.feed(0x3C, bytes([CMD, 0x20, 0x02, 0xB5, 0x03, 0x12]))  # page 5, column 0x23
    d.feed(0x3C, bytes([DATA, 0xFF, 0x81]))
    assert d.ram[5][0x23] == 0xFF and d.ram[5][0x24] == 0x81 and d.ram[6][0x23] == 0


def test_single_command_control_bytes():
    d = booted()
    d.feed(0x3C, bytes([0x80, 0x81, 0x80, 0x10]))  # contrast 0x10 via Co=1 pairs
    assert d.contrast == 0x10


def test_pixel_mapping_is_upright_with_standard_init():
    d = booted()
    d.feed(0x3C, bytes([CMD, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7]))
    d.feed(0x3C, bytes([DATA, 0x01]))  # column 0, page 0, bit 0
    rows = d.pixels()
    assert rows[0][0] == 1 and sum(map(sum, rows)) == 1


def test_invert_display_off_entire_on():
    d = booted()
    assert sum(map(sum, d.pixels())) == 0
    d.feed(0x3C, bytes([CMD, 0xA7]))
    assert sum(map(sum, d.pixels())) == 128 * 64
    d.feed(0x3C, bytes([CMD, 0xA6, 0xA5]))
    assert sum(map(sum, d.pixels())) == 128 * 64
    d.feed(0x3C, bytes([CMD, 0xAE]))
    assert sum(map(sum, d.pixels())) == 0


def test_other_address_ignored():
    d = booted()
    d.feed(0x3D, bytes([DATA, 0xFF]))
    assert d.data_bytes == 0


class Bus:
    """busio-style bus feeding the model."""

    def __init__(self, model):
        self.model = model

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto(self, addr, buf, start=0, end=None):
        self.model.feed(addr, bytes(buf[start : len(buf) if end is None else end]))


def _draw_and_compare(page_addressing):
    model = SSD1306()
    oled = adafruit_ssd1306.SSD1306_I2C(128, 64, Bus(model), page_addressing=page_addressing)
    oled.fill(0)
    oled.rect(0, 0, 128, 64, 1)
    oled.line(0, 0, 127, 63, 1)
    oled.fill_rect(40, 20, 9, 13, 1)
    oled.show()
    rows = model.pixels()
    for y in range(64):
        for x in range(128):
            assert rows[y][x] == oled.pixel(x, y), (x, y)
    assert sum(map(sum, rows)) > 300


def test_driver_horizontal_mode_round_trip():
    _draw_and_compare(False)


def test_driver_page_mode_round_trip():
    _draw_and_compare(True)


def test_driver_contrast_and_invert_reach_model():
    model = SSD1306()
    oled = adafruit_ssd1306.SSD1306_I2C(128, 64, Bus(model))
    oled.contrast(42)
    oled.invert(True)
    assert model.contrast == 42 and model.inverted


def test_png_round_trip(tmp_path):
    d = booted()
    d.feed(0x3C, bytes([CMD, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7]))
    d.feed(0x3C, bytes([DATA] + [0x55] * 1024))
    rows = d.pixels()
    path = to_png(rows, str(tmp_path / "s.png"))
    assert from_png(path) == rows
