"""Back to the menu after a game through a fresh interpreter.

MicroPython never frees a name it has interned: every identifier, attribute
and short string of every module a game loads stays in the heap for good
(10 KB or more a mode on the simulator), so an evening of one mode after
another would run out of memory. Where the board can restart the firmware
(hw.reset: machine.soft_reset on the device), App.home() leaves a game that
way: the menu entries the game was started from ("title<TAB>entry" lines)
and any notice ("!" line) wait in flash, and the next boot shows the menu on
them. This module is loaded only for that, and dropped again.
"""

SAVE = "way"


def leave(app, way):
    """Note the way back and restart; False when the flash refused the note (the
    menu then comes back in this heap)."""
    lines = ["%s\t%s" % w for w in way]
    if app.notice:
        lines.append("!" + app.notice)
    if not app.save(SAVE, "\n".join(lines).encode()):
        return False
    app.hw.reset()
    return True  # the device's reset does not return


def back(app, data):
    """On boot, when leave() noted the way back (data, the note): the menu entries
    and the notice to show, and the note gone."""
    app.hw.storage.delete(SAVE)
    way = []
    for line in data.decode().split("\n"):
        if line.startswith("!"):
            app.notice = line[1:]
        elif "\t" in line:
            way.append(tuple(line.split("\t", 1)))
    app._way = way
