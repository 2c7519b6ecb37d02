"""Benchmarks: `python -m host_tools.bench NAME [options]` (host_tools/bench/__main__.py).

One module per bench, host_tools/bench/NAME.py, each with a `main(argv)` that prints its
numbers as JSON lines and returns 1 when a target is missed; its docstring's first line
says what it measures and `--help` its options and output. BENCHES lists them: `all` (make
bench) runs each with its default options, except those in NOT_IN_ALL.

Beside them: session.py, the installs and key scripts the handheld benches share (memory,
soak, stall), and probes/, the scripts that run under MicroPython (the unix port, or the
emulated Pico for rp2) and print what the benches read.
"""

BENCHES = (
    "ai", "cards", "express", "font", "lcdeck", "lcgames", "link", "linkexpress", "memory", "rp2", "soak",
    "stall", "torpedo", "torpedolink", "wear",
)  # fmt: skip
NOT_IN_ALL = ("rp2",)  # an hour in the RP2040 emulator: make test-rp2 FULL=1, or ask for it by name
