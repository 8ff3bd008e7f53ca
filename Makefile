# `make demo`: set up .venv, compile every game's engine and produce a real report on the default scenario.
# `make compile`: compile every game's engine now, all at once (numba caches them in
#   balance/games/*/__pycache__), so that a first run starts playing at once.
# `make test`: set up .venv and run the test suite (what CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO ?= scenarios/pig/four-players.toml

.PHONY: demo compile test test-suite test-full test-boundscheck bench mutants clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

compile: $(STAMP)
	$(BIN)/balance warmup

demo: compile
	$(BIN)/balance run $(DEMO) --overwrite

# the two test runs side by side: each spends most of its time compiling on one core (each run's output
# is printed when it ends)
test: $(STAMP)
	$(MAKE) --no-print-directory --jobs 2 --output-sync=target test-suite test-boundscheck

test-suite: $(STAMP)
	$(BIN)/python -m pytest -q

# every game's rule tests and the conformance suite once more with numba's bounds checks on (an index
# bug then fails a test instead of reading memory); a cache of its own, as compiled code does not
# record the flag
test-boundscheck: $(STAMP)
	NUMBA_BOUNDSCHECK=1 NUMBA_CACHE_DIR=$(CURDIR)/.numba-boundscheck $(BIN)/python -m pytest -q -m "not slow" \
		tests/test_conformance.py tests/games

test-full: $(STAMP)
	BALANCE_FULL_STATS=1 $(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/balance bench

# plant each game's listed rules bugs (tests/games/<game>/mutants.toml) one at a time and print the
# ones the tests miss; not part of CI (every bug recompiles the engine).  `make mutants GAME=moon` for one
# game, `ONLY=TEXT` for the bugs whose description contains TEXT
mutants: $(STAMP)
	$(BIN)/python tools/mutants.py $(GAME) $(if $(ONLY),--only "$(ONLY)")

clean:
	rm -rf $(VENV) reports/*/ .pytest_cache .numba-boundscheck
