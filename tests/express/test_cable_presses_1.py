# interpreters: micropython
"""Presses of a seeded Express game over the cable and of the same game against the CPU
(tests/express/cable/presses.py): seeds 3 and 4."""

from cable_presses import same_game_presses


def test_the_cable_takes_at_most_10_percent_more_presses_than_the_cpu_in_the_same_game():
    same_game_presses((3, 4))
