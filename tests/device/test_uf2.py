# interpreters: cpython
"""`make uf2`: build/uf2/broadside.uf2, Broadside's firmware and the game's ROMFS image in one
file (host_tools/device/uf2.py). Every block, both regions, nothing at or above the filesystem,
a drag that keeps /saves, and every refusal, on small synthetic firmware UF2s (a binary_info
header and block devices as pico-sdk lays them out, a banner); the parts that need the real
firmware (`make firmware`'s build/firmware/broadside-pico.uf2, the official v1.28.0 UF2) skip
when it is absent."""

import os
import struct

import pytest

from host_tools.device import flashmap, romfs, uf2
from host_tools.paths import BUILD, ROOT

OFFICIAL_UF2 = os.environ.get(
    "BROADSIDE_MICROPYTHON_UF2",
    os.path.normpath(os.path.join(ROOT, "..", "shared", "firmware", "micropython-v1.28.0-RPI_PICO.uf2")),
)
BUILT_FIRMWARE = os.path.join(BUILD, "firmware", "broadside-pico.uf2")
BANNER = b"MicroPython v1.28.0 on 2026-12-01; Raspberry Pi Pico (Broadside) with RP2040"
ROMFS = (flashmap.ROMFS_ADDR, flashmap.ROMFS_BYTES)
FS = (flashmap.FS_ADDR, flashmap.FS_BYTES)
X = uf2.XIP_BASE


def fake_firmware(romfs=ROMFS, fs=FS, banner=BANNER, pages=64, family=uf2.FAMILY_RP2040, header=0x1D4):
    """A UF2 shaped like MicroPython's rp2 firmware: `pages` 256-byte pages from 0x10000000, the
    binary_info header after boot2 (at X + header; None: no binary_info), its block devices
    "MicroPython" (fs) and "ROMFS" (romfs, None: none; its name through a pointer into RAM that
    the address mapping table maps back to flash, as .data is), and the banner."""
    image = bytearray(pages * uf2.PAYLOAD)

    def put(off, fmt, *values):
        struct.pack_into(fmt, image, off, *values)

    devices = [(0x600, fs)] + ([(0x710, romfs)] if romfs else [])
    if header is not None:
        put(
            header,
            "<5I",
            uf2.BI_MARKER_START,
            X + 0x400,
            X + 0x400 + 4 * len(devices),
            X + 0x300,
            uf2.BI_MARKER_END,
        )
        put(0x300, "<3I", X + 0x700, 0x20000000, 0x20000100)  # flash 0x10000700.. is RAM 0x20000000..
        put(0x30C, "<I", 0)
        for i, (name_at, (addr, size)) in enumerate(devices):
            entry = 0x500 + 0x20 * i
            put(0x400 + 4 * i, "<I", X + entry)
            name_ptr = X + name_at if name_at < 0x700 else 0x20000000 + name_at - 0x700
            put(
                entry,
                "<HHIIIIH",
                uf2.BI_TYPE_BLOCK_DEVICE,
                uf2.BI_TAG_MICROPYTHON,
                name_ptr,
                addr,
                size,
                0,
                1,
            )
        image[0x600:0x60C] = b"MicroPython\0"
        image[0x710:0x716] = b"ROMFS\0"
    image[0x800 : 0x800 + len(banner) + 1] = banner + b"\0"
    return uf2.encode(bytes(image), X, family)


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return str(path)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _small_image(tmp_path, files=None, name="game"):
    tree = tmp_path / ("tree-" + name)
    files = files or {
        "broadside.mpy": b"M\x06\x00\x1f" + b"boot" * 100,
        "lib/core/app.mpy": b"M\x06\x00\x1f" + bytes(range(256)) * 7,
    }
    for rel, data in files.items():
        p = tree / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return _write(tmp_path / (name + ".romfs"), romfs.make_image(str(tree)))


@pytest.fixture(scope="module")
def game_image(tmp_path_factory):
    """The board's real ROMFS image (make romfs's), built into a folder of its own."""
    out = tmp_path_factory.mktemp("romfs")
    return romfs.build("pico_oled", out=str(out), log=None)


def _build(tmp_path, firmware, image, **kw):
    kw.setdefault("log", lambda *a: None)
    return uf2.build("pico_oled", str(tmp_path / "out"), firmware=firmware, image=image, **kw)


def check_blocks(data, fw_blocks, image):
    """Every block of a broadside.uf2: the magics, the family flag and RP2040's family, 256-byte
    payloads at page addresses, numbered 0..n-1 of n, zeros after the payload; the firmware's
    blocks first, contiguous from 0x10000000 and equal to the firmware UF2's; then the image's,
    contiguous from the ROMFS partition, its bytes the image's (zero-padded to a page); nothing
    else, nothing at or above the filesystem (flashmap.FS_ADDR)."""
    assert data and len(data) % 512 == 0
    n = len(data) // 512
    blocks = []
    for i in range(n):
        raw = data[i * 512 : (i + 1) * 512]
        m0, m1, flags, addr, size, blockno, nblocks, family = struct.unpack_from("<8I", raw)
        assert (m0, m1, struct.unpack_from("<I", raw, 508)[0]) == (0x0A324655, 0x9E5D5157, 0x0AB16F30)
        assert flags == 0x00002000 and family == 0xE48BFF56
        assert size == 256 and addr % 256 == 0 and (blockno, nblocks) == (i, n)
        assert raw[32 + 256 : 508] == bytes(508 - 288)
        assert addr + size <= flashmap.FS_ADDR, "block %d at 0x%08x reaches the filesystem" % (i, addr)
        blocks.append((addr, raw[32 : 32 + 256]))
    fw = [(b.addr, b.data) for b in uf2.flash_blocks(fw_blocks)]
    assert blocks[: len(fw)] == fw
    for k, (addr, _d) in enumerate(blocks[: len(fw)]):
        assert addr == X + 256 * k  # contiguous from the start of flash
    assert blocks[len(fw) - 1][0] + 256 <= flashmap.ROMFS_ADDR
    rom = blocks[len(fw) :]
    assert [a for a, _d in rom] == [flashmap.ROMFS_ADDR + 256 * k for k in range(len(rom))]
    got = b"".join(d for _a, d in rom)
    assert got == image + bytes(-len(image) % 256)
    return blocks


def test_broadside_uf2_is_the_firmware_then_the_image(tmp_path, game_image):
    fw_path = _write(tmp_path / "fw.uf2", fake_firmware())
    said = []
    path = _build(tmp_path, fw_path, game_image, log=said.append)
    assert path == str(tmp_path / "out" / "broadside.uf2")
    image = _read(game_image)
    check_blocks(_read(path), uf2.parse(_read(fw_path)), image)
    text = "\n".join(said)
    assert "firmware: MicroPython v1.28.0, 0x10000000-0x10004000" in text
    assert "game: ROMFS image" in text and "at 0x%08x" % flashmap.ROMFS_ADDR in text
    assert "nothing at or above 0x%08x" % flashmap.FS_ADDR in text
    assert "keeps /saves" in text and "make flash first" in text


def test_the_image_holds_the_game(game_image):
    files = romfs.read(_read(game_image))
    assert files["/board.txt"] == b"pico_oled\n" and "/broadside.mpy" in files
    assert "/lib/core/app.mpy" in files and "/boards/pico_oled.mpy" in files
    assert set(uf2.mpy_headers(files).values()) == {(6, 0, 0)}  # bytecode only, .mpy v6


def test_a_drag_onto_a_broadside_pico_keeps_the_saves_byte_for_byte(tmp_path, game_image):
    """The RP2040's boot ROM erases each 4 KiB sector a block falls in, then programs the block:
    played over a whole 2 MiB flash whose filesystem holds saves (random bytes), the filesystem
    comes out as it went in, the firmware and the game as the UF2 says."""
    fw_path = _write(tmp_path / "fw.uf2", fake_firmware())
    data = _read(_build(tmp_path, fw_path, game_image))
    flash = bytearray(os.urandom(flashmap.FLASH_BYTES))
    saves = bytes(flash[flashmap.FS_OFFSET :])
    blocks = uf2.parse(data)
    for sector in {(b.addr - X) // 4096 for b in blocks}:
        flash[sector * 4096 : (sector + 1) * 4096] = b"\xff" * 4096
    for b in blocks:
        flash[b.addr - X : b.end() - X] = b.data
    assert bytes(flash[flashmap.FS_OFFSET :]) == saves
    image = _read(game_image)
    assert flash[flashmap.ROMFS_OFFSET : flashmap.ROMFS_OFFSET + len(image)] == image
    fw = uf2.flash_image(uf2.parse(_read(fw_path)))[1]
    assert flash[: len(fw)] == fw


def test_binary_info_block_devices_are_read(tmp_path):
    blocks = uf2.parse(fake_firmware())
    assert uf2.block_devices(blocks) == [
        (uf2.BI_TAG_MICROPYTHON, "MicroPython", flashmap.FS_ADDR, flashmap.FS_BYTES, 1),
        (uf2.BI_TAG_MICROPYTHON, "ROMFS", flashmap.ROMFS_ADDR, flashmap.ROMFS_BYTES, 1),  # name via RAM
    ]
    assert uf2.romfs_partition(blocks) == ROMFS
    assert uf2.romfs_partition(uf2.parse(fake_firmware(romfs=None))) is None
    assert uf2.block_devices(uf2.parse(fake_firmware(header=None))) == []


# -- refusals: one message, exit status 2, nothing written ---------------------------------------


def _refused(tmp_path, firmware, image, match):
    with pytest.raises(uf2.Uf2Error, match=match):
        _build(tmp_path, firmware, image)
    assert not (tmp_path / "out" / "broadside.uf2").exists()


def test_no_firmware_says_make_firmware_in_one_line(tmp_path, capsys):
    missing = str(tmp_path / "nope.uf2")
    args = ["--out", str(tmp_path / "out"), "--firmware", missing, "--image", _small_image(tmp_path)]
    assert uf2.main(args) == 2
    err = capsys.readouterr().err
    assert err == "make uf2: no Broadside firmware at %s: run `make firmware` first\n" % os.path.relpath(
        missing
    )
    assert not (tmp_path / "out").exists()


def test_the_official_firmware_has_no_romfs_partition(tmp_path, capsys):
    fw = _write(tmp_path / "official.uf2", fake_firmware(romfs=None))
    _refused(
        tmp_path, fw, _small_image(tmp_path), "declares no ROMFS partition: it is not Broadside's firmware"
    )
    nobi = _write(tmp_path / "nobi.uf2", fake_firmware(header=None))
    _refused(tmp_path, nobi, _small_image(tmp_path), "declares no ROMFS partition")
    assert (
        uf2.main(["--out", str(tmp_path / "out"), "--firmware", fw, "--image", _small_image(tmp_path)]) == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("make uf2: ") and "make firmware" in err


def test_a_firmware_reaching_into_romfs_is_refused(tmp_path):
    pages = (flashmap.ROMFS_ADDR - X) // 256 + 1  # one page into the partition
    fw = _write(tmp_path / "big.uf2", fake_firmware(pages=pages))
    at = "writes 0x%08x-0x%08x, outside the firmware's room" % (
        flashmap.ROMFS_ADDR,
        flashmap.ROMFS_ADDR + 256,
    )
    _refused(tmp_path, fw, _small_image(tmp_path), at)
    ok = _write(tmp_path / "ok.uf2", fake_firmware(pages=pages - 1))  # ends where ROMFS starts
    _build(tmp_path, ok, _small_image(tmp_path))


def test_a_firmware_with_blocks_in_the_filesystem_is_refused(tmp_path):
    raw = fake_firmware() + uf2.encode(bytes(256), flashmap.FS_ADDR)  # a UF2 that carries a filesystem page
    fw = _write(tmp_path / "fs.uf2", uf2.pack(uf2.parse(raw)))
    _refused(tmp_path, fw, _small_image(tmp_path), "writes 0x%08x-0x%08x, outside" % (FS[0], FS[0] + 256))


def test_a_romfs_partition_elsewhere_is_refused(tmp_path):
    fw = _write(tmp_path / "other.uf2", fake_firmware(romfs=(0x10040000, 256 * 1024)))
    here = "0x%08x, %d KiB" % (flashmap.ROMFS_ADDR, flashmap.ROMFS_BYTES // 1024)
    _refused(tmp_path, fw, _small_image(tmp_path), "ROMFS partition at 0x10040000, 256 KiB; (?s:.*) " + here)


def test_an_image_larger_than_the_partition_is_refused(tmp_path):
    fw = _write(tmp_path / "fw.uf2", fake_firmware())
    big = _small_image(tmp_path, {"lib/big.mpy": b"M\x06\x00\x1f" + os.urandom(flashmap.ROMFS_BYTES)}, "big")
    n = os.path.getsize(big)
    size = flashmap.ROMFS_BYTES
    _refused(
        tmp_path,
        fw,
        big,
        r"is %d bytes, larger than the ROMFS partition's %d \(%d KiB\)" % (n, size, size // 1024),
    )


def test_what_is_not_a_romfs_image_is_refused(tmp_path):
    fw = _write(tmp_path / "fw.uf2", fake_firmware())
    _refused(tmp_path, fw, _write(tmp_path / "x.romfs", b"hello" * 100), "not a ROMFS image")


@pytest.mark.parametrize(
    "banner, files, match",
    [
        (
            b"MicroPython v1.18 on 2022-01-17; Raspberry Pi Pico with RP2040",
            None,
            r"(?s)MicroPython v1.18, which loads .mpy version 5.0; 2 of the game's .mpy"
            r".*\.mpy v6 \(v1.19 to v1.29\)",
        ),
        (
            BANNER,
            {"broadside.mpy": b"M\x05\x00\x1f"},
            r"(?s)loads .mpy version 6.3; 1 of .*broadside.mpy: .mpy v5",
        ),
        (BANNER, {"lib/fast.mpy": b"M\x06\x12\x1f"}, r"native code for .mpy v6.2, arch 4"),
        (b"MicroPython v2.0.0 on 2030-01-01; Raspberry Pi Pico with RP2040", None, "newer than any release"),
        (b"CircuitPython 9.0", None, "no 'MicroPython vX.Y' version text"),
    ],
)
def test_an_image_the_firmware_cannot_load_is_refused(tmp_path, banner, files, match):
    fw = _write(tmp_path / "fw.uf2", fake_firmware(banner=banner))
    _refused(tmp_path, fw, _small_image(tmp_path, files), match)


def test_a_uf2_for_another_chip_is_refused(tmp_path):
    rp2350 = _write(tmp_path / "rp2350.uf2", fake_firmware(family=0xE48BFF59))
    _refused(
        tmp_path, rp2350, _small_image(tmp_path), r"family 0xe48bff59 \(RP2350 ARM secure\), not the RP2040"
    )
    esp = _write(tmp_path / "esp32.uf2", fake_firmware(family=0x1C5F21B0))
    _refused(tmp_path, esp, _small_image(tmp_path), "not a Raspberry Pi chip")


def test_the_old_files_route_uf2s_are_removed(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    for name in uf2.OLD_NAMES:
        (out / name).write_bytes(b"stale")
    said = []
    _build(tmp_path, _write(tmp_path / "fw.uf2", fake_firmware()), _small_image(tmp_path), log=said.append)
    assert sorted(os.listdir(out)) == ["broadside.uf2"]
    assert any("removed the old files-route UF2s" in line for line in said)


# -- the UF2 format, the .mpy table --------------------------------------------------------------


def test_encode_parse_round_trip():
    data = bytes(range(256)) * 8
    raw = uf2.encode(data, 0x10001000)
    blocks = uf2.parse(raw)
    assert [b.addr for b in blocks] == [0x10001000 + 256 * i for i in range(8)]
    assert [(b.blockno, b.nblocks) for b in blocks] == [(i, 8) for i in range(8)]
    assert b"".join(b.data for b in blocks) == data
    with pytest.raises(ValueError):
        uf2.encode(b"x" * 100, 0x10000000)


def test_parse_refuses_what_is_not_a_uf2():
    with pytest.raises(uf2.Uf2Error, match="not a whole number of 512-byte blocks"):
        uf2.parse(b"x" * 100, "x.uf2")
    raw = bytearray(uf2.encode(bytes(256), X))
    raw[508] ^= 1
    with pytest.raises(uf2.Uf2Error, match="no UF2 magic numbers"):
        uf2.parse(bytes(raw), "x.uf2")


def test_mpy_version_of_each_release():
    assert uf2.mpy_for_release((1, 28)) == (6, 3)
    assert uf2.mpy_for_release((1, 22)) == (6, 2)
    assert uf2.mpy_for_release((1, 19)) == (6, 0)
    assert uf2.mpy_for_release((1, 18)) == (5, 0)
    assert uf2.mpy_for_release((1, 10)) is None
    assert uf2.mpy_for_release((1, 30)) is None
    blocks = uf2.parse(fake_firmware(banner=b"MicroPython v1.29.0-preview.12.gabc on 2026-01-01; x"))
    assert uf2.micropython_version(blocks) == (1, 29, "v1.29.0-preview.12.gabc")


def test_mpy_headers_and_what_a_release_cannot_load():
    heads = uf2.mpy_headers(
        {
            "/a.mpy": b"M\x06\x00\x1f",
            "/n.mpy": b"M\x06\x13\x1f",
            "/old.mpy": b"M\x05\x00\x1f",
            "/x.mpy": b"",
            "/t": b"M",
        }
    )
    assert heads == {
        "/a.mpy": (6, 0, 0),
        "/n.mpy": (6, 3, 4),
        "/old.mpy": (5, 0, 0),
        "/x.mpy": (None, None, None),
    }
    assert uf2.mpy_problems(heads, 6, 3, 4) == {"/old.mpy": ".mpy v5", "/x.mpy": "not a .mpy file"}
    assert "/n.mpy" in uf2.mpy_problems(heads, 6, 2)  # native code needs the sub-version too
    assert "/n.mpy" in uf2.mpy_problems(heads, 6, 3, 3)  # and the CPU


# -- the real firmware: skipped where it is absent ------------------------------------------------


def test_the_official_firmware_declares_only_its_filesystem():
    if not os.path.exists(OFFICIAL_UF2):
        pytest.skip("no official RPI_PICO UF2 at %s" % OFFICIAL_UF2)
    blocks = uf2.parse(_read(OFFICIAL_UF2))
    devices = uf2.block_devices(blocks)
    assert devices == [(uf2.BI_TAG_MICROPYTHON, "MicroPython", 0x100A0000, 1408 * 1024, 3)]
    assert uf2.romfs_partition(blocks) is None
    with pytest.raises(uf2.Uf2Error, match="declares no ROMFS partition"):
        uf2.check_firmware(blocks, "official.uf2")


def test_the_built_firmware_joins_the_game(tmp_path, game_image):
    if not os.path.exists(BUILT_FIRMWARE):
        pytest.skip("no %s: make firmware builds it" % os.path.relpath(BUILT_FIRMWARE, ROOT))
    fw = uf2.parse(_read(BUILT_FIRMWARE))
    assert uf2.romfs_partition(fw) == ROMFS
    assert (
        uf2.BI_TAG_MICROPYTHON,
        "MicroPython",
        flashmap.FS_ADDR,
        flashmap.FS_BYTES,
        3,
    ) in uf2.block_devices(fw)
    assert uf2.micropython_version(fw) == (1, 28, "v1.28.0")
    path = _build(tmp_path, BUILT_FIRMWARE, game_image)
    blocks = check_blocks(_read(path), fw, _read(game_image))
    assert max(a for a, _d in blocks) < flashmap.FS_ADDR
