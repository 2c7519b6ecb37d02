# interpreters: micropython cpython
"""Word tables kept as text: each language column answers like a dict."""

from core.wordlist import Column, Words

ROWS = "\nhit|HIT|TALÁLAT\nmiss|MISS|MELLÉ\nhi|Hi|Szia\n"


def test_column_finds_each_language():
    en, hu = Column(ROWS, 1), Column(ROWS, 2)
    assert (en.get("miss"), hu.get("miss")) == ("MISS", "MELLÉ")
    assert (en.get("hi"), hu.get("hi")) == ("Hi", "Szia")


def test_column_key_must_match_whole():
    assert Column(ROWS, 1).get("h") is None  # "h" is no key, though "hit" and "hi" start with it
    assert Column(ROWS, 2).get("absent", "?") == "?"


def test_words_lines_and_parts():
    w = Words("\na=one\nb=two\n")
    assert w.get("b") == "two" and w.get("c") is None
    w.add("\nc=three\n")
    assert w.get("c") == "three"


def test_a_language_comes_into_memory_only_when_a_word_of_it_is_asked_for():
    import sys

    for m in ("torpedo.en", "torpedo.hu"):
        sys.modules.pop(m, None)
    en, hu = Words(None, "torpedo.en"), Words(None, "torpedo.hu")
    assert en.get("ta_vs_cpu") == "Play the CPU"
    # the text stays, its module does not; the other language was never imported
    assert "torpedo.en" not in sys.modules and "torpedo.hu" not in sys.modules and hu.texts == []
    assert hu.get("ta_vs_cpu") == "A gép ellen" and en.get("ta_absent") is None
