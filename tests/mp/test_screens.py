"""The main menu's screens, in English and in Hungarian: no text runs off the
128x64 display and no two texts overlap. (Each game mode's screens are
checked the same way, each mode in a process of its own, by
tests/host/test_screens_modes.py.)"""

from screens import each_screen, new_app, problems, render


def test_every_screen_fits_in_both_languages():
    app = new_app()
    bad = []
    count = 0
    for name, screen in each_screen(app, ["home"]):
        for lang in ("en", "hu"):
            count += 1
            for p in problems(render(app, screen, lang)):
                bad.append("%s [%s]: %s" % (name, lang, p))
    assert count >= 4, count  # two screens, two languages
    assert not bad, "\n".join(bad)


def test_checker_catches_overflow_and_overlap():
    boxes = [(120, 0, 20, 8, "runs off"), (0, 20, 10, 8, "a"), (5, 22, 10, 8, "b"), (0, 40, 5, 8, "alone")]
    found = problems(boxes)
    assert len(found) == 2, found
    assert "off screen" in found[0] and "overlap" in found[1]
