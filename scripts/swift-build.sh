#!/usr/bin/env bash
# `swift build` with its progress lines filtered out. Exits with swift build's own status, so a
# compile error fails `make build`, `make demo`, `make e2e` and `make test`; a failed build never
# leaves the previous binary looking fresh.
set -uo pipefail
swift=${SWIFT:-swift}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$swift" build "$@" >"$log" 2>&1
status=$?
grep -Ev '^(\[[0-9]+/[0-9]+\]|Building for|Write swift-version|Compiling|Build of product|Build complete)' "$log" || true
if [ "$status" -ne 0 ]; then
  echo "swift build $* failed (exit $status)" >&2
fi
exit "$status"
