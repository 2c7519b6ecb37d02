"""Battleship Express, the dice game: rules (one table), engine, ai (exact
sinking odds), and the screens: ui (the mode's entry), menus, game, human,
draw, art; text holds the words.
"""
