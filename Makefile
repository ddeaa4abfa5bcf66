# Two commands set everything up on a fresh machine: `make run` and `make test`.
PY := .venv/bin/python
STAMP := .venv/.installed

.PHONY: run test bench bench-organiser build clean

$(STAMP): requirements.txt setup/apt-packages.txt setup/install.sh
	bash setup/install.sh
	touch $(STAMP)

build: $(STAMP)
	$(PY) -m host_tools.build

# The main job: score hands typed in the terminal (one JSON object per line).
run: build
	$(PY) -m host_tools.run

test: build
	$(PY) -m pytest -q tests

bench: build bench-organiser
	$(PY) -m host_tools.bench

# The organiser under 200 uploading devices on loopback (about a minute).
bench-organiser: build
	$(PY) -m host_tools.bench_organiser

clean:
	rm -rf build .pytest_cache
