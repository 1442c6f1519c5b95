# Two commands on a fresh machine: `make run` (app + demo on SQLite) and `make test` (every check).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
PIP := $(BIN)/pip --quiet --disable-pip-version-check
# requirements.lock pins every package, indirect ones too, with hashes (main + dev, Python 3.11,
# Linux x86_64). `make lock` rewrites it from pyproject.toml; `make lock UPGRADE=1` also moves the
# indirect packages to their newest releases. uv only writes the lock: installing needs pip alone.
LOCK := requirements.lock
UV_VERSION := 0.13.9
export TORNEO_ENV ?= development

.PHONY: install run test lint contracts typecheck pytest bench chromium deploy-tools locale lock rules-doc clean

# Exactly the lock, then the project itself without letting pip pick anything else.
$(STAMP): $(LOCK) pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install -r $(LOCK)
	$(PIP) install --no-deps -e .
	touch $(STAMP)

# The project's bytecode, compiled ahead: where PYTHONDONTWRITEBYTECODE is set (containers, this
# machine) an editable install would otherwise compile every module at every start of `torneo`
# (issue 14 item 1: 35-80 ms of each command). Up to date, this takes a tenth of a second.
install: $(STAMP) locale
	@$(BIN)/python -m compileall -q src

lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install uv==$(UV_VERSION)
	$(BIN)/uv pip compile pyproject.toml --extra dev --python-version 3.11 \
	  --python-platform x86_64-unknown-linux-gnu --generate-hashes \
	  --custom-compile-command "make lock" $(if $(UPGRADE),--upgrade) --quiet -o $(LOCK)

# Babel catalogs: the .po files are the source, the .mo files are built here.
locale: $(STAMP)
	@if [ -d src/torneo/locale ]; then $(BIN)/pybabel compile -d src/torneo/locale -D messages; fi

run: install
	$(BIN)/torneo db upgrade
	$(BIN)/torneo demo --if-empty
	$(BIN)/torneo serve --host 127.0.0.1 --port 8000

# Import contracts ([tool.importlinter] in pyproject.toml): the rooms of each discipline are
# written by tools/import_contracts.py from the tree (`make contracts` after adding a module).
lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools
	$(BIN)/python tools/module_size.py
	$(BIN)/python tools/import_contracts.py --check
	$(BIN)/lint-imports --no-cache

contracts: $(STAMP)
	$(BIN)/python tools/import_contracts.py

# docs/rules.md: refresh the "where" columns (code and tests naming each rule id).
rules-doc: $(STAMP)
	$(BIN)/python tools/rules_index.py

typecheck: $(STAMP)
	$(BIN)/mypy

# Browser tests drive Debian's Chromium (Playwright's own download does not work here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || echo "chromium could not be installed: browser tests will skip"; \
	  else echo "chromium missing and not root: browser tests will skip"; fi; }

# The deployment files' tests read deploy/ with nginx -t and systemd-analyze (issue 31).
deploy-tools:
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
	  if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq nginx-light openssl >/dev/null) || echo "nginx could not be installed: its tests will skip"; \
	  else echo "nginx missing and not root: its tests will skip"; fi; }

pytest: install chromium deploy-tools
	$(BIN)/pytest -n 2 --dist loadgroup -q

test: lint typecheck pytest

bench: install
	@for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache torneo.db
