# interpreters: cpython
"""`make uf2`: the UF2 blocks, the littlefs image of the install, joining it
to MicroPython's UF2, and every refusal (host_tools/device/uf2.py)."""

import hashlib
import os
import struct
import subprocess

import pytest

from host_tools.device import uf2
from host_tools.paths import micropython

SHARED_UF2 = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "..",
    "shared",
    "firmware",
    "micropython-v1.28.0-RPI_PICO.uf2",
)
SHARED_UF2 = os.environ.get("BROADSIDE_MICROPYTHON_UF2", os.path.normpath(SHARED_UF2))


def fake_micropython(
    banner=b"MicroPython v1.28.0 on 2026-12-01; Raspberry Pi Pico with RP2040",
    pages=64,
    family=uf2.FAMILY_RP2040,
    addr=uf2.XIP_BASE,
):
    """A UF2 shaped like MicroPython's: `pages` 256-byte pages from `addr`, the banner inside."""
    data = bytearray(b"\xa5" * (pages * uf2.PAYLOAD))
    data[16 : 16 + len(banner) + 1] = banner + b"\0"
    return uf2.encode(bytes(data), addr, family)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("uf2")
    mp = SHARED_UF2 if os.path.exists(SHARED_UF2) else None
    written = uf2.build("pico_oled", str(out), micropython=mp, log=lambda *a: None)
    return out, written, mp


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _bundle_files(out):
    """{device path: bytes} of the bundle the UF2 was built from (build writes it to out/device)."""
    root = os.path.join(str(out), "device")
    found = {}
    manifest = _read(os.path.join(root, ".broadside")).decode()
    for line in manifest.splitlines():
        digest, dest = line.split(" ", 1)
        data = _read(os.path.join(root, dest[1:]))
        assert hashlib.sha256(data).hexdigest() == digest
        found[dest] = data
    found["/.broadside"] = manifest.encode()
    return found


def check_well_formed(data, start=None, end=None):
    """Every block: both start magics and the end magic, the family flag and RP2040's
    family, 256-byte payloads at 256-byte addresses, block numbers 0..n-1 of n."""
    assert len(data) % 512 == 0 and data
    n = len(data) // 512
    prev_end = None
    for i in range(n):
        raw = data[i * 512 : (i + 1) * 512]
        m0, m1, flags, addr, size, blockno, nblocks, family = struct.unpack_from("<8I", raw)
        assert (m0, m1) == (0x0A324655, 0x9E5D5157)
        assert struct.unpack_from("<I", raw, 508)[0] == 0x0AB16F30
        assert flags == 0x00002000
        assert family == 0xE48BFF56
        assert size == 256 and addr % 256 == 0
        assert (blockno, nblocks) == (i, n)
        assert raw[32 + 256 : 508] == bytes(508 - 288)  # the unused data area is zero
        if prev_end is not None and start is not None:
            assert addr == prev_end, "block %d is not contiguous" % i
        prev_end = addr + size
    first = struct.unpack_from("<I", data, 12)[0]
    if start is not None:
        assert first == start
        assert prev_end == end


def test_files_uf2_is_well_formed_and_covers_exactly_the_filesystem(built):
    _out, written, _b = built
    data = _read(written[uf2.FILES_NAME])
    check_well_formed(data, 0x100A0000, 0x100A0000 + 1408 * 1024)
    assert len(data) == 1408 * 1024 // 256 * 512


def test_image_mounts_and_holds_the_bundle_byte_for_byte(built):
    out, written, _b = built
    blocks = uf2.parse(_read(written[uf2.FILES_NAME]))
    image = b"".join(b.data for b in blocks)
    assert len(image) == 1408 * 1024

    from littlefs import LittleFS

    fs = LittleFS(mount=False, **uf2.lfs_config())
    fs.context.buffer[:] = image
    fs.mount()
    st = fs.fs_stat()
    assert (st.block_size, st.block_count, st.disk_version) == (4096, 352, 0x00020001)
    files = {}
    for top, _dirs, names in fs.walk("/"):
        for n in names:
            p = top.rstrip("/") + "/" + n
            with fs.open(p, "rb") as fh:
                files[p] = fh.read()
    fs.unmount()
    assert bytes(fs.context.buffer) == image  # read only: nothing was written
    expected = _bundle_files(out)
    assert files == expected
    assert "/main.py" in files and "/board.txt" in files and "/boards/pico_oled.mpy" in files
    assert not any(p.startswith("/saves") for p in files)


MP_MOUNT = r"""
import vfs, hashlib, binascii, os
class Dev:
    def __init__(self, data): self.data = data
    def readblocks(self, n, buf, off=0):
        i = n * 4096 + off
        buf[:] = self.data[i : i + len(buf)]
    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.data[n * 4096 : n * 4096 + len(buf)] = buf
        else:
            i = n * 4096 + off
            self.data[i : i + len(buf)] = buf
    def ioctl(self, op, arg):
        if op == 4: return len(self.data) // 4096
        if op == 5: return 4096
        if op == 6:
            self.data[arg * 4096 : (arg + 1) * 4096] = b"\xff" * 4096
            return 0
data = bytearray(os.stat(IMAGE)[6])
f = open(IMAGE, "rb"); f.readinto(data); f.close()
dev = Dev(data)
fs = vfs.VfsLfs2(dev, progsize=256)  # as ports/rp2/modules/_boot.py mounts rp2.Flash()
vfs.mount(fs, "/fs")
def walk(d):
    for name, kind, *_ in os.ilistdir(d):
        p = d + "/" + name
        if kind == 0x4000:
            walk(p)
        else:
            h = hashlib.sha256(open(p, "rb").read())
            print(binascii.hexlify(h.digest()).decode(), p[3:])
walk("/fs")
os.mkdir("/fs/saves")
f = open("/fs/saves/g_test", "wb"); f.write(b"a save"); f.close()
vfs.umount("/fs")
vfs.mount(vfs.VfsLfs2(dev, progsize=256), "/fs")
print("SAVE", open("/fs/saves/g_test").read())
"""


def test_micropythons_own_littlefs_mounts_the_image_and_writes_to_it(built, tmp_path):
    """The unix port's VfsLfs2 is the same extmod code as the Pico's: it mounts the
    image with _boot.py's settings, reads every file and writes a save."""
    _out, written, _b = built
    image = b"".join(b.data for b in uf2.parse(_read(written[uf2.FILES_NAME])))
    img = tmp_path / "fs.img"
    img.write_bytes(image)
    script = tmp_path / "mount.py"
    script.write_text("IMAGE = %r\n" % str(img) + MP_MOUNT)
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=4M", str(script)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[-1] == "SAVE a save"
    seen = dict((p, d) for d, p in (line.split(" ", 1) for line in lines[:-1]))
    expected = {p: hashlib.sha256(d).hexdigest() for p, d in _bundle_files(_out).items()}
    assert seen == expected


def test_encode_parse_round_trip():
    data = bytes(range(256)) * 8
    raw = uf2.encode(data, 0x10001000)
    check_well_formed(raw, 0x10001000, 0x10001000 + len(data))
    blocks = uf2.parse(raw)
    assert [b.addr for b in blocks] == [0x10001000 + 256 * i for i in range(8)]
    assert b"".join(b.data for b in blocks) == data


def test_parse_refuses_what_is_not_a_uf2():
    with pytest.raises(uf2.Uf2Error, match="not a whole number of 512-byte blocks"):
        uf2.parse(b"x" * 100, "x.uf2")
    raw = bytearray(uf2.encode(bytes(256), uf2.XIP_BASE))
    raw[508] ^= 1
    with pytest.raises(uf2.Uf2Error, match="no UF2 magic numbers"):
        uf2.parse(bytes(raw), "x.uf2")


def test_joining_refuses_an_overlap():
    fs = uf2.parse(uf2.encode(bytes(4096), uf2.FS_ADDR))
    # a firmware whose last page is the filesystem's first
    fw = uf2.parse(fake_micropython(pages=4, addr=uf2.FS_ADDR - 3 * 256))
    with pytest.raises(uf2.Uf2Error, match="0x100a0000"):
        uf2.join(fw, fs)
    ok = uf2.parse(fake_micropython(pages=4, addr=uf2.FS_ADDR - 4 * 256))  # ends where it starts
    joined = uf2.join(ok, fs)
    check_well_formed(joined, uf2.FS_ADDR - 4 * 256, uf2.FS_ADDR + 4096)


def test_a_micropython_uf2_overlapping_the_filesystem_is_refused(tmp_path):
    big = tmp_path / "big.uf2"
    big.write_bytes(fake_micropython(pages=(uf2.FS_OFFSET // 256) + 1))  # one page too many
    with pytest.raises(uf2.Uf2Error, match="inside the filesystem at 0x100a0000"):
        uf2.build("pico_oled", str(tmp_path / "out"), micropython=str(big), log=lambda *a: None)
    assert not (tmp_path / "out" / uf2.JOINED_NAME).exists()


def test_a_uf2_for_another_chip_is_refused(tmp_path):
    other = tmp_path / "rp2350.uf2"
    other.write_bytes(fake_micropython(family=0xE48BFF59))
    with pytest.raises(uf2.Uf2Error, match=r"family 0xe48bff59 \(RP2350 ARM secure\), not the RP2040"):
        uf2.build("pico_oled", str(tmp_path / "out"), micropython=str(other), log=lambda *a: None)
    esp = tmp_path / "esp32.uf2"
    esp.write_bytes(fake_micropython(family=0x1C5F21B0))
    with pytest.raises(uf2.Uf2Error, match="not the RP2040"):
        uf2.build("pico_oled", str(tmp_path / "out"), micropython=str(esp), log=lambda *a: None)
    assert not (tmp_path / "out").exists()


def test_a_micropython_loading_another_mpy_version_is_refused(tmp_path):
    old = tmp_path / "old.uf2"
    old.write_bytes(
        fake_micropython(banner=b"MicroPython v1.18 on 2022-01-17; Raspberry Pi Pico with RP2040")
    )
    with pytest.raises(
        uf2.Uf2Error, match=r"(?s)MicroPython v1.18, which loads .mpy version 5; .*v1.19 to v1.29"
    ):
        uf2.build("pico_oled", str(tmp_path / "out"), micropython=str(old), log=lambda *a: None)
    new = tmp_path / "new.uf2"
    new.write_bytes(
        fake_micropython(banner=b"MicroPython v2.0.0 on 2030-01-01; Raspberry Pi Pico with RP2040")
    )
    with pytest.raises(uf2.Uf2Error, match="newer than any release"):
        uf2.build("pico_oled", str(tmp_path / "out"), micropython=str(new), log=lambda *a: None)
    none = tmp_path / "none.uf2"
    none.write_bytes(fake_micropython(banner=b"CircuitPython 9.0"))
    with pytest.raises(uf2.Uf2Error, match="no 'MicroPython vX.Y' version text"):
        uf2.build("pico_oled", str(tmp_path / "out"), micropython=str(none), log=lambda *a: None)


def test_mpy_version_of_each_release():
    assert uf2.mpy_for_release((1, 28)) == (6, 3)
    assert uf2.mpy_for_release((1, 22)) == (6, 2)
    assert uf2.mpy_for_release((1, 19)) == (6, 0)
    assert uf2.mpy_for_release((1, 18)) == (5, 0)
    assert uf2.mpy_for_release((1, 10)) is None
    assert uf2.mpy_for_release((1, 30)) is None
    blocks = uf2.parse(fake_micropython(banner=b"MicroPython v1.29.0-preview.12.gabc on 2026-01-01; x"))
    assert uf2.micropython_version(blocks) == (1, 29, "v1.29.0-preview.12.gabc")


def test_native_code_needs_the_same_sub_version():
    blocks = uf2.parse(fake_micropython(banner=b"MicroPython v1.22.2 on 2024-02-22; Raspberry Pi Pico"))
    assert uf2.check_mpy(blocks, "x", 6, 3) == "v1.22.2"
    with pytest.raises(uf2.Uf2Error, match="native code for .mpy v6.3; MicroPython v1.22.2 loads v6.2"):
        uf2.check_mpy(blocks, "x", 6, 3, ["/lib/fast.mpy"])


def test_an_install_too_large_for_the_filesystem_is_refused():
    with pytest.raises(
        uf2.Uf2Error, match="does not fit the filesystem: 2 files, 1464410 bytes, in 1408 KiB"
    ):
        uf2.image({"/main.py": b"print(1)\n" * 10, "/lib/big.mpy": b"\0" * (1430 * 1024)})
    # what fits is written whole
    data, used = uf2.image({"/lib/x.mpy": b"\1" * (600 * 1024)})
    assert uf2.read_image(data) == {"/lib/x.mpy": b"\1" * (600 * 1024)}
    assert used >= 150


def test_the_real_micropython_uf2_joins(built):
    if not os.path.exists(SHARED_UF2):
        pytest.skip("no MicroPython RPI_PICO UF2 at %s" % SHARED_UF2)
    _out, written, _b = built
    fw = uf2.parse(_read(SHARED_UF2))
    assert uf2.micropython_version(fw)[:2] == (1, 28)
    assert uf2.mpy_for_release((1, 28))[0] == 6
    joined = _read(written[uf2.JOINED_NAME])
    check_well_formed(joined)
    blocks = uf2.parse(joined)
    assert [b.data for b in blocks[: len(fw)]] == [b.data for b in fw]
    files = uf2.parse(_read(written[uf2.FILES_NAME]))
    assert [(b.addr, b.data) for b in blocks[len(fw) :]] == [(b.addr, b.data) for b in files]
    assert max(b.end() for b in fw) <= uf2.FS_ADDR


def test_the_image_is_the_same_bytes_each_time():
    files = {
        "/main.py": b"import x\n",
        "/lib/core/app.mpy": bytes(range(256)) * 20,
        "/board.txt": b"pico_oled\n",
    }
    assert uf2.image(files) == uf2.image(dict(reversed(list(files.items()))))


def test_make_uf2_refuses_in_one_line_with_status_2(tmp_path, capsys):
    other = tmp_path / "esp32.uf2"
    other.write_bytes(fake_micropython(family=0x1C5F21B0))
    assert uf2.main(["--out", str(tmp_path / "out"), "--micropython", str(other)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("make uf2: ") and "not the RP2040 (0xe48bff56)" in err
    assert uf2.main(["--out", str(tmp_path / "out"), "--micropython", str(tmp_path / "nope.uf2")]) == 2
    assert "cannot read MICROPYTHON_UF2" in capsys.readouterr().err


def test_make_uf2_says_it_replaces_saved_games(tmp_path):
    said = []
    uf2.build("pico_oled", str(tmp_path), log=said.append)
    text = "\n".join(said)
    assert "replaces everything on it" in text and "(/saves) too" in text and "make flash" in text
