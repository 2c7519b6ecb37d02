"""What the handheld benches share: the install they play (the game's ROMFS image, the bytes
the Broadside firmware carries), the handheld that runs a probe in front of it (handheld()),
the memory probe, and the key scripts of a whole game of every mode (ROWS, and the pieces they
are built from) with the keys that walk the main menu to a mode. bench memory measures ROWS,
bench stall times their frames, bench soak visits the modes with the same scripts between its
random presses.

From the image, the probe runs in host_tools/sim/romboot.py's process: the image's bytearray
is in the GC heap, and the process has exactly that much more heap than the budget
(host_tools.paths.rom_heap). The probes measure from their own start (probe_start: the
interpreter, the launcher, the image's bytearray and the probe's code), so every heap figure
the benches report is the firmware's alone; heap_total is the pool less the image's bytearray
(rom_bytes), the budget's pool.

Key scripts are host_tools.sim.handheld's syntax (KEY, WAITms, 1:/2: a handheld of two).
"""

import os

from host_tools.device import bundle, romfs
from host_tools.paths import BUILD, FIRMWARE, HEAP, PROBES
from host_tools.sim.handheld import Handheld, rom_image

MEMPROBE = os.path.join(PROBES, "memprobe.py")
BENCH_DIR = os.path.join(BUILD, "bench")
SETTLE = "WAIT330,"  # boot finishes drawing before the script starts
# Express, both seats the CPU: Admiral's rules, seat 1 a CPU too, Start (the first row)
EX_CPU_GAME = "DOWN,RIGHT,DOWN,DOWN,A,UP,UP,UP,A,WAIT200,"


# (mode, key script, handhelds[, the arrows that move a cursor in this mode]).
# "menu" is the main menu itself; any other mode is a label key from
# firmware/core/modes.py (or "settings"). Only presses of the cursor arrows count
# for cursor_move (in Settings, LEFT/RIGHT change a value, which may redraw
# the whole screen: a new language).
def sweep(wait):
    """Battleship/Salvo: the hard level, the shuffled fleet, then a shot at
    every cell row by row (an arrow cuts a CPU turn short: WAIT lets each
    play out, so that every arrow counted is a cursor move), then back to
    the main menu from the result (B: the Battleship submenu, B: the main
    menu). Ends whatever the seed: 100 shots sink all."""
    keys = ["DOWN,A,A,WAIT%d" % wait, "UP,UP,UP,UP,LEFT,LEFT,LEFT,LEFT"]
    for row in range(10):
        step = "LEFT" if row % 2 else "RIGHT"
        keys += ["A,WAIT%d,%s" % (wait, step)] * 9 + ["A,WAIT%d,DOWN" % wait]
    return ",".join(keys) + ",B,WAIT100,B"


def link_game(rounds, first_wait=1500):
    """Link battle / Link salvo between two handhelds on the cable (the menu walked on both):
    they find each other, A takes the coin and A starts with the shuffled fleet; then A on each
    in turn (a shot, the cursor on past a cell already shot, or a moment's wait cut short)
    until any game is over (at most 100 shots a side; 125-170 measured, in 190-310 rounds),
    the spare presses turning the result's grid; B, B back to the menu."""
    first = "WAIT%d," % first_wait if first_wait else ""
    return first + "A,WAIT300,A,WAIT500," + ",".join(["1:A,2:A"] * rounds) + ",WAIT1500,B,WAIT1000,B,WAIT300"


def torpedo(start, presses):
    """Torpedo Attack: `start` (the CPU, or the cable), the shuffled fleet, then A alone, every
    300 ms: A calls the cell under the cursor (or moves it past a cell called already), skips an
    announcement, fires a torpedo at once (mostly a miss, so ships escape and the game ends
    sooner), cuts the CPU's shot short; on the other side's turn it does nothing. B from the
    result, back to the menu."""
    return start + ",A,WAIT300" * presses + ",WAIT1000,B"


# In a key script: the keys before it stop once every handheld has sounded its game's end (win or
# lose), for a game whose end takes the key its play is pressed with (split_at_end()).
UNTIL_END = "UNTIL_END,"
_END_CUES = ("win", "lose")


def split_at_end(script):
    """(keys, keys after) of a key script: the keys before UNTIL_END (all of them without it),
    which stop once game_over(), and the rest."""
    head, mark, tail = script.partition(UNTIL_END)
    return (head, tail) if mark else (script, "")


def game_over(hs, since):
    """Every handheld has sounded a game's end since its cues numbered since[k]."""
    return all(any(c.split()[0] in _END_CUES for c in h.cues[n:]) for h, n in zip(hs, since))


# Link Express, Captain's rules, between two handhelds: A picks the rules on both; the link, the
# coin and its result; DOWN, A commits each fleet as suggested (Express's Arrange), then A on each
# in turn (attacker, target, roll again, on from the result; nothing on the other side's turn)
# until the game is over (about 30 rolls: the presses stop there, as A leaves the end as the CPU
# game's does); B leaves the result, B the Express submenu.
LINK_EXPRESS = "A,WAIT3000,DOWN,A,WAIT500," + "1:A,2:A," * 600 + UNTIL_END + "WAIT1500,B,WAIT1000,B,WAIT300"

LINK_CARDS = "A,WAIT4000," + "1:A,2:A,WAIT60," * 1500 + UNTIL_END + "WAIT6000,B,WAIT1000,B,WAIT300"

ROWS = (
    ("menu", "DOWN,UP,UP,DOWN,WAIT500,DOWN,UP", 1),
    ("settings", "RIGHT,LEFT,DOWN,RIGHT,RIGHT,LEFT,DOWN,A,A,DOWN,RIGHT,LEFT,UP,UP,UP,B", 1, "UP,DOWN"),
    ("battleship", sweep(1500), 1),
    ("salvo", sweep(3900), 1),
    # Express: an Admiral's game, both seats CPU; each B finishes a CPU turn or
    # moves on from its result (and from the result screen to the menu; spare
    # B presses there do nothing), so any seed ends within the script.
    ("express", EX_CPU_GAME + "B,WAIT200," * 250, 1, "UP,DOWN"),
    # Card game, standard, vs the CPU, you first: with seed 7, A on each prompt plays a
    # whole game to the result; B leaves it, B the Card game submenu.
    ("cards", "A,WAIT330,UP,UP,A,WAIT330" + ",A" * 119 + ",WAIT2000,B,WAIT1000,B", 1),
    ("link_battle", link_game(450), 2, ""),  # no cursor arrows: A alone plays
    # The card game over the cable, standard: A on both picks the rules; the link, the coin,
    # the shuffle; then A on each plays its first playable card on its first target when it is
    # its turn (or cuts a play on show short; nothing while the other thinks) until both have
    # sounded the end (UNTIL_END: A leaves the end, as the CPU game's); B leaves the result (or
    # does nothing more, at the menu already), B the Card game submenu.
    ("link_cards", LINK_CARDS, 2, ""),
    ("link_salvo", link_game(550), 2, ""),
    ("link_express", LINK_EXPRESS, 2, ""),
    # Torpedo Attack against the CPU, and over the cable (link, who starts, Start). No cursor
    # arrows counted: a RIGHT may land on a periscope, which redraws every frame (a cursor move
    # on the grid sends under 100 bytes: tests/torpedo/test_handheld.py)
    ("torpedo", torpedo("A,A", 1200), 1, ""),
    ("torpedo", torpedo("DOWN,A,WAIT3000,A,WAIT300,A", 1500), 2, ""),
)


def mode_labels(firmware_dir=FIRMWARE):
    """{label key: keys from the main menu's first row into that mode}, in
    menu order, from firmware/core/modes.py (grouped modes go through their
    submenu)."""
    scope = {}
    with open(os.path.join(firmware_dir, "core", "modes.py")) as f:
        exec(compile(f.read(), "modes.py", "exec"), scope)
    out = {}
    for m in scope.get("MODES", ()):
        if "menu_path" in scope:
            row, sub = scope["menu_path"](m[0])
        else:
            row, sub = [x[0] for x in scope["MODES"]].index(m[0]), -1
        out[m[0]] = "DOWN," * row + "A," + ("WAIT100," + "DOWN," * sub + "A," if sub >= 0 else "")
    return out


def menu_keys(mode, labels):
    """Keys that open `mode` from the main menu (cursor on the first item)."""
    if mode == "menu":
        return ""
    if mode == "settings":
        return "UP,A,"  # the last item: the cursor wraps
    return labels[mode]


def build_installs(source=True, firmware_dir=FIRMWARE, where=BENCH_DIR):
    """The installs the bench runs: {'mpy': the game's ROMFS image (a file: the compiled
    modules, run in place)[, 'py': the sim board's install from sources (a folder)]}. The image is
    build/romfs's (host_tools.sim.handheld.rom_image) for firmware/, else one of its own in where."""
    if os.path.realpath(firmware_dir) == os.path.realpath(FIRMWARE):
        out = {"mpy": rom_image()}
    else:
        out = {"mpy": romfs.build(out=os.path.join(where, "romfs"), firmware_dir=firmware_dir, log=None)}
    if source:
        out["py"] = bundle.build(
            "sim", os.path.join(where, "py"), compile=False, firmware_dir=firmware_dir
        ).out
    return out


ROM_MAIN = "/rom/%s.mpy" % romfs.BOOT_NAME  # firmware/main.py in the image


def handheld(install, probe, env=None, heap=HEAP, saves=None, name="handheld"):
    """A simulated handheld whose firmware runs behind `probe` (MEMPROBE, the stall probe): from
    the game's ROMFS image (install a file: the launcher mounts it and hands over to the probe),
    or from a files install (a folder: main.py, lib/, boards/). BROADSIDE_MAIN tells the probe
    the boot it runs in the end."""
    env = dict(env or {})
    if os.path.isfile(install):
        env["BROADSIDE_MAIN"] = ROM_MAIN
        return Handheld(heap=heap, env=env, main=probe, rom=install, saves=saves, name=name)
    env["BROADSIDE_MAIN"] = os.path.join(install, "main.py")
    lib = (os.path.join(install, "lib"),)
    return Handheld(heap=heap, env=env, main=probe, path=lib, saves=saves, name=name)
