"""Every word on screen, one table per language. Screens call t(key); the
Settings screen switches the language at once (no restart).

Game modules add their own keys to both tables through add() so each game's
words load only with that game.
"""

from core.wordlist import Column

# One "key|English|Magyar" line per word, kept as one text (wordlist.Column): as two dicts
# the short words would each be a qstr and the tables some 3 KB more of the heap.
_ROWS = """
title|BROADSIDE|BROADSIDE
settings|Settings|Beállítások
language|Language|Nyelv
lang_name|English|Magyar
contrast|Contrast|Kontraszt
sound|Sound|Hang
on|On|Be
off|Off|Ki
back|Back|Vissza
level|CPU level|Gép szintje
easy|Easy|Könnyű
medium|Medium|Közepes
hard|Hard|Nehéz
hint_menu|A:select B:back|A:választ B:vissza
hint_settings|<>:change B:back|<>:állít B:vissza
hint_ok|A: OK|A: OK
bad_board|Unknown board|Ismeretlen panel
boards_known|Known boards:|Ismert panelek:
crash|Firmware error|Firmware hiba
saved|Saved|Mentve
save_full|Flash full: save kept|Tele a tár: a mentés maradt
save_failed|Save failed|Sikertelen mentés
save_bad|Saved game unreadable|Hibás mentett játék
continue|Continue|Folytatás
battleship_menu|Battleship|Torpedó
save_damaged|Save damaged: new game|Sérült mentés: új játék
settings_damaged|Settings damaged: reset|Beállítás sérült: alap
touching|Ships may touch|Érintkező hajók
yes|Yes|Igen
no|No|Nem
battleship|Battleship|Torpedó
salvo|Salvo|Sortűz
express|Express|Expressz
express_menu|Express|Expressz
link_express|Over the cable|Kábelen
cards|Card game|Kártyajáték
cards_menu|Card game|Kártyajáték
link_cards|Over the cable|Kábelen
link_battle|Link battle|Kábeles csata
link_salvo|Link salvo|Kábeles sortűz
torpedo|Torpedo Attack|Torpedótámadás
"""

EN = Column(_ROWS, 1)
HU = Column(_ROWS, 2)

LANGS = ("en", "hu")
_TABLES = {"en": EN, "hu": HU}
_current = ["en"]
_game = {"en": None, "hu": None}  # the loaded game's own tables
_link = {"en": None, "hu": None}  # a cable game's: the link's screens (link.text), beside the game's


def set_lang(code):
    _current[0] = code if code in _TABLES else "en"


def lang():
    return _current[0]


def t(key):
    """The word for key in the current language; English, then the key
    itself, when a translation is missing."""
    code = _current[0]
    for table in (_game[code], _link[code], _TABLES[code], _game["en"], _link["en"], EN):
        if table is not None:
            s = table.get(key)
            if s is not None:
                return s
    return key


def add(en, hu):
    """Register the loaded game's own words (dicts of key -> text)."""
    _game["en"] = en
    _game["hu"] = hu


def also(en, hu):
    """Register the link's words beside the game's (a cable game: link.screen)."""
    _link["en"] = en
    _link["hu"] = hu


def drop():
    """Forget the game's words (and the link's) when the game is unloaded."""
    for d in (_game, _link):
        d["en"] = None
        d["hu"] = None
