# interpreters: micropython cpython
"""The ship in hand while placing by hand (placing.Hand, behind all three placement screens):
ships come Carrier first at the first free spot from the middle, the arrows move and B turns
them, A puts one down only where the rules allow, and the hand is empty after the last."""

from battleship.fleet import Fleet
from battleship.placing import Hand, Placement
from battleship.rules import OFF_GRID, OK, OVERLAP, TOUCHING
from core.hal import DOWN, LEFT, RIGHT, UP, A, B, Buttons
from core.prng import Rng

CARRIER, BATTLESHIP, DESTROYER, SUBMARINE, PATROL = range(5)


class _App:
    def __init__(self):
        self.held = 0
        self.buttons = Buttons(lambda: self.held)
        self.cues = []

    def cue(self, name):
        self.cues.append(name)

    def press(self, hand, button):
        """One frame with `button` down, one with it up; what hand.update said on the press."""
        self.held = button
        self.buttons.poll(0)
        changed = hand.update(self, self.buttons)
        self.held = 0
        self.buttons.poll(0)
        return changed


def test_ships_come_in_order_at_the_first_free_spot_from_the_middle():
    fleet = Fleet()
    hand = Hand(fleet)
    hand.take(CARRIER)
    assert (hand.ship, hand.row, hand.col, hand.vert, hand.why) == (CARRIER, 4, 2, False, OK)
    app = _App()
    assert app.press(hand, A) and fleet.where(CARRIER) == (4, 2, False)
    assert app.cues == ["click"]
    # the Battleship would overlap the Carrier at 4,2: it comes to hand further on
    assert hand.ship == BATTLESHIP and hand.why == OK and (hand.row, hand.col, hand.vert) == (5, 0, False)


def test_a_is_refused_off_the_grid_and_on_another_ship_with_the_reason():
    fleet = Fleet()
    hand = Hand(fleet)
    app = _App()
    hand.take(CARRIER)
    app.press(hand, A)
    for _ in range(9):
        app.press(hand, RIGHT)
    assert hand.col == 9 and hand.why == OFF_GRID and hand.other == -1
    assert not app.press(hand, A) and not fleet.placed(BATTLESHIP) and app.cues[-1] == "miss"
    hand.move(4, 2, False)
    assert hand.why == OVERLAP and hand.other == CARRIER
    assert not app.press(hand, A) and not fleet.placed(BATTLESHIP)
    assert app.press(hand, B) and hand.vert and hand.why == OVERLAP  # still on the Carrier's bow
    assert app.press(hand, DOWN) and hand.row == 5 and hand.why == OK
    assert app.press(hand, A) and fleet.where(BATTLESHIP) == (5, 2, True)


def test_touching_is_refused_only_when_the_rules_say_so():
    for touching, want in ((True, OK), (False, TOUCHING)):
        fleet = Fleet(touching=touching)
        fleet.place(CARRIER, 4, 2, False)
        hand = Hand(fleet)
        hand.take(PATROL)
        hand.move(5, 0, False)  # under the Carrier's first cell, corner to corner with it
        assert hand.why == want
        assert hand.other == (-1 if want == OK else CARRIER)


def test_the_hand_is_empty_after_the_last_ship_and_a_key_without_a_meaning_changes_nothing():
    fleet = Fleet()
    hand = Hand(fleet, 0)  # looking from A-1
    app = _App()
    hand.take(CARRIER)
    assert not app.press(hand, 0)
    for ship in range(5):
        assert hand.ship == ship
        assert app.press(hand, A)
    assert hand.ship == -1 and fleet.complete()
    assert app.cues == ["click"] * 5


def test_arrows_stop_at_the_edges():
    hand = Hand(Fleet())
    app = _App()
    hand.take(PATROL)
    hand.move(0, 0, False)
    app.press(hand, UP)
    app.press(hand, LEFT)
    assert (hand.row, hand.col) == (0, 0)


class _Screen(Placement):
    def __init__(self, fleet):
        self.hand = Hand(fleet)
        self.did = []

    def begin(self, app):
        self.did.append("begin")

    def shuffle(self):
        self.did.append("shuffle")

    def leave(self, app):
        self.did.append("leave")


class _ScreenApp(_App):
    def __init__(self, screen):
        _App.__init__(self)
        self.screen = screen
        self.redraws = 0

    def redraw(self):
        self.redraws += 1

    def key(self, button):
        self.held = button
        self.buttons.poll(0)
        self.screen.update(self)
        self.held = 0
        self.buttons.poll(0)


def test_the_menu_starts_shuffles_and_leaves_and_by_hand_gives_the_ships_then_opens_on_start():
    fleet = Fleet()
    fleet.shuffle(Rng(3))
    s = _Screen(fleet)
    app = _ScreenApp(s)
    app.key(DOWN)
    app.key(A)  # Shuffle
    assert s.did == ["shuffle"] and s.hand.ship == -1 and s.sel == 1
    app.key(DOWN)
    app.key(A)  # By hand: the grid is emptied and the Carrier is in hand
    assert s.hand.ship == CARRIER and not any(fleet.placed(i) for i in range(5))
    for _ in range(5):
        app.key(A)
    assert fleet.complete() and s.hand.ship == -1 and s.sel == 0
    app.key(UP)  # the menu wraps: Quit is above Start
    assert s.sel == 3
    app.key(A)
    app.key(B)
    assert s.did == ["shuffle", "leave", "leave"]
    app.key(DOWN)
    app.key(A)  # Start
    assert s.did[-1] == "begin"
