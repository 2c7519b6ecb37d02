"""Battleship and Salvo against the CPU.

rules (the fleet and levels: one table), fleet (ships on a 10x10 grid,
placement, shots; Torpedo Attack and the link game use it too), engine
(turns, salvo, saves), ai / ai_hard / habits (the CPU), and the screens:
ui (the mode's entry), place, battle, view, with grid (the shared 10x10
grid drawing) and placing (the ship in hand when placing by hand).
"""
