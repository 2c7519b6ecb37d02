# interpreters: micropython
"""The app's saves: settings survive a restart; a full flash shows a notice
on screen and keeps the old save."""

from fakehw import make_hw, press

from core.app import App
from core.hal import B
from core.home import SettingsScreen
from core.storage import OsFs, Storage

_DIR = "/tmp/broadside-test-appsave"


class FullFs(OsFs):
    def write(self, path, data, more=b""):
        raise OSError(28)


def _storage():
    st = Storage(_DIR)
    st.delete("settings")
    st.delete("game")
    return st


def test_settings_survive_restart():
    st = _storage()
    app = App(make_hw(storage=st))
    app.settings.set("language", "hu")
    app.settings.set("sound", 1)
    assert app.save_settings()
    again = App(make_hw(storage=Storage(_DIR)))
    assert again.settings.get("language") == "hu" and again.settings.get("sound") == 1
    assert again.hw.sound.enabled


def test_full_flash_notice_and_old_save_kept():
    st = _storage()
    st.save("game", b"Xold")
    app = App(make_hw(storage=st))
    st.fs = FullFs()
    assert not app.save("game", b"Xnew")
    assert app.notice and "full" in app.notice
    assert Storage(_DIR).load("game")[0] == b"Xold"


def test_leaving_settings_saves_them():
    st = _storage()
    app = App(make_hw(storage=st))
    app.push(SettingsScreen())
    app.step()
    app.settings.set("contrast", 32)
    press(app, B)
    assert Storage(_DIR).load("settings")[0] == app.settings.to_bytes()
