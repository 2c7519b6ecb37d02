"""The mental-poker deck's cost (docs/link-protocol.md 9.6): `python -m host_tools.bench lcdeck`.

Runs host_tools/bench/probes/deckprobe.py on the MicroPython unix port (the firmware from the game's
ROMFS image, run in place by host_tools/sim/romboot.py; 192K heap and the image's room)
several times and keeps each number's best; scales host time to the RP2040 with the link stall
benchmark's factor K = CAL_DEVICE_US / the calibration loop's host time
(host_tools/bench/probes/calib.py: the same loop, the same constant). Prints JSON.

Caveat: K is derived for interpreted Python; big-integer arithmetic is C (mpz) and on the
RP2040 uses 16-bit digits against the unix port's 32-bit ones, so the device's modular
exponentiations may be slower than K says: the JSON also gives K x 2 as a pessimistic bound.
"""

import json
import os
import subprocess
import sys

from host_tools.bench.probes.calib import CAL_DEVICE_US
from host_tools.paths import HEAP, PROBES, ROOT, micropython_env, rom_command
from host_tools.sim.handheld import rom_image

# per side at the start, after the grids: the other deck's stage 2 and the check of each stage
# received (its own deck's stage 1 is made while the coin and the grids are awaited, 9.1)
SETUP_STAGES = 1  # stages on the critical path
DECK = 26


def measure(runs=3):
    cmd, env, _heap = rom_command(rom_image(), HEAP, os.path.join(PROBES, "deckprobe.py"))
    best = {}
    for _ in range(runs):
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300,
                             env=dict(micropython_env(), **env))
        r = json.loads(out.stdout.strip().splitlines()[-1])
        for k, v in r.items():
            best[k] = min(best.get(k, v), v)
    k = CAL_DEVICE_US / best["cal_host_us"]
    # each stage received is checked (link.deck.check) before the next is computed from it
    shuffle_host = SETUP_STAGES * best["stage2_host_us"] + 2 * best["check_host_us"]
    draw_host = best["find_host_us"]  # the other side sends the value it kept: the owner's lookup
    res = {
        "prime_bits": best["prime_bits"],
        "exponent_bits": 96,
        "deck": DECK,
        "K": round(k, 1),
        "unix_port_ms": {
            "stage_26_cards": round(best["stage_host_us"] / 1000, 1),
            "stage2_26_cards": round(best["stage2_host_us"] / 1000, 1),
            "shuffle_both_decks_wall": round(shuffle_host / 1000, 1),
            "check_26_values": round(best["check_host_us"] / 1000, 2),
            "draw": round(draw_host / 1000, 3),
            "decryption_256bit_exponent": round(best["draw_host_us"] / 1000, 2),
            "modexp_96bit_exponent": round(best["modexp_host_us"] / 1000, 3),
        },
        "rp2040_estimate_ms": {
            "stage_26_cards": round(best["stage_host_us"] * k / 1000),
            "stage2_26_cards": round(best["stage2_host_us"] * k / 1000),
            "shuffle_both_decks_wall": round(shuffle_host * k / 1000),
            "shuffle_pessimistic_2K": round(2 * shuffle_host * k / 1000),
            "check_26_values": round(best["check_host_us"] * k / 1000),
            "draw": round(draw_host * k / 1000),
        },
    }
    return res


def main(argv=None):
    print(json.dumps(measure(), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
