"""The flash map of Broadside's own Pico firmware (boards/micropython/BROADSIDE_PICO): where
the firmware, the ROMFS partition and the littlefs filesystem sit in the 2 MiB flash.

The two sizes are read from the board's mpconfigboard.h, the one place they are set, so a
host tool and the firmware cannot disagree. The rest follows MicroPython v1.28.0's
ports/rp2/rp2_flash.c: the filesystem is the top of flash
(MICROPY_HW_FLASH_STORAGE_BASE = PICO_FLASH_SIZE_BYTES - MICROPY_HW_FLASH_STORAGE_BYTES) and
ROMFS sits just below it (MICROPY_HW_ROMFS_BASE = storage base - MICROPY_HW_ROMFS_BYTES);
the firmware, from the start of flash, must end at or below the ROMFS base (v1.28.0 does
not check: host_tools/device/firmware.py does).

    0x10000000  firmware     FIRMWARE_MAX bytes at most (640 KiB)
    0x100A0000  ROMFS        ROMFS_BYTES (512 KiB), mounted at /rom
    0x10120000  littlefs     FS_BYTES (896 KiB), mounted at /
    0x10200000  end of flash

Addresses are XIP addresses (as a UF2 names them); *_OFFSET are offsets in the flash chip.
"""

import os
import re

from host_tools.paths import BOARDS

BOARD = "BROADSIDE_PICO"
BOARD_DIR = os.path.join(BOARDS, "micropython", BOARD)
HEADER = os.path.join(BOARD_DIR, "mpconfigboard.h")

XIP_BASE = 0x10000000
FLASH_BYTES = 2 * 1024 * 1024  # pico-sdk src/boards/include/boards/pico.h: PICO_FLASH_SIZE_BYTES
SECTOR = 4096  # FLASH_SECTOR_SIZE: partitions start and end on a sector
MCU = "RP2040"  # MICROPY_HW_MCU_NAME: the banner and sys.implementation._machine end "with RP2040"

_DEFINE = re.compile(r"^\s*#define\s+(MICROPY_HW_\w+)\s+(.+?)\s*(?://.*)?$", re.M)
_PRODUCT = re.compile(r"^\(?\s*(?:0x[0-9a-fA-F]+|\d+)(?:\s*\*\s*(?:0x[0-9a-fA-F]+|\d+))*\s*\)?$")


def board_defines(path=HEADER):
    """{name: int or str} of the MICROPY_HW_* lines of an mpconfigboard.h: a size such as
    (640 * 1024) as its number, a string without its quotes, anything else as written."""
    with open(path) as f:
        text = f.read()
    out = {}
    for name, value in _DEFINE.findall(text):
        if value.startswith('"') and value.endswith('"'):
            out[name] = value[1:-1]
        elif _PRODUCT.match(value):
            n = 1
            for factor in value.strip("() ").split("*"):
                n *= int(factor, 0)
            out[name] = n
        else:
            out[name] = value
    return out


_DEFINES = board_defines()

BOARD_NAME = _DEFINES["MICROPY_HW_BOARD_NAME"]  # "Raspberry Pi Pico (Broadside)"
MACHINE = "%s with %s" % (BOARD_NAME, MCU)  # sys.implementation._machine, the banner's end
FS_BYTES = _DEFINES["MICROPY_HW_FLASH_STORAGE_BYTES"]
ROMFS_BYTES = _DEFINES["MICROPY_HW_ROMFS_BYTES"]

FS_OFFSET = FLASH_BYTES - FS_BYTES
FS_ADDR = XIP_BASE + FS_OFFSET
ROMFS_OFFSET = FS_OFFSET - ROMFS_BYTES
ROMFS_ADDR = XIP_BASE + ROMFS_OFFSET
FIRMWARE_MAX = ROMFS_OFFSET  # bytes from the start of flash
FIRMWARE_LIMIT = ROMFS_ADDR  # the firmware's last byte is below this address

if ROMFS_BYTES % SECTOR or FS_BYTES % SECTOR or FIRMWARE_MAX <= 0:  # rp2_flash.c asserts the first
    raise ValueError("%s: ROMFS and filesystem sizes must be whole 4 KiB sectors inside 2 MiB" % HEADER)
