# coach — the two commands a newcomer needs: `make demo` and `make test`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps test-deps build demo test test-server test-server-run test-future faketime-clean lint format bench clean install uninstall

## Install what is missing (Debian/Ubuntu): libsodium, SQLite and zlib headers, pkg-config, python3.
deps:
	@if ! pkg-config --exists libsodium 2>/dev/null || ! pkg-config --exists sqlite3 2>/dev/null \
		|| ! pkg-config --exists zlib 2>/dev/null; then \
		echo "installing libsodium-dev, libsqlite3-dev, zlib1g-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) apt-get install -y -qq libsodium-dev libsqlite3-dev zlib1g-dev pkg-config; \
	fi
	@if ! command -v python3 >/dev/null 2>&1; then \
		echo "installing python3 and tzdata (for the metric cross-check)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3 tzdata; \
	fi
	@if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then \
		echo "installing python3-venv (the FIT cross-check installs fitdecode in a venv)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv; \
	fi
	@if ! command -v xmllint >/dev/null 2>&1; then \
		echo "installing libxml2-utils (xmllint, the parse floor in Benchmarks/imports.sh)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libxml2-utils; \
	fi

## What the test suite needs beyond the build: Chromium, to open the HTML reports headless
## and to run the web check-in page (the server's browser suites fail without it);
## faketime, to run the suites again with the system clock a year ahead; sqlite3, which the
## insider tests use to play someone editing the file; zbarimg, to scan the QR codes coach
## draws.
test-deps: deps
	@if ! command -v chromium >/dev/null 2>&1; then \
		echo "installing chromium (the report tests open pages in it headless)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; \
	fi
	@if ! command -v faketime >/dev/null 2>&1 || ! command -v sqlite3 >/dev/null 2>&1; then \
		echo "installing faketime and sqlite3 (the clock guard and the insider tests)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq faketime sqlite3; \
	fi
	@if ! command -v zbarimg >/dev/null 2>&1; then \
		echo "installing zbar-tools (the QR code tests scan the codes coach draws)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq zbar-tools; \
	fi
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then \
		echo "installing postgresql (the club server's suites start a throw-away cluster each)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq postgresql; \
	fi

build: deps
	$(SWIFT) build

## Build and run the main job: a throw-away demo workspace with a coach and three athletes.
demo: build
	$(SWIFT) run -q coach demo

## Install the release build as $(PREFIX)/bin/coach (default /usr/local; DESTDIR for staging),
## with shell completion scripts for bash, zsh and fish.
PREFIX ?= /usr/local
BINDIR := $(DESTDIR)$(PREFIX)/bin
SHAREDIR := $(DESTDIR)$(PREFIX)/share
install: deps
	$(SWIFT) build -c release --product coach
	install -d $(BINDIR) $(SHAREDIR)/bash-completion/completions $(SHAREDIR)/zsh/site-functions \
		$(SHAREDIR)/fish/vendor_completions.d
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/coach" $(BINDIR)/coach
	$(BINDIR)/coach --generate-completion-script bash > $(SHAREDIR)/bash-completion/completions/coach
	$(BINDIR)/coach --generate-completion-script zsh > $(SHAREDIR)/zsh/site-functions/_coach
	$(BINDIR)/coach --generate-completion-script fish > $(SHAREDIR)/fish/vendor_completions.d/coach.fish
	@echo "installed $(BINDIR)/coach"

uninstall:
	rm -f $(BINDIR)/coach $(SHAREDIR)/bash-completion/completions/coach \
		$(SHAREDIR)/zsh/site-functions/_coach $(SHAREDIR)/fish/vendor_completions.d/coach.fish

## Lint, build with the module-boundary check, and run the whole test suite. The metric
## cross-check runs Tests/CrossCheck/crosscheck.py (python3 3.9+, standard library only, so no
## virtual environment is needed); here a missing python3 fails the suite instead of skipping it.
CHECKS := --explicit-target-dependency-import-check error
test: test-deps lint
	$(SWIFT) build $(CHECKS)
	COACH_REQUIRE_CROSSCHECK=1 $(SWIFT) test $(CHECKS)
	cd Server && $(SWIFT) build --build-tests
	$(MAKE) --no-print-directory -j2 --output-sync=target test-server-run test-future

## The club server (the Server/ package): its build and its suites against throw-away
## PostgreSQL clusters. Here a machine without PostgreSQL fails instead of skipping.
## `make test` runs these suites beside the time-bomb guard once both packages are built: the
## scripts mostly wait on servers and PostgreSQL, so the two cores overlap them.
test-server: test-deps
	cd Server && $(SWIFT) build --build-tests
	$(MAKE) --no-print-directory test-server-run

test-server-run:
	cd Server && COACH_REQUIRE_PG=1 $(SWIFT) test --skip-build
	bash Tests/e2e/sync-smoke.sh
	bash Tests/e2e/sync-robustness.sh
	bash Tests/e2e/sync-invite.sh
	bash Tests/e2e/sync-join.sh
	bash Tests/e2e/sync-roster.sh
	bash Tests/e2e/sync-revocation.sh
	bash Tests/e2e/readme-server.sh
	bash Tests/e2e/sync-passwd.sh
	bash Tests/e2e/checkin-pair.sh
	bash Tests/e2e/sync-log.sh
	bash Tests/e2e/sync-reset-queue.sh
	bash Tests/e2e/sync-redact.sh

## The time-bomb guard: the suites that replay fixed days run again with the system clock
## FUTURE ahead (libfaketime), so a test that mixes a fixed "now" with the real clock fails a
## year before its date comes. The faketime wrapper (not a bare LD_PRELOAD) sets the library
## up before Swift reads its arguments. Run after `make test` has built the tests.
FUTURE ?= +365d
FUTURE_SUITES := \.($(shell paste -sd'|' Tests/clock-suites.txt))/
test-future: test-deps
	@command -v faketime >/dev/null 2>&1 || { echo "faketime is missing: apt-get install faketime"; exit 1; }
	@$(MAKE) --no-print-directory faketime-clean
	FAKETIME_DONT_FAKE_MONOTONIC=1 COACH_REQUIRE_CROSSCHECK=1 faketime -f '$(FUTURE)' \
		"$$($(SWIFT) build --show-bin-path)/coachPackageTests.xctest" --testing-library swift-testing \
		--filter '$(FUTURE_SUITES)'

## libfaketime names its semaphore and shared memory after the process id and leaves them in
## /dev/shm when that process is killed; the wrapper then refuses to start ("sem_open: File
## exists") once a later process gets the same id. Remove the ones whose process is gone (or
## is no longer a libfaketime process), never another live run's.
faketime-clean:
	@for f in /dev/shm/sem.faketime_sem_* /dev/shm/faketime_shm_*; do \
		[ -e "$$f" ] || continue; p=$${f##*_}; \
		grep -qs libfaketime /proc/$$p/maps && continue; \
		[ "$$(cat /proc/$$p/comm 2>/dev/null)" = faketime ] && continue; \
		rm -f "$$f" 2>/dev/null || true; \
	done

## swift-format (shipped with the toolchain), with the checked-in .swift-format, warnings as errors.
lint:
	$(SWIFT) format lint --strict --recursive Sources Plugins Tests Package.swift \
		Server/Sources Server/Tests Server/Package.swift

## Rewrite the sources in the checked-in style.
format:
	$(SWIFT) format format --in-place --recursive Sources Plugins Tests Package.swift \
		Server/Sources Server/Tests Server/Package.swift

clean:
	rm -rf .build Server/.build
