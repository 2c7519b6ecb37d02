# Frozen into Broadside's Pico firmware: the port's own modules, the boot (main.py), and
# bs_names, every name of the game's ROMFS image (host_tools/device/names.py: `make firmware`
# writes it and names its folder in BROADSIDE_NAMES_DIR), so that loading the game from ROMFS
# makes no name in RAM. Read by MicroPython's tools/makemanifest.py, which supplies include()
# and freeze(); a build without BROADSIDE_NAMES_DIR is the same firmware without bs_names.
import os

include("$(PORT_DIR)/boards/manifest.py")  # noqa: F821
freeze("$(BOARD_DIR)", "main.py")  # noqa: F821
if os.environ.get("BROADSIDE_NAMES_DIR"):
    freeze(os.environ["BROADSIDE_NAMES_DIR"], "bs_names.py")  # noqa: F821
