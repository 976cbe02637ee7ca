# Everything runs from a virtual environment that these rules create: a fresh machine
# needs nothing but Python 3.11 or newer.
PYTHON ?= python3
# Installed packages carry their bytecode; a checkout that may not write it compiles every
# module again in every process the tests start, which slows them and widens the moment
# in which a Ctrl-C lands before the command can answer it.
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
# The tests wait on processes, servers and a browser as much as on the processor.
WORKERS ?= 4

.PHONY: check test system-packages lint typecheck spec unit docs play serve screenshots performance clean

# The main job: set up on a fresh machine and play in the terminal. Ctrl-C at the prompt
# leaves the game saved and the command ends with status 0, so make has nothing to report.
play: $(VENV)/.installed-play
	$(BIN)/mastermind play

# The web game, at http://127.0.0.1:8000/.
serve: $(VENV)/.installed-serve
	$(BIN)/mastermind serve

$(VENV)/.installed-serve: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[cli,solver,web]"
	touch $@

$(VENV)/.installed-play: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[cli,solver]"
	touch $@

# The edit loop, in about a minute: lint, the decider stage of the specification, and the
# tests that need no server, process, browser, build, fuzz, fault or proof (tests/tiers.py),
# with a tenth of each property's examples.
check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/behave --format progress --stop
	$(BIN)/python -m compileall -q mastermind
	$(BIN)/pytest --check --numprocesses auto --quiet

# Everything, in about ten minutes on 2 cores: a test whose server is missing fails rather than skips, and
# coverage must stay at its floor (pyproject.toml).
test: system-packages lint typecheck unit

system-packages:
	tools/system-packages.sh

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# One specification, several stages: each runs the same features through another way in.
# make test runs each of them once, as tests of tests/test_spec_package.py.
spec: $(STAMP)
	$(BIN)/behave --format progress
	$(BIN)/behave --format progress --stage service --tags "not @decider"
	$(BIN)/behave --format progress --stage cli --tags "not @decider"
	$(BIN)/behave --format progress --stage http --tags "not @decider"

# Every test, side by side on every core (a worker that runs out takes tests from the
# busiest), with branch coverage of the package in every
# process they start, combined; the docs and the wheel are built once, by the tests that
# need them. The package's bytecode is written first, as an installed wheel has it, so that
# the commands the tests start answer Ctrl-C from their first milliseconds.
unit: $(STAMP)
	$(BIN)/python -m compileall -q mastermind
	rm -f .coverage .coverage.*
	$(BIN)/coverage run -m pytest --require-servers --numprocesses $(WORKERS) --dist worksteal \
		--durations=25 $(PYTEST_OPTIONS); \
		status=$$?; $(BIN)/coverage combine --quiet; $(BIN)/coverage report || status=$$?; \
		exit $$status

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir $(VENV)/site

# Redraws the pictures of the terminal and of the web page in docs/images.
screenshots: $(STAMP)
	$(BIN)/python tools/terminal_screenshots.py
	$(BIN)/python tools/page_screenshots.py

# Measures everything side by side and rewrites docs/performance.md; takes a few minutes.
performance: $(STAMP)
	$(BIN)/python benchmarks/report.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
