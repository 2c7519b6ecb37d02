# Broadside's Pico: RPI_PICO's settings and pins, plus a frozen main.py (manifest.py).
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")

# RPI_PICO's pin names, from the port's own board folder rather than a copy
set(MICROPY_BOARD_PINS ${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv)

set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
