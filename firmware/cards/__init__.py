"""The Battleship Card Game: rules (the deck: one table), engine, view (what
one player may see), ai, and the screens: ui (the mode's entry), menus,
game, pick, paint, draw; text holds the words.
"""
