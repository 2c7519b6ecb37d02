"""Screen catalogues: every screen of every mode in representative states,
for the screen tests and the PNG review (host_tools.sim.screens). Test aids,
never installed on the handheld.

CATALOGS: the module a menu entry loads -> its catalogue module, whose
catalog(app) yields (name, screen) pairs.
"""

CATALOGS = {
    "core.home": "catalogs.home",
    "battleship.ui": "catalogs.battleship",
    "linkbattle.ui": "catalogs.linkbattle",
    "express.ui": "catalogs.express",
    "linkexpress.ui": "catalogs.linkexpress",
    "cards.ui": "catalogs.cards",
    "linkcards.ui": "catalogs.linkcards",
    "torpedo.ui": "catalogs.torpedo",
}
