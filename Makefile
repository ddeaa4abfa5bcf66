# Two commands set everything up on a fresh machine: `make run` and `make test`.
PY := .venv/bin/python
STAMP := .venv/.installed

.PHONY: run test bench build clean

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

bench: build
	$(PY) -m host_tools.bench

clean:
	rm -rf build .pytest_cache
