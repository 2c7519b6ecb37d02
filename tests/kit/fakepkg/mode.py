"""A stand-in game mode inside a package: it imports more of its package, and a core
module the menu does not load, once it runs."""

from fakepkg import late  # noqa: F401  (loaded with the mode)

from core import ui

TABLE = bytearray(64)  # a table of the game's: must leave the heap with it


class Board(ui.Screen):
    def update(self, app):
        from core.hal import B

        if app.buttons.pressed(B):
            app.pop()


def start(app, arg):
    from core import prng  # noqa: F401  (core's own module, first imported by the game)

    app.push(Board())
