#!/usr/bin/env bash
# Runs every test suite of the project. Used by `make test` and so by CI.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests ${SWIFT_FLAGS:-} 2>&1 | { grep -Ev '^(\[[0-9]+/[0-9]+\]|Building for|Write swift-version|Compiling|Build of product)' || true; }
swift test --skip-build --disable-swift-testing ${SWIFT_FLAGS:-}

# The committed demo output must be what the sources build to.
.build/debug/hawser build --check

# The injected runtime, under node's test runner.
node --test Tests/Runtime/

# The demo's emitted scripts in real WebKit (WebKitGTK under Xvfb), with the debug binary.
if [ "$(uname -s)" = "Linux" ]; then
  scripts/install-e2e-deps.sh
  xvfb-run -a /usr/bin/python3 Tests/E2E/webkit_e2e.py --hawser .build/debug/hawser
fi
