# interpreters: micropython
"""Presses a move of a seeded card game over the cable and of a game against the CPU
(tests/cards/cable/presses.py): seeds (5, 6)."""

from cable_presses import presses_per_move


def test_the_cable_takes_at_most_10_percent_more_presses_a_move_than_the_cpu():
    presses_per_move((5, 6))
