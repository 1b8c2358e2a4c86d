#!/usr/bin/env bash
# compare_tsc.mjs's own test: every case of selftest/pass must pass, and each case of
# selftest/fail must fail with the line of its expected-failure.txt (after "FAIL <case>: ").
set -euo pipefail
cd "$(dirname "$0")"
status=0
if ! out=$(node compare_tsc.mjs selftest/pass/*); then
  echo "$out"; echo "selftest: the pass cases failed"; status=1
fi
for case in selftest/fail/*; do
  want=$(cat "$case/expected-failure.txt")
  if out=$(node compare_tsc.mjs "$case"); then
    echo "selftest: $case passed, but must fail with: $want"; status=1
  elif ! grep -qxF "FAIL $case: $want" <<<"$out"; then
    echo "$out"; echo "selftest: $case did not fail with: $want"; status=1
  fi
done
[ $status = 0 ] && echo "compare_tsc selftest: $(ls -d selftest/pass/* | wc -l) pass cases passed, $(ls -d selftest/fail/* | wc -l) fail cases failed as expected"
exit $status
