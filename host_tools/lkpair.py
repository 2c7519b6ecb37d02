"""Two simulated handhelds joined by the link cable, running the compiled install (as the device
does), for playing Link battle by hand or looking at it headless:

    python -m host_tools.lkpair                       # interactive, in the terminal
    python -m host_tools.lkpair --headless --keys "..." --png out.png

`python -m host_tools.sim --pair` runs the firmware's sources, which the MicroPython unix port
compiles in the handheld's own 192 KB heap: beside the link layer and the game that leaves too
little room, so the Link battle modes need the compiled install. Keys and options are the
simulator's (host_tools.sim); each handheld keeps its saves in --saves/1 and --saves/2.
"""

import argparse
import os
import sys

from host_tools import bundle
from host_tools.paths import BUILD, HEAP
from host_tools.sim import Cable, FirmwareCrashed, Handheld, interactive, render_text, run_script

INSTALL = os.path.join(BUILD, "lkpair")


def handheld(install, name, saves=None, env=None, heap=HEAP):
    """One handheld running the install in `install` (bundle.build's output for the sim board)."""
    path = (os.path.join(install, "lib"), os.path.join(install, "boards"))
    return Handheld(
        heap=heap, saves=saves, env=env, name=name, main=os.path.join(install, "main.py"), path=path
    )


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.lkpair", description=__doc__.split("\n")[0])
    ap.add_argument("--headless", action="store_true", help="play --keys without a terminal")
    ap.add_argument("--keys", default="", help="key script (1: / 2: pick a handheld)")
    ap.add_argument("--png", help="write the final screens here (-1.png, -2.png)")
    ap.add_argument("--saves", help="folder for the two handhelds' flash saves (default: temp folders)")
    ap.add_argument("--heap", default=HEAP)
    args = ap.parse_args(argv)
    install = bundle.build("sim", INSTALL, arch=None).out
    hs = []
    for i in (1, 2):
        saves = os.path.join(args.saves, str(i)) if args.saves else None
        if saves:
            os.makedirs(saves, exist_ok=True)
        hs.append(handheld(install, "handheld %d" % i, saves, heap=args.heap))
    Cable(hs[0], hs[1])
    try:
        if args.headless or not sys.stdin.isatty():
            run_script(hs, args.keys)
            for i, h in enumerate(hs):
                if args.png:
                    h.png(args.png.replace(".png", "-%d.png" % (i + 1)))
                else:
                    print(render_text(h.screen()))
        else:
            if args.keys:
                run_script(hs, args.keys, tail_frames=1)
            interactive(hs)
    except FirmwareCrashed as e:
        print(e, file=sys.stderr)
        return 1
    finally:
        for h in hs:
            h.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
