"""Every game mode's screens, in English and in Hungarian: no text runs off the
128x64 display and no two texts overlap. Each mode's catalog is drawn by the
real firmware under the MicroPython unix port (192 KB heap) in a process of
its own, as tests/mp/screens.py explains."""

import pytest

from host_tools import screens


@pytest.mark.parametrize("module", [m for m in screens.modules() if m != "home"])
def test_every_screen_of_the_mode_fits_in_both_languages(module):
    shots, problems = screens.dump(module)
    assert shots, "%s has no catalog() screens" % module
    assert not problems, "\n".join(problems)
