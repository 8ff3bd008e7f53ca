# `make demo`: set up .venv, compile every game's engine and produce a real report on the default scenario.
# `make compile`: compile every game's engine now, all at once (numba caches them in
#   balance/games/*/__pycache__), so that a first run starts playing at once.
# `make test`: set up .venv and run the test suite (what CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO ?= scenarios/pig/four-players.toml

.PHONY: demo compile test test-full bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

compile: $(STAMP)
	$(BIN)/balance warmup

demo: compile
	$(BIN)/balance run $(DEMO) --overwrite

test: $(STAMP)
	$(BIN)/python -m pytest -q

test-full: $(STAMP)
	BALANCE_FULL_STATS=1 $(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/balance bench

clean:
	rm -rf $(VENV) reports/*/ .pytest_cache
