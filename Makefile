# Hawser: `make demo` and `make test` do all set-up on a fresh Debian machine.
# Every recipe runs in bash with -e and pipefail, so a failing command in a pipe fails the target.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
SWIFT ?= swift
SWIFT_FLAGS ?=
HAWSER := .build/release/hawser
# The demo: hawser.json at the top builds userscripts/ into the committed output/. The demo
# package (Examples/DemoApp) links that config into its target, and its build-tool plugin runs
# hawser here, so it writes the same bytes.
SOURCES := $(shell find Sources -name '*.swift' -o -name '*.h' -o -name '*.modulemap' -o -name '*.js' -o -name '*.swift.txt') Package.swift

.PHONY: all build deps build-deps install uninstall demo test sanitize e2e bench fuzz clean
all: build

# Everything the tests need (node, tsc, esbuild, npm packages), and what building needs.
deps:
	@scripts/install-deps.sh

# Only what building the tool needs (tree-sitter, JavaScriptCore on Linux, pkg-config).
build-deps:
	@scripts/install-deps.sh --build

build: build-deps $(HAWSER)

# The release binary on the PATH: $(DESTDIR)$(PREFIX)/bin/hawser (PREFIX=/usr/local by default).
# On Linux it links the Swift runtime of the toolchain that built it; add
# SWIFT_FLAGS=--static-swift-stdlib for a binary that runs where no toolchain is installed.
PREFIX ?= /usr/local
install: build
	@install -d "$(DESTDIR)$(PREFIX)/bin"
	@install -m 0755 $(HAWSER) "$(DESTDIR)$(PREFIX)/bin/hawser"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/hawser"

uninstall:
	@rm -f "$(DESTDIR)$(PREFIX)/bin/hawser"

$(HAWSER): $(SOURCES) Sources/TreeSitterJavaScript/grammar/SHA256SUMS
	@scripts/swift-build.sh -c release --product hawser $(SWIFT_FLAGS)
	@touch $(HAWSER)

demo: build
	@$(HAWSER) build

test: deps
	@scripts/run-tests.sh

# The Swift tests under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer; CI runs it
# after `make test` (.ci/run).
sanitize: deps
	@scripts/sanitize.sh

# The committed output/ in a real WebKit (WebKitGTK under Xvfb); `make test` runs it too, on Linux.
e2e: build
	@$(HAWSER) build --check
	@scripts/install-e2e-deps.sh
	@xvfb-run -a /usr/bin/python3 Tests/E2E/webkit_e2e.py

# Every performance figure from one run, as a table with ratios (Benchmarks/bench.py; BENCH_SCALE).
bench: deps build
	@scripts/swift-build.sh -c release --product hawser-bench $(SWIFT_FLAGS)
	@python3 Benchmarks/bench.py --scale $(or $(BENCH_SCALE),1)

# The fuzz targets (Fuzz/), libFuzzer and AddressSanitizer: FUZZ_SECONDS per target (default 60),
# FUZZ_TARGETS to pick some. Corpora and crashes stay in .build/fuzz/.
fuzz: deps
	@scripts/fuzz.sh

clean:
	rm -rf .build .build-sanitize
