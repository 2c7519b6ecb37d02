"""File operations that run ON the handheld during `make flash`.

host_tools.device.flash sends this file's text plus one call through `mpremote
exec`; the firmware never imports it. It must run under MicroPython (the
device, and the unix port in tests) as well as CPython. Every path is
prefixed with R, "" on a device (tests point it at a mounted test disk).

The install is switched in by renames so a failed copy or a power cut never
leaves half of a new install mixed into the old one:
  1. the host copies changed files to /.staging/<path> (the live install is
     not touched; a full flash only costs the staging folder),
  2. switch() writes /.staging/.plan (then the new file list beside it),
     moves every live file it replaces or deletes to /.previous/<path>,
     moves the staged files into place (main.py last), then deletes the
     plan: that is the commit point,
  3. it puts the new list of installed files at /.broadside and deletes
     /.previous and /.staging.
recover() finishes or undoes a switch that was cut short: with the plan still
there it moves the old files back; without it the switch had committed and
only the clean-up remains. A cut during recover() is recovered the same way.
/saves is never touched, with one exception: restore_saves() puts a copy the
host kept back, and only into a /saves that holds no file.

On Broadside's own firmware (a ROMFS partition: vfs.rom_ioctl) survey() and
rom_hash() tell the host what the partition holds; mpremote's `romfs deploy`
writes it. A files install left on the filesystem (its /main.py would run
instead of the game in ROMFS) leaves through the same switch, with no new file
list (switch([], files, None)), and prune() takes the folders it emptied.
"""

import os

R = ""
STAGING = "/.staging"
PREVIOUS = "/.previous"
PLAN = "/.staging/.plan"
NEW_MANIFEST = "/.staging/.manifest"
MANIFEST = "/.broadside"
SAVES = "/saves"
RESTORE = "/.restore"


def _p(path):
    return R + path


def _guard(path):
    if path == SAVES or path.startswith(SAVES + "/"):
        raise ValueError("refusing to touch the saves folder: " + path)


def exists(path):
    try:
        os.stat(_p(path))
        return True
    except OSError:
        return False


def isfile(path):
    try:
        return (os.stat(_p(path))[0] & 0x8000) != 0
    except OSError:
        return False


def isdir(path):
    try:
        return (os.stat(_p(path))[0] & 0x4000) != 0
    except OSError:
        return False


def parent(path):
    return path[: path.rfind("/")]


def mkdirs(path):
    cur = ""
    for part in path.split("/"):
        if part:
            cur += "/" + part
            if not exists(cur):
                os.mkdir(_p(cur))


def rmtree(path):
    _guard(path)
    if not exists(path):
        return
    if isdir(path):
        for name in os.listdir(_p(path)):
            rmtree(path + "/" + name)
        os.rmdir(_p(path))
    else:
        os.remove(_p(path))


def move(src, dst):
    _guard(src)
    _guard(dst)
    if exists(dst):
        os.remove(_p(dst))  # FAT cannot rename onto a file
    mkdirs(parent(dst))
    os.rename(_p(src), _p(dst))


def write(path, text):
    _guard(path)
    mkdirs(parent(path))
    with open(_p(path + ".tmp"), "w") as f:
        f.write(text)
    if exists(path):
        os.remove(_p(path))
    os.rename(_p(path + ".tmp"), _p(path))


def read_lines(path):
    try:
        with open(_p(path)) as f:
            return [x.strip() for x in f.read().split("\n") if x.strip()]
    except OSError:
        return []


def sha256(path):
    import binascii
    import hashlib

    h = hashlib.sha256()
    buf = bytearray(512)
    mv = memoryview(buf)
    with open(_p(path), "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            h.update(mv[:n])
    return binascii.hexlify(h.digest()).decode()


def installed():
    """{path: sha256} from the list of installed files."""
    out = {}
    for line in read_lines(MANIFEST):
        i = line.find(" ")
        if i > 0:
            out[line[i + 1 :]] = line[:i]
    return out


def probe(paths):
    """Print the filesystem's room, leftovers of an interrupted install and
    the hash of each path asked for or installed ('-' when absent)."""
    st = os.statvfs(_p("/"))
    print("fs %d %d" % (st[1] if st[1] else st[0], st[4]))
    print("state %s %s" % ("previous" if exists(PREVIOUS) else "-", "staging" if exists(STAGING) else "-"))
    owned = installed()
    want = {}
    for p in paths:
        want[p] = 1
    for p in owned:
        want[p] = 1
    for p in sorted(want):
        h = sha256(p) if exists(p) and not isdir(p) else "-"
        print("file %s %s %s" % (p, h, "owned" if p in owned else "-"))
    print("probe-ok")


def prepare(dirs, root=STAGING):
    """An empty staging folder (or `root`: RESTORE) with these subfolders."""
    rmtree(root)
    mkdirs(root)  # also when only top-level files (main.py, board.txt) changed
    for d in dirs:
        mkdirs(root + d)
    print("prepare-ok")


def _rollback(new, gone):
    for r in new:
        if exists(r) and not exists(STAGING + r):
            # moved in already: back to staging (not deleted, so that running
            # this again after a cut never takes a restored old file for new)
            move(r, STAGING + r)
    for r in new + gone:
        if exists(PREVIOUS + r):
            move(PREVIOUS + r, r)


def _undo(new, gone):
    """Old files back, then the new file list and the plan go (in that
    order, so a cut in here is undone again, never taken for a commit)."""
    _rollback(new, gone)
    if exists(NEW_MANIFEST):
        os.remove(_p(NEW_MANIFEST))
    if exists(PLAN):
        os.remove(_p(PLAN))
    rmtree(STAGING)
    rmtree(PREVIOUS)


def _read_plan():
    new = []
    gone = []
    for line in read_lines(PLAN):
        if line.startswith("new "):
            new.append(line[4:])
        elif line.startswith("gone "):
            gone.append(line[5:])
    return new, gone


def switch(new, gone, manifest):
    """Move the staged files `new` into place, delete `gone`, record the
    manifest text. On any error, put the old install back."""
    for r in new + gone:
        _guard(r)
    try:
        # the plan first: from here on, recover() can undo everything
        write(PLAN, "".join(["new %s\n" % r for r in new] + ["gone %s\n" % r for r in gone]))
        if manifest is not None:  # None: no list afterwards (the list itself is in gone)
            write(NEW_MANIFEST, manifest)
        for r in new + gone:
            if exists(r):
                move(r, PREVIOUS + r)
        for r in new:
            move(STAGING + r, r)
        os.remove(_p(PLAN))  # committed
    except Exception as e:
        try:
            _undo(new, gone)
        except Exception as e2:
            print("rollback-failed %s" % e2)
        print("switch-failed %s" % (e,))
        return False
    _finish()
    print("switch-ok %d %d" % (len(new), len(gone)))
    return True


def _finish():
    if exists(NEW_MANIFEST):
        move(NEW_MANIFEST, MANIFEST)
    rmtree(PREVIOUS)
    rmtree(STAGING)


def recover():
    """Finish or undo a switch that stopped half way (power cut, unplug)."""
    if exists(PLAN):
        new, gone = _read_plan()
        _undo(new, gone)
        print("recover-ok rolled-back")
    elif exists(PREVIOUS) or exists(NEW_MANIFEST):
        _finish()
        print("recover-ok completed")
    else:
        rmtree(STAGING)
        print("recover-ok clean")


# -- Broadside's firmware: the ROMFS partition, the saves the host keeps


def _rom():
    """(device, size, block size) of ROMFS partition 0, or None: no vfs.rom_ioctl (a firmware
    built without ROMFS, as the official RPI_PICO), or no partition."""
    try:
        import vfs

        n = vfs.rom_ioctl(1)
        if not isinstance(n, int) or n <= 0:
            return None
        dev = vfs.rom_ioctl(2, 0)
    except Exception:  # ImportError, AttributeError, OSError
        return None
    if isinstance(dev, int):
        return None  # a negative error number
    if hasattr(dev, "ioctl"):  # rp2: an rp2.Flash over the partition
        block = dev.ioctl(5, 0)
        return dev, dev.ioctl(4, 0) * block, block
    return dev, len(dev), len(dev)  # a memoryview of the partition


def files_under(path):
    """[(path, size)] of every file under a folder, sorted."""
    out = []
    if not isdir(path):
        return out
    for name in sorted(os.listdir(_p(path))):
        p = path + "/" + name
        if isdir(p):
            out += files_under(p)
        else:
            out.append((p, os.stat(_p(p))[6]))
    return out


def survey():
    """What the host decides on: the ROMFS partition ("rom SIZE BLOCK", 0 0 without one), the
    board's unique id, leftovers of an interrupted switch, whether /main.py is a file, the
    installed files' list, and every file under /saves with its size."""
    rom = _rom()
    print("rom %d %d" % ((rom[1], rom[2]) if rom else (0, 0)))
    try:
        import binascii

        import machine

        print("uid " + binascii.hexlify(machine.unique_id()).decode())
    except Exception:  # no machine.unique_id (the unix port)
        print("uid -")
    print("state %s %s" % ("previous" if exists(PREVIOUS) else "-", "staging" if exists(STAGING) else "-"))
    print("main %s" % ("file" if isfile("/main.py") else "-"))
    for p in sorted(installed()):
        print("owned " + p)
    for p, n in files_under(SAVES):
        print("save %d %s" % (n, p))
    print("survey-ok")


def dump(paths):
    """Each file as hex lines between "data PATH" and "end" (the host's copy of /saves)."""
    import binascii

    buf = bytearray(256)
    mv = memoryview(buf)
    for p in paths:
        print("data " + p)
        with open(_p(p), "rb") as f:
            while True:
                n = f.readinto(buf)
                if not n:
                    break
                print(binascii.hexlify(mv[:n]).decode())
        print("end")
    print("dump-ok")


def rom_hash(n):
    """sha256 of the first n bytes of the ROMFS partition."""
    import binascii
    import hashlib

    rom = _rom()
    if rom is None:
        print("rom-hash - 0")
        return
    dev, size, block = rom
    n = min(n, size)
    h = hashlib.sha256()
    if hasattr(dev, "readblocks"):
        buf = bytearray(min(block, 4096))
        i = 0
        while i < n:
            k = min(len(buf), n - i)
            if k < len(buf):
                buf = bytearray(k)
            dev.readblocks(i // block, buf, i % block)
            h.update(buf)
            i += k
    else:
        mv = memoryview(dev)
        for i in range(0, n, 4096):
            h.update(mv[i : min(n, i + 4096)])
    print("rom-hash %s %d" % (binascii.hexlify(h.digest()).decode(), n))


def prune(dirs):
    """Remove each folder that is empty, deepest first (never /saves)."""
    for d in sorted(dirs, key=lambda x: -x.count("/")):
        _guard(d)
        if d and isdir(d) and not os.listdir(_p(d)):
            os.rmdir(_p(d))
    print("prune-ok")


def _rmdirs(path):
    """Remove a tree of folders that holds no file."""
    for name in os.listdir(_p(path)):
        _rmdirs(path + "/" + name)
    os.rmdir(_p(path))


def restore_saves():
    """Put the copy the host staged at /.restore in place as /saves, in one rename, and only
    when /saves holds no file (else the copy is dropped: the saves on the handheld win)."""
    if files_under(SAVES):
        rmtree(RESTORE)
        print("restore-skipped")
        return
    if exists(SAVES):
        _rmdirs(SAVES)
    os.rename(_p(RESTORE), _p(SAVES))
    print("restore-ok %d" % len(files_under(SAVES)))
