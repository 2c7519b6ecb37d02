"""Render every screen of the firmware in English and Hungarian to PNGs.

    python -m host_tools.sim.screens [PREFIX]   -> build/screens/<name>-<lang>.png
                                               and build/screens/all.png

PREFIX: the start of the screens' names (home, battleship, link_battle, express, link_express,
cards, link_cards, torpedo: the mode keys, tests/kit/screens.py short(); or more of a name).

The screens come from the catalogues in catalogs/ (see tests/kit/screens.py),
drawn by the real firmware under the MicroPython unix port, from the game's ROMFS image. Look at them:
a screen that is hard to read is a bug.
"""

import os
import subprocess
import sys

from host_tools.check import mpycheck
from host_tools.device import deps
from host_tools.paths import BUILD, HEAP, ROOT, micropython, rom_command


def decode(hexbuf):
    buf = bytes.fromhex(hexbuf)
    return [[(buf[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]


def collect(prefix="", compiled=False):
    """[(screen name, lang, rows)] of the screens whose names start with prefix. compiled: the
    firmware from the game's ROMFS image, run in place as on the device (host_tools/sim/romboot.py
    mounts it, with the heap's budget and the image's room: host_tools.paths.rom_heap), and the
    catalogues as compiled for the tests (build/mpycheck); else all from the sources."""
    deps.install()
    env = dict(os.environ)
    script = os.path.join(ROOT, "tests", "kit", "screens_dump.py")
    if compiled:
        if mpycheck.compile_all(quiet=True):
            raise SystemExit("screens: some modules do not compile (above)")
        from host_tools.sim.handheld import rom_image

        paths = ["tests/kit/fake", "tests/kit", "build/mpycheck", "."]  # the firmware: the image's
        cmd, rom_env, _heap = rom_command(rom_image(), HEAP, script, [prefix] if prefix else [])
        env.update(rom_env)
    else:
        paths = ["tests/kit/fake", "tests/kit", "boards", "firmware", "build/mplib", "."]
        cmd = [micropython(), "-X", "heapsize=" + HEAP, script] + ([prefix] if prefix else [])
    env["MICROPYPATH"] = ":".join(os.path.join(ROOT, p) for p in paths)
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    if out.returncode:
        raise SystemExit("screens: firmware failed\n" + out.stdout[-3000:] + out.stderr[-3000:])
    shots = []
    for line in out.stdout.splitlines():
        if line.startswith("SCREEN "):
            _tag, name, lang, hexbuf = line.split(" ", 3)
            shots.append((name, lang, decode(hexbuf)))
    return shots


def modules():
    """The screens' prefixes in menu order: home (the main menu), then for each module that
    starts game modes in firmware/core/modes.py the key of its first mode (battleship,
    link_battle, ...: tests/kit/screens.py short())."""
    scope = {}
    with open(os.path.join(ROOT, "firmware", "core", "modes.py")) as f:
        exec(compile(f.read(), "modes.py", "exec"), scope)
    names = ["home"]
    seen = []
    for m in scope.get("MODES", ()):
        if m[scope["MODULE"]] not in seen:
            seen.append(m[scope["MODULE"]])
            names.append(m[scope["KEY"]])
    return names


def main(argv):
    from PIL import Image

    from host_tools.sim.ssd1306 import to_png

    out_dir = os.path.join(BUILD, "screens")
    os.makedirs(out_dir, exist_ok=True)
    # compiled, as the handheld runs it (from sources the compiler's own heap use left the card
    # game over the cable no room at 192 KB)
    if len(argv) > 1:
        shots = collect(argv[1], compiled=True)
    else:  # one process a module: a game fragments the heap for the next one
        shots = []
        for module in modules():
            shots += collect(module, compiled=True)
    paths = []
    for name, lang, rows in shots:
        paths.append(to_png(rows, os.path.join(out_dir, "%s-%s.png" % (name, lang)), scale=3))
    if paths:
        # one contact sheet: English left, Hungarian right
        tiles = [Image.open(p) for p in paths]
        w, h = tiles[0].size
        sheet = Image.new("RGB", (2 * w + 12, (len(tiles) + 1) // 2 * (h + 8)), (60, 60, 60))
        for i, tile in enumerate(tiles):
            sheet.paste(tile, ((i % 2) * (w + 12), (i // 2) * (h + 8)))
        sheet.save(os.path.join(out_dir, "all.png"))
    print("%d screens written to %s (all.png is the contact sheet)" % (len(paths), out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
