"""Every word on screen, one table per language. Screens call t(key); the
Settings screen switches the language at once (no restart).

Game modules add their own keys to both tables through add() so each game's
words load only with that game.
"""

EN = {
    "title": "BROADSIDE",
    "settings": "Settings",
    "language": "Language",
    "lang_name": "English",
    "contrast": "Contrast",
    "sound": "Sound",
    "on": "On",
    "off": "Off",
    "back": "Back",
    "level": "CPU level",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "hint_menu": "A:select B:back",
    "hint_settings": "<>:change B:back",
    "bad_board": "Unknown board",
    "boards_known": "Known boards:",
    "crash": "Firmware error",
    "saved": "Saved",
    "save_full": "Flash full: save kept",
    "save_failed": "Save failed",
    "save_bad": "Saved game unreadable",
    "continue": "Continue",
    "battleship_menu": "Battleship",
    "save_damaged": "Save damaged: new game",
    "settings_damaged": "Settings damaged: reset",
    "touching": "Ships touch",
    "yes": "Yes",
    "no": "No",
    "battleship": "Battleship",
    "salvo": "Salvo",
    "express": "Express",
    "cards": "Card game",
    "link_battle": "Link battle",
    "link_salvo": "Link salvo",
    "torpedo": "Torpedo Attack",
}

HU = {
    "title": "BROADSIDE",
    "settings": "Beállítások",
    "language": "Nyelv",
    "lang_name": "Magyar",
    "contrast": "Kontraszt",
    "sound": "Hang",
    "on": "Be",
    "off": "Ki",
    "back": "Vissza",
    "level": "Gép szintje",
    "easy": "Könnyű",
    "medium": "Közepes",
    "hard": "Nehéz",
    "hint_menu": "A:választ B:vissza",
    "hint_settings": "<>:állít B:vissza",
    "bad_board": "Ismeretlen panel",
    "boards_known": "Ismert panelek:",
    "crash": "Firmware hiba",
    "saved": "Mentve",
    "save_full": "Tele a tár: a mentés maradt",
    "save_failed": "Sikertelen mentés",
    "save_bad": "Hibás mentett játék",
    "continue": "Folytatás",
    "battleship_menu": "Torpedó",
    "save_damaged": "Sérült mentés: új játék",
    "settings_damaged": "Beállítás sérült: alap",
    "touching": "Érintkezés",
    "yes": "Igen",
    "no": "Nem",
    "battleship": "Torpedó",
    "salvo": "Sortűz",
    "express": "Expressz",
    "cards": "Kártyajáték",
    "link_battle": "Kábeles csata",
    "link_salvo": "Kábeles sortűz",
    "torpedo": "Torpedótámadás",
}

LANGS = ("en", "hu")
_TABLES = {"en": EN, "hu": HU}
_current = ["en"]
_game = {"en": None, "hu": None}  # the loaded game's own tables


def set_lang(code):
    _current[0] = code if code in _TABLES else "en"


def lang():
    return _current[0]


def t(key):
    """The word for key in the current language; English, then the key
    itself, when a translation is missing."""
    code = _current[0]
    for table in (_game[code], _TABLES[code], _game["en"], EN):
        if table is not None:
            s = table.get(key)
            if s is not None:
                return s
    return key


def add(en, hu):
    """Register the loaded game's own words (dicts of key -> text)."""
    _game["en"] = en
    _game["hu"] = hu


def drop():
    """Forget the game's words when the game is unloaded."""
    _game["en"] = None
    _game["hu"] = None
