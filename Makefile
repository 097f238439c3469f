# Two commands do all the set-up on a fresh machine:
#   make run   installs the app and serves it on http://127.0.0.1:8000 (SQLite)
#   make test  installs everything the tests need (incl. Debian's chromium) and runs every test
PYTHON ?= python3
PORT ?= 8000
export TABLEKEEPER_DATABASE ?= $(or $(DATABASE_URL),$(CURDIR)/tablekeeper.db)

.PHONY: install run serve test test-deps bench pyodide

install: pyodide
	$(PYTHON) -m pip install -q -e .
	$(PYTHON) -m whitenoise.compress -q pwa jpg jpeg png gif webp zip gz br wasm

# Pyodide (pinned, integrity-checked npm tarball) for offline play; binaries are not in git.
pyodide:
	$(PYTHON) tools/vendor_pyodide.py

run: install
	$(PYTHON) -m flask --app api init-db
	TABLEKEEPER_BIND=127.0.0.1:$(PORT) $(PYTHON) -m gunicorn -c gunicorn.conf.py "api:create_app()"

# Game night: the app behind Caddy (HTTPS for phones on the LAN), live updates from the stream service.
# Prints the address to open on the phones, its QR code and the local CA's root certificate (docs/deploy.md).
serve: install
	@command -v caddy >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null)
	$(PYTHON) -m pip install -q -e ".[streams]"
	PORT=$(PORT) $(PYTHON) deploy/serve.py

test-deps: pyodide
	$(PYTHON) -m pip install -q -e ".[test]"
	@command -v caddy >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null)
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null)

test: test-deps
	$(PYTHON) -m pytest

bench: install
	$(PYTHON) bench/engine_turns.py
