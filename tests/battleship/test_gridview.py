# interpreters: micropython
"""The shared 10x10 grid drawing: coordinates as the rule sheet writes them,
everything inside its box, marks that stay apart, a cursor that moves cheaply."""

from fakehw import make_hw

from battleship import grid
from battleship.grid import GHOST, HIT, MISS, OUTLINE, SHIP, SOLID, SUNK, Grid


def _fb():
    fb = make_hw().display
    fb.fill(0)
    return fb


def _lit(fb):
    # A generator: a whole screen of lit pixels as a list of tuples needs a
    # 32 KB block, more than a 192K test heap can be sure to have in one piece.
    for y in range(64):
        for x in range(128):
            if fb.pixel(x, y):
                yield x, y


def test_names_follow_the_rule_sheet():
    assert grid.name(3, 3) == "D-4"
    assert grid.name(0, 0) == "A-1" and grid.name(9, 9) == "J-10"


def test_grid_and_labels_stay_in_their_box():
    fb = _fb()
    g = Grid(9, 7)
    g.frame(fb)
    g.labels(fb, 9, 9)  # the cursor's row and column boxes reach furthest
    for r in range(10):
        for c in range(10):
            g.mark(fb, r, c, SUNK)
    assert max(x for x, _ in _lit(fb)) <= 63 and max(y for _, y in _lit(fb)) <= 59
    assert fb.pixel(9, 7) and fb.pixel(61, 59)  # the frame's corners


def test_marks_differ_and_never_touch_the_frame():
    counts = {}
    for kind in (MISS, HIT, SUNK, SHIP):
        fb = _fb()
        g = Grid(9, 7)
        g.mark(fb, 0, 0, kind)
        lit = list(_lit(fb))
        counts[kind] = len(lit)
        # the corner cell's interior is x 11..14, y 9..12: one dark pixel from the frame
        assert all(11 <= x <= 14 and 9 <= y <= 12 for x, y in lit), kind
    assert counts == {MISS: 8, HIT: 8, SUNK: 16, SHIP: 12}


def test_a_miss_is_a_ring_not_a_dot_like_an_unshot_cells_corners():
    """An unshot cell shows the 1-px dots at its corners; a miss was a 2x2 dot in the middle,
    hard to tell apart on the 0.96" panel. It is a ring now: lit around, dark in the middle and
    at its corners (so it is no SHIP box either), the same on every grid that draws marks."""
    fb = _fb()
    g = Grid(9, 7)
    g.mark(fb, 4, 4, MISS)
    x, y = g.cell_x(4), g.cell_y(4)
    art = ["".join("#" if fb.pixel(x + i, y + j) else "." for i in range(4)) for j in range(4)]
    assert art == [".##.", "#..#", "#..#", ".##."], art


def test_ship_styles_and_clipping():
    sizes = {}
    for style in (OUTLINE, SOLID, GHOST):
        fb = _fb()
        Grid(9, 7).ship(fb, 2, 7, 5, False, style)  # runs off the right edge
        lit = list(_lit(fb))
        sizes[style] = len(lit)
        assert max(x for x, _ in lit) < 61  # inside the frame
    assert sizes[SOLID] > sizes[GHOST] > 0 and sizes[SOLID] > sizes[OUTLINE] > 0


def test_a_cursor_step_changes_only_the_two_boxes_and_labels():
    def draw(row, col):
        fb = _fb()
        g = Grid(9, 7)
        g.frame(fb)
        g.labels(fb, row, col)
        g.mark(fb, 3, 4, HIT)
        g.cursor(fb, row, col)
        return fb

    a = draw(3, 3)
    b = draw(3, 4)
    changed = [(x, y) for y in range(64) for x in range(128) if a.pixel(x, y) != b.pixel(x, y)]
    assert changed
    # the two cursor boxes (x 25..35, y 23..28) and the two column labels (y 0..6)
    assert all((25 <= x <= 35 and 23 <= y <= 28) or y <= 6 for x, y in changed)
