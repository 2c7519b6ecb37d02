# Broadside: `make play` runs the handheld, `make test` checks everything.
PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
BOARD   ?= pico_oled
PORT    ?=
HEAP    ?= 192K

.PHONY: all venv test lint pytest mptest mpycheck play play2 bench flash bundle docs web web-build clean

all: test

# The venv is (re)built when requirements.txt differs from the copy kept in
# it (content, not timestamps: a fresh checkout or a worktree is not stale).
$(STAMP): venv
venv:
	@if ! cmp -s requirements.txt $(STAMP); then \
		echo "setting up $(VENV) from requirements.txt"; \
		$(PY) -m venv $(VENV) && \
		$(VPY) -m pip install --quiet --upgrade pip && \
		$(VPY) -m pip install --quiet -r requirements.txt && \
		$(VPY) -m host_tools.deps && \
		cp requirements.txt $(STAMP); \
	fi

lint: $(STAMP)
	$(VENV)/bin/ruff check firmware boards host_tools tests

pytest: $(STAMP)
	$(VPY) -m pytest -q tests

mptest: $(STAMP)
	BROADSIDE_HEAP=$(HEAP) $(VPY) -m host_tools.mptest

mpycheck: $(STAMP)
	$(VPY) -m host_tools.mpycheck

# Every step runs; the target fails if any step failed.
test: $(STAMP)
	@status=0; \
	echo "== ruff"; $(MAKE) --no-print-directory lint || status=1; \
	echo "== mpy-cross"; $(MAKE) --no-print-directory mpycheck || status=1; \
	echo "== MicroPython unix port, heap $(HEAP)"; $(MAKE) --no-print-directory mptest || status=1; \
	echo "== CPython (pytest)"; $(MAKE) --no-print-directory pytest || status=1; \
	exit $$status

# LINK=URL (a serial port, socket://HOST:PORT) or LISTEN=PORT: the simulator, its cable to outside.
play: $(STAMP)
	$(VPY) -m host_tools.play $(if $(PORT),--port $(PORT),) $(if $(LINK),--link $(LINK),) \
		$(if $(LISTEN),--listen $(LISTEN),) $(if $(BAUD),--baud $(BAUD),)

play2: $(STAMP)
	$(VPY) -m host_tools.sim --pair --compiled

bench: $(STAMP)
	$(VPY) -m host_tools.bench all

bundle: $(STAMP)
	$(VPY) -m host_tools.flash bundle --board $(BOARD) $(if $(LINES),--lines,)

flash: $(STAMP)
	$(VPY) -m host_tools.flash flash --board $(BOARD) $(if $(PORT),--port $(PORT),) $(if $(LINES),--lines,)

# Broadside in a browser: build/web/ (page, MicroPython WebAssembly from npm, the compiled
# install for board `web`), then serve it on http://127.0.0.1:$(WEBPORT)/.
WEBPORT ?= 8000
web-build: $(STAMP)
	$(VPY) -m host_tools.web build

web: web-build
	$(VPY) -m host_tools.web serve --no-build --port $(WEBPORT)

# The README's and docs/' pictures, drawn by the firmware (docs/img/).
docs: $(STAMP)
	$(VPY) -m host_tools.docs_img

clean:
	rm -rf build .pytest_cache .ruff_cache
