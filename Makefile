# Student Books: `make run` serves the shop, `make test` runs every test, `make bench` prints figures.
# Each target installs what it needs first; stamps make a second run skip work already done.
SHELL := /bin/bash
PY := .venv/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
export HOST PORT

.PHONY: run test lint format bench build install chromium wrk nginx cluster clean

run: install build
	$(PY) -m app

test: lint build chromium nginx
	$(PY) -m db.ledger_check --seed
	$(PY) -m pytest

# The house rules: ruff's checks and format, the import layers (pyproject.toml) and no import
# circle, ESLint and Prettier on the JavaScript. `make format` fixes what can be fixed by itself.
lint: install
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/lint-imports --no-cache
	$(PY) -m tools.import_cycles
	npm run --silent lint

format: install
	.venv/bin/ruff check --fix .
	.venv/bin/ruff format .
	npm run --silent format

bench: install build chromium wrk nginx
	$(PY) -m bench

install: .venv/.installed node_modules/.installed

.venv/.installed: requirements.txt requirements-dev.txt
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules/.installed: package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The build is redone only when a component, the build script or the lock file changed.
build: static/build/manifest.json
static/build/manifest.json: build.py package-lock.json $(shell find components -type f 2>/dev/null)
	$(PY) build.py

# Browser tests drive Debian's Chromium, never a downloaded browser.
chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The caching reverse proxy of deploy/nginx-cache.conf, which a test runs in front of the shop
# (the test is skipped, not failed, where it cannot be installed).
nginx:
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; } || echo "nginx could not be installed: tests/test_nginx_cache.py and tests/test_cluster.py will be skipped"

# Several instances on one PostgreSQL database behind nginx (deploy/cluster.py: DATABASE_URL,
# INSTANCES, PORT); Ctrl-C stops everything.
cluster: install build nginx
	$(PY) -m deploy.cluster

# The load generator of the cache benchmark.
wrk:
	@command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }

clean:
	rm -rf static/build .venv node_modules data
