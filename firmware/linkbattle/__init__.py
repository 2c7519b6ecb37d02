"""Link battle and Link salvo: Battleship between two handhelds on the cable.

game (turns, commitments, verification, forfeit; pure), save, and the
screens loaded stage by stage by ui: connect, place, battle, board, end,
view; en/hu and their _start/_end parts hold the words.
"""
