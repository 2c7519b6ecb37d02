"""Torpedo Attack: rules (one table), engine, scope (periscope drift), ai,
match (against the CPU); over the cable: link_game (pure), cable, link_ui,
cheat. Screens: ui (the mode's entry), place, locate, scope_ui, view; en/hu
hold the words.
"""
