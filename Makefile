# Two commands on a fresh machine: `make run` (app + demo on SQLite) and `make test` (every check).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
DEV_STAMP := $(VENV)/.installed-dev-stamp
PIP := $(BIN)/pip --quiet --disable-pip-version-check
# Two locks pin every package, indirect ones too, with hashes (Python 3.11, Linux x86_64):
# requirements.lock what running needs (`make run`), requirements-dev.lock that plus the tools of
# `make test` (pytest, ruff, mypy, Playwright …), the same versions of the shared ones.
# `make lock` rewrites both from pyproject.toml; `make lock UPGRADE=1` also moves the indirect
# packages to their newest releases. uv only writes the locks: installing needs pip alone.
LOCK := requirements.lock
DEV_LOCK := requirements-dev.lock
UV_VERSION := 0.13.9
export TORNEO_ENV ?= development

.PHONY: install install-dev run test lint contracts typecheck pytest bench chromium deploy-tools locale lock rules-doc clean

# Exactly the lock, then the project itself without letting pip pick anything else.
$(STAMP): $(LOCK) pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install -r $(LOCK)
	$(PIP) install --no-deps -e .
	touch $(STAMP)

# The development tools on top (issue 30 item 9: `make run` no longer waits for them).
$(DEV_STAMP): $(DEV_LOCK) $(STAMP)
	$(PIP) install -r $(DEV_LOCK)
	touch $(DEV_STAMP)

# The project's bytecode, compiled ahead: where PYTHONDONTWRITEBYTECODE is set (containers, this
# machine) an editable install would otherwise compile every module at every start of `torneo`
# (issue 14 item 1: 35-80 ms of each command). Up to date, this takes a tenth of a second.
install: $(STAMP) locale
	@$(BIN)/python -m compileall -q src

install-dev: install $(DEV_STAMP)

lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install uv==$(UV_VERSION)
	$(BIN)/uv pip compile pyproject.toml --extra dev --python-version 3.11 \
	  --python-platform x86_64-unknown-linux-gnu --generate-hashes \
	  --custom-compile-command "make lock" $(if $(UPGRADE),--upgrade) --quiet -o $(DEV_LOCK)
	$(BIN)/uv pip compile pyproject.toml --python-version 3.11 \
	  --python-platform x86_64-unknown-linux-gnu --generate-hashes -c $(DEV_LOCK) \
	  --custom-compile-command "make lock" --quiet -o $(LOCK)

# Babel catalogs: the .po files are the source, the .mo files are built here.
locale: $(STAMP)
	@if [ -d src/torneo/locale ]; then $(BIN)/pybabel compile -d src/torneo/locale -D messages; fi

run: install
	$(BIN)/torneo db upgrade
	$(BIN)/torneo demo --if-empty
	$(BIN)/torneo serve --host 127.0.0.1 --port 8000

# Import contracts ([tool.importlinter] in pyproject.toml): the rooms of each discipline are
# written by tools/import_contracts.py from the tree (`make contracts` after adding a module).
lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools
	$(BIN)/python tools/module_size.py
	$(BIN)/python tools/import_contracts.py --check
	$(BIN)/lint-imports --no-cache

contracts: $(DEV_STAMP)
	$(BIN)/python tools/import_contracts.py

# docs/rules.md: refresh the "where" columns (code and tests naming each rule id).
rules-doc: $(DEV_STAMP)
	$(BIN)/python tools/rules_index.py

typecheck: $(DEV_STAMP)
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

# Four workers on two cores: much of the suite waits (servers starting, browsers, PostgreSQL,
# live pages) rather than computes, so two more workers fill the cores while others wait.
pytest: install-dev chromium deploy-tools
	$(BIN)/pytest -n 4 --dist loadgroup -q

test: lint typecheck pytest

bench: install-dev
	@for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache torneo.db
