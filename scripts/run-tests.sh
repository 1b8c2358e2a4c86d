#!/usr/bin/env bash
# Runs every test suite of the project. Used by `make test` and so by CI.
set -euo pipefail
cd "$(dirname "$0")/.."

# No file of HawserCore names a type of a later stage (ARCHITECTURE.md).
python3 scripts/check-stages.py
Tests/Stages/check-stages-test.sh

# The committed grammar sources are the pinned sdists' bytes (offline, by recorded SHA-256).
Tests/Grammar/verify-grammar-test.sh

# make build fails on a compile error and never marks a stale binary fresh.
Tests/Make/build-fails-on-error.sh

scripts/swift-build.sh --build-tests ${SWIFT_FLAGS:-}
swift test --skip-build --disable-swift-testing ${SWIFT_FLAGS:-}

# make bench runs (at a tiny scale, with the debug binaries; its figures are not checked here:
# performance is the benchmark's job, never a timed test's).
python3 Benchmarks/bench.py --scale 0.002 --runs 1 --hawser .build/debug/hawser --raw .build/debug/hawser-bench >/dev/null

# Thousands of mutated fixture inputs through the binary: exit 0 or 1, never a signal, in bounded time.
python3 Tests/Mutation/mutation-test.py --hawser .build/debug/hawser

# The committed demo output must be what the sources build to.
.build/debug/hawser build --check

# The injected runtime, under node's test runner.
HAWSER_BIN=.build/debug/hawser node --test Tests/Runtime/

# The output folder under kill -9, a concurrent build, a file in its place, read-only, full disk.
python3 Tests/Output/output_safety_test.py --hawser .build/debug/hawser

# The demo's emitted scripts in real WebKit (WebKitGTK under Xvfb), with the debug binary.
if [ "$(uname -s)" = "Linux" ]; then
  scripts/install-e2e-deps.sh
  xvfb-run -a /usr/bin/python3 Tests/E2E/webkit_e2e.py --hawser .build/debug/hawser
fi
