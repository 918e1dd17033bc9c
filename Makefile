# coach — the two commands a newcomer needs: `make demo` and `make test`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps test-deps build demo test bench clean

## Install what is missing (Debian/Ubuntu): libsodium, SQLite headers, pkg-config.
deps:
	@if ! pkg-config --exists libsodium 2>/dev/null || ! pkg-config --exists sqlite3 2>/dev/null; then \
		echo "installing libsodium-dev, libsqlite3-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libsodium-dev libsqlite3-dev pkg-config; \
	fi

## What the test suite needs beyond the build: Chromium, to open the HTML reports headless.
test-deps: deps
	@if ! command -v chromium >/dev/null 2>&1; then \
		echo "installing chromium (the report tests open pages in it headless)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; \
	fi

build: deps
	$(SWIFT) build

## Build and run the main job: a throw-away demo workspace with a coach and three athletes.
demo: build
	$(SWIFT) run -q coach demo

## Build and run the whole test suite.
test: test-deps
	$(SWIFT) build
	$(SWIFT) test

clean:
	rm -rf .build
