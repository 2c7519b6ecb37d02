# interpreters: micropython cpython
"""Settings: defaults, stepping through choices, and a save that loads back
(even one from another firmware version)."""

from core.settings import TABLE, Settings


def test_defaults():
    s = Settings()
    assert s.get("language") == "en"
    assert s.get("sound") == 0  # sound is off until the player turns it on
    assert s.get("level") == "medium"


def test_step_wraps_both_ways():
    s = Settings()
    assert s.step("language", 1) == "hu"
    assert s.step("language", 1) == "en"
    assert s.step("language", -1) == "hu"


def test_round_trip():
    s = Settings()
    s.set("language", "hu")
    s.set("contrast", 255)
    s.set("sound", 1)
    r = Settings.from_bytes(s.to_bytes())
    assert (r.get("language"), r.get("contrast"), r.get("sound")) == ("hu", 255, 1)


def test_bad_bytes_fall_back_to_defaults():
    assert Settings.from_bytes(b"").index == Settings().index
    assert Settings.from_bytes(b"\x63\x01\x01").index == Settings().index  # other version
    r = Settings.from_bytes(bytes([1, 1, 99]))  # contrast index out of range
    assert r.get("language") == "hu" and r.get("contrast") == TABLE[1][1][TABLE[1][2]]
