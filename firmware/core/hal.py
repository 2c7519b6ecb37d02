"""The hardware abstraction the app sees: buttons, frame clock, sound, and the
`Hw` bundle a board's make_hw() returns.

Boards build the machine objects and hand them in; nothing here (or above
it) imports `machine`. Time flows from the clock object, so the simulator can
drive the whole handheld frame by frame.
"""

from core.compat import const, sleep_ms, ticks_add, ticks_diff, ticks_ms

UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
A = const(16)
B = const(32)
BUTTON_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
_ARROWS = const(15)


class Buttons:
    """Polled once a frame. `read` returns the mask of buttons held now.

    pressed(b) is true on the frame a button went down (and again on
    auto-repeat for the arrows, so a held arrow walks a cursor)."""

    repeat_delay_ms = 400
    repeat_ms = 120

    def __init__(self, read):
        self._read = read
        self.held = 0
        self._prev = 0
        self._edge = 0
        self._up = 0
        self._repeat_at = 0

    def poll(self, now):
        cur = self._read()
        self._prev = self.held
        self.held = cur
        self._edge = cur & ~self._prev
        self._up = self._prev & ~cur
        if self._edge & _ARROWS:
            self._repeat_at = ticks_add(now, self.repeat_delay_ms)
        elif cur & _ARROWS and ticks_diff(now, self._repeat_at) >= 0:
            self._edge |= cur & _ARROWS
            self._repeat_at = ticks_add(now, self.repeat_ms)

    def pressed(self, b):
        return bool(self._edge & b)

    def released(self, b):
        return bool(self._up & b)

    def any_pressed(self):
        return self._edge != 0

    def clear(self):
        """Forget this frame's presses (after a screen change consumed them)."""
        self._edge = 0


class FrameClock:
    """Fixed frame pace on the device: wait_frame() sleeps until the next
    frame is due and returns its tick."""

    frame_ms = 33

    def __init__(self, frame_ms=None):
        if frame_ms:
            self.frame_ms = frame_ms
        self._next = ticks_ms()

    def now(self):
        return ticks_ms()

    def wait_frame(self):
        wait = ticks_diff(self._next, ticks_ms())
        if wait > 0:
            sleep_ms(wait)
        now = ticks_ms()
        self._next = ticks_add(self._next, self.frame_ms)
        if ticks_diff(now, self._next) > 0:  # fell behind: don't try to catch up
            self._next = ticks_add(now, self.frame_ms)
        return now


# Sound cues: (frequency Hz, duration ms) steps, played without blocking.
CUES = {
    "click": ((2000, 15),),
    "hit": ((880, 60), (1320, 90)),
    "miss": ((300, 120),),
    "sunk": ((660, 80), (440, 80), (220, 200)),
    "win": ((523, 100), (659, 100), (784, 100), (1047, 250)),
    "lose": ((392, 150), (330, 150), (262, 300)),
    "dice": ((1500, 20), (1200, 20), (1800, 20)),
}


class Sound:
    """Plays cue step sequences on a tone output without blocking the frame
    loop: tick(now) advances the steps. `out` has tone(freq) / off()."""

    def __init__(self, out=None):
        self._out = out
        self.enabled = False
        self._steps = None
        self._i = 0
        self._until = 0
        self.last = None

    def cue(self, name, now=None):
        self.last = name
        if not self.enabled or self._out is None or name not in CUES:
            return
        self._steps = CUES[name]
        self._i = 0
        self._start(ticks_ms() if now is None else now)

    def _start(self, now):
        freq, ms = self._steps[self._i]  # a tune is playing  # pyright: ignore[reportOptionalSubscript]
        self._out.tone(freq)
        self._until = ticks_add(now, ms)

    def silence(self):
        """Stop a cue now: the game ends (Ctrl-C, a crash) and a tone left on
        would sound until the board is powered off."""
        self._steps = None
        if self._out is not None:
            self._out.off()

    def tick(self, now):
        if self._steps is None or ticks_diff(now, self._until) < 0:
            return
        self._i += 1
        if self._i >= len(self._steps):
            self._steps = None
            self._out.off()
        else:
            self._start(now)


class Hw:
    """Everything a board hands the app. Any part but display/buttons/clock
    may be None when the board lacks it. reset() starts the firmware again
    with a fresh interpreter (machine.soft_reset on the device): the app
    goes back to the menu that way after a game (see App.home)."""

    def __init__(self, name, display, buttons, clock, link=None, storage=None, sound=None, reset=None):
        self.name = name
        self.display = display
        self.buttons = buttons
        self.clock = clock
        self.link = link
        self.storage = storage
        self.sound = sound if sound is not None else Sound(None)
        self.reset = reset
