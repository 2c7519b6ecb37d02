# interpreters: cpython
"""A game saved in the page's storage (localStorage) survives a reload: Continue."""

from webpage import open_mode, shows, shows_any


def test_a_save_survives_a_page_reload(web):
    h = web.open(fresh=1, id=1)
    h.keys(open_mode("battleship") + "WAIT300,A,WAIT300,A,WAIT300")  # the battle, aiming
    h.keys("A,RIGHT,A,RIGHT,A,RIGHT")  # three shots (the game is saved after each)
    h.wait_screen(lambda r: shows_any(r, "Your shot"), what="your turn again")
    h.wait_frames(10)
    h.open(web.url(id=1))  # a reload: no ?fresh
    menu = h.wait_screen(lambda r: shows(r, "Continue"), what="Continue in the main menu")
    assert shows(menu, "Battleship")
    h.keys("A")  # Continue (the first row)
    h.wait_screen(lambda r: shows(r, "Battleship") and shows(r, "shots"), what="the saved Battleship game")
    h.keys("A")
    h.wait_screen(lambda r: shows_any(r, "Your shot") and shows(r, "Aim:"), what="the battle again")
    h.check()
