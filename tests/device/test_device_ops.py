# interpreters: micropython
"""The install switch that runs on the handheld (host_tools/device/device_ops.py),
under MicroPython on a real littlefs disk in RAM: whatever instant the power
goes during a switch, recover() leaves exactly the old install or exactly
the new one, and the saves as they were."""

import os

from ramdisk import RamDisk

from host_tools.device import device_ops as ops

MOUNT = "/devops_test"
BLOCK = 512
OUT = []

OLD = {"/main.py": b"old main", "/lib/a.mpy": b"old a", "/lib/b.mpy": b"old b", "/board.txt": b"pico_oled"}
NEW = {"/main.py": b"new main", "/lib/a.mpy": b"new a", "/lib/c.mpy": b"new c", "/board.txt": b"pico_oled"}
SAVE = b"BSV1 the player's fleet"


class PowerCut(BaseException):
    pass


class CutOs:
    """os whose filesystem changes stop dead after `left` of them."""

    def __init__(self, left):
        self.left = left

    def _step(self):
        if self.left == 0:
            raise PowerCut()
        self.left -= 1

    def rename(self, a, b):
        self._step()
        os.rename(a, b)

    def remove(self, p):
        self._step()
        os.remove(p)

    def mkdir(self, p):
        self._step()
        os.mkdir(p)

    def rmdir(self, p):
        self._step()
        os.rmdir(p)

    def stat(self, p):
        return os.stat(p)

    def listdir(self, p):
        return os.listdir(p)

    def statvfs(self, p):
        return os.statvfs(p)


DISK = RamDisk(bytearray(BLOCK * 128), BLOCK)  # one disk for every test: the heap is small


def _fresh():
    try:
        os.umount(MOUNT)
    except OSError:
        pass
    os.VfsLfs2.mkfs(DISK)
    os.mount(os.VfsLfs2(DISK), MOUNT)
    ops.R = MOUNT
    ops.os = os
    ops.print = lambda *a: OUT.append(" ".join(str(x) for x in a))
    del OUT[:]


def _put(path, data):
    ops.mkdirs(ops.parent(path))
    with open(MOUNT + path, "wb") as f:
        f.write(data)


def _files(path=""):
    out = {}
    for name in os.listdir(MOUNT + (path or "/")):
        p = path + "/" + name
        if os.stat(MOUNT + p)[0] & 0x4000:
            out.update(_files(p))
        else:
            with open(MOUNT + p, "rb") as f:
                out[p] = f.read()
    return out


def _manifest(files):
    return "".join("%s %s\n" % ("0" * 64, p) for p in sorted(files))


def _old_install_with_new_staged():
    _files_install()
    for p in NEW:
        if NEW[p] != OLD.get(p):
            _put(ops.STAGING + p, NEW[p])


def _install_only(files):
    return {p: files[p] for p in files if not p.startswith("/saves") and p != ops.MANIFEST}


def _changed():
    new = sorted((p for p in NEW if NEW[p] != OLD.get(p)), key=lambda p: p == "/main.py")
    gone = [p for p in OLD if p not in NEW]
    return new, gone


def test_switch_puts_the_new_install_in_place():
    _old_install_with_new_staged()
    new, gone = _changed()
    assert ops.switch(new, gone, _manifest(NEW))
    files = _files()
    assert _install_only(files) == NEW
    assert files["/saves/fleet"] == SAVE
    assert files[ops.MANIFEST] == _manifest(NEW).encode()
    assert not ops.exists(ops.STAGING) and not ops.exists(ops.PREVIOUS)


def test_a_power_cut_anywhere_in_the_switch_recovers_to_old_or_new():
    new, gone = _changed()
    outcomes = []
    cut_at = 0
    while True:
        _old_install_with_new_staged()
        ops.os = CutOs(cut_at)
        try:
            ops.switch(new, gone, _manifest(NEW))
            finished = True
        except PowerCut:
            finished = False
        ops.os = os
        ops.recover()
        files = _files()
        got = _install_only(files)
        assert got in (OLD, NEW), (cut_at, got)
        assert files["/saves/fleet"] == SAVE
        assert not ops.exists(ops.STAGING) and not ops.exists(ops.PREVIOUS)
        # the list of installed files matches what is installed
        assert files[ops.MANIFEST] == _manifest(got).encode(), cut_at
        outcomes.append(got == NEW)
        if finished:
            break
        cut_at += 1
    assert cut_at > 5  # the switch really was cut at many points
    assert outcomes[0] is False and outcomes[-1] is True


def test_a_power_cut_while_recovering_is_recovered_too():
    new, gone = _changed()
    runs = 0
    for cut_at in range(30):
        rec_cut = 0
        while True:
            _old_install_with_new_staged()
            ops.os = CutOs(cut_at)
            try:
                ops.switch(new, gone, _manifest(NEW))
            except PowerCut:
                pass
            ops.os = CutOs(rec_cut)
            try:
                ops.recover()
                done = True
            except PowerCut:
                done = False
            ops.os = os
            ops.recover()
            runs += 1
            files = _files()
            got = _install_only(files)
            assert got in (OLD, NEW), (cut_at, rec_cut, got)
            assert files[ops.MANIFEST] == _manifest(got).encode(), (cut_at, rec_cut)
            assert files["/saves/fleet"] == SAVE
            if done:
                break
            rec_cut += 1
    assert runs > 20


def test_switch_error_rolls_back_at_once():
    _old_install_with_new_staged()
    os.remove(MOUNT + ops.STAGING + "/lib/c.mpy")  # a staged file went missing
    new, gone = _changed()
    assert not ops.switch(new, gone, _manifest(NEW))
    assert OUT[-1].startswith("switch-failed")
    files = _files()
    assert _install_only(files) == OLD and files["/saves/fleet"] == SAVE


def test_recover_on_a_clean_device_changes_nothing():
    _old_install_with_new_staged()
    ops.rmtree(ops.STAGING)
    before = _files()
    ops.recover()
    assert _files() == before and OUT[-1] == "recover-ok clean"


def test_saves_cannot_be_touched():
    _fresh()
    _put("/saves/fleet", SAVE)
    for call in (
        lambda: ops.rmtree("/saves"),
        lambda: ops.rmtree("/saves/fleet"),
        lambda: ops.move("/saves/fleet", "/x"),
        lambda: ops.switch(["/saves/fleet"], [], ""),
        lambda: ops.switch([], ["/saves/fleet"], ""),
    ):
        try:
            call()
            raise AssertionError("touched /saves")
        except ValueError:
            pass
    assert _files() == {"/saves/fleet": SAVE}


def test_probe_reports_room_state_and_hashes():
    import binascii
    import hashlib

    _old_install_with_new_staged()
    ops.probe(["/lib/a.mpy", "/lib/zzz.mpy"])
    fs = OUT[0].split()
    assert fs[0] == "fs" and int(fs[1]) == BLOCK and 0 < int(fs[2]) < 128
    assert OUT[1] == "state - staging"
    lines = {line.split()[1]: line.split()[2:] for line in OUT if line.startswith("file ")}
    want = binascii.hexlify(hashlib.sha256(OLD["/lib/a.mpy"]).digest()).decode()
    assert lines["/lib/a.mpy"] == [want, "owned"]
    assert lines["/lib/zzz.mpy"] == ["-", "-"]
    assert lines["/lib/b.mpy"][1] == "owned"  # installed files are listed even when not asked for
    assert OUT[-1] == "probe-ok"


# -- Broadside's firmware: a files install leaves, the host's copy of /saves comes back ----------


def _files_install():
    _fresh()
    for p in OLD:
        _put(p, OLD[p])
    _put(ops.MANIFEST, _manifest(OLD).encode())
    _put("/saves/fleet", SAVE)


def test_a_files_install_leaves_whole_or_not_at_all():
    """switch([], files, None): what make flash does on ROMFS firmware with a files install left
    (its /main.py would run instead of the game). A cut anywhere, then recover(): the install
    whole with its list, or nothing but the saves."""
    gone = sorted(OLD) + [ops.MANIFEST]
    outcomes = []
    cut_at = 0
    while True:
        _files_install()
        ops.os = CutOs(cut_at)
        try:
            ops.switch([], gone, None)
            finished = True
        except PowerCut:
            finished = False
        ops.os = os
        ops.recover()
        files = _files()
        assert files["/saves/fleet"] == SAVE
        rest = {p: d for p, d in files.items() if not p.startswith("/saves")}
        assert rest in ({}, dict(OLD, **{ops.MANIFEST: _manifest(OLD).encode()})), (cut_at, rest)
        outcomes.append(rest == {})
        if finished:
            break
        cut_at += 1
    assert cut_at > 3 and outcomes[0] is False and outcomes[-1] is True
    ops.prune(["/lib"])
    assert sorted(os.listdir(MOUNT)) == ["saves"] and OUT[-1] == "prune-ok"


def test_prune_leaves_folders_that_hold_something():
    _files_install()
    os.remove(MOUNT + "/lib/a.mpy")
    ops.mkdirs("/lib/core/empty")
    ops.prune(["/lib", "/lib/core", "/lib/core/empty"])
    assert sorted(os.listdir(MOUNT + "/lib")) == ["b.mpy"]
    try:
        ops.prune(["/saves"])
        raise AssertionError("pruned /saves")
    except ValueError:
        pass


def test_survey_lists_the_install_and_the_saves():
    _files_install()
    _put("/saves/sub/x", b"xy")
    ops.survey()
    assert OUT[0] == "rom 0 0"  # the unix port: no vfs.rom_ioctl
    assert OUT[1].startswith("uid ") and OUT[2] == "state - -" and OUT[3] == "main file"
    assert [x for x in OUT if x.startswith("owned ")] == ["owned " + p for p in sorted(OLD)]
    assert [x for x in OUT if x.startswith("save ")] == [
        "save %d /saves/fleet" % len(SAVE),
        "save 2 /saves/sub/x",
    ]
    assert OUT[-1] == "survey-ok"


def test_dump_prints_each_file_in_hex():
    import binascii

    _fresh()
    data = bytes(range(256)) + b"tail"
    _put("/saves/g", data)
    ops.dump(["/saves/g"])
    assert OUT[0] == "data /saves/g" and OUT[-2:] == ["end", "dump-ok"]
    assert binascii.unhexlify("".join(OUT[1:-2])) == data


def test_restore_saves_only_into_saves_without_a_file():
    _fresh()
    _put(ops.RESTORE + "/fleet", SAVE)
    _put(ops.RESTORE + "/sub/x", b"x")
    ops.mkdirs("/saves/empty")
    ops.restore_saves()
    assert OUT[-1] == "restore-ok 2"
    assert _files() == {"/saves/fleet": SAVE, "/saves/sub/x": b"x"} and not ops.exists(ops.RESTORE)
    _put(ops.RESTORE + "/fleet", b"older")
    ops.restore_saves()  # the handheld has saves: they win, the copy goes
    assert OUT[-1] == "restore-skipped" and _files()["/saves/fleet"] == SAVE and not ops.exists(ops.RESTORE)
