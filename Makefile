# Two commands set everything up on a fresh machine: `make run` and `make test`.
PY := .venv/bin/python
STAMP := .venv/.installed

.PHONY: run sim score test test-pg bench bench-organiser build clean firmware bundle deploy size soak

$(STAMP): requirements.txt setup/apt-packages.txt setup/install.sh
	bash setup/install.sh
	touch $(STAMP)

build: $(STAMP)
	$(PY) -m host_tools.build

# The main job: a venue on this computer: the organiser on localhost (its address printed)
# and table 1's device in the simulator (keyboard as keypad, screen in the terminal),
# uploading to it; `make run ARGS="--fresh --rules tw"` starts the venue over.
run: build
	$(PY) -m host_tools.board.bundle browser     # the phones' terminal the organiser serves at /terminal/
	$(PY) -m host_tools.sim.venue $(ARGS)

# The device alone in the simulator; `make sim ARGS="--rules tw"` starts a fresh session.
sim: build
	$(PY) -m host_tools.sim $(ARGS)

# The text scorer: one hand a line, scored at once (`help` shows an example per ruleset).
score: build
	$(PY) -m host_tools.run

# The tests in a process a core and one more, at most three (docs/testing.md): a fifth of
# the suite's time is waiting (servers, the browser, the emulators' pauses), which the
# extra process fills.  A file's tests stay in one process, as they share its emulator
# boots and servers.  TEST_JOBS=0: one process.
TEST_JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n < 2 ? n + 1 : 3 )))

# The organiser's core tests run on PostgreSQL too (a private server from Debian's packages).
test: build
	$(PY) -m pytest -q -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder tests

# Every organiser test on PostgreSQL (about 3 minutes).
test-pg: build
	$(PY) -m pytest -q tests --engine pg

bench: build bench-organiser
	$(PY) -m host_tools.bench
	@echo "the long run, apart (about 12 minutes): make soak"

# 1,000 hands driven into the session on the emulated Pico: the free heap stays flat
# (progress in build/soak.log).
soak: build
	$(PY) -m host_tools.bench soak

# The organiser under 200 uploading devices on loopback (about two minutes), then the same
# devices with 500 live pages and a projector watching (about a minute).
bench-organiser: build
	$(PY) -m host_tools.bench organiser
	$(PY) -m host_tools.bench watchers

# Boards: firmware image with the application frozen in (pico, pico_w) -> build/firmware/$(BOARD)/,
# the .mpy bundle for stock MicroPython -> build/bundle/$(BOARD)/ (BOARD=browser: the phone
# terminal's static files, docs/phones.md), deployment over mpremote
# (PORT=/dev/ttyACM0 or socket://...; a CircuitPython board (cp_pico, cp_feather_esp32s3):
# the bundle is its CIRCUITPY drive, DRIVE=<mounted CIRCUITPY>, IMAGE=out.img a FAT image of it; settings from TABLE RULES SSID PASSWORD ORGANISER
# REGISTRATION=answer.json or DEVICE SECRET; FROZEN=1: settings only), and the size report.
BOARD ?= pico
DEPLOY_ARGS = $(if $(TABLE),--table $(TABLE)) $(if $(RULES),--rules $(RULES)) \
	$(if $(SSID),--ssid "$(SSID)") $(if $(PASSWORD),--password "$(PASSWORD)") \
	$(if $(ORGANISER),--organiser "$(ORGANISER)") $(if $(REGISTRATION),--registration "$(REGISTRATION)") \
	$(if $(DEVICE),--device "$(DEVICE)") $(if $(SECRET),--secret "$(SECRET)") \
	$(if $(FROZEN),--settings-only) $(if $(WIPE),--wipe)

firmware: build
	$(PY) -m host_tools.board.firmware --board $(BOARD)

bundle: build
	$(PY) -m host_tools.board.bundle $(BOARD) $(if $(IMAGE),--image "$(IMAGE)")

deploy: build
	@test -n "$(PORT)$(DRIVE)" || { echo "make deploy BOARD=... PORT=... (CircuitPython: DRIVE=...) (see README)"; exit 2; }
	$(PY) -m host_tools.board.bundle $(BOARD) $(if $(DRIVE),--drive "$(DRIVE)",--deploy "$(PORT)") $(DEPLOY_ARGS)

size: build
	$(PY) -m host_tools.board.size

clean:
	rm -rf build .pytest_cache
