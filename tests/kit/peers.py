"""What the cable games' tests do to one side and ask of the other (CPython, over the duels of
host_tools/duel): a cheating peer that stops sending, and the keys a link screen is pressed with."""


def mute(g, first):
    """From the first message that first(msg) picks on (that one too), g sends nothing more; it
    still takes (and so acknowledges) what comes, and its link still polls (keepalives)."""
    real = g.send

    def send(msg):
        if not g.muted and first(msg):
            g.muted = True
        if not g.muted:
            real(msg)

    g.muted = False
    g.send = send


class _Buttons:
    def __init__(self, keys):
        self.keys = keys

    def pressed(self, k):
        return k in self.keys


class Keys:
    """What link.screen.update() asks of the app: the keys pressed this frame (and the save slots
    it clears: cleared)."""

    def __init__(self, *keys):
        self.buttons = _Buttons(keys)
        self.cleared = []

    def redraw(self):
        pass

    def clear_game(self, slot):
        self.cleared.append(slot)
