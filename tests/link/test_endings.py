# interpreters: cpython
"""Every ending of every cable game, read off the screen: two simulated handhelds (the compiled
install, as the device runs it) on the virtual cable, played through their keys only, in
English and in Hungarian. The last screen must be drawn and must name the outcome: it is read
with the firmware's own font (tests/kit/screenread.py), from the pixels the display shows, not
from what a screen's draw() would draw if asked.

Outcomes, for Link battle, Link salvo, Express, the card game and Torpedo Attack over the cable:
- a whole game with the cable pulled in the middle ("unplugged" shown) and plugged back: one
  handheld shows that it won, the other that it lost;
- a handheld whose firmware opens its coin with another value than it committed to: the other
  names the cheat;
- a handheld whose firmware never opens its coin, nor sends anything after it (its link still
  answers): the other wins by forfeit after the forfeit clock's 30 s;
- a handheld switched off and back on with an older save: the other says the saves are out of
  step (and may claim the win), it names the other's counters, which its save contradicts;
- a handheld whose firmware forges its RESUME counters after a restart (issue 41, item 1): the
  honest one names it, and never shows "the other decides";
- a handheld that lost its save comes back (a new game) where it owed a message: the other,
  ahead, claims the win with A, in every cable game (issue 41, item 2).

The cheating handhelds run the install with one module changed: link.match's flush() (every
cable game's messages leave through it) alters or holds back the coin's opening.
"""

import os
import shutil

import pytest
from screenread import words_shown
from simtest import HUNGARIAN, changed_link, linked_handheld, open_mode

from host_tools.device import bundle
from host_tools.paths import HEAP
from host_tools.sim.handheld import Cable, run_script

MODES = ("link_battle", "link_salvo", "link_express", "link_cards", "torpedo_link")
LANGS = ("en", "hu")

# what each mode's screens say at each ending: word keys (core.strings) in the language in use
WIN = {"link_battle": ("lk_win", "lk_lose"), "link_express": ("lx_you_win", "lx_you_lose"),
       "link_cards": ("cg_win", "cg_them_wins"), "torpedo_link": ("ta_win", "ta_lose")}
# the rest are the link's own screens (link.screen), one set for every cable game
LINK_ENDS = {"cheat": "ln_cheat", "forfeit": "ln_forfeit", "unplugged": "ln_unplugged",
             "out_of_step": "ln_out_of_step"}
ENDINGS = {mode: dict(LINK_ENDS, win=won, lose=lost) for mode, (won, lost) in WIN.items()}
# the card game over the cable: the cable unplugged in play is said on the card game's screen
# (before play the link's screen says it, in the same words); Torpedo says "unplugged" in its
# game screens' title, the rest on the link's screens
ENDINGS["link_cards"].update(unplugged="cg_unplugged")
ENDINGS["torpedo_link"].update(unplugged="ta_unplugged")
ENDINGS["link_salvo"] = ENDINGS["link_battle"]

# one round of play: A on both (a shot, a roll, a move, a call; nothing where it is not your turn)
ROUND = {
    "link_battle": "1:A,2:A",
    "link_salvo": "1:A,2:A",
    "link_express": "1:A,2:A",
    "link_cards": "1:A,2:A,WAIT60",
    "torpedo_link": "1:A,2:A,WAIT300",
}
# from the mode's entry to the link: the rules (Express, cards: Captain's, Standard)
RULES = {"link_express": "A,", "link_cards": "A,"}
# ... then to the game: the coin, the fleet (Start with it as shuffled, or as it stands)
SETUP = {
    "link_battle": "WAIT1500,A,WAIT300,A,WAIT500",
    "link_salvo": "WAIT1500,A,WAIT300,A,WAIT500",
    "link_express": "WAIT3000,DOWN,A,WAIT500",
    "link_cards": "WAIT4000",
    "torpedo_link": "WAIT3000,A,WAIT300,A",
}


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    return bundle.build("sim", str(tmp_path_factory.mktemp("endings") / "sim"), arch=None).out


def _words(mode, lang):
    """The mode's word table (the firmware's, in CPython) in lang: its t()."""
    from core import strings
    from link import screen  # noqa: F401  (the link's words, added on import)

    if mode in ("link_battle", "link_salvo"):
        from battleship.cable import ui as lk_ui

        lk_ui.words()
    elif mode == "link_express":
        from express.cable.text import EN, HU

        strings.add(EN, HU)
    elif mode == "link_cards":
        from cards.text import EN, HU

        strings.add(EN, HU)
    else:
        from torpedo import view
        from torpedo.cable import cheat  # noqa: F401  (their words, added on import)

        view.words()
    strings.set_lang(lang)
    return strings.t


def _changed_lib(install, tmp_path, change):
    """The install's link package with link.match's flush() changed (one side's firmware)."""
    honest = "            elif not link.send(m):\n"
    if change == "lie":  # the coin opened with another value than the one committed to
        changed = (
            "            elif m[:1] == b'\\x11' and not link.send(m[:1] + bytes((m[1] ^ 1,)) + m[2:]):\n"
            "                return\n"
            "            elif m[:1] != b'\\x11' and not link.send(m):\n"
        )
    else:  # "withhold": the coin never opened (or "unanswered": a shot taken, its ANSWER never
        # sent), nor anything after it (its link goes on answering: it takes and acknowledges)
        first = b"\\x22" if change == "unanswered" else b"\\x11"
        changed = (
            "            elif (m[:1] == b'" + first.decode() + "' or getattr(self, 'mute', 0)) and \\\n"
            "                    setattr(self, 'mute', 1) is None:\n"
            "                pass\n"
            "            elif not link.send(m):\n"
        )
    return changed_link(install, tmp_path, change, [(honest, changed)])


def _handheld(install, mode, seed, saves, name, lib=None):
    """One handheld of a linked pair. The card game over the cable runs its card game's screens
    from the game's ROMFS image, as the Broadside firmware does (their bytecode in flash: at
    192 KB of the 64-bit unix port they do not fit beside the link with the modules in the heap,
    issue 25); lib: its changed modules, as files, ahead of the image's (a boot script in lib
    puts lib first on the path and boots the game)."""
    if mode != "link_cards":
        return linked_handheld(install, seed, saves, name, lib)
    from host_tools.sim.handheld import Handheld, rom_image

    main = None
    heap = HEAP
    if lib:
        main = os.path.join(lib, "boot_changed.py")
        with open(main, "w") as f:
            f.write("import broadside  # this folder is first on the path: its link package\n")
        heap = "288K"  # the changed handheld's link package is in its heap (its memory is not tested)
    return Handheld(env={"BROADSIDE_SEED": str(seed)}, saves=saves, name=name, rom=rom_image(), main=main,
                    heap=heap)  # fmt: skip


def _open(hs, mode, lang, play=True):
    """Both handhelds from the main menu into the mode (through Settings first in Hungarian),
    and with play into the game; without, they wait at the link (no key closes an end there)."""
    way = open_mode("torpedo") + "DOWN,A," if mode == "torpedo_link" else open_mode(mode)
    keys = "WAIT300," + (HUNGARIAN if lang == "hu" else "") + way + RULES.get(mode, "")
    run_script(hs, keys + (SETUP[mode] if play else "WAIT300"))


def _until(hs, mode, t, keys, most_rounds=4000, chunk=20, press=True):
    """ROUND again and again (without press: the time of one) until one of keys (word keys)
    shows on each handheld (a list, one entry per handheld, or None for a handheld that need
    not show anything); returns the texts found, one list per handheld."""
    rounds = 0

    def shown(hs):
        return [words_shown(h.screen(), [t(k) for k in want]) if want else [] for h, want in zip(hs, keys)]

    def there(hs):  # checked after every press: an end that takes the key pressed (A) is left at once
        return all(f or not want for f, want in zip(shown(hs), keys))

    while True:
        if there(hs):
            return shown(hs)
        found = shown(hs)
        assert rounds < most_rounds, (mode, keys, found)
        run_script(hs, ",".join([ROUND[mode] if press else "WAIT100"] * chunk), tail_frames=0, until=there)
        rounds += chunk


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_a_whole_game_unplugged_and_back_ends_won_on_one_and_lost_on_the_other(install, tmp_path, mode, lang):
    t = _words(mode, lang)
    end = ENDINGS[mode]
    a = _handheld(install, mode, 11, str(tmp_path / "a"), "handheld 1")
    b = _handheld(install, mode, 22, str(tmp_path / "b"), "handheld 2")
    cable = Cable(a, b)
    try:
        _open([a, b], mode, lang)
        run_script([a, b], ",".join([ROUND[mode]] * (6 if mode == "link_express" else 30)), tail_frames=0)
        cable.connected = False  # pulled mid-game (an Express game is short)
        run_script([a, b], ",".join([ROUND[mode]] * 20), tail_frames=90)
        _until([a, b], mode, t, [[end["unplugged"]], [end["unplugged"]]], most_rounds=40)
        cable.connected = True
        found = _until([a, b], mode, t, [[end["win"], end["lose"]]] * 2)
        assert sorted(found[0] + found[1]) == sorted([t(end["win"]), t(end["lose"])]), found
    finally:
        a.close()
        b.close()


def _against(install, tmp_path, mode, lang, change, ending, wait_ms, why=None, then=None):
    """An honest handheld against one whose link.match is changed: after wait_ms of open link,
    the honest one's screen names the ending (and, given why, that word key's first line too:
    the cheat named in the player's language); or, given then, then(a, b, cable, t) plays on."""
    t = _words(mode, lang)
    a = _handheld(install, mode, 31, str(tmp_path / "a"), "honest")
    b = _handheld(install, mode, 32, str(tmp_path / "b"), change, _changed_lib(install, tmp_path, change))
    cable = Cable(a, b)
    try:
        _open([a, b], mode, lang, play=False)
        if then is not None:
            then(a, b, cable, t)
            return
        run_script([a, b], "WAIT%d" % wait_ms, tail_frames=0)
        _until([a, b], mode, t, [[ENDINGS[mode][ending]], None], most_rounds=200, press=False)
        if why is not None:
            from core import ui

            line = ui.wrap(t(why), ui.W - 4)[0]
            assert words_shown(a.screen(), [line]), (mode, lang, line)
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_a_coin_opened_false_is_named_as_a_cheat(install, tmp_path, mode, lang):
    # the card game over the cable names it by its code (link.commit's C_COIN_OPEN)
    why = "cg_why3" if mode == "link_cards" else None
    _against(install, tmp_path, mode, lang, "lie", "cheat", 100, why)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_a_coin_never_opened_loses_by_forfeit(install, tmp_path, mode, lang):
    _against(install, tmp_path, mode, lang, "withhold", "forfeit", 31000)  # the clock: 30 s


@pytest.mark.parametrize("lang", LANGS)
def test_link_battle_a_shot_taken_and_never_answered_loses_by_forfeit(install, tmp_path, lang):
    # issue 41, item 3: the other handheld takes our shot (and acknowledges it), never answers,
    # and its link goes on answering; the honest one showed "Firing..." for good
    mode = "link_battle"
    t = _words(mode, lang)
    a = _handheld(install, mode, 31, str(tmp_path / "a"), "honest")
    lib = _changed_lib(install, tmp_path, "unanswered")
    b = _handheld(install, mode, 32, str(tmp_path / "b"), "unanswered", lib)
    Cable(a, b)
    try:
        _open([a, b], mode, lang)
        run_script([a, b], ",".join([ROUND[mode]] * 3) + ",WAIT31000", tail_frames=0)  # a shot each way
        _until([a, b], mode, t, [[ENDINGS[mode]["forfeit"]], None], most_rounds=200, press=False)
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_an_older_save_is_named_out_of_step_on_both(install, tmp_path, mode, lang):
    def older(a, b):  # the flash as it was, then both move on
        old = str(tmp_path / "b_old")
        shutil.copytree(b.saves, old)
        run_script([a, b], ",".join([ROUND[mode]] * _rounds(mode)), tail_frames=30)
        return old

    def seen(a, c, t):
        # the side ahead: out of step, it decides; the side turned back holds its game, and the
        # other's counters contradict its save: named (issue 41, item 1)
        _until([a, c], mode, t, [[ENDINGS[mode]["out_of_step"]], ["ln_forged"]], most_rounds=40, press=False)

    _back(install, tmp_path, mode, lang, older, None, seen)


def _rounds(mode):
    return 2 if mode == "link_express" else 40  # an Express game is short


def _back(install, tmp_path, mode, lang, flash, lib, seen, continues=True):
    """Two handhelds play a while; the second is switched off and comes back as a third, with
    the flash flash(a, b) makes (a folder; None: none) and the changed modules lib, through
    Continue (or, not continues, a new game); seen(a, c, t) reads what the screens say."""
    t = _words(mode, lang)
    a = _handheld(install, mode, 51, str(tmp_path / "a"), "handheld 1")
    b = _handheld(install, mode, 52, str(tmp_path / "b"), "handheld 2")
    Cable(a, b)
    c = None
    try:
        _open([a, b], mode, lang)
        run_script([a, b], ",".join([ROUND[mode]] * _rounds(mode)), tail_frames=30)
        saves = flash(a, b)
        b.close()
        c = _handheld(install, mode, 53, saves or str(tmp_path / "c"), "handheld 2, back", lib)
        Cable(a, c)
        if continues:
            run_script([a, c], "WAIT300,2:A,WAIT100,2:A,WAIT2000")  # its menu opens on Continue
        else:
            _open([c], mode, lang, play=False)  # a new game there: it joins the one it left
        seen(a, c, t)
    finally:
        a.close()
        b.close()
        if c is not None:
            c.close()


# A handheld whose link, booted from its save, says in its RESUME that it read 100 more of our
# messages than we ever sent (the independent peer's forged rx_read)
FORGE = [
    ("        self._used = used  # our stream has opened here (or came from a save): it is a game\n",
     "        self._used = self.forge = used\n"),
    ("            _put32(c, 8, arq.rx_read)\n",
     "            _put32(c, 8, arq.rx_read + (100 if self.forge else 0))\n"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_forged_resume_counters_are_named_and_not_believed(install, tmp_path, mode, lang):
    lib = changed_link(install, tmp_path, "forge", FORGE, module="session")

    def seen(a, c, t):
        found = _until([a, c], mode, t, [["ln_forged", "ln_behind"], None], most_rounds=40, press=False)
        assert found[0] == [t("ln_forged")], found  # named; never "the other decides"

    _back(install, tmp_path, mode, lang, lambda a, b: b.saves, lib, seen)


@pytest.mark.parametrize("mode", MODES)
def test_a_lost_save_lets_the_side_ahead_claim_the_win(install, tmp_path, mode):
    def seen(a, c, t):
        _until([a, c], mode, t, [["ln_ahead"], ["ln_peer_saved"]], most_rounds=40, press=False)
        run_script([a, c], "1:A,WAIT300")  # A: the win
        _until([a, c], mode, t, [["ln_won"], None], most_rounds=40, press=False)

    _back(install, tmp_path, mode, "en", lambda a, b: None, None, seen, continues=False)


@pytest.mark.parametrize("mode", MODES)
def test_a_cable_silent_where_the_other_owes_lets_the_player_claim_the_win(install, tmp_path, mode):
    # the other handheld never opens its coin, and its cable is pulled: not one byte more
    def silent(a, b, cable, t):
        run_script([a, b], "WAIT2000", tail_frames=0)
        cable.connected = False
        run_script([a, b], "WAIT50000", tail_frames=0)
        assert not words_shown(a.screen(), [t("ln_hint_left")])  # not before the minute
        run_script([a, b], "WAIT12000", tail_frames=0)
        _until([a, b], mode, t, [["ln_hint_left"], None], most_rounds=40, press=False)  # A:claim the win
        run_script([a, b], "1:A,WAIT300")
        _until([a, b], mode, t, [["ln_won"], None], most_rounds=40, press=False)
        cable.connected = True  # back: the other handheld is told (Express's and Torpedo's
        # handheld is on its fleet's own screen here, which shows no link screen: it says so
        # there once the player leaves it, and in play at once: tests/link/test_escapes.py)
        told = None if mode in ("link_express", "torpedo_link") else ["ln_claimed_them"]
        _until([a, b], mode, t, [["ln_won"], told], most_rounds=60, press=False)

    _against(install, tmp_path, mode, "en", "withhold", None, 0, then=silent)
