#!/usr/bin/env bash
# Runs the Swift test suite under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer:
# `make sanitize`, which CI runs after `make test` (.ci/run). Each sanitizer builds into its own
# folder (.build-sanitize/address, .build-sanitize/thread), so the ordinary .build stays as it is
# and a second run is incremental. The tests run the `hawser` executable built beside them, so the
# CLI runs sanitized too; a report in it is a non-zero exit, and the test that ran it fails.
#
# Usage: scripts/sanitize.sh [address|thread]...   (default: both). SWIFT_TEST_FLAGS passes more
# flags to `swift test` (for example `--filter BuildCLITests`).
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)

# halt_on_error: the first report ends the process (ThreadSanitizer otherwise goes on and exits 66
# at the end; both fail the run). LeakSanitizer: see Tests/Sanitizers/lsan-suppressions.txt.
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:strict_string_checks=1:check_initialization_order=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$PWD/Tests/Sanitizers/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"

for sanitizer in "${sanitizers[@]}"; do
  case "$sanitizer" in
    address|thread) ;;
    *) echo "sanitize: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
  esac
  scratch=".build-sanitize/$sanitizer"
  started=$(date +%s)
  echo "sanitize: $sanitizer: building into $scratch" >&2
  # The gold linker warns once per sanitizer symbol it cannot export (hundreds of lines, harmless).
  scripts/swift-build.sh --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" 2>&1 \
    | { grep -v "ld.gold: warning: Cannot export local symbol" || true; }
  built=$(date +%s)
  echo "sanitize: $sanitizer: running the tests" >&2
  # shellcheck disable=SC2086
  swift test --skip-build --disable-swift-testing --sanitize="$sanitizer" --scratch-path "$scratch" ${SWIFT_TEST_FLAGS:-} 2>&1 \
    | grep -Ev "^Test (Case|Suite) '.*' (started|passed)" || { echo "sanitize: $sanitizer: FAILED" >&2; exit 1; }
  finished=$(date +%s)
  echo "sanitize: $sanitizer: passed (build $((built - started)) s, tests $((finished - built)) s)" >&2
done
