# Two commands set everything up on a fresh machine: `make run` and `make test`.
PY := .venv/bin/python
STAMP := .venv/.installed

.PHONY: run score test bench bench-organiser build clean

$(STAMP): requirements.txt setup/apt-packages.txt setup/install.sh
	bash setup/install.sh
	touch $(STAMP)

build: $(STAMP)
	$(PY) -m host_tools.build

# The main job: the terminal's firmware in the simulator (keyboard as keypad, screen in the
# terminal); `make run ARGS="--rules tw"` starts a fresh session.
run: build
	$(PY) -m host_tools.sim $(ARGS)

# The text scorer: one hand a line, scored at once (`help` shows an example per ruleset).
score: build
	$(PY) -m host_tools.run

test: build
	$(PY) -m pytest -q tests

bench: build bench-organiser
	$(PY) -m host_tools.bench
	$(PY) -m host_tools.bench_upload

# The organiser under 200 uploading devices on loopback (about a minute).
bench-organiser: build
	$(PY) -m host_tools.bench_organiser

clean:
	rm -rf build .pytest_cache
