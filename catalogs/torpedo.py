"""Torpedo Attack's screens: a cable game's, then (those modules gone) a game
against the CPU's, each from its own catalogue module so the two are never in
the heap together."""

import gc

from core.compat import load, unload
from torpedo.view import need, words


def catalog(app):
    words()
    need(app, "torpedo.engine", "torpedo.place", "catalogs.torpedo_cable")  # the largest first, as in play
    yield from load("catalogs.torpedo_cable").screens(app)
    load("torpedo.cable.ui").drop()  # with the link's screens (link.screen)
    unload("catalogs.torpedo_cable")
    gc.collect()
    need(app, "catalogs.torpedo_cpu")
    yield from load("catalogs.torpedo_cpu").screens(app)
