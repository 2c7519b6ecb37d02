"""Saved games, one slot per game (core.app.App.save_game): the main menu's Continue
list, the question before a new game replaces a saved one, and moving the one save
of the firmware before slots into its game's slot.

Loaded only when needed (the list is chosen, the question asked, an old save found),
never with a game's module: the list reads only each slot's head. The menus drop it
with themselves when a game starts (core.app); a game that asks (Torpedo Attack's
menu) drops it with its own modules. Its words are here, not in core.strings, so
that they are not in the heap while a game runs.
"""

from core import font, strings, ui
from core.app import GAME, game_head
from core.hal import DOWN, UP, A, B
from core.modes import KEY, LEGACY, MODES, RESUME, SLOTS, TAG, name, slot_of
from core.strings import t
from core.wordlist import Column

# One "key|English|Magyar" line per word (wordlist.Column: no qstr per word)
_ROWS = """
torpedo_link|Torpedo (cable)|Torpedó (kábel)
lx_saved|Express (cable)|Expressz (kábel)
lc_saved|Cards (cable)|Kártya (kábel)
replace_q|A game is saved here. A new game replaces it.|Van egy mentett játék. Egy új játék felülírja.
keep_save|Keep the saved game|Maradjon a mentett
new_game|New game|Új játék
u_turn|turn %d|%d. kör
u_shots|%d shots|%d lövés
u_sunk|%d sunk|%d elsüllyedt
u_rolls|%d rolls|%d dobás
"""


def legacy_slot(payload):
    """The slot of a save made before games had slots (one "game" for all, tag first)."""
    tag = payload[0]
    if tag == 0x42:  # Battleship: the engine's flags byte has the variant in bit 0
        return "salvo" if len(payload) > 4 and payload[4] & 1 else "battleship"
    if tag == 0x54:  # Torpedo Attack: a second byte 1 is the cable's game
        return "torpedo_link" if len(payload) > 1 and payload[1] == 1 else "torpedo"
    for m in MODES:
        if m[TAG] == tag:
            return slot_of(m[KEY])
    return None


def word(key):
    """key's word in the language shown: this module's words, else core.strings'."""
    s = Column(_ROWS, 2 if strings.lang() == "hu" else 1).get(key)
    return s if s is not None else strings.t(key)


def ask_replace(app, slot, go):
    """go(app) starts a new game that will save in `slot`: asked first when a game is
    saved there, since the new one replaces it. (Callers check app.has_game(slot)
    first, so that this module loads only when there is something to ask.)"""
    if not app.has_game(slot):
        go(app)
    else:
        app.push(Ask(slot, go))


class Ask(ui.Screen):
    """"A game is saved here. A new game replaces it." Keep the saved game / New game: the
    safe answer first and chosen; UP/DOWN picks, A answers, B keeps. yes(app) runs
    (a new game) after the question closed."""

    def __init__(self, slot, yes):
        self.slot = slot
        self.yes = yes
        self.sel = 0

    def update(self, app):
        btn = app.buttons
        if btn.pressed(UP) or btn.pressed(DOWN):
            self.sel = 1 - self.sel
            app.redraw()
        elif btn.pressed(A) or btn.pressed(B):
            yes = self.sel and btn.pressed(A)
            app.cue("click")
            app.pop()
            if yes:
                self.yes(app)

    def draw(self, app, fb):
        ui.title(fb, word(name(self.slot)))
        y = ui.BODY_Y
        for line in ui.wrap(word("replace_q"), ui.W):
            ui.text(fb, line, 0, y, 1)
            y += font.LINE
        y += 2
        for i in range(2):
            if i == self.sel:
                ui.marker(fb, ui.MARKER_X, y)
            ui.text(fb, word("new_game" if i else "keep_save"), ui.ITEM_X, y, 1)
            y += font.LINE
        ui.hint(fb, strings.t("hint_menu"))


def split_game(data):
    """(label key, unit key, n, the game's payload) of a slot's bytes (core.app.game_head);
    ValueError when they are too short."""
    i = data[0] + 1
    j = i + data[i] + 1
    if j + 2 > len(data):
        raise ValueError("short slot")
    return data[1:i].decode(), data[i + 1 : j].decode(), data[j] | (data[j + 1] << 8), data[j + 2 :]


def _load_slot(app, slot):
    """The slot's bytes, or None (a damaged one is set aside by storage: say so once)."""
    data, where = app.hw.storage.load(GAME + slot)
    if where == "damaged":
        app.notice = t("save_damaged")
    return data


def migrate(app):
    """Move the one save of the firmware before slots ("game") to its game's slot. It is
    written to the slot before the old one goes, so a power cut between them only
    means the move is made again."""
    st = app.hw.storage
    if st is None or not st.has(LEGACY):
        return
    payload, where = st.load(LEGACY)
    if where == "damaged":
        app.notice = t("save_damaged")
    slot = legacy_slot(payload) if payload and payload[0] in RESUME else None
    if slot is None:
        return  # not a game this firmware knows: left alone, never offered
    if app.has_game(slot) or app.save(GAME + slot, payload, game_head(slot, "", 0)):
        st.delete(LEGACY)


def _resume(slot):
    def go(app):
        data = _load_slot(app, slot)
        try:
            payload = split_game(data)[3]
            module = RESUME[payload[0]]
        except (TypeError, ValueError, IndexError, KeyError):
            app.notice = t("save_bad")
            app.redraw()
            return
        data = None
        app.start_next(module, None, payload)

    return go


class ContinueMenu(ui.Menu):
    """The saved games, each by name and how far it is ("Card game    turn 14"); A
    continues one. Only the slots' heads are kept: a game's bytes are read again
    when it is chosen, and no game's module is loaded to list it."""

    def __init__(self, app):
        items = []
        self.far = []
        for slot in [s for s in SLOTS if app.has_game(s)]:
            data = _load_slot(app, slot)
            if data is None:
                continue
            try:
                label, unit, n, _ = split_game(data)
            except (ValueError, IndexError):
                label, unit, n = slot, "", 0
            data = None
            items.append((label, _resume(slot)))
            self.far.append((unit, n))
        ui.Menu.__init__(self, "continue", items)

    def how_far(self, i):
        """How far game i is, in the language shown ("turn 14"), "" when not known."""
        unit, n = self.far[i]
        return word(unit) % n if unit else ""

    def label(self, i):
        return word(name(self.items[i][0]))

    def draw_item(self, fb, i, y):
        far = self.how_far(i)
        w = font.width(far)
        x = self.edge() - 1 - w  # the value right-aligned, clear of a scroll arrow
        ui.text(fb, font.fit(self.label(i), x - ui.ITEM_X - 3), ui.ITEM_X, y, 1)  # a space apart
        ui.text(fb, far, x, y, 1)

    def update(self, app):
        if not self.items:
            app.pop()
            return
        ui.Menu.update(self, app)
