# interpreters: micropython cpython
"""Buttons are polled once a frame: a press is seen on exactly one frame,
held arrows auto-repeat, sound cues play without blocking."""

from core.hal import DOWN, UP, A, B, Buttons, Sound


class Keys:
    def __init__(self):
        self.mask = 0

    def __call__(self):
        return self.mask


def test_press_seen_once():
    k = Keys()
    b = Buttons(k)
    b.poll(0)
    k.mask = A
    b.poll(33)
    assert b.pressed(A) and not b.pressed(B)
    b.poll(66)
    assert not b.pressed(A)  # still held, not pressed again
    k.mask = 0
    b.poll(99)
    assert b.released(A)


def test_arrow_auto_repeat_after_delay():
    k = Keys()
    b = Buttons(k)
    k.mask = DOWN
    presses = 0
    t = 0
    for _ in range(30):  # one second held at 30 fps
        b.poll(t)
        presses += b.pressed(DOWN)
        t += 33
    # first press, then repeats every 120 ms after a 400 ms delay
    assert 5 <= presses <= 7, presses


def test_a_does_not_repeat():
    k = Keys()
    b = Buttons(k)
    k.mask = A
    presses = 0
    for i in range(60):
        b.poll(i * 33)
        presses += b.pressed(A)
    assert presses == 1


def test_two_buttons_at_once():
    k = Keys()
    b = Buttons(k)
    k.mask = UP | A
    b.poll(0)
    assert b.pressed(UP) and b.pressed(A)


class Tone:
    def __init__(self):
        self.log = []

    def tone(self, f):
        self.log.append(f)

    def off(self):
        self.log.append(0)


def test_sound_plays_steps_over_frames_and_stops():
    out = Tone()
    s = Sound(out)
    s.enabled = True
    s.cue("hit", 0)
    assert out.log == [880]
    s.tick(30)
    assert out.log == [880]  # first step lasts 60 ms
    s.tick(60)
    assert out.log == [880, 1320]
    s.tick(200)
    assert out.log == [880, 1320, 0]


def test_sound_off_by_default_is_silent():
    out = Tone()
    s = Sound(out)
    s.cue("win", 0)
    assert out.log == [] and s.last == "win"


def test_silence_stops_a_cue_midway_and_it_stays_silent():
    out = Tone()
    s = Sound(out)
    s.enabled = True
    s.cue("win", 0)
    assert out.log == [523]
    s.silence()
    assert out.log == [523, 0]
    s.tick(1000)  # the rest of the cue never plays
    assert out.log == [523, 0]
