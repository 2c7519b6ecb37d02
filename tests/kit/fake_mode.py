"""A stand-in game mode for the home-screen tests."""

from core import ui

CALLS = []


class Board(ui.Screen):
    def update(self, app):
        from core.hal import B

        if app.buttons.pressed(B):
            app.pop()


def start(app, arg):
    CALLS.append(("start", arg))
    app.push(Board())


def resume(app, payload):
    if payload[1:] == b"broken":
        raise ValueError("bad bytes")
    CALLS.append(("resume", bytes(payload)))
    app.push(Board())
