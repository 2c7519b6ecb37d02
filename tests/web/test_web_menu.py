# interpreters: cpython
"""The page boots the firmware, and the canvas is the simulator's screen pixel for pixel."""

from golden import assert_screen


def test_the_menu_is_the_simulators_pixel_for_pixel(web):
    h = web.open(fresh=1, id=1)
    print("page load to running: %.2f s" % h.load_s)
    assert_screen(h, "home.menu", "en")
    h.check()


def test_in_hungarian_after_settings_and_a_reload(web):
    h = web.open(fresh=1, id=1)
    assert_screen(h, "home.menu", "en")
    h.keys("UP,A,RIGHT")  # Settings (the last row: UP wraps), Language: Magyar
    assert_screen(h, "settings_hu")  # as test_sim's handheld shows it
    h.keys("B")  # leaving Settings saves them
    h.wait_frames(5)
    h.open(web.url(id=1))  # a reload: the same handheld, its saved settings
    assert_screen(h, "home.menu", "hu")
    h.check()
