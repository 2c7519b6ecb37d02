"""Run by the MicroPython unix port for host_tools/bench/lcdeck.py (never on the device): times
the mental-poker deck's work (link.deck) and the stall benchmark's calibration loop in the
same process, and prints one JSON line. The firmware comes from the game's ROMFS image (the
bench runs this through host_tools/sim/romboot.py, which mounts it), calib.py from this
script's own folder."""


from calib import best_us as best
from calib import calibrate

from link import deck


def main():
    a, b = b"A" * 16, b"B" * 16
    cards = list(range(26))
    cal = best(calibrate, 15)
    s1 = deck.Stage(a, 0, 0, cards, True)
    s1.run()
    stage1 = best(lambda: deck.Stage(a, 0, 0, cards, True).run(), 5)
    vals = deck.values(s1.out)
    stage2 = best(lambda: deck.Stage(b, 0, 0, vals).run(), 5)
    s2 = deck.Stage(b, 0, 0, vals)
    blob = s2.run()
    c = blob[: deck.PLEN]
    draw = best(lambda: deck.partial(c, b, 0, 0, 0), 10)
    y = deck.partial(c, b, 0, 0, 0)
    find = best(lambda: deck.find(s1.out, y), 10)
    check = best(lambda: deck.check(blob, 26), 10)
    one = best(lambda: pow(deck.encode(5), deck.exponent(a, 0, 0), deck.P), 20)
    print('{"cal_host_us": %d, "stage_host_us": %d, "stage2_host_us": %d, "draw_host_us": %d, '
          '"find_host_us": %d, "check_host_us": %d, "modexp_host_us": %d, "prime_bits": %d}' % (
              cal, stage1, stage2, draw, find, check, one, 8 * deck.PLEN))


main()
