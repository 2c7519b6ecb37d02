"""`make flash` against a fake mpremote with a simulated handheld behind it
(real MicroPython code on a real littlefs image: tests/host/fakedev.py).

What a person plugging in a handheld would name: the files end up where the
firmware looks for them, saves are never touched, a second run copies
nothing, and every refusal leaves the handheld's install as it was."""

import os
import shutil

import pytest
from fakedev import CIRCUITPY_IMPL, PICO_PORT, FakeMpremote

from host_tools import bundle, flash
from host_tools.flash import FlashError, Installer
from host_tools.paths import FIRMWARE

SAVE = b"BSV1\x03\x00\x00\x00abcdxyz"  # any bytes: the installer must not read or touch them


def _installer(fake, tmp_path, **kw):
    kw.setdefault("out", str(tmp_path / "device"))
    kw.setdefault("log", lambda *a: None)
    return Installer(fake, "pico_oled", **kw)


def _firmware_copy(tmp_path):
    src = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, src)
    return src


def _call(cmd):
    """The device_ops call an exec command ends with ('' for other commands)."""
    return cmd[-1].strip().splitlines()[-1] if cmd[0] == "exec" else ""


def _install_files(fake):
    files, _dirs = fake.files()
    return {p: d for p, d in files.items() if not p.startswith("/saves")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """One handheld after a first install (with a save on it), and its command log."""
    tmp = tmp_path_factory.mktemp("installed")
    fake = FakeMpremote(tmp)
    fake.put("/saves/settings", SAVE)
    result = _installer(fake, tmp).run()
    return fake, result, tmp


def test_first_install_command_sequence(installed):
    fake, result, _ = installed
    cmds = fake.commands()
    assert cmds[0] == "devs"
    assert cmds[1] == ["exec impl"]  # is it MicroPython, which .mpy version
    assert cmds[2] == ["exec probe"]  # hashes, room, leftovers
    stage = cmds[3]
    assert stage[0] == "exec prepare"
    copies = stage[1:]
    assert copies and all(c.startswith("cp :/.staging/") for c in copies)
    assert copies[-1] == "cp :/.staging/main.py"  # main.py last
    assert cmds[4] == ["exec switch"]
    assert cmds[5] == ["reset"]
    assert len(cmds) == 6
    assert all(c[1] == PICO_PORT[0] for c in fake.calls[1:])
    assert fake.resets == 1
    assert len(result["copied"]) == len(copies)


def test_install_layout_is_what_main_py_expects(installed):
    fake, _, tmp = installed
    files = _install_files(fake)
    with open(os.path.join(FIRMWARE, "main.py"), "rb") as f:
        assert files["/main.py"] == f.read()  # main.py stays source: MicroPython runs it at boot
    assert files["/board.txt"].strip() == b"pico_oled"
    assert "/boards/pico_oled.mpy" in files and "/boards/sim.mpy" not in files
    modules = [n[:-3] for n in os.listdir(FIRMWARE) if n.endswith(".py") and n != "main.py"]
    for m in modules:
        assert files["/lib/%s.mpy" % m][:2] == b"M\x06", m  # compiled
    assert "/lib/adafruit_ssd1306.mpy" in files
    assert "/lib/adafruit_bus_device/i2c_device.mpy" in files
    assert not [p for p in files if p.endswith(".py") and p != "/main.py"]
    assert not [p for p in files if p.startswith(("/.staging", "/.previous"))]
    # the list of installed files, for the next run
    listed = dict(line.split()[::-1] for line in files["/.broadside"].decode().splitlines())
    assert set(listed) == set(files) - {"/.broadside"}


def test_saves_untouched(installed):
    fake, _, _ = installed
    files, _ = fake.files()
    assert files["/saves/settings"] == SAVE
    assert not any("/saves" in a for c in fake.calls for a in c[2:] if not a.startswith("import"))


def test_second_run_copies_nothing(installed):
    fake, _, tmp = installed
    fake.calls.clear()
    result = _installer(fake, tmp).run()
    assert result["copied"] == [] and result["removed"] == []
    assert fake.commands() == ["devs", ["exec impl"], ["exec probe"], ["reset"]]


def test_only_the_changed_module_is_copied(tmp_path):
    fake = FakeMpremote(tmp_path)
    fw = _firmware_copy(tmp_path)
    opts = {"firmware_dir": str(fw)}
    _installer(fake, tmp_path, build_opts=opts).run()
    with open(fw / "ui.py", "a") as f:
        f.write("\nEXTRA = 1\n")
    fake.calls.clear()
    result = _installer(fake, tmp_path, build_opts=opts).run()
    assert result["copied"] == ["/lib/ui.mpy"]
    assert fake.commands()[3] == ["exec prepare", "cp :/.staging/lib/ui.mpy"]
    files = _install_files(fake)
    with open(tmp_path / "device" / "lib" / "ui.mpy", "rb") as f:
        assert files["/lib/ui.mpy"] == f.read()


def test_module_dropped_from_firmware_is_removed_but_saves_stay(tmp_path):
    fake = FakeMpremote(tmp_path)
    fake.put("/saves/game", SAVE)
    fw = _firmware_copy(tmp_path)
    opts = {"firmware_dir": str(fw)}
    _installer(fake, tmp_path, build_opts=opts).run()
    os.remove(fw / "prng.py")
    result = _installer(fake, tmp_path, build_opts=opts).run()
    assert result["removed"] == ["/lib/prng.mpy"]
    files = _install_files(fake)
    assert "/lib/prng.mpy" not in files
    assert fake.files()[0]["/saves/game"] == SAVE


def test_a_manifest_naming_saves_never_deletes_them(installed, tmp_path):
    fake, _, _ = installed
    files, _ = fake.files()
    manifest = files["/.broadside"] + b"0" * 64 + b" /saves/settings\n"
    fake.put("/.broadside", manifest)
    _installer(fake, tmp_path).run()
    assert fake.files()[0]["/saves/settings"] == SAVE


def test_no_device(tmp_path):
    fake = FakeMpremote(tmp_path, ports=())
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path).run()
    assert "no handheld found" in str(e.value) and "RPI-RP2" in str(e.value)
    assert fake.calls == [["devs"]]


def test_two_devices(tmp_path):
    second = ("/dev/ttyACM1",) + PICO_PORT[1:]
    fake = FakeMpremote(tmp_path, ports=(PICO_PORT, second))
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path).run()
    msg = str(e.value)
    assert "2 devices found" in msg and "/dev/ttyACM0" in msg and "/dev/ttyACM1" in msg and "PORT=" in msg
    assert fake.calls == [["devs"]]


def test_the_pico_is_picked_among_other_serial_devices(tmp_path):
    ftdi = ("/dev/ttyUSB0", "A10K", "0403:6001", "FTDI FT232R USB UART")
    builtin = ("/dev/ttyS0", "None", "0000:0000", "None None")
    fake = FakeMpremote(tmp_path, ports=(ftdi, builtin, PICO_PORT))
    assert _installer(fake, tmp_path).find_port() == "/dev/ttyACM0"


def test_port_given_is_used_without_listing(tmp_path):
    fake = FakeMpremote(tmp_path)
    _installer(fake, tmp_path, port="/dev/ttyACM0").run()
    assert fake.calls[0][:2] == ["connect", "/dev/ttyACM0"]


def test_busy_port(tmp_path):
    fake = FakeMpremote(tmp_path)
    fake.busy.add("/dev/ttyACM0")
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path).run()
    assert "cannot open /dev/ttyACM0" in str(e.value) and "in use" in str(e.value)


def test_device_without_micropython(tmp_path):
    fake = FakeMpremote(tmp_path, kind="none")
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path).run()
    assert "does not answer like MicroPython" in str(e.value)
    assert "Put MicroPython on the Pico" in str(e.value)
    assert len(fake.calls) == 2  # devs, then the one question


def test_circuitpython_is_refused(tmp_path):
    fake = FakeMpremote(tmp_path, impl=CIRCUITPY_IMPL)
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path).run()
    assert "runs circuitpython, not MicroPython" in str(e.value)
    assert fake.files()[0] == {}


def test_incompatible_mpy_version_is_refused_before_any_copy(tmp_path):
    old = "(name='micropython', version=(1, 18, 0), _machine='Raspberry Pi Pico with RP2040', _mpy=4101)"
    fake = FakeMpremote(tmp_path, impl=old)
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path).run()
    msg = str(e.value)
    assert "MicroPython 1.18.0 loads .mpy version 5" in msg and "writes version 6" in msg
    assert "--source" in msg
    assert fake.commands() == ["devs", ["exec impl"]]


def test_micropython_too_old_to_name_its_mpy_version(tmp_path):
    fake = FakeMpremote(tmp_path, impl="(name='micropython', version=(1, 12, 0))")
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path).run()
    assert "no _mpy" in str(e.value)


def test_source_install_works_where_mpy_would_not(tmp_path):
    old = "(name='micropython', version=(1, 18, 0), _machine='Raspberry Pi Pico with RP2040', _mpy=4101)"
    # sources take room the compiled install does not: a Pico's whole 1.4 MB filesystem (352 blocks)
    fake = FakeMpremote(tmp_path, impl=old, blocks=352)
    _installer(fake, tmp_path, source=True).run()
    files = _install_files(fake)
    assert "/lib/app.py" in files and "/lib/app.mpy" not in files


def test_full_flash_is_refused_before_copying(installed, tmp_path):
    src, _, _ = installed
    fake = FakeMpremote(tmp_path)
    shutil.copyfile(src.image, fake.image)  # a handheld with the install on it
    before = _install_files(fake)
    fw = _firmware_copy(tmp_path)
    with open(fw / "ui.py", "a") as f:
        f.write("\nEXTRA = 1\n")
    fake.fill(leave_blocks=0)
    fake.calls.clear()
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path, build_opts={"firmware_dir": str(fw)}).run()
    assert "too full" in str(e.value) and "Nothing was changed" in str(e.value)
    assert "never /saves" in str(e.value)
    assert not [c for c in fake.commands() if isinstance(c, list) and "exec prepare" in c]
    after = _install_files(fake)
    after.pop("/junk.bin")
    assert after == before


def test_flash_filling_up_during_the_copy_leaves_the_old_install(installed, tmp_path):
    src, _, _ = installed
    fake = FakeMpremote(tmp_path)
    shutil.copyfile(src.image, fake.image)
    before = _install_files(fake)
    fw = _firmware_copy(tmp_path)
    for name in ("ui.py", "app.py", "hal.py", "home.py"):
        with open(fw / name, "a") as f:
            f.write("\nPAD = %r\n" % ("x" * 3000))

    def fill_at_copy(cmd):  # something else takes the room between probe and copy
        if _call(cmd).startswith("prepare("):
            fake.before = None
            fake.fill(leave_blocks=1)

    fake.before = fill_at_copy
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path, build_opts={"firmware_dir": str(fw)}).run()
    assert "filled up while copying" in str(e.value) and "nothing was changed" in str(e.value)
    after = _install_files(fake)
    after.pop("/junk.bin")
    assert after == before  # old install whole, staging gone
    assert fake.resets == 0


def test_switch_failing_puts_the_old_install_back(installed, tmp_path):
    src, _, _ = installed
    fake = FakeMpremote(tmp_path)
    shutil.copyfile(src.image, fake.image)
    before = _install_files(fake)
    fw = _firmware_copy(tmp_path)
    with open(fw / "ui.py", "a") as f:
        f.write("\nEXTRA = 1\n")

    with open(fw / "app.py", "a") as f:
        f.write("\nEXTRA = 1\n")

    def lose_a_staged_file(cmd):  # the switch moves app.mpy in, then finds ui.mpy gone
        if _call(cmd).startswith("switch("):
            fake.before = None
            assert fake.vm("import os\nos.remove('/.staging/lib/ui.mpy')").rc == 0

    fake.before = lose_a_staged_file
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path, build_opts={"firmware_dir": str(fw)}).run()
    assert "old install was put back" in str(e.value)
    assert _install_files(fake) == before


def test_interrupted_switch_is_undone_on_the_next_run(installed, tmp_path):
    src, _, _ = installed
    fake = FakeMpremote(tmp_path)
    shutil.copyfile(src.image, fake.image)
    before = _install_files(fake)
    # the power went while a new ui.mpy was being switched in: the old copy
    # sits in /.previous, the new one is live, the plan is still there
    code = (
        "import os\nos.mkdir('/.staging')\nos.mkdir('/.previous')\nos.mkdir('/.previous/lib')\n"
        "os.rename('/lib/ui.mpy', '/.previous/lib/ui.mpy')\nos.mkdir('/.staging/lib')\n"
    )
    assert fake.vm(code).rc == 0
    fake.put("/.staging/.plan", b"new /lib/ui.mpy\nnew /lib/app.mpy\n")
    fake.put("/lib/ui.mpy", b"half new")
    fake.put("/.staging/lib/app.mpy", b"not yet moved")
    logs = []
    result = _installer(fake, tmp_path, log=logs.append).run()
    assert any("interrupted" in line for line in logs) and any("rolled-back" in line for line in logs)
    assert result["copied"] == []  # rolled back to the very install the bundle holds
    assert _install_files(fake) == before


def test_frozen_firmware_needs_only_main_board_files(installed, tmp_path):
    src, _, _ = installed
    fake = FakeMpremote(tmp_path)
    shutil.copyfile(src.image, fake.image)
    result = _installer(fake, tmp_path, frozen=True).run()
    files = _install_files(fake)
    assert not [p for p in files if p.startswith("/lib/")]
    assert {"/main.py", "/board.txt", "/boards/pico_oled.mpy"} <= set(files)
    assert "/lib/app.mpy" in result["removed"]


def test_mpremote_transport_runs_the_command_line():
    r = flash.Mpremote(exe="/bin/echo").run(["connect", "/dev/ttyACM0", "exec", "print(1)"])
    assert r.rc == 0 and r.out == "connect /dev/ttyACM0 exec print(1)\n"


def test_device_info_reads_mpy_version_and_arch():
    info = flash.DeviceInfo(
        "(name='micropython', version=(1, 28, 0, ''), _machine='Raspberry Pi Pico with RP2040', _mpy=4870)"
    )
    assert (info.name, info.version, info.mpy_version, info.mpy_sub, info.arch) == (
        "micropython",
        "1.28.0",
        6,
        3,
        "armv6m",
    )


def test_command_line_refusal_is_a_message_and_status_2(capsys):
    assert flash.main(["bundle", "--board", "no_such_board"]) == 2
    err = capsys.readouterr().err
    assert "unknown board 'no_such_board'" in err and "pico_oled" in err


def test_bundle_command_lists_the_files(tmp_path, capsys):
    assert flash.main(["bundle", "--board", "pico_oled", "--out", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert "/main.py" in out and "/lib/app.mpy" in out
    assert bundle.known_boards()  # sanity: boards exist
