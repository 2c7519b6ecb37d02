# interpreters: micropython
"""boards/pico_oled.py against a fake `machine`: the pins in its table are
the ones it uses, buttons read active-low, and a missing OLED is named."""

import machine
import pico_oled
from support import raises

from core.hal import DOWN, LEFT, RIGHT, UP, A, B


def _fresh():
    pico_oled.SAVES = "/tmp/broadside-test-pico-saves"  # not the host's /saves
    machine.LOG.clear()
    machine.PIN_LEVELS.clear()
    machine.I2C_DEVICES.clear()
    machine.I2C_DEVICES.add(0x3C)


def test_builds_every_part_on_the_documented_pins():
    _fresh()
    hw = pico_oled.make_hw()
    assert hw.name == "pico_oled"
    i2c = [e for e in machine.LOG if e[0] == "I2C"][0]
    assert i2c[1:4] == (0, pico_oled.PINS["oled_sda"], pico_oled.PINS["oled_scl"])
    uart = [e for e in machine.LOG if e[0] == "UART"][0]
    assert uart[1:] == (1, 115200, pico_oled.PINS["link_tx"], pico_oled.PINS["link_rx"])
    pwm = [e for e in machine.LOG if e[0] == "PWM"][0]
    assert pwm[1] == pico_oled.PINS["piezo"]
    pulled = [e[1] for e in machine.LOG if e[0] == "Pin" and e[3] == machine.Pin.PULL_UP]
    for name in ("up", "down", "left", "right", "a", "b"):
        assert pico_oled.PINS[name] in pulled


def test_on_micropythons_own_firmware_a_game_goes_back_to_the_menu_through_a_soft_reset():
    _fresh()
    hw = pico_oled.make_hw()
    hw.reset()
    assert machine.LOG[-1] == ("soft_reset",)


def test_on_broadsides_firmware_a_game_goes_back_to_the_menu_in_the_same_interpreter():
    # the firmware holds the game's names (a frozen bs_names): no name is made in RAM, no reset
    import sys

    sys.modules["bs_names"] = object()  # stands for the frozen module
    try:
        _fresh()
        hw = pico_oled.make_hw()
        assert hw.reset is None
        assert "bs_names" not in sys.modules  # looked for, not kept
    finally:
        sys.modules.pop("bs_names", None)


def test_no_two_functions_share_a_pin():
    pins = list(pico_oled.PINS.values())
    assert len(pins) == len(set(pins))


def test_buttons_read_active_low():
    _fresh()
    hw = pico_oled.make_hw()
    hw.buttons.poll(0)
    assert hw.buttons.held == 0
    expect = {"up": UP, "down": DOWN, "left": LEFT, "right": RIGHT, "a": A, "b": B}
    for name in ("up", "down", "left", "right", "a", "b"):
        machine.PIN_LEVELS.clear()
        machine.PIN_LEVELS[pico_oled.PINS[name]] = 0  # pressed: shorted to ground
        hw.buttons.poll(100)
        assert hw.buttons.held == expect[name], name


def test_display_is_driven_over_i2c():
    _fresh()
    hw = pico_oled.make_hw()
    hw.display.fill_rect(0, 0, 10, 10, 1)
    hw.display.show()
    assert hw.display.last_bytes > 0


def test_missing_oled_gives_wiring_message():
    _fresh()
    machine.I2C_DEVICES.clear()
    e = raises(OSError, pico_oled.make_hw)
    msg = str(e)
    assert "OLED" in msg and "GP4" in msg and "GP5" in msg, msg


def test_piezo_tone_and_silence():
    _fresh()
    hw = pico_oled.make_hw()
    hw.sound.enabled = True
    hw.sound.cue("click", 0)
    pwm = hw.sound._out.pwm
    assert pwm.f == 2000 and pwm.duty > 0
    hw.sound.tick(100)
    assert pwm.duty == 0


def test_back_from_a_game_keeps_the_panels_frame():
    _fresh()
    hw = pico_oled.make_hw()  # a power-on: the driver's set-up and a blank page
    hw.storage.save("way", b"battleship_menu\tbattleship")  # core.restart's note
    back = pico_oled.make_hw()
    hw.storage.delete("way")
    assert 0 < back.display.bytes_sent < 100 < hw.display.bytes_sent  # the set-up, no page
    back.display.show()
    assert back.display.last_bytes >= 1024  # the first frame goes whole
