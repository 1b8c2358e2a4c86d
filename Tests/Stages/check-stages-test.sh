#!/usr/bin/env bash
# scripts/check-stages.py fails on a tree where an earlier stage names a later stage's type
# (or a front end another front end's), and passes where only strings and comments do.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-stages-test: $*" >&2; exit 1; }

mkdir -p "$work/Model" "$work/Analysis" "$work/FrontEnds/Swift" "$work/FrontEnds/JavaScript"
cat >"$work/Model/Word.swift" <<'SWIFT'
struct Word { var text: String }
SWIFT
cat >"$work/Analysis/Checker.swift" <<'SWIFT'
/// Checks Words; a `Checker` reads them.
enum Checker { static func check(_ word: Word) -> Bool { !word.text.isEmpty } }
SWIFT
cat >"$work/FrontEnds/Swift/Scanner.swift" <<'SWIFT'
// Mentions Checker in a comment and "Checker" in a string: neither is a use.
struct Scanner { let name = "Checker \(1)"; var words: [Word] = [] }
SWIFT
cat >"$work/FrontEnds/JavaScript/Walker.swift" <<'SWIFT'
struct Walker { var scanner: Scanner? = nil }
SWIFT
cat >"$work/Pipeline.swift" <<'SWIFT'
enum Pipeline { static func run() -> Bool { Checker.check(Word(text: "x")) } }
SWIFT

# A front end naming another front end's type is reported; strings and comments are not.
out=$(python3 "$here/scripts/check-stages.py" "$work" 2>&1) && fail "passed with a sibling use: $out"
grep -q "FrontEnds/JavaScript/Walker.swift:1: FrontEnds/JavaScript/ uses Scanner from FrontEnds/Swift/, a sibling stage" <<<"$out" \
  || fail "sibling use not reported: $out"
grep -q "Checker" <<<"$out" && fail "a comment or string counted as a use: $out"

# An earlier stage naming a later one is reported with its file and line.
printf 'struct Word { var text: String; var checked: Checker? }\n' >"$work/Model/Word.swift"
rm "$work/FrontEnds/JavaScript/Walker.swift"
out=$(python3 "$here/scripts/check-stages.py" "$work" 2>&1) && fail "passed with a later-stage use: $out"
grep -q "Model/Word.swift:1: Model/ uses Checker from Analysis/, a later stage" <<<"$out" || fail "later use not reported: $out"

# The clean tree passes.
printf 'struct Word { var text: String }\n' >"$work/Model/Word.swift"
python3 "$here/scripts/check-stages.py" "$work" >/dev/null || fail "a clean tree failed"
echo "check-stages-test: later-stage and sibling uses are reported, strings and comments are not"
