#!/usr/bin/env bash
# `make fuzz`: builds the fuzz targets of Fuzz/ with the toolchain's libFuzzer and
# AddressSanitizer (Fuzz/toolset.json: every module instrumented, Hawser's included) and runs
# each target for FUZZ_SECONDS (default 60) from a seed corpus made of the project's own inputs:
# the fixtures and the examples (the demo app among them). What a run adds to a corpus stays in
# .build/fuzz/corpus/TARGET for the next run; a crash or broken invariant is written to
# .build/fuzz/crashes/TARGET/ and fails the run. Prints executions and time per target.
#   FUZZ_SECONDS=600 make fuzz          longer runs
#   FUZZ_TARGETS="html config" make fuzz  some targets only
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"javascript html swift-lexer swift-scan objc-lexer objc-scan config schema"}
work=.build/fuzz
# Swift's own crash reporter would race AddressSanitizer's.
export SWIFT_BACKTRACE=enable=no

mkdir -p "$work"
swift build --package-path Fuzz -c release --toolset Fuzz/toolset.json >"$work.build.log" 2>&1 || { cat "$work.build.log"; exit 1; }
binary=$(swift build --package-path Fuzz -c release --toolset Fuzz/toolset.json --show-bin-path)/hawser-fuzz

# The seed files of a target: the project's own inputs of its language, outputs excluded.
seeds() {
  local inputs=(Tests/Fixtures Examples)
  case "$1" in
    javascript) find "${inputs[@]}" -type f -name '*.js' -not -path '*/expected/*' ;;
    html) find "${inputs[@]}" -type f \( -name '*.html' -o -name '*.htm' \) ;;
    swift-lexer|swift-scan) find "${inputs[@]}" Sources/HawserCore/Generate -type f \( -name '*.swift' -o -name '*.swift.txt' \) -not -path '*/expected/*' ;;
    objc-lexer|objc-scan) find "${inputs[@]}" -type f \( -name '*.m' -o -name '*.mm' -o -name '*.h' \) ;;
    config) find "${inputs[@]}" -type f -name 'hawser.json' ;;
    schema) find "${inputs[@]}" -type f -path '*/schemas/*.json' ;;
  esac
}


failed=0
# First the inputs that once broke an invariant (Fuzz/Regressions/TARGET/), each run once.
for folder in Fuzz/Regressions/*/; do
  target=$(basename "$folder")
  files=("$folder"*)
  [ -e "${files[0]}" ] || continue
  if ! "$binary" "$target" "${files[@]}" >"$work/regressions-$target.log" 2>&1; then
    echo "regression inputs of $target fail: see $work/regressions-$target.log"; failed=1
  fi
done
printf '%-12s %12s %8s %s\n' target executions seconds result
for target in $targets; do
  corpus=$work/corpus/$target crashes=$work/crashes/$target
  mkdir -p "$corpus" "$crashes"
  seeds "$target" | sort | while read -r file; do cp "$file" "$corpus/seed-$(printf '%s' "$file" | tr '/' '_')"; done
  log=$work/$target.log
  start=$(date +%s)
  status=0
  "$binary" "$target" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$corpus" >"$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$status" -eq 0 ]; then result=ok; else result="FAILED (see $log)"; failed=1; fi
  printf '%-12s %12s %8s %s\n' "$target" "${runs:-?}" "$elapsed" "$result"
done
exit $failed
