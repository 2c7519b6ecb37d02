# interpreters: micropython
"""Card game screens: every line fits the display whole, in English and in Hungarian (the
screens shorten a line that does not fit with font.fit; this test switches that off, so
a Hungarian word that is too long fails here instead of being cut on the handheld)."""

import gc

from fakehw import make_hw
from screens import problems, render

from cards.pick import CPU, F_PT, HUMAN
from cards.rules import BEGINNER
from catalogs.cards import _screen, catalog, position
from core import font, strings
from core.app import App


def test_every_card_game_text_fits_untruncated():
    """font.fit would hide a line that is too long: switch it off and check for overflow."""
    app = App(make_hw())
    fit = font.fit
    font.fit = lambda s, px: s
    bad = []
    try:
        for name, screen in catalog(app):
            for lang in ("en", "hu"):
                for p in problems(render(app, screen, lang)):
                    bad.append("%s [%s]: %s" % (name, lang, p))
    finally:
        font.fit = fit
        strings.set_lang("en")
    assert not bad, "\n".join(bad)


def _widest(fmt, args_list):
    return max(font.width(fmt % args) for args in args_list)


def test_every_line_fits_with_the_longest_names():
    """Each text line the game can build, filled with the widest ship/card names and numbers."""
    from cards.text import card_short, ship_name

    t = strings.t
    too_wide = []
    for lang in ("en", "hu"):
        strings.set_lang(lang)
        ships = [ship_name(i) for i in range(1, 6)]
        full = [ship_name(i, True) for i in range(1, 6)]
        cards = [card_short(i) for i in range(7)]
        cell = "Z4"
        lines = [
            ("cg_down", [cell]),
            ("cg_cell_miss", [cell]),
            ("cg_cell_sunk", [(cell, s) for s in ships]),
            ("cg_cell_shield", [(cell, s, 2, 2) for s in ships]),
            ("cg_cell_ship", [(cell, s, 4, 5) for s in full]),
            ("cg_target", cards),
            ("cg_found", ships),
            ("cg_hit", [(s, 4, 5) for s in ships]),
            ("cg_hit_ship", ships),
            ("cg_sunk", ships),
            ("cg_shield_hit", [(1, 2)]),
            ("cg_removed", cards),
            ("cg_drew", [3]),
            ("cg_dropped", [8]),
            ("cg_shield_on", [cell]),
            ("cg_cpu_search", [(cell, c) for c in cards]),
            ("cg_cpu_fire", [(cell, c) for c in cards]),
            ("cg_cpu_shield", [cell]),
            ("cg_cpu_disc_w", [8]),
            ("cg_cpu_repair", [cell]),
            ("cg_cpu_pt", [cell]),
            ("cg_cpu_discard", cards),
            ("cg_you_search", [(cell, c) for c in cards]),
            ("cg_you_fire", [(cell, c) for c in cards]),
            ("cg_you_shield", [cell]),
            ("cg_you_disc_w", [8]),
            ("cg_you_repair", [cell]),
            ("cg_you_pt", [cell]),
            ("cg_you_discard", cards),
            ("cg_more", [3]),
            ("cg_cpu_pdraw", [(26, 26)]),
            ("cg_cpu_pdisc", [(26, 26)]),
            ("cg_cpu_phand", [26]),
            ("cg_cpu_score", [(5, 5)]),
        ]
        # the other handheld's, over the cable (cards.text.said: "cpu" in the key as "them")
        lines += [(k.replace("cpu", "them"), a) for k, a in lines if k.startswith("cg_cpu_")]
        for key, args in lines:
            w = _widest(t(key), args)
            # result lines are indented by two spaces in the CPU's log
            indented = key in ("cg_found", "cg_hit", "cg_sunk", "cg_removed")
            limit = 128 - font.width("  ") - 1 if indented else 128
            if w > limit:
                too_wide.append("%s [%s] %d px" % (key, lang, w))
        if _widest(t("cg_disc_n"), [8]) > 114:
            too_wide.append("cg_disc_n [%s]" % lang)
    strings.set_lang("en")
    assert not too_wide, too_wide


def test_catalogue_states_are_what_their_names_say():
    app = App(make_hw())
    s = _screen(app, 4, 42)
    assert s.focus == F_PT
    s = None  # the first position leaves the heap before the next is built (192 KB)
    gc.collect()
    s = _screen(app, 1, 34, BEGINNER)
    assert not s.g.over and any(s._playable(k) for k in s.items())
    assert position(1, 200).winner == HUMAN and position(2, 200).winner == CPU
