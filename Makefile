# Two entry points (see README "Quick start"): `make run` (the game master) and `make test`.
# Each creates .venv and installs what it needs on first use; only Python 3.11+ and make required.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench mutation install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# The game master on its embedded default (SQLite in the user's data folder), serving the browser
# client at http://127.0.0.1:8000/ (ARGS="--port 9000" to change); Ctrl-C stops it.
run: $(STAMP)
	$(BIN)/atout serve --open $(ARGS)

test: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/python -m pytest -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python bench/engine.py

# Mutation testing of the rules engines (src/atout/games, src/atout/cards.py) with mutmut, at
# the lowest priority; not part of `make test`. Every mutant takes hours on 2 cores:
# ARGS="--sample 80" runs the small modules whole and a seeded sample of 80 mutants of each
# large one (what bench/RESULTS.md reports);
# ARGS="--only atout.games.q2j" one module. Prints killed/survived/timed out per module.
mutation: $(STAMP)
	nice -n 19 $(BIN)/python bench/mutation.py $(ARGS)

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info mutants
