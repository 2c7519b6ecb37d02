"""`make play`: the handheld itself when one is plugged in, else the simulator.

A plugged-in Pico (USB id 2E8A, Raspberry Pi) running MicroPython already
plays on its own screen: this resets it into the game and attaches to its
console, so errors show here. With no board (or PLAY=sim), the simulated
handheld runs in this terminal; without a terminal (CI, a pipe) it boots
headless and prints the screen once.

LINK=URL / LISTEN=PORT (`--link`, `--listen`) always run the simulator, its
link cable joined to a real handheld on a USB-UART adapter or to a simulator
on another computer (see host_tools.sim.handheld).
"""

import argparse
import os
import subprocess
import sys

from host_tools.paths import tool
from host_tools.sim import handheld as sim

RPI_VID = 0x2E8A


def find_boards():
    """Serial ports that look like a Raspberry Pi RP2040 board."""
    try:
        from serial.tools import list_ports
    except ImportError:
        return []
    return [p.device for p in list_ports.comports() if p.vid == RPI_VID]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="make play")
    ap.add_argument("--port", help="serial port of a handheld (default: look for one)")
    ap.add_argument("--sim", action="store_true", help="always use the simulator")
    ap.add_argument("--link", metavar="URL", help="the simulator, its link cable on this serial port or URL")
    ap.add_argument("--listen", metavar="[HOST:]PORT", help="the simulator, its link cable waiting on TCP")
    ap.add_argument("--baud", type=int, help="--link's serial speed (default 115200)")
    args = ap.parse_args(argv)
    cable = []
    for flag, value in (("--link", args.link), ("--listen", args.listen), ("--baud", args.baud)):
        if value is not None:
            cable += [flag, str(value)]
    use_sim = args.sim or os.environ.get("PLAY") == "sim" or bool(args.link or args.listen)
    ports = [] if use_sim else ([args.port] if args.port else find_boards())
    if len(ports) > 1:
        print("make play: %d boards found (%s); pick one with PORT=..." % (len(ports), ", ".join(ports)))
        return 2
    if ports:
        port = ports[0]
        print(
            "make play: handheld on %s: resetting it into Broadside; its console follows (Ctrl-] leaves)."
            % port
        )
        print("(not flashed yet? run `make flash`; to use the simulator instead: PLAY=sim make play)")
        mp = tool("mpremote")
        subprocess.call([mp, "connect", port, "reset"])
        return subprocess.call([mp, "connect", port, "repl"])
    if not sys.stdin.isatty():
        print("make play: no terminal here, so the simulator boots headless and shows its screen once:")
        return sim.main(["--headless", "--text", "--compiled"] + cable)
    return sim.main(["--compiled"] + cable)


if __name__ == "__main__":
    sys.exit(main())
