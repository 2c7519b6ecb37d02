"""The handheld itself, whatever game it plays: the app and its screen stack
(app), the hardware layer (hal, oled), saves (storage, settings), words
(strings, wordlist), the font, the PRNG, the main menu (home, modes) and the
screen toolkit (ui).

load() and unload() bring a module into the heap and take it out again by its
dotted name: a game's modules come in when it starts and leave when it closes.
"""

import sys


def load(name):
    """The module `name` ("torpedo.cable"), imported now unless it is loaded.
    (__import__ of a dotted name returns the top package, not the module.)"""
    m = sys.modules.get(name)
    if m is None:
        __import__(name)
        m = sys.modules[name]
    return m


def unload(name):
    """Forget module `name`: out of sys.modules and off its package, so the
    heap frees it once no screen holds it."""
    sys.modules.pop(name, None)
    i = name.rfind(".")
    if i > 0:
        parent = sys.modules.get(name[:i])
        if parent is not None and name[i + 1 :] in parent.__dict__:
            delattr(parent, name[i + 1 :])
