# interpreters: cpython
"""`make flash` on Broadside's own firmware (a ROMFS partition) and the saves it carries, against
the fake mpremote (tests/kit/fakedev.py) with a Pico behind it that has the partition: the fake's
MicroPython gets a `vfs.rom_ioctl` whose partition is a file on the host (as rp2's: an object
with readblocks, writeblocks, ioctl; NOR flash: a write only clears bits, an erase sets them) and
a `machine.unique_id()`. mpremote's own `romfs deploy` is played by the fake: the same steps
(the partition's size, refuse a larger image, erase each 4 KiB block, write 4 KiB chunks, print
"Writing at offset N") through the device's rom_ioctl.

The decision table: ROMFS where the firmware has it, files where it has not (test_flash.py);
an unchanged image writes nothing, a changed or half-written one is written whole; a files
install that would shadow the game leaves, /saves stays; each refusal leaves the handheld as it
was; /saves goes to build/saves/<unique id>/ on every run, and comes back to a Pico that lost it
moving from the official firmware to Broadside's."""

import base64
import hashlib
import io
import os

import pytest
from fakedev import PICO_IMPL, FakeMpremote
from fakedev import installer as _installer

from host_tools.device import flash, romfs
from host_tools.device.flash import FlashError
from host_tools.device.flashmap import ROMFS_BYTES

UID = "e6614c311b7e8a2f"
BROADSIDE_IMPL = (
    "(name='micropython', version=(1, 28, 0, ''), _machine='Raspberry Pi Pico (Broadside) with RP2040', "
    "_mpy=4870, _build='BROADSIDE_PICO')"
)
BLOCK = 4096
SAVE = b"BSV1\x03\x00\x00\x00abcdxyz"  # any bytes: make flash never reads them as a save

PRELUDE = """
import sys
import vfs as _real_vfs
import machine as _real_machine
class _Machine:
    def __getattr__(self, name):
        return getattr(_real_machine, name)
    def unique_id(self):
        return bytes.fromhex(%(uid)r)
if %(uid)r:
    sys.modules['machine'] = _Machine()
class _Flash:
    def _open(self, mode):
        return _real_vfs.VfsPosix().open(%(path)r, mode)  # unmounted: the host's own path
    def readblocks(self, n, buf, off=0):
        f = self._open('rb')
        f.seek(n * 4096 + off)
        f.readinto(buf)
        f.close()
    def writeblocks(self, n, buf, off=None):
        if off is None:
            for i in range((len(buf) + 4095) // 4096):
                self.ioctl(6, n + i)
            off = 0
        old = bytearray(len(buf))
        self.readblocks(n, old, off)
        for i in range(len(buf)):
            old[i] &= buf[i]
        f = self._open('r+b')
        f.seek(n * 4096 + off)
        f.write(old)
        f.close()
    def ioctl(self, op, arg):
        if op == 4:
            return %(size)d // 4096
        if op == 5:
            return 4096
        if op == 6:
            f = self._open('r+b')
            f.seek(arg * 4096)
            f.write(b'\\xff' * 4096)
            f.close()
            return 0
class _Vfs:
    def __getattr__(self, name):
        return getattr(_real_vfs, name)
    def rom_ioctl(self, op, *args):
        if op == 1:
            return 1
        if op == 2 and args[0] == 0:
            return _Flash()
        return -22
if %(size)d:
    sys.modules['vfs'] = _Vfs()
"""


class Pico(FakeMpremote):
    """A Pico on Broadside's firmware (rom: the partition's bytes; 0: the official firmware,
    no vfs.rom_ioctl) with a unique id (None: none, as the unix port). fail_after: mpremote's
    deploy stops after that many chunks (the cable pulled)."""

    def __init__(self, tmp, rom=ROMFS_BYTES, uid=UID, impl=None, fail_after=None, **kw):
        super().__init__(tmp, impl=impl or (BROADSIDE_IMPL if rom else PICO_IMPL), **kw)
        self.rom_size = rom
        self.uid = uid
        self.fail_after = fail_after
        self.rom_file = os.path.join(str(tmp), "rom-%d.bin" % id(self))
        if rom:
            with open(self.rom_file, "wb") as f:
                f.write(b"\xff" * rom)  # erased

    def prelude(self):
        return PRELUDE % {
            "uid": self.uid or "",
            "path": os.path.abspath(self.rom_file),
            "size": self.rom_size,
        }

    def vm(self, code):
        return super().vm(self.prelude() + code)

    def rom(self):
        with open(self.rom_file, "rb") as f:
            return f.read()

    def run(self, args, timeout=None, on_line=None):
        if "romfs" not in args:
            return super().run(args, timeout, on_line)
        self.calls.append(list(args))
        self.timeouts.append(timeout)
        r = self._reach(args[1])
        if r is not None:
            return r
        return self._deploy(args[args.index("deploy") + 1], on_line or (lambda line: None))

    def _deploy(self, path, say):
        """What mpremote's `romfs deploy` does (mpremote/commands.py _do_romfs_deploy)."""
        with open(path, "rb") as f:
            data = f.read()
        out = []

        def line(text):
            out.append(text + "\n")
            say(text)

        line("Image size is %d bytes" % len(data))
        if not self.rom_size:
            return flash.Result(1, "".join(out), "mpremote: ROMFS is not enabled on this device\n")
        q = self.vm("import vfs\nd = vfs.rom_ioctl(2, 0)\nprint(d.ioctl(4, 0) * d.ioctl(5, 0))\n")
        size = int(q.out.split()[0])
        line("ROMFS0 partition has size %d bytes (%d blocks of 4096 bytes each)" % (size, size // BLOCK))
        if len(data) > size:
            line("ROMFS image is too big for the target partition")
            return flash.Result(1, "".join(out))
        head = "import vfs, binascii\nd = vfs.rom_ioctl(2, 0)\n"
        erase = "".join("d.ioctl(6, %d)\n" % b for b in range((len(data) + BLOCK - 1) // BLOCK))
        assert self.vm(head + erase).rc == 0
        chunks = [data[i : i + BLOCK] for i in range(0, len(data), BLOCK)]
        for first in range(0, len(chunks), 16):
            code = head
            for k in range(first, min(first + 16, len(chunks))):
                line("Writing at offset %d" % (k * BLOCK))
                if self.fail_after is not None and k >= self.fail_after:  # unplugged during this write
                    assert self.vm(code).rc == 0
                    err = "mpremote.transport.TransportError: could not enter raw repl\n"
                    return flash.Result(1, "".join(out), err)
                chunk = chunks[k] + bytes(BLOCK - len(chunks[k]))
                code += "d.writeblocks(%d, binascii.a2b_base64(%r), 0)\n" % (k, base64.b64encode(chunk))
            r = self.vm(code)
            assert r.rc == 0, r
        line("ROMFS image deployed")
        return flash.Result(0, "".join(out))


def _image(tmp_path, name, files=None):
    """A small ROMFS image (mpremote's writer) of .mpy files with a v6 bytecode header."""
    tree = tmp_path / ("tree-" + name)
    files = files or {
        "broadside.mpy": b"M\x06\x00\x1f" + name.encode() * 50,
        "lib/core/app.mpy": b"M\x06\x00\x1f" + bytes(range(256)) * 30,
    }
    for rel, data in files.items():
        p = tree / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    path = tmp_path / (name + ".romfs")
    path.write_bytes(romfs.make_image(str(tree)))
    return str(path)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _copy(tmp_path, uid=UID):
    folder, files = flash.read_copy(str(tmp_path / "saves" / uid))
    return {p: _read(f) for p, f in files.items()}


def _saves(fake):
    return {p: d for p, d in fake.files()[0].items() if p.startswith("/saves/")}


def _not_saves(fake):
    files, dirs = fake.files()
    under = lambda p: p == "/saves" or p.startswith("/saves/")  # noqa: E731
    return {p: d for p, d in files.items() if not under(p)}, {d for d in dirs if not under(d)}


# -- Broadside's firmware: the game in ROMFS ----------------------------------------------


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    """A Broadside Pico with two saves and an erased partition, after one make flash."""
    tmp = tmp_path_factory.mktemp("romfs")
    pico = Pico(tmp)
    pico.put("/saves/keep.bin", SAVE)
    pico.put("/saves/settings", b"BSV1 settings")
    image = _image(tmp, "one")
    logs = []
    console = io.StringIO()
    result = _installer(pico, tmp, image=image, log=logs.append, console=console).run()
    return pico, result, image, tmp, logs, console


def test_the_image_is_written_to_the_partition_and_nothing_else(first):
    pico, result, image, _tmp, logs, _ = first
    data = _read(image)
    assert result["route"] == "romfs" and result["rom_written"]
    rom = pico.rom()
    assert rom[: len(data)] == data
    padded = -len(data) % BLOCK  # mpremote pads its last chunk with zeros; the rest stays erased
    assert rom[len(data) : len(data) + padded] == bytes(padded)
    assert rom[len(data) + padded :] == b"\xff" * (ROMFS_BYTES - len(data) - padded)
    assert _not_saves(pico) == ({}, set())  # nothing on the flash filesystem but the saves
    assert result["copied"] == [] and result["removed"] == []
    kib = ROMFS_BYTES // 1024
    assert any(
        line.startswith("firmware: Broadside's, with a ROMFS partition of %d KiB" % kib) for line in logs
    )
    assert any(line.startswith("writing the game to ROMFS:") for line in logs)


def test_the_command_sequence(first):
    pico = first[0]
    cmds = pico.commands()
    assert cmds[:5] == ["devs", "stop /dev/ttyACM0", ["exec impl"], ["exec survey"], ["exec dump"]]
    assert cmds[5] == ["exec rom_hash"]  # the partition over the image's length: erased, so not it
    assert cmds[6] == ["romfs deploy " + first[2]]  # mpremote's own writer
    assert cmds[7] == ["exec rom_hash"]  # read back
    assert cmds[8:] == [["reset"]]
    assert pico.resets == 1


def test_saves_are_copied_to_the_host_and_untouched_on_the_pico(first):
    pico, result, _image_path, tmp, logs, _ = first
    assert _saves(pico) == {"/saves/keep.bin": SAVE, "/saves/settings": b"BSV1 settings"}
    assert _copy(tmp) == _saves(pico)
    assert result["saves_copy"] == str(tmp / "saves" / UID) and result["restored"] == 0
    assert any(line.startswith("saves: 2 file(s), 0.0 KB, copied to ") for line in logs)
    assert sorted(os.listdir(tmp / "saves")) == [UID]  # no .new or .old left beside it


def test_the_write_shows_its_progress(first):
    console = first[5].getvalue().splitlines()
    n = (os.path.getsize(first[2]) + BLOCK - 1) // BLOCK
    assert console[0].startswith("  [------------------------]   0%%  0/%d blocks" % n)
    assert console[-2].startswith("  [########################] 100%%  %d/%d blocks" % (n, n))
    assert console[-1].startswith("wrote %.1f KB in " % (os.path.getsize(first[2]) / 1024))


def test_an_unchanged_image_writes_nothing(first, tmp_path):
    pico, _result, image, _tmp, _logs, _ = first
    pico.calls.clear()
    logs = []
    result = _installer(pico, tmp_path, image=image, log=logs.append).run()
    assert not result["rom_written"]
    assert ["romfs deploy " + image] not in pico.commands()
    assert pico.commands()[-2:] == [["exec rom_hash"], ["reset"]]
    assert any(line.startswith("the game in ROMFS is up to date") for line in logs)


def test_a_changed_image_is_written(tmp_path):
    pico = Pico(tmp_path)
    _installer(pico, tmp_path, image=_image(tmp_path, "one")).run()
    two = _image(tmp_path, "two")
    result = _installer(pico, tmp_path, image=two).run()
    assert result["rom_written"]
    assert pico.rom()[: os.path.getsize(two)] == _read(two)


def test_a_half_written_partition_is_written_whole_next_time(tmp_path):
    pico = Pico(tmp_path, fail_after=1)
    pico.put("/saves/keep.bin", SAVE)
    image = _image(tmp_path, "one")
    with pytest.raises(FlashError) as e:
        _installer(pico, tmp_path, image=image).run()
    msg = str(e.value)
    assert "ROMFS partition failed at block 2 of 2: mpremote said: " in msg and "run make flash again" in msg
    assert "/saves was not touched" in msg
    assert pico.rom()[: os.path.getsize(image)] != _read(image) and pico.resets == 0
    pico.fail_after = None
    result = _installer(pico, tmp_path, image=image).run()
    assert result["rom_written"] and pico.rom()[: os.path.getsize(image)] == _read(image)
    assert _saves(pico) == {"/saves/keep.bin": SAVE}


def test_the_default_image_is_the_boards_romfs_build(tmp_path):
    pico = Pico(tmp_path)
    out = tmp_path / "romfs"
    logs = []
    result = _installer(pico, tmp_path, romfs_opts={"out": str(out)}, log=logs.append).run()
    data = _read(romfs.image_path(str(out)))
    assert result["rom_written"] and pico.rom()[: len(data)] == data
    files = romfs.read(data)
    assert files["/board.txt"] == b"pico_oled\n" and "/broadside.mpy" in files
    assert any(line.startswith("romfs: ") for line in logs)


# -- a files install on Broadside's firmware --------------------------------------------


def test_a_files_install_that_would_shadow_the_game_is_removed(tmp_path):
    pico = Pico(tmp_path)
    pico.put("/saves/keep.bin", SAVE)
    files = _installer(pico, tmp_path, romfs=False).run()  # the game as files: its /main.py runs
    assert files["route"] == "files" and "/main.py" in _not_saves(pico)[0]
    logs = []
    pico.calls.clear()
    result = _installer(pico, tmp_path, image=_image(tmp_path, "one"), log=logs.append).run()
    assert result["rom_written"]
    assert "/main.py" in result["removed"] and "/.broadside" in result["removed"]
    assert "/lib/core/app.mpy" in result["removed"]
    assert _not_saves(pico) == ({}, set())  # the files and the folders they were in
    assert _saves(pico) == {"/saves/keep.bin": SAVE}
    assert any(line.startswith("removed the files install from the flash filesystem") for line in logs)
    # the removal went through the power-cut-safe switch, after the image was written and read back
    names = pico.commands()
    assert names.index(["exec switch"]) > names.index(["romfs deploy " + str(tmp_path / "one.romfs")])


def test_a_main_py_that_is_not_broadsides_is_left_with_a_note(tmp_path):
    pico = Pico(tmp_path)
    pico.put("/main.py", b"print('my own program')\n")
    logs = []
    result = _installer(pico, tmp_path, image=_image(tmp_path, "one"), log=logs.append).run()
    assert result["removed"] == [] and _not_saves(pico)[0] == {"/main.py": b"print('my own program')\n"}
    note = [line for line in logs if line.startswith("note: the handheld's /main.py is not Broadside's")]
    assert note and "fs rm :main.py" in note[0]


# -- refusals: one message, the handheld as it was -------------------------------------------


def _untouched(pico, before_rom, before_files):
    assert pico.rom() == before_rom and pico.files() == before_files and pico.resets == 0
    assert not [c for c in pico.commands() if isinstance(c, list) and c[0].startswith("romfs")]


def test_an_image_larger_than_the_partition_is_refused(tmp_path):
    pico = Pico(tmp_path, rom=8 * BLOCK)
    pico.put("/saves/keep.bin", SAVE)
    big = _image(tmp_path, "big", {"lib/big.mpy": b"M\x06\x00\x1f" + os.urandom(40000)})
    rom, files = pico.rom(), pico.files()
    with pytest.raises(FlashError) as e:
        _installer(pico, tmp_path, image=big).run()
    msg = str(e.value)
    assert "is %d bytes, the handheld's ROMFS partition 32768 (32 KiB)" % os.path.getsize(big) in msg
    assert "drag build/uf2/broadside.uf2" in msg and "Nothing was changed" in msg
    _untouched(pico, rom, files)
    assert _copy(tmp_path) == {"/saves/keep.bin": SAVE}  # the copy was taken first all the same


@pytest.mark.parametrize(
    "header, says",
    [
        (b"M\x05\x00\x1f", "lib/core/app.mpy: .mpy v5"),
        (b"M\x06\x0e\x1f", "native code for .mpy v6.2, arch 3"),  # armv6 native, another sub-version
        (b"M\x06\x17\x1f", "native code for .mpy v6.3, arch 5"),  # native for another CPU
    ],
)
def test_an_image_the_firmware_cannot_load_is_refused(tmp_path, header, says):
    pico = Pico(tmp_path)
    bad = _image(tmp_path, "bad", {"broadside.mpy": b"M\x06\x00\x1f", "lib/core/app.mpy": header + b"x" * 99})
    rom, files = pico.rom(), pico.files()
    with pytest.raises(FlashError) as e:
        _installer(pico, tmp_path, image=bad).run()
    msg = str(e.value)
    assert "MicroPython 1.28.0 loads .mpy version 6.3; 1 of the .mpy files" in msg and says in msg
    assert "make romfs" in msg
    _untouched(pico, rom, files)


def test_native_code_for_this_pico_is_taken(tmp_path):
    pico = Pico(tmp_path)  # armv6m (arch 4), .mpy 6.3: _mpy=4870
    ok = _image(
        tmp_path, "native", {"broadside.mpy": b"M\x06\x00\x1f", "lib/fast.mpy": b"M\x06\x13\x1f" + b"x" * 9}
    )
    assert _installer(pico, tmp_path, image=ok).run()["rom_written"]


def test_romfs_asked_of_the_official_firmware_says_what_to_do(tmp_path):
    pico = Pico(tmp_path, rom=0)
    pico.put("/saves/keep.bin", SAVE)
    files = pico.files()
    with pytest.raises(FlashError) as e:
        _installer(pico, tmp_path, romfs=True).run()
    msg = str(e.value)
    assert "has no ROMFS partition" in msg and "official firmware" in msg
    assert "hold BOOTSEL" in msg and "drag build/uf2/broadside.uf2" in msg and "make flash again" in msg
    assert "copied to\n  %s" % flash._rel(str(tmp_path / "saves" / UID)) in msg
    assert "Nothing was changed" in msg
    assert pico.commands() == ["devs", "stop /dev/ttyACM0", ["exec impl"], ["exec survey"], ["exec dump"]]
    assert pico.files() == files and _copy(tmp_path) == {"/saves/keep.bin": SAVE}


def test_romfs_asked_of_a_pico_with_nothing_to_lose(tmp_path):
    with pytest.raises(FlashError) as e:
        _installer(Pico(tmp_path, rom=0), tmp_path, romfs=True).run()
    assert "It has no saves to lose." in str(e.value)


def test_romfs_with_sources_is_refused_before_anything(tmp_path):
    pico = Pico(tmp_path)
    with pytest.raises(FlashError, match="neither --source nor --frozen"):
        _installer(pico, tmp_path, romfs=True, source=True).run()
    assert pico.calls == []


def test_the_command_line_takes_one_route(capsys):
    with pytest.raises(SystemExit) as e:
        flash.main(["flash", "--romfs", "--files"])
    assert e.value.code == 2 and "not allowed with argument" in capsys.readouterr().err


# -- saves across the move from the official firmware to Broadside's ---------------------------


def test_saves_are_carried_from_the_official_firmware_to_broadsides(tmp_path):
    """make flash on the official firmware copies /saves; the drag of broadside.uf2 wipes that
    filesystem (a fresh littlefs on the same Pico, same unique id); make flash writes them back."""
    official = Pico(tmp_path, rom=0)
    saves = {"/saves/keep.bin": SAVE, "/saves/g_battle": bytes(range(256)) * 9, "/saves/sub/x": b"x"}
    for p, d in saves.items():
        official.put(p, d)
    result = _installer(official, tmp_path).run()
    assert result["route"] == "files" and result["restored"] == 0  # the official firmware: files, as before
    assert _copy(tmp_path) == saves
    dragged = Pico(tmp_path)  # the same Pico after the drag: Broadside's firmware, an empty filesystem
    logs = []
    result = _installer(dragged, tmp_path, image=_image(tmp_path, "one"), log=logs.append).run()
    assert result["restored"] == 3 and _saves(dragged) == saves
    said = [
        line for line in logs if line.startswith("saves: the handheld had none: wrote back the 3 file(s)")
    ]
    assert said and flash._rel(str(tmp_path / "saves" / UID)) in said[0]
    assert _not_saves(dragged) == ({}, set())  # no /.restore left
    assert _copy(tmp_path) == saves
    # the next run has saves on the Pico: nothing written back, the copy refreshed
    dragged.put("/saves/keep.bin", b"BSV1 newer")
    result = _installer(dragged, tmp_path, image=_image(tmp_path, "one")).run()
    assert result["restored"] == 0 and _copy(tmp_path)["/saves/keep.bin"] == b"BSV1 newer"


def test_an_empty_saves_folder_gets_the_copy(tmp_path):
    pico = Pico(tmp_path)
    flash.write_copy(str(tmp_path / "saves" / UID), {"/saves/keep.bin": SAVE})
    assert pico.vm("import os\nos.mkdir('/saves')\nos.mkdir('/saves/empty')\n").rc == 0
    result = _installer(pico, tmp_path, image=_image(tmp_path, "one")).run()
    assert result["restored"] == 1 and _saves(pico) == {"/saves/keep.bin": SAVE}
    assert pico.files()[1] == {"/saves"}


def test_a_pico_with_saves_keeps_them_and_the_copy_follows_it(tmp_path):
    pico = Pico(tmp_path)
    pico.put("/saves/mine", b"BSV1 on the pico")
    flash.write_copy(str(tmp_path / "saves" / UID), {"/saves/old": b"BSV1 older copy"})
    result = _installer(pico, tmp_path, image=_image(tmp_path, "one")).run()
    assert result["restored"] == 0 and _saves(pico) == {"/saves/mine": b"BSV1 on the pico"}
    assert _copy(tmp_path) == {"/saves/mine": b"BSV1 on the pico"}  # the newest copy, alone


def test_another_picos_copy_is_never_written(tmp_path):
    flash.write_copy(str(tmp_path / "saves" / "0123456789abcdef"), {"/saves/keep.bin": SAVE})
    pico = Pico(tmp_path)
    result = _installer(pico, tmp_path, image=_image(tmp_path, "one")).run()
    assert result["restored"] == 0 and _saves(pico) == {}
    assert result["saves_copy"] is None  # no saves: the copy (had there been one) stays as it was


def test_no_saves_on_the_official_firmware_keeps_the_copy_and_restores_nothing(tmp_path):
    flash.write_copy(str(tmp_path / "saves" / UID), {"/saves/keep.bin": SAVE})
    pico = Pico(tmp_path, rom=0)
    result = _installer(pico, tmp_path).run()
    assert result["restored"] == 0 and _saves(pico) == {}  # not Broadside's firmware: not written back
    assert _copy(tmp_path) == {"/saves/keep.bin": SAVE}


def test_a_micropython_without_a_unique_id_copies_nothing(tmp_path):
    pico = Pico(tmp_path, uid=None)
    pico.put("/saves/keep.bin", SAVE)
    logs = []
    _installer(pico, tmp_path, image=_image(tmp_path, "one"), log=logs.append).run()
    assert not (tmp_path / "saves").exists()
    assert any("no machine.unique_id()" in line for line in logs)


@pytest.mark.parametrize("blank", ["ffffffffffffffff", "0000000000000000"])
def test_a_flash_without_a_unique_id_copies_nothing(tmp_path, blank):
    """A flash chip without the unique-ID command answers all ones or zeros (so does the rp2040py
    emulator's): every such board would share one copy and get another's saves back."""
    flash.write_copy(str(tmp_path / "saves" / blank), {"/saves/other": b"another board's"})
    pico = Pico(tmp_path, uid=blank)
    logs = []
    result = _installer(pico, tmp_path, image=_image(tmp_path, "one"), log=logs.append).run()
    assert result["restored"] == 0 and _saves(pico) == {}
    pico.put("/saves/keep.bin", SAVE)
    _installer(pico, tmp_path, image=_image(tmp_path, "one"), log=logs.append).run()
    assert _copy(tmp_path, blank) == {"/saves/other": b"another board's"}
    assert any("gives no unique id (machine.unique_id() is %s)" % blank in line for line in logs)


def test_the_copy_is_swapped_in_whole(tmp_path):
    dest = str(tmp_path / "saves" / UID)
    flash.write_copy(dest, {"/saves/a": b"1", "/saves/d/b": b"2"})
    flash.write_copy(dest, {"/saves/c": b"3"})
    assert {p: _read(f) for p, f in flash.read_copy(dest)[1].items()} == {"/saves/c": b"3"}
    assert sorted(os.listdir(tmp_path / "saves")) == [UID]
    # a cut between the two renames: the copy before is found at .old; a half-written .new is ignored
    os.rename(dest, dest + ".old")
    os.makedirs(dest + ".new")
    folder, files = flash.read_copy(dest)
    assert folder == dest + ".old" and {p: _read(f) for p, f in files.items()} == {"/saves/c": b"3"}
    flash.write_copy(dest, {"/saves/e": b"5"})
    assert sorted(os.listdir(tmp_path / "saves")) == [UID]
    assert flash.read_copy(str(tmp_path / "saves" / "nobody")) == (None, {})


def test_the_dump_reads_back_any_bytes():
    text = "data /saves/a\n%s\n%s\nend\ndata /saves/b c\nend\ndump-ok\n" % (b"\x00\xff".hex(), b"xyz".hex())
    assert flash.parse_dump(text) == {"/saves/a": b"\x00\xffxyz", "/saves/b c": b""}


def test_the_survey_is_read():
    sv = flash.Survey(
        "rom 655360 4096\nuid e6614c311b7e8a2f\nstate previous -\nmain file\nowned /main.py\n"
        "owned /lib/core/app.mpy\nsave 12 /saves/keep.bin\nsave 3 /saves/a b\nsurvey-ok\n"
    )
    assert (sv.rom_size, sv.rom_block, sv.uid, sv.leftover, sv.main_file, sv.ok) == (
        655360, 4096, UID, ["previous"], True, True,
    )  # fmt: skip
    assert sv.owned == ["/main.py", "/lib/core/app.mpy"] and sv.saves == [
        ("/saves/keep.bin", 12),
        ("/saves/a b", 3),
    ]
    assert sv.romfs and sv.saves_bytes == 15
    assert not flash.Survey("rom 0 0\nuid -\nsurvey-ok\n").romfs


def test_the_images_sha256_is_what_the_device_compares(first):
    pico, _r, image, *_ = first
    r = pico.vm(flash.ops_call("rom_hash(%d)" % os.path.getsize(image)))
    assert "rom-hash %s %d" % (hashlib.sha256(_read(image)).hexdigest(), os.path.getsize(image)) in r.out


def test_what_goes_to_the_handheld_is_device_ops_without_its_words():
    src = flash.ops_source()
    assert '"""' not in src and "#" not in src and "refusing to touch the saves folder" in src
    compile(src, "device_ops", "exec")
    assert len(src) < 9000  # every exec carries it
