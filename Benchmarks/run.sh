#!/usr/bin/env bash
# `make bench`: times the release binary on a synthetic project and prints throughput.
# Timing is wall-clock over the best of 3 runs; compare numbers from one machine only.
set -euo pipefail
cd "$(dirname "$0")/.."
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
