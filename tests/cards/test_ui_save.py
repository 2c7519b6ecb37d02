# interpreters: micropython
"""Card game saves under MicroPython: saved after every turn, resumed exactly (the same
game follows from the same keys), a damaged save refused, the save cleared at the end."""

from cgui_kit import DictStorage, game_screen, new_app, play_round, position
from fakehw import press, saved_game
from support import raises

from cards import ui  # noqa: F401  (first: its modules compile best in an empty heap)
from cards.ai import choose
from cards.engine import Game
from cards.game import STEP_MS, GameScreen
from cards.pick import F_HAND, HUMAN
from cards.rules import STANDARD
from cards.ui import SLOT, TAG, load, payload, resume
from cards.view import view_for
from core.hal import A
from core.prng import Rng


def test_saved_after_each_turn_and_resumed_exactly():
    st = DictStorage()
    app = new_app(st)
    s = game_screen(app, game=Game(21, STANDARD, HUMAN), level=1)
    for _ in range(3):
        play_round(app, s)
    data = saved_game(st, SLOT)
    assert data[:1] == TAG and st.saves >= 6  # after every turn, both players'
    g, level, rng = load(data)
    assert g.to_bytes() == s.g.to_bytes() and level == 1
    assert g.prev_events == s.g.prev_events and g.events == s.g.events
    assert rng.getstate() == s.rng.getstate()
    later = []
    for _ in range(5):
        play_round(app, s)
        later.append(s.g.to_bytes())
    end = payload(s)
    s = app = g = None  # (two games at once would crowd the test heap)
    # another handheld resumes the save and, given the same keys, plays the same game
    app2 = new_app(DictStorage())
    s2 = resume(app2, data)
    assert isinstance(s2, GameScreen) and s2.focus == F_HAND
    for i in range(5):
        play_round(app2, s2)
        assert s2.g.to_bytes() == later[i], i
    assert payload(s2) == end


def test_damaged_save_is_refused():
    app = new_app()
    s = game_screen(app, game=position(5, 20))
    data = payload(s)
    assert raises(ValueError, load, data[:-3])
    assert raises(ValueError, load, b"X" + data[1:])
    bad = bytearray(data)
    bad[40] ^= 0xFF
    assert raises(ValueError, load, bytes(bad))
    assert raises(ValueError, resume, app, data[: len(data) // 2])
    assert app.top() is s  # nothing opened


def test_game_end_shows_result_and_clears_the_save():
    st = DictStorage()
    app = new_app(st)
    g = position(1, 87)  # the next move (the human's) wins it
    assert not g.over and g.cur == HUMAN
    s = game_screen(app, game=g)
    app.save_game(SLOT, payload(s))
    win = choose(view_for(g, HUMAN), Rng(1))
    s.play(app, win)
    assert s.g.over and s.g.winner == HUMAN
    for _ in range(STEP_MS // 33 + 2):
        app.step()
    res = app.top()
    assert res.__class__.__name__ == "ResultScreen"
    assert saved_game(st, SLOT) is None
    press(app, A)  # a new game
    assert isinstance(app.top(), GameScreen) and not app.top().g.over
