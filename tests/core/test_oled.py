# interpreters: micropython
"""The OLED driver wrapper on the real MicroPython framebuf: after every
show() the panel (modelled byte for byte) holds exactly the frame, and small
changes send few bytes."""

from core import oled
from core.prng import Rng
from host_tools.sim.ssd1306 import SSD1306


class ModelI2C:
    def __init__(self):
        self.model = SSD1306()
        self.bytes = 0

    def writeto(self, addr, buf, stop=True):
        self.bytes += len(buf)
        self.model.feed(addr, bytes(buf))


def _panel_matches(d, model):
    for p in range(8):
        row = model.ram[p]
        for c in range(128):
            if row[c] != d.buffer[1 + p * 128 + c]:
                return False
    return True


def test_first_show_is_full_then_only_changes():
    bus = ModelI2C()
    d = oled.Oled(bus)
    assert _panel_matches(d, bus.model)
    d.show()
    assert d.last_bytes == 0  # nothing changed: nothing sent
    d.pixel(5, 5, 1)
    d.show()
    assert _panel_matches(d, bus.model)
    assert 0 < d.last_bytes < 20, d.last_bytes  # one byte of data plus the window


def test_random_drawing_always_matches_panel():
    bus = ModelI2C()
    d = oled.Oled(bus)
    r = Rng(4)
    for _ in range(25):
        for _ in range(r.range(1, 4)):
            x, y = r.below(128), r.below(64)
            d.fill_rect(x, y, r.range(1, 30), r.range(1, 20), r.below(2))
        d.show()
        assert _panel_matches(d, bus.model)


def test_change_in_two_distant_pages_uses_two_windows():
    bus = ModelI2C()
    d = oled.Oled(bus)
    d.fill_rect(0, 0, 4, 8, 1)  # page 0, columns 0-3
    d.fill_rect(120, 56, 4, 8, 1)  # page 7, columns 120-123
    d.show()
    assert _panel_matches(d, bus.model)
    assert d.last_bytes < 64, d.last_bytes  # not 8 pages x 128 columns


def test_full_screen_change_costs_about_one_push():
    bus = ModelI2C()
    d = oled.Oled(bus)
    d.fill(1)
    d.show()
    assert _panel_matches(d, bus.model)
    assert 1024 <= d.last_bytes <= 1024 + 8 + 12, d.last_bytes


def test_kept_panel_is_set_up_but_not_blanked():
    # back from a game through a soft reset the panel still shows the game's last frame: the
    # driver's set-up goes out, its blank page does not, and the first frame drawn goes whole
    bus = ModelI2C()
    for r in range(64):
        bus.model.ram[r % 8][r] = 0xFF  # the frame left on the panel
    d = oled.Oled(bus, still=True)
    assert bus.model.ram[3][3] == 0xFF and bus.bytes > 0  # commands sent, RAM untouched
    d.fill(0)
    d.pixel(1, 1, 1)
    d.show()
    assert _panel_matches(d, bus.model)
    assert d.last_bytes >= 1024
