// Broadside's Pico: MicroPython's RPI_PICO board (Raspberry Pi Pico, RP2040, 2 MiB flash)
// with a ROMFS partition for the game. Flash map (XIP addresses):
//   0x10000000  firmware, at most 640 KiB (host_tools/device/firmware.py checks its size)
//   0x100A0000  ROMFS, 512 KiB: mounted at /rom, the game's .mpy files run in place
//   0x10120000  littlefs, 896 KiB: /, saves and settings
// Each keeps room to grow: the firmware (MicroPython and the game's names, bs_names) is
// about 393 KB of 640 KiB, the game's image about 280 KB of 512 KiB (docs/flashing.md).
// ports/rp2/rp2_flash.c puts the filesystem at the top of flash and ROMFS just below it.
// host_tools/device/flashmap.py reads these two sizes from here: change them only here.

#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico (Broadside)"
#define MICROPY_HW_FLASH_STORAGE_BYTES          (896 * 1024)
#define MICROPY_HW_ROMFS_BYTES                  (512 * 1024)
