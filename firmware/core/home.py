"""The main menu and the settings screen.

This module is in memory only while the menus are up: starting a game drops
it (app._load_mode), keeping the entries chosen as labels (the menus'
way()), and show() builds the menus again on those entries when the game
closes.
"""

from core import font, modes, strings, ui
from core.app import GAME
from core.compat import load
from core.hal import LEFT, RIGHT, A
from core.modes import ARG, KEY, LEGACY, MODULE, SLOTS, slot_of
from core.settings import TABLE
from core.strings import t

# Settings rows shown (name, label key); values are shown through t() when
# they are strings, as bars for contrast, and On/Off for flags.
_ROWS = (
    ("language", "language"),
    ("contrast", "contrast"),
    ("sound", "sound"),
    ("level", "level"),
    ("touching", "touching"),
)
_VALUE_X = 84  # the value column at most this far right: the widest value (Közepes) fits


def _launch(mode):
    """A new game of the mode (its core.modes row), after asking when its slot holds a saved game."""
    key, module, arg = mode[KEY], mode[MODULE], mode[ARG]

    def go(app):
        app.start_next(module, arg)

    def new(app):
        slot = slot_of(key)
        if slot is not None and app.has_game(slot):
            load("core.saved").ask_replace(app, slot, go)
        else:
            go(app)

    return new


class _Menu(ui.Menu):
    def way(self):
        """(this menu, the entry chosen): how show() finds its way back after a game."""
        return self.title_key, self.items[self.sel][0]


class GroupMenu(_Menu):
    """A main-menu entry's own list of modes (e.g. Battleship: vs the CPU,
    Salvo, over the cable)."""

    def __init__(self, label, members):
        items = [(m[KEY], _launch(m)) for m in members]
        ui.Menu.__init__(self, label, items)


def _group(label, members):
    return lambda app: app.push(GroupMenu(label, members))


def saved_slots(app):
    """The slots holding a game, in Continue's order (no file is read). The saves' folder is
    listed once where the filesystem can (core.storage.OsFs.listdir): a stat for every copy of
    every slot costs about 60 ms on the device's flash."""
    st = app.hw.storage
    if st is None:
        return []
    ls = getattr(getattr(st, "fs", None), "listdir", None)  # a stand-in storage may have no fs
    here = ls(st.root) if ls is not None else None
    out = []
    for s in SLOTS:
        k = GAME + s
        if here is None:
            kept = st.has(k)
        else:  # a copy, or a segment of its log (core.savelog)
            kept = k in here or k + ".tmp" in here or k + ".bak" in here
            kept = kept or [n for n in here if n.startswith(k + ".l")]
        if kept:
            out.append(s)
    return out


def _continue(app):
    app.push(load("core.saved").ContinueMenu(app))


class Home(_Menu):
    rows = 6  # no hint line here (B does nothing): six entries, no scrolling

    def __init__(self, app=None):
        ui.Menu.__init__(self, "title", [], on_back=lambda app: None, hint_key="")
        self._shown = False  # until enter(): a fresh boot starts on the first entry
        self.build(app)

    def build(self, app):
        # keep the cursor on the same entry when "Continue" comes or goes
        was = self.items[self.sel][0] if (self.items and self._shown) else None
        items = []
        if app is not None:
            if app.hw.storage is not None and app.hw.storage.has(LEGACY):
                load("core.saved").migrate(app)
            if saved_slots(app):
                items.append(("continue", _continue))
        for label, members in modes.main_rows():
            if len(members) == 1 and label == members[0][KEY]:
                items.append((label, _launch(members[0])))
            else:
                items.append((label, _group(label, members)))
        items.append(("settings", lambda app: app.push(SettingsScreen())))
        self.items = items
        _select(self, was)

    def enter(self, app):
        self.build(app)
        self._shown = True

    def resume(self, app):
        self.build(app)  # back from the settings
        app.redraw()


def _select(menu, key):
    """Put the menu's cursor on the entry `key` (the first entry when it has none), in view."""
    menu.sel = 0
    for i in range(len(menu.items)):
        if menu.items[i][0] == key:
            menu.sel = i
            break
    if menu.sel >= menu.top + menu.rows or menu.sel < menu.top:
        menu.top = max(0, menu.sel - menu.rows + 1)


def show(app, way=()):
    """Push the main menu, then the submenus in `way` ((menu title, entry chosen) pairs,
    the menus' way()), each with its cursor on the entry chosen."""
    menu = Home(app)
    app.push(menu)
    for title, key in way:
        if title != menu.title_key:  # a submenu: open it as its entry does
            for label, members in modes.main_rows():
                if label == title:
                    menu = GroupMenu(label, members)
                    app.push(menu)
                    break
        _select(menu, key)


class SettingsScreen(ui.Menu):
    def __init__(self):
        items = [(label, self._toggle(name)) for name, label in _ROWS]
        ui.Menu.__init__(self, "settings", items, on_back=self._close, hint_key="hint_settings")

    def _toggle(self, name):
        return lambda app: self._change(app, name, 1)

    def _change(self, app, name, d):
        app.settings.step(name, d)
        app.apply_settings()

    def _close(self, app):
        app.save_settings()
        app.pop()

    def update(self, app):
        btn = app.buttons
        if btn.pressed(LEFT) or btn.pressed(RIGHT):
            d = 1 if btn.pressed(RIGHT) else -1
            self._change(app, _ROWS[self.sel][0], d)
            app.cue("click")
        elif btn.pressed(A):
            self._change(app, _ROWS[self.sel][0], 1)
            app.cue("click")
        else:
            ui.Menu.update(self, app)

    def draw_item(self, fb, i, y):
        # "Ships may touch: Yes": each label ends in a colon and the values share one column,
        # clear of the longest label (a value right after its label read as one phrase)
        name, label = _ROWS[i]
        value = app_value(self._settings, name)
        x = self._x
        ui.text(fb, font.fit(t(label) + ":", x - ui.ITEM_X - 4), ui.ITEM_X, y, 1)
        if name == "contrast":
            level = self._settings.index[1]
            for k in range(len(TABLE[1][1])):
                h = 2 + 2 * k
                if k <= level:
                    fb.fill_rect(x + 6 * k, y + 7 - h, 4, h, 1)
                else:
                    fb.rect(x + 6 * k, y + 7 - h, 4, h, 1)
        else:
            ui.text(fb, font.fit(value, ui.W - x), x, y, 1)

    def draw(self, app, fb):
        self._settings = app.settings
        self._x = min(_VALUE_X, ui.ITEM_X + max([font.width(t(label) + ":") for _n, label in _ROWS]) + 4)
        ui.Menu.draw(self, app, fb)


def app_value(settings, name):
    v = settings.get(name)
    if name == "language":
        return (strings.EN if v == "en" else strings.HU).get("lang_name")  # each in its own words
    if name == "sound":
        return t("on") if v else t("off")
    if name == "touching":
        return t("yes") if v else t("no")
    return t(v) if isinstance(v, str) else str(v)
