# interpreters: cpython
"""Torpedo Attack on the simulated handheld, from the main menu: a whole game
against the CPU and a whole game between two handhelds on a virtual link
cable, played to the end by a loop that reads the screen and presses keys
(it fires when it sees the rod at the sight); golden images of the locating
and periscope screens."""

from simtest import assert_golden, image, open_mode, play

from host_tools.paths import HEAP
from host_tools.sim.handheld import BUTTONS, Cable, Handheld, run_script

SEED = {"BROADSIDE_SEED": "7"}
# main menu (no saved game) -> Torpedo Attack
TORPEDO = "WAIT330," + open_mode("torpedo").rstrip(",")
CPU_GAME = TORPEDO + ",A,A"  # -> Play the CPU -> Start with the shuffled fleet
# Two handhelds run the game's ROMFS image (as make play2 does) in the heap the memory target
# names: a cable game's peak is about 120 KB of the 64-bit unix port's 192 KB (the engine, the
# link's modules, their buffers, the rival's commitments, the screens; `make bench`).
CABLE_HEAP = HEAP


def rod(h):
    """The rod's x on the periscope screen (None: no periscope up; -1: no rod drawn)."""
    s = h.screen()
    if not all(s[9]) or not s[45][64]:  # the line under the top row, the sight's tip
        return None
    xs = [x for x in range(128) if s[35][x]]
    return xs[0] if len(xs) == 1 else -1


class Player:
    """Presses keys from what is on the screen: fires when the rod is within 2 px of the sight;
    otherwise A (a call at the cursor, or the cursor on to the next cell not called yet; it also
    skips an announcement). Presses on the other side's turn do nothing."""

    def __init__(self, h):
        self.h = h

    def keys(self, i):
        r = rod(self.h)
        if r is not None:
            return BUTTONS["A"] if r >= 0 and abs(r - 64) <= 2 and i % 2 == 0 else 0
        return BUTTONS["A"] if i % 4 == 0 else 0


class _Ink:
    """Where font.text would light pixels (the firmware's own font, on CPython)."""

    def __init__(self):
        self.lit = set()

    def pixel(self, x, y, c=None):
        if c is not None and c:
            self.lit.add((x, y))
        return 0


def shows(h, word):
    """Is `word` on the screen as a title: dark on the lit bar of the locating screen's panel
    (x 64, y 1) or the periscope's bottom line (centred, y 51)?"""
    from core import font

    s = h.screen()
    w = font.width(word)
    for x, y in ((64, 1), ((128 - w) // 2, 51)):
        ink = _Ink()
        font.text(ink, word, x, y, 1)
        box = [(i, j) for i in range(x, x + w) for j in range(y, y + 7)]
        if all(s[j][i] == (0 if (i, j) in ink.lit else 1) for i, j in box):
            return True
    return False


def ended(h):
    return [c.split()[0] for c in h.cues if c.split()[0] in ("win", "lose")]


def play_out(handhelds, frames=30000, each=None):
    players = [Player(h) for h in handhelds]
    for i in range(frames):
        if each is not None:
            each(i)
        for p in players:
            p.h.frame(p.keys(i))
        if all(ended(h) for h in handhelds):
            return i
    raise AssertionError("not over after %d frames: %s" % (frames, [h.cues[-5:] for h in handhelds]))


def test_a_whole_game_against_the_cpu_then_back_to_the_menu(tmp_path):
    h = play(CPU_GAME, env=SEED)
    try:
        play_out([h])
        assert len(ended(h)) == 1  # won or lost, once
        run_script([h], "WAIT1000,B")  # the result stays until B: the main menu, on Torpedo Attack
        assert_golden(h, "ta_menu_after", tmp_path)
        assert h.proc.poll() is None  # no crash on the way
    finally:
        h.close()


def test_locating_and_periscope_screens_golden(tmp_path):
    h = play(CPU_GAME + ",WAIT2000", env=SEED)  # a CPU call played out (if it went first): our call
    try:
        assert_golden(h, "ta_locate", tmp_path)
        players = Player(h)
        for i in range(20000):  # to the first periscope, then 40 frames into its drift
            if rod(h) is not None:
                break
            h.frame(players.keys(i))
        run_script([h], "WAIT1300", tail_frames=0)
        assert rod(h) is not None
        assert_golden(h, "ta_periscope", tmp_path)
    finally:
        h.close()


def test_a_cursor_move_sends_few_bytes():
    h = play(CPU_GAME + ",WAIT2500", env=SEED)  # our call
    try:
        most = 0
        for key in ("RIGHT", "RIGHT", "DOWN", "LEFT", "UP", "DOWN", "DOWN", "RIGHT"):
            h.frame_bytes.clear()
            run_script([h], key, tail_frames=0)
            most = max(most, max(h.frame_bytes))
        assert 0 < most <= 2 * (128 + 2) + 12, most  # at most two display pages' worth
    finally:
        h.close()


def test_a_whole_game_between_two_handhelds_on_the_cable():
    a = Handheld(env={"BROADSIDE_SEED": "7"}, heap=CABLE_HEAP, name="handheld 1", rom=image())
    b = Handheld(env={"BROADSIDE_SEED": "8"}, heap=CABLE_HEAP, name="handheld 2", rom=image())
    cable = Cable(a, b)
    shown = []

    def pull_the_plug(i):
        """Three seconds without the cable, in the middle of the game: it waits, then goes on."""
        if i == 600:
            cable.connected = False
        elif i == 690:
            shown.append(shows(a, "Unplugged") or shows(b, "Unplugged"))
            cable.connected = True

    try:
        # both: Torpedo Attack -> Link cable game; they link, toss the coin, show who starts
        run_script([a, b], TORPEDO + ",DOWN,A,WAIT2500,A,WAIT500")  # A: Start with the shuffled fleet
        play_out([a, b], each=pull_the_plug)
        ends = sorted(ended(a) + ended(b))
        assert ends in (["lose", "win"], ["lose", "lose"]), ends  # one wins (or a draw: both lose)
        assert a.uart_out_total > 7000 and b.uart_out_total > 7000  # commitments, calls, reveals
        assert a.proc.poll() is None and b.proc.poll() is None
        assert shown == [True]  # while the cable was out, the screen said so
    finally:
        a.close()
        b.close()
