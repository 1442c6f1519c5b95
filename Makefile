# Two commands on a fresh machine: `make run` (app + demo on SQLite) and `make test` (every check).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
export TORNEO_ENV ?= development

.PHONY: install run test lint typecheck pytest bench chromium locale clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

install: $(STAMP) locale

# Babel catalogs: the .po files are the source, the .mo files are built here.
locale: $(STAMP)
	@if [ -d src/torneo/locale ]; then $(BIN)/pybabel compile --use-fuzzy -d src/torneo/locale -D messages; fi

run: install
	$(BIN)/torneo db upgrade
	$(BIN)/torneo demo --if-empty
	$(BIN)/torneo serve --host 127.0.0.1 --port 8000

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools
	$(BIN)/python tools/module_size.py

typecheck: $(STAMP)
	$(BIN)/mypy

# Browser tests drive Debian's Chromium (Playwright's own download does not work here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || echo "chromium could not be installed: browser tests will skip"; \
	  else echo "chromium missing and not root: browser tests will skip"; fi; }

pytest: install chromium
	$(BIN)/pytest -n 2 -q

test: lint typecheck pytest

bench: install
	@for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache torneo.db
