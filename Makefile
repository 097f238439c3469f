# Two commands do all the set-up on a fresh machine:
#   make run   installs the app and serves it on http://127.0.0.1:8000 (SQLite)
#   make test  installs everything the tests need (incl. Debian's chromium) and runs every test
PYTHON ?= python3
PORT ?= 8000
export TABLEKEEPER_DATABASE ?= $(or $(DATABASE_URL),$(CURDIR)/tablekeeper.db)
# The phone's engine bundle carries bytecode when a CPython of Pyodide's version (3.12) is at hand
# (docs/decisions/engine-bytecode.md): Debian 12 ships 3.11, so a pyenv-installed 3.12 is used if there is one.
# The app gets it (run, serve); the tests only where they check the bytecode (each test server would compile).
ENGINE_PYTHON ?= $(lastword $(wildcard $(or $(PYENV_ROOT),$(HOME)/.pyenv)/versions/3.12*/bin/python3.12) $(wildcard /usr/bin/python3.12))

.PHONY: install run serve test test-deps bench pyodide

install: pyodide
	$(PYTHON) -m pip install -q -e .
	$(PYTHON) -m whitenoise.compress -q pwa jpg jpeg png gif webp zip gz br wasm

# Pyodide (pinned, integrity-checked npm tarball) for offline play; binaries are not in git.
pyodide:
	$(PYTHON) tools/vendor_pyodide.py

run: install
	$(PYTHON) -m flask --app api init-db
	TABLEKEEPER_ENGINE_PYTHON=$${TABLEKEEPER_ENGINE_PYTHON:-$(ENGINE_PYTHON)} TABLEKEEPER_BIND=127.0.0.1:$(PORT) $(PYTHON) -m gunicorn -c gunicorn.conf.py "api:create_app()"

# Game night: the app behind Caddy (HTTPS for phones on the LAN), live updates from the stream service.
# Prints the address to open on the phones, its QR code and the local CA's root certificate (docs/deploy.md).
serve: install
	@command -v caddy >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null)
	$(PYTHON) -m pip install -q -e ".[streams]"
	TABLEKEEPER_ENGINE_PYTHON=$${TABLEKEEPER_ENGINE_PYTHON:-$(ENGINE_PYTHON)} PORT=$(PORT) $(PYTHON) deploy/serve.py

test-deps: pyodide
	$(PYTHON) -m pip install -q -e ".[test]"
	@command -v caddy >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null)
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null)

# Python's bytecode cache on even where the machine turns it off (PYTHONDONTWRITEBYTECODE=1 here): else every test
# server's workers compile the app again and every xdist worker rewrites every test module's asserts (docs/testing.md).
test: test-deps
	PYTHONDONTWRITEBYTECODE= TABLEKEEPER_TEST_ENGINE_PYTHON=$(ENGINE_PYTHON) $(PYTHON) -m pytest

bench: install
	$(PYTHON) bench/engine_turns.py
