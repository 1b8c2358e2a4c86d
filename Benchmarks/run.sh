#!/usr/bin/env bash
# `make bench`: times the release binary on a synthetic project and prints throughput.
# Timing is wall-clock over the best of 3 runs; compare numbers from one machine only.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
hawser="$PWD/.build/release/hawser"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bytes=$(python3 Benchmarks/make_corpus.py "$work" "${BENCH_FILES:-300}")
cd "$work"
best() {
  local best_ms=
  for _ in 1 2 3; do
    local start end ms
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    if [ -z "$best_ms" ] || [ "$ms" -lt "$best_ms" ]; then best_ms=$ms; fi
  done
  echo "$best_ms"
}
for command in lint build; do
  ms=$(best "$hawser" "$command")
  awk -v b="$bytes" -v ms="$ms" -v c="$command" 'BEGIN { printf "hawser %-5s %7.2f MB of JavaScript in %5d ms: %6.2f MB/s\n", c, b / 1e6, ms, (b / 1e6) / (ms / 1000) }'
done

# The Swift scan with the full name resolution, on one core, on generated app-shaped Swift
# (BENCH_SWIFT_FILES files, 5,000 by default: about a million lines, issue 11's scale).
mkdir -p "$work/swift" "$work/nojs"
read -r swift_bytes swift_lines < <(python3 "$root/Benchmarks/make_swift_corpus.py" "$work/swift" "${BENCH_SWIFT_FILES:-5000}")
pin=()
if command -v taskset >/dev/null 2>&1; then pin=(taskset -c 0); fi
ms=$(best "${pin[@]}" "$hawser" lint --scripts "$work/nojs" --swift "$work/swift")
awk -v b="$swift_bytes" -v l="$swift_lines" -v ms="$ms" 'BEGIN { printf "hawser swift %7.2f MB of Swift (%d lines) in %5d ms, one core: %6.2f MB/s\n", b / 1e6, l, ms, (b / 1e6) / (ms / 1000) }'
