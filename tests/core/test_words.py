# interpreters: cpython
"""Every word a screen asks for by name is in a word table (a renamed key would show
on the handheld as the key itself)."""

import glob
import os
import re

from host_tools.paths import FIRMWARE

_ASKED = re.compile(r'\b(?:t|hint\(fb,)\(?\s*"([a-z][a-z0-9_]*)"\s*\)')


def _sources():
    return {p: open(p).read() for p in glob.glob(os.path.join(FIRMWARE, "**", "*.py"), recursive=True)}


def _in_a_table(key, text):
    """key=... (Words text), key|...|... (Column text) or "key": ... (a dict)."""
    return re.search(r'(^|[\n"])%s[=|]|"%s":' % (re.escape(key), re.escape(key)), text, re.M) is not None


def test_every_word_asked_for_is_in_a_table():
    sources = _sources()
    tables = "\n".join(sources.values())
    missing = set()
    for path, text in sources.items():
        for key in _ASKED.findall(text):
            if not _in_a_table(key, tables):
                missing.add((key, os.path.relpath(path, FIRMWARE)))
    assert not missing, "words asked for but in no table: %s" % sorted(missing)


def test_the_check_sees_each_kind_of_table():
    assert _in_a_table("ta_place", "\nta_place=Place ships\n")
    assert _in_a_table("cg_again", '    "cg_again|A:new game B:menu|A:új játék\\n"')
    assert _in_a_table("bs_hit", '{"bs_hit": "HIT"}')
    assert not _in_a_table("ta_place", "\ntorpedo.place=Place ships\n")
    assert _ASKED.findall('ui.title(fb, t("ta_cheat")); hint(fb, "bs_h_aim")') == ["ta_cheat", "bs_h_aim"]
