"""Screen catalogues: every screen of every mode in representative states,
for the screen tests and the PNG review (host_tools.sim.screens). Test aids,
never installed on the handheld.

CATALOGS: the module a menu entry loads -> its catalogue module, whose
catalog(app) yields (name, screen) pairs.
"""

CATALOGS = {
    "core.home": "catalogs.home",
    "battleship.ui": "catalogs.battleship",
    "battleship.cable.ui": "catalogs.battleship_cable",
    "express.ui": "catalogs.express",
    "express.cable.ui": "catalogs.express_cable",
    "cards.ui": "catalogs.cards",
    "cards.cable.ui": "catalogs.cards_cable",
    "torpedo.ui": "catalogs.torpedo",
}
