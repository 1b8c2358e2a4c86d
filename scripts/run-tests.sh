#!/usr/bin/env bash
# Runs every test suite of the project. Used by `make test` and so by CI.
set -euo pipefail
cd "$(dirname "$0")/.."

# The documentation names every diagnostic code, hawser.json key, command and option the
# sources define, and every relative link of README.md and Documentation/ resolves.
python3 Tests/Docs/docs_test.py

# No file of HawserCore names a type of a later stage (Documentation/architecture.md).
python3 scripts/check-stages.py
Tests/Stages/check-stages-test.sh

# The committed grammar sources are the pinned sdists' bytes (offline, by recorded SHA-256).
Tests/Grammar/verify-grammar-test.sh

# make build fails on a compile error and never marks a stale binary fresh.
Tests/Make/build-fails-on-error.sh
# make install puts the binary at $(DESTDIR)$(PREFIX)/bin, and make uninstall takes it away.
Tests/Make/install-test.sh

scripts/swift-build.sh --build-tests ${SWIFT_FLAGS:-}
swift test --skip-build --disable-swift-testing ${SWIFT_FLAGS:-}

# make bench runs (at a tiny scale, with the debug binaries; its figures are not checked here:
# performance is the benchmark's job, never a timed test's).
python3 Benchmarks/bench.py --scale 0.002 --runs 1 --hawser .build/debug/hawser --raw .build/debug/hawser-bench >/dev/null

# Thousands of mutated fixture inputs through the binary: exit 0 or 1, never a signal, in bounded time.
python3 Tests/Mutation/mutation-test.py --hawser .build/debug/hawser

# The committed demo output must be what userscripts/ builds to, with the top-level hawser.json.
.build/debug/hawser build --check

# The demo's TypeScript scripts type-check against the committed output/Bridge.d.ts through the
# scripts folder's tsconfig.json; a wrong payload fails at the field, naming the handler.
python3 Tests/TypeScript/demo_typecheck_test.py

# The demo's Swift package, built with the build-tool plugin, and its tests; the plugin's output
# is the committed output/.
Tests/Plugin/demo-package-test.sh

# Hawser as a dependency: a fresh clone of HEAD, the Package.swift of Documentation/build-integration.md, the plugin's
# incrementality, lint errors in the build, output identity, the command plugins.
Tests/Plugin/consumer-test.sh

# The syntax fixtures judged by node (V8) and by the binary, both ways (SyntaxFixtureTests judges them in process).
python3 Tests/Syntax/oracle_test.py --hawser .build/debug/hawser

# The injected runtime and the module registry (module-registry.test.js), under node's test runner.
HAWSER_BIN=.build/debug/hawser node --test Tests/Runtime/

# ES modules, CommonJS and npm packages: each fixture of Tests/Fixtures/modules bundled by esbuild
# and by hawser build, run in node, compared with the fixture's expected messages or error.
python3 Tests/Modules/compare_bundlers.py --hawser .build/debug/hawser

# TypeScript: the comparer's own cases, then the stripper's fixtures against tsc 4.8's output (tokens, positions, run.mjs).
if command -v tsc >/dev/null 2>&1; then Tests/TypeScript/selftest.sh; [ ! -d Tests/Fixtures/typescript ] || node Tests/TypeScript/compare_tsc.mjs; fi

# The output folder under kill -9, a concurrent build, a file in its place, read-only, full disk.
python3 Tests/Output/output_safety_test.py --hawser .build/debug/hawser

# The demo's emitted scripts in real WebKit (WebKitGTK under Xvfb), with the debug binary.
if [ "$(uname -s)" = "Linux" ]; then
  scripts/install-e2e-deps.sh
  xvfb-run -a /usr/bin/python3 Tests/E2E/webkit_e2e.py --hawser .build/debug/hawser
fi
