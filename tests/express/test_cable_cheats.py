# interpreters: cpython
"""Express over the cable against a cheating handheld, read off the honest one's screen: two
simulated handhelds on the virtual cable, the compiled install at the 192 KB heap (as
tests/link/test_endings.py runs them), the cheater's link.match changed (simtest.changed_link).
Issue 41, item 7:
- a roll claimed falsely in the middle of play: the honest handheld names the cheat on the link's
  cheat screen. Before, that screen loaded the link's module on top of play's screens and, in
  about 1 game in 20, ran out of memory drawing it (this game: "MemoryError ... allocating 1518
  bytes" in express.cable.ui's draw);
- our own fleet commitment sent back to us: refused, and the game ends there on the cheat screen,
  named. Before, the refusal ended nothing on the screen: it stayed on "Waiting for the other
  fleet..." (63 s seen).
Both in English and in Hungarian."""

import os
import shutil

import pytest
from screenread import words_shown
from simtest import HUNGARIAN, ROUND, changed_link, linked_handheld, open_mode

from host_tools.device import bundle
from host_tools.paths import BUILD, ROOT
from host_tools.sim.handheld import Cable, run_script

LANGS = ("en", "hu")
# the main menu, Express -> Over the cable, Captain's; the coin; the fleet as offered
SETUP = "WAIT3000,DOWN,A,WAIT500"
HONEST = "            elif not link.send(m):\n"  # link.match.flush(): every message leaves here
# the cheater's changes to link.match
# every X_ROLL of its own with its first die changed (the first is caught)
LIE_ROLL = [(HONEST, "            elif not link.send(m[:3] + bytes(((m[3] + 1) % 6,)) + m[4:]\n"
                     "                               if m[:1] == b'\\x54' else m):\n")]
COPY = [
    # the other's X_COMMIT, kept as it arrives
    (
        "        self.timer = 0  # the peer spoke: the clock starts again\n",
        "        self.timer = 0\n        if m[:1] == b'\\x50':\n            self.copied = bytes(m)\n",
    ),
    # ours waits for it and goes in its place
    (
        HONEST,
        "            elif m[:1] == b'\\x50' and getattr(self, 'copied', None) is None:\n"
        "                return\n"
        "            elif not link.send(self.copied if m[:1] == b'\\x50' else m):\n",
    ),
]


# Under the checkout, so that every path the handhelds hold is relative to it and the same on
# every machine (host_tools.sim.handheld._rel): the heap's layout, and so a run out of memory,
# depends on their lengths
HERE = os.path.join(BUILD, "tests", "express_cable_cheats")


@pytest.fixture(scope="module")
def install():
    shutil.rmtree(HERE, ignore_errors=True)
    yield bundle.build("sim", os.path.join(HERE, "sim"), arch=None).out
    shutil.rmtree(HERE, ignore_errors=True)


@pytest.fixture
def where():
    path = os.path.join(HERE, "run")  # the flash folders and the cheater's modules: one game's
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _words(lang):
    from core import strings
    from express.cable.text import EN, HU
    from link import screen  # noqa: F401  (the link's words, added on import)

    strings.add(EN, HU)
    strings.set_lang(lang)
    return strings.t


def _against(install, where, lang, seed, name, edits, rounds):
    """The honest handheld's screen once the cheater's changed firmware has done its deed: both
    into the game (pressing A on both `rounds` times at most, until the honest one sounds an end),
    then a second of nothing pressed."""
    flash = os.path.relpath(where, ROOT)  # (the firmware runs in the checkout)
    a = linked_handheld(install, seed, os.path.join(flash, "a"), "honest")
    lib = changed_link(install, where, name, edits)
    b = linked_handheld(install, seed + 1000, os.path.join(flash, "b"), name, lib)
    Cable(a, b)

    def ended(hs):
        return any(c.split()[0] in ("win", "lose") for c in a.cues)

    try:
        way = "WAIT300," + (HUNGARIAN if lang == "hu" else "") + open_mode("link_express") + "A,"
        run_script([a, b], way + SETUP)
        if rounds and not ended(None):
            run_script([a, b], ",".join([ROUND] * rounds), tail_frames=0, until=ended)
        run_script([a, b], "WAIT1000", tail_frames=0)
        return a.screen()
    finally:
        a.close()
        b.close()


# a game in each language that ran out of memory on the cheat screen on 29b9948 (seeds 1 to 40:
# 1 in English, 2 in Hungarian). The heap's layout changes with any module, so other changes may
# move the failure to other games: tests/express/test_cable_ui.py checks its cause.
@pytest.mark.parametrize("lang,seed", [("en", 10), ("hu", 16)])
def test_a_false_roll_in_play_is_named_on_the_cheat_screen(install, where, lang, seed):
    t = _words(lang)
    shown = _against(install, where, lang, seed, "roll", LIE_ROLL, 200)
    verdict = [t("ln_cheat"), t("lx_c8"), t("ln_void")]  # the cheat named: "roll does not match the dice"
    assert words_shown(shown, verdict) == verdict


@pytest.mark.parametrize("lang", LANGS)
def test_our_own_commitment_sent_back_ends_the_game_named(install, where, lang):
    t = _words(lang)
    shown = _against(install, where, lang, 3, "copy", COPY, 0)
    assert not words_shown(shown, [t("lx_fleet_wait")])
    verdict = [t("ln_cheat"), t("lx_c4"), t("ln_void")]  # "The other copied our commitment"
    assert words_shown(shown, verdict) == verdict
