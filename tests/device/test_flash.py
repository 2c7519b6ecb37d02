# interpreters: cpython
"""`make flash` against a fake mpremote with a simulated handheld behind it
(real MicroPython code on a real littlefs image: tests/kit/fakedev.py).

What a person plugging in a handheld would name: the files end up where the
firmware looks for them, saves are never touched, a second run copies
nothing, and every refusal leaves the handheld's install as it was."""

import hashlib
import io
import os
import shutil
import time

import pytest
from fakedev import CIRCUITPY_IMPL, PICO_PORT, FakeMpremote
from fakedev import installer as _installer

from host_tools.device import bundle, flash
from host_tools.device.flash import FlashError
from host_tools.paths import FIRMWARE

# Any bytes: the installer must not read or touch them. Under names the game
# never opens: it boots between flashes and sets a damaged "game" or
# "settings" aside, as it should.
SAVE = b"BSV1\x03\x00\x00\x00abcdxyz"


def _firmware_copy(tmp_path):
    src = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, src)
    return src


def _copy_of(installed, tmp_path, **kw):
    """A second handheld with the flash of the `installed` one."""
    src, _, _ = installed
    fake = FakeMpremote(tmp_path, **kw)
    shutil.copyfile(src.image, fake.image)
    return fake


def _firmware_with(tmp_path, names, tail="\nEXTRA = 1\n"):
    """A copy of firmware/ whose modules `names` end with `tail`."""
    fw = _firmware_copy(tmp_path)
    for name in names:
        with open(fw / name, "a") as f:
            f.write(tail)
    return fw


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
    fake.put("/saves/keep.bin", SAVE)
    result = _installer(fake, tmp).run()
    return fake, result, tmp


def test_first_install_command_sequence(installed):
    fake, result, _ = installed
    cmds = fake.commands()
    assert cmds[0] == "devs"
    assert cmds[1] == "stop /dev/ttyACM0"  # Ctrl-C until the REPL
    assert cmds[2] == ["exec impl"]  # is it MicroPython, which .mpy version
    assert cmds[3] == ["exec survey"]  # ROMFS or not (not: the official firmware), unique id, saves
    assert cmds[4] == ["exec probe"]  # hashes, room, leftovers
    stage = cmds[5]
    assert stage[0] == "exec prepare"
    copies = stage[1:]
    assert copies and all(c.startswith("cp :/.staging/") for c in copies)
    assert copies[-1] == "cp :/.staging/main.py"  # main.py last
    assert cmds[6] == ["exec switch"]
    assert cmds[7] == ["reset"]
    assert len(cmds) == 8
    assert result["route"] == "files" and not result["rom_written"]
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
    modules = [
        os.path.relpath(os.path.join(d, n), FIRMWARE)[:-3]
        for d, _sub, names in os.walk(FIRMWARE)
        for n in names
        if n.endswith(".py") and n != "main.py"
    ]
    assert "core/app" in modules and "battleship/engine" in modules  # the packages, as folders in /lib
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
    assert files["/saves/keep.bin"] == SAVE
    assert not any("/saves" in a for c in fake.calls for a in c[2:] if not a.startswith("import"))


def test_second_run_copies_nothing(installed):
    """`make flash` twice in a row: the first left Broadside running (it reset
    the handheld into our main.py); the second stops it and gets in."""
    fake, _, tmp = installed
    assert fake.running
    fake.calls.clear()
    logs = []
    result = _installer(fake, tmp, log=logs.append).run()
    assert result["copied"] == [] and result["removed"] == []
    assert fake.commands() == [
        "devs",
        "stop /dev/ttyACM0",
        ["exec impl"],
        ["exec survey"],
        ["exec probe"],
        ["reset"],
    ]
    console = fake.consoles[-1]
    assert "broadside: stopped by Ctrl-C" in console and console.rstrip().endswith(">>>")
    assert "soft reboot" not in console
    assert "stopped Broadside on the handheld: at its REPL" in logs
    assert fake.running  # reset again: Broadside runs, and the next flash gets in the same way


def test_only_the_changed_module_is_copied(tmp_path):
    fake = FakeMpremote(tmp_path)
    fw = _firmware_copy(tmp_path)
    opts = {"firmware_dir": str(fw)}
    _installer(fake, tmp_path, build_opts=opts).run()
    with open(fw / "core" / "ui.py", "a") as f:
        f.write("\nEXTRA = 1\n")
    fake.calls.clear()
    result = _installer(fake, tmp_path, build_opts=opts).run()
    assert result["copied"] == ["/lib/core/ui.mpy"]
    assert fake.commands()[5] == ["exec prepare", "cp :/.staging/lib/core/ui.mpy"]
    files = _install_files(fake)
    with open(tmp_path / "device" / "lib" / "core" / "ui.mpy", "rb") as f:
        assert files["/lib/core/ui.mpy"] == f.read()


def test_module_dropped_from_firmware_is_removed_but_saves_stay(tmp_path):
    fake = FakeMpremote(tmp_path)
    fake.put("/saves/keep2.bin", SAVE)
    fw = _firmware_copy(tmp_path)
    opts = {"firmware_dir": str(fw)}
    _installer(fake, tmp_path, build_opts=opts).run()
    os.remove(fw / "core" / "prng.py")
    result = _installer(fake, tmp_path, build_opts=opts).run()
    assert result["removed"] == ["/lib/core/prng.mpy"]
    files = _install_files(fake)
    assert "/lib/core/prng.mpy" not in files
    assert fake.files()[0]["/saves/keep2.bin"] == SAVE


def _old_install(fake, paths):
    """An older files install on the fake handheld: these files, and the file list naming them."""
    listing = ""
    for path in paths:
        data = b"M\x06 an older install's " + path.encode()
        fake.put(path, data)
        listing += "%s %s\n" % (hashlib.sha256(data).hexdigest(), path)
    fake.put("/.broadside", listing.encode())


def test_a_handheld_with_the_flat_layout_gets_the_packages_and_loses_the_flat_files(tmp_path):
    """Before the packages every module lay flat in /lib (/lib/bs_engine.mpy ...), listed in the
    install's file list: flashing the packages deletes them through the same power-cut-safe
    switch, and the saves stay."""
    fake = FakeMpremote(tmp_path)
    fake.put("/saves/keep.bin", SAVE)
    flat = ["/lib/app.mpy", "/lib/bs_engine.mpy", "/lib/lk_ui.mpy", "/lib/ta_cable.mpy", "/main.py"]
    _old_install(fake, flat)
    result = _installer(fake, tmp_path).run()
    files = _install_files(fake)
    for path in flat[:-1]:
        assert path not in files and path in result["removed"], path
    assert "/lib/core/app.mpy" in files and "/lib/battleship/engine.mpy" in files
    assert "/lib/battleship/cable/ui.mpy" in files and "/lib/torpedo/cable/match.mpy" in files
    assert not [p for p in files if p.startswith(("/.staging", "/.previous"))]
    assert fake.files()[0]["/saves/keep.bin"] == SAVE


def test_an_install_from_before_the_cable_moved_into_its_game_loses_the_old_packages(tmp_path):
    """Until issue 44 each cable game had a package of its own (/lib/linkbattle, /lib/linkexpress,
    /lib/linkcards; Torpedo's /lib/torpedo/cable.mpy, link_game.mpy ...), listed in the install's
    file list: flashing the new layout deletes every one of them (no stale module beside the new
    ones), the games come in as <game>/cable/, the saves stay."""
    fake = FakeMpremote(tmp_path)
    fake.put("/saves/g_link_battle", SAVE)
    old = ["/lib/linkbattle/game.mpy", "/lib/linkbattle/ui.mpy", "/lib/linkexpress/game.mpy",
           "/lib/linkcards/table.mpy", "/lib/torpedo/cable.mpy", "/lib/torpedo/link_game.mpy"]
    _old_install(fake, old)
    result = _installer(fake, tmp_path).run()
    files = _install_files(fake)
    for path in old:
        assert path not in files and path in result["removed"], path
    for game in ("battleship", "express", "cards", "torpedo"):
        assert "/lib/%s/cable/game.mpy" % game in files and "/lib/%s/cable/ui.mpy" % game in files
    assert not [p for p in fake.files()[0] if p.startswith("/lib/link") and not p.startswith("/lib/link/")]
    assert fake.files()[0]["/saves/g_link_battle"] == SAVE


def test_a_manifest_naming_saves_never_deletes_them(installed, tmp_path):
    fake, _, _ = installed
    files, _ = fake.files()
    manifest = files["/.broadside"] + b"0" * 64 + b" /saves/keep.bin\n"
    fake.put("/.broadside", manifest)
    _installer(fake, tmp_path).run()
    assert fake.files()[0]["/saves/keep.bin"] == SAVE


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
    assert fake.calls[0] == ["stop", "/dev/ttyACM0"]
    assert fake.calls[1][:2] == ["connect", "/dev/ttyACM0"]


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
    msg = str(e.value)
    assert "does not answer like MicroPython: no REPL prompt after Ctrl-C" in msg
    assert "printed nothing" in msg and "Put MicroPython on the Pico" in msg
    assert len(fake.calls) == 2  # devs, then Ctrl-C: nothing came back


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
    assert fake.commands() == ["devs", "stop /dev/ttyACM0", ["exec impl"], ["exec survey"]]


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
    assert "/lib/core/app.py" in files and "/lib/core/app.mpy" not in files


def test_full_flash_is_refused_before_copying(installed, tmp_path):
    fake = _copy_of(installed, tmp_path)
    before = _install_files(fake)
    fw = _firmware_with(tmp_path, ("core/ui.py",))
    fake.fill(leave_blocks=0)
    fake.calls.clear()
    logs = []
    console = io.StringIO()
    with pytest.raises(FlashError) as e:
        opts = {"firmware_dir": str(fw)}
        _installer(fake, tmp_path, build_opts=opts, log=logs.append, console=console).run()
    assert "too full" in str(e.value) and "Nothing was changed" in str(e.value)
    assert "never /saves" in str(e.value)
    assert not [c for c in fake.commands() if isinstance(c, list) and "exec prepare" in c]
    assert not [line for line in logs if "copying" in line] and console.getvalue() == ""
    after = _install_files(fake)
    after.pop("/junk.bin")
    assert after == before


def test_flash_filling_up_during_the_copy_leaves_the_old_install(installed, tmp_path):
    fake = _copy_of(installed, tmp_path)
    before = _install_files(fake)
    padded = ("core/ui.py", "core/app.py", "core/hal.py", "core/home.py")
    fw = _firmware_with(tmp_path, padded, "\nPAD = %r\n" % ("x" * 1500))

    def fill_at_copy(cmd):  # something else takes all the room between probe and copy
        if _call(cmd).startswith("prepare("):
            fake.before = None
            fake.fill(leave_blocks=-1)  # until a write fails: littlefs's free count is an estimate

    fake.before = fill_at_copy
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path, build_opts={"firmware_dir": str(fw)}).run()
    assert "filled up while copying" in str(e.value) and "nothing was changed" in str(e.value)
    after = _install_files(fake)
    after.pop("/junk.bin")
    assert after == before  # old install whole, staging gone
    assert fake.resets == 0


def test_switch_failing_puts_the_old_install_back(installed, tmp_path):
    fake = _copy_of(installed, tmp_path)
    before = _install_files(fake)
    fw = _firmware_copy(tmp_path)
    with open(fw / "core" / "ui.py", "a") as f:
        f.write("\nEXTRA = 1\n")

    with open(fw / "core" / "app.py", "a") as f:
        f.write("\nEXTRA = 1\n")

    def lose_a_staged_file(cmd):  # the switch moves app.mpy in, then finds ui.mpy gone
        if _call(cmd).startswith("switch("):
            fake.before = None
            assert fake.vm("import os\nos.remove('/.staging/lib/core/ui.mpy')").rc == 0

    fake.before = lose_a_staged_file
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path, build_opts={"firmware_dir": str(fw)}).run()
    assert "old install was put back" in str(e.value)
    assert _install_files(fake) == before


def test_interrupted_switch_is_undone_on_the_next_run(installed, tmp_path):
    fake = _copy_of(installed, tmp_path)
    before = _install_files(fake)
    # the power went while a new ui.mpy was being switched in: the old copy
    # sits in /.previous, the new one is live, the plan is still there
    code = (
        "import os\nos.mkdir('/.staging')\nos.mkdir('/.previous')\nos.mkdir('/.previous/lib')\n"
        "os.mkdir('/.previous/lib/core')\nos.rename('/lib/core/ui.mpy', '/.previous/lib/core/ui.mpy')\n"
        "os.mkdir('/.staging/lib')\nos.mkdir('/.staging/lib/core')\n"
    )
    assert fake.vm(code).rc == 0
    fake.put("/.staging/.plan", b"new /lib/core/ui.mpy\nnew /lib/core/app.mpy\n")
    fake.put("/lib/core/ui.mpy", b"half new")
    fake.put("/.staging/lib/core/app.mpy", b"not yet moved")
    logs = []
    result = _installer(fake, tmp_path, log=logs.append).run()
    assert any("interrupted" in line for line in logs) and any("rolled-back" in line for line in logs)
    assert result["copied"] == []  # rolled back to the very install the bundle holds
    assert _install_files(fake) == before


def test_frozen_firmware_needs_only_main_board_files(installed, tmp_path):
    fake = _copy_of(installed, tmp_path)
    result = _installer(fake, tmp_path, frozen=True).run()
    files = _install_files(fake)
    assert not [p for p in files if p.startswith("/lib/")]
    assert {"/main.py", "/board.txt", "/boards/pico_oled.mpy"} <= set(files)
    assert "/lib/core/app.mpy" in result["removed"]


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
    assert "/main.py" in out and "/lib/core/app.mpy" in out
    assert bundle.known_boards()  # sanity: boards exist


# -- Ctrl-C while Broadside runs (issue 20) ------------------------------------------


def _main_py_exiting_on_ctrl_c():
    """Our main.py as it was before issue 20: sys.exit(130) after Ctrl-C, on a board too."""
    with open(os.path.join(FIRMWARE, "main.py")) as f:
        text = f.read()
    assert "if rc and sys.argv:" in text
    return text.replace("if rc and sys.argv:", "if rc:").encode()


def test_ctrl_c_while_broadside_runs_leaves_the_repl(installed, tmp_path):
    """mpremote without help: its one Ctrl-C stops the game, the REPL follows."""
    fake = _copy_of(installed, tmp_path, running=True)
    r = fake.run(["connect", PICO_PORT[0], "exec", "print(6 * 7)"])
    assert r.rc == 0 and r.out == "42\n", r
    console = fake.consoles[-1]
    stopped = console.index("broadside: stopped by Ctrl-C")
    assert console.index(">>> ", stopped) > stopped
    assert "soft reboot" not in console and "Traceback" not in console


def test_a_main_py_that_exits_on_ctrl_c_is_the_bug_of_issue_20(installed, tmp_path):
    """The fake handheld reproduces the report: the board soft-reboots into
    main.py, the game runs again, mpremote cannot enter the raw REPL."""
    fake = _copy_of(installed, tmp_path, running=True)
    fake.put("/main.py", _main_py_exiting_on_ctrl_c())
    r = fake.run(["connect", PICO_PORT[0], "exec", "print(1)"])
    assert r.rc == 1 and "could not enter raw repl" in r.err and "MPY: soft reboot" in r.out
    assert fake.running


def test_flashing_over_a_main_py_that_exits_on_ctrl_c(installed, tmp_path):
    """The tool presses Ctrl-C again while that main.py starts over, gets in,
    says what happened, and installs the main.py that stops."""
    fake = _copy_of(installed, tmp_path, running=True)
    fake.put("/main.py", _main_py_exiting_on_ctrl_c())
    logs = []
    result = _installer(fake, tmp_path, log=logs.append).run()
    assert result["copied"] == ["/main.py"]
    assert any("restarted" in line and "SystemExit" in line for line in logs), logs
    assert "MPY: soft reboot" in fake.consoles[0] and fake.consoles[0].rstrip().endswith(">>>")
    r = fake.run(["connect", PICO_PORT[0], "exec", "print(1)"])  # and now mpremote alone gets in
    assert r.rc == 0 and "broadside: stopped by Ctrl-C" in fake.consoles[-1]


class _Stuck:
    """A transport whose Ctrl-C never brings the REPL back."""

    def __init__(self, printed):
        self.printed = printed

    def stop(self, port, timeout=None):
        return flash.Result(1, self.printed)

    def run(self, args, timeout=None, on_line=None):
        raise AssertionError("nothing may run when the REPL never came: %r" % (args,))


@pytest.mark.parametrize(
    "printed, says",
    [
        ("MPY: soft reboot\r\nMPY: soft reboot\r\n", "starts again whenever it is\n  stopped"),
        ("Traceback (most recent call last):\r\n", "runs MicroPython, but its REPL did not come back"),
        ("\x00\xff", "does not answer like MicroPython"),
    ],
)
def test_a_handheld_that_will_not_stop_is_named_for_what_it_does(tmp_path, printed, says):
    with pytest.raises(FlashError) as e:
        _installer(_Stuck(printed), tmp_path, port="/dev/ttyACM0").run()
    msg = str(e.value)
    assert says in msg and "/dev/ttyACM0" in msg and "A handheld that will not stop" in msg
    if "soft reboot" in printed:
        assert "SystemExit" in msg and "does not answer like MicroPython" not in msg


class FakeSerial:
    """A serial port on a virtual clock: `answer(sent_byte)` gives what the device prints back."""

    def __init__(self, answer):
        self.answer = answer
        self.now = 0.0
        self.sent = bytearray()
        self.pending = bytearray()

    def clock(self):
        return self.now

    def write(self, data):
        for b in data:
            self.sent.append(b)
            self.pending += self.answer(b)

    @property
    def in_waiting(self):
        return len(self.pending)

    def read(self, n):
        self.now += 0.02  # a read with nothing waiting takes the port's timeout
        got = bytes(self.pending[:n])
        del self.pending[:n]
        return got


def _device(restarts=0, raw=False, said=b""):
    """What a board prints: Broadside stops on Ctrl-C (after `restarts` soft
    reboots), or it sits in the raw REPL (silent until Ctrl-B; `said`: what its
    first Ctrl-C brought, before the silence)."""
    state = {"left": restarts, "said": said}

    def answer(b):
        if raw:
            if b == 3 and state["said"]:
                state["said"], first = b"", state["said"]
                return first
            return b"\r\nMicroPython v1.28.0\r\n>>> " if b == 2 else b""
        if b != 3:
            return b""
        if state["left"]:
            state["left"] -= 1
            return b"MPY: soft reboot\r\n"
        return b"broadside: stopped by Ctrl-C\r\nMicroPython v1.28.0\r\n>>> "

    return answer


@pytest.mark.parametrize("restarts, raw", [(0, False), (3, False), (0, True)])
def test_interrupt_to_repl_presses_ctrl_c_until_the_prompt(restarts, raw):
    ser = FakeSerial(_device(restarts, raw))
    ok, text = flash.interrupt_to_repl(ser, timeout=5, clock=ser.clock)
    assert ok and text.endswith(">>> ")
    assert text.count("soft reboot") == restarts
    assert ser.sent.count(3) == restarts + 1 or raw
    assert ser.now < 2


def test_interrupt_to_repl_after_an_interrupted_exec():
    """mpremote killed in an exec (its time limit, a cable pulled) leaves the handheld running
    it in the raw REPL: Ctrl-C ends it there ("\x04>": the raw REPL's prompt after an exec)."""
    ser = FakeSerial(
        _device(raw=True, said=b"\x04Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n\x04>")
    )
    ok, text = flash.interrupt_to_repl(ser, timeout=5, clock=ser.clock)
    assert ok and text.endswith("\x04>") and ser.now < 1
    # printed something, then silent in the raw REPL: Ctrl-B goes along half a second later
    ser = FakeSerial(_device(raw=True, said=b"\r\nOK"))
    ok, text = flash.interrupt_to_repl(ser, timeout=5, clock=ser.clock)
    assert ok and text.endswith(">>> ") and 0.5 <= ser.now < 1.5


def test_interrupt_to_repl_gives_up_with_what_it_saw():
    ser = FakeSerial(lambda b: b"" if b != 3 else b".")
    ok, text = flash.interrupt_to_repl(ser, timeout=3, clock=ser.clock)
    assert not ok and text.startswith("...") and 3 <= ser.now < 3.1


# -- a flash a person can watch ----------------------------------------------------


def test_copy_shows_files_and_bytes_as_it_goes(tmp_path):
    fake = FakeMpremote(tmp_path)
    console = io.StringIO()
    logs = []
    _installer(fake, tmp_path, console=console, log=logs.append).run()
    lines = console.getvalue().splitlines()
    copies = [c for c in fake.calls if "fs" in c][0]
    sizes = [os.path.getsize(a) for a in copies if a.startswith(str(tmp_path / "device"))]
    n, total = len(sizes), sum(sizes)
    assert lines[0].startswith("  [------------------------]   0%%  0/%d files" % n)
    assert lines[-2].startswith("  [%s] 100%%  %d/%d files" % ("#" * 24, n, n))
    assert lines[-1].startswith("copied %d files, %.1f KB in " % (n, total / 1024))
    assert 10 <= len(lines) <= 13  # a line each tenth: a log stays short
    copying = [line for line in logs if line.startswith("copying")]
    assert copying == ["copying %d changed file(s), %.1f KB, to /.staging; 0 unchanged" % (n, total / 1024)]


def test_progress_redraws_one_line_on_a_terminal():
    class F:
        def __init__(self, size, dest):
            self.size = size
            self.dest = dest

    out = io.StringIO()
    files = [F(1024, "/lib/a.mpy"), F(3072, "/lib/b.mpy")]
    bar = flash.Progress(files, out, tty=True, columns=120)
    bar.at(0, files[0])
    bar.at(1, files[1])
    bar.at(2)
    bar.finish()
    text = out.getvalue()
    frames = text.split("\r")[1:]
    assert frames[0].startswith("  [------------------------]   0%  0/2 files  0.0/4.0 KB  lib/a.mpy")
    assert frames[1].startswith("  [######------------------]  25%  1/2 files  1.0/4.0 KB  lib/b.mpy")
    assert frames[2].split("\n")[0].rstrip() == "  [########################] 100%  2/2 files  4.0/4.0 KB"
    assert len(frames[2].split("\n")[0]) >= len(frames[1])  # the longer line before is wiped
    assert text.endswith(" KB/s)\n") and "copied 2 files, 4.0 KB in" in text
    narrow = io.StringIO()
    bar = flash.Progress(files, narrow, tty=True, columns=40)
    bar.at(1, files[1])
    assert narrow.getvalue() == "\r  [######------------------]  25%  1/2 "  # 39 columns: one row


def test_each_step_has_a_time_limit_that_grows_with_its_bytes(tmp_path):
    fake2 = FakeMpremote(tmp_path)
    fw = _firmware_copy(tmp_path)
    opts = {"firmware_dir": str(fw)}
    _installer(fake2, tmp_path, build_opts=opts).run()
    first = dict(zip(map(str, fake2.commands()), fake2.timeouts, strict=True))
    copy_all = [t for c, t in first.items() if "exec prepare" in c][0]
    with open(fw / "core" / "ui.py", "a") as f:
        f.write("\nEXTRA = 1\n")
    fake2.calls.clear()
    fake2.timeouts.clear()
    _installer(fake2, tmp_path, build_opts=opts).run()
    one = dict(zip(map(str, fake2.commands()), fake2.timeouts, strict=True))
    copy_one = [t for c, t in one.items() if "exec prepare" in c][0]
    size = os.path.getsize(tmp_path / "device" / "lib" / "core" / "ui.mpy")
    assert flash.STEP_BASE_S + size // flash.LINK_MIN_BPS <= copy_one < flash.STEP_BASE_S + 10
    every = bundle.build("pico_oled", str(tmp_path / "every"), firmware_dir=str(fw))
    more = every.total_bytes() - size
    assert copy_all >= copy_one + more // flash.LINK_MIN_BPS + (len(every.files) - 1) * flash.FILE_S - 1
    assert one[str(["reset"])] == flash.STEP_BASE_S
    assert all(t is not None and t >= flash.STEP_BASE_S for t in fake2.timeouts if t != flash.STOP_S)


def test_mpremote_transport_streams_lines_and_stops_at_the_limit(tmp_path):
    exe = tmp_path / "slow-mpremote"
    exe.write_text("#!/bin/sh\necho cp a :/x\nsleep 30\necho never\n")
    exe.chmod(0o755)
    seen = []
    start = time.monotonic()
    r = flash.Mpremote(exe=str(exe)).run([], timeout=1, on_line=seen.append)
    assert time.monotonic() - start < 10
    assert seen == ["cp a :/x"] and r.rc == 124 and "time limit of 1 s" in r.err


def test_mpremote_stop_presses_ctrl_c_on_a_real_serial_port():
    """Mpremote.stop over a pseudo-terminal, with a handheld on the other end
    that restarts once (MPY: soft reboot) and then stops at its REPL."""
    import pty
    import threading

    master, slave = pty.openpty()
    name = os.ttyname(slave)
    seen = bytearray()

    def handheld():
        answers = [b"MPY: soft reboot\r\n", b"broadside: stopped by Ctrl-C\r\nMicroPython v1.28.0\r\n>>> "]
        while True:
            try:
                got = os.read(master, 64)
            except OSError:
                return
            seen.extend(got)
            for b in got:
                if b == 3:
                    os.write(master, answers.pop(0) if answers else b"\r\n>>> ")

    t = threading.Thread(target=handheld, daemon=True)
    t.start()
    try:
        r = flash.Mpremote(exe="/bin/true").stop(name, timeout=5)
    finally:
        os.close(slave)
        os.close(master)
    assert r.rc == 0 and "MPY: soft reboot" in r.out and r.out.rstrip().endswith(">>>")
    assert seen.count(3) >= 2


def test_mpremote_stop_on_a_port_that_is_not_there():
    r = flash.Mpremote(exe="/bin/true").stop("/dev/no-such-port", timeout=1)
    assert r.rc == 1 and "could not open /dev/no-such-port" in r.err


def test_a_copy_that_stalls_stops_at_its_limit_and_changes_nothing(installed, tmp_path):
    fake = _copy_of(installed, tmp_path)
    before = _install_files(fake)
    fw = _firmware_with(tmp_path, ("core/ui.py", "core/app.py"))
    run = fake.run

    def stalls(args, timeout=None, on_line=None):  # the link dies after the first file
        if "fs" not in args:
            return run(args, timeout, on_line)
        fake.calls.append(args)
        on_line("cp %s %s" % (args[args.index("cp") + 2], args[args.index("cp") + 3]))
        err = "mpremote: stopped at the step's time limit of %d s\n" % timeout
        return flash.Result(124, "prepare-ok\n", err)

    fake.run = stalls
    with pytest.raises(FlashError) as e:
        _installer(fake, tmp_path, build_opts={"firmware_dir": str(fw)}).run()
    msg = str(e.value)
    assert "stopped at its time limit" in msg and "after 0 of them" in msg and "unchanged" in msg
    assert _install_files(fake) == before and fake.resets == 0


def test_an_unknown_board_ends_at_the_repl_not_in_a_reboot_loop(installed, tmp_path):
    """main.py's other ends (here: board.txt names no board) leave the REPL too."""
    fake = _copy_of(installed, tmp_path, running=True)
    fake.put("/board.txt", b"pico_lcd\n")
    r = fake.run(["connect", PICO_PORT[0], "exec", "print(1)"])
    assert r.rc == 0
    console = fake.consoles[-1]
    assert "unknown board 'pico_lcd'" in console and console.rstrip().endswith(">>>")
    assert "soft reboot" not in console
