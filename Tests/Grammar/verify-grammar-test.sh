#!/usr/bin/env bash
# The committed grammar sources are the pinned sdists' bytes: `fetch-grammar.sh --verify` passes on
# the committed folder, and fails on a changed byte, a missing file and an unpinned extra file.
set -euo pipefail
cd "$(dirname "$0")/../.."
script=scripts/fetch-grammar.sh
grammar=Sources/TreeSitterJavaScript/grammar

"$script" --verify

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect_failure() {
  local what=$1 pattern=$2
  if GRAMMAR_DIR="$tmp/g" "$script" --verify 2>"$tmp/err"; then
    echo "verify-grammar-test: --verify passed with $what" >&2; exit 1
  fi
  grep -q -- "$pattern" "$tmp/err" || { echo "verify-grammar-test: $what: unexpected message:" >&2; cat "$tmp/err" >&2; exit 1; }
}
fresh() { rm -rf "$tmp/g"; cp -R "$grammar" "$tmp/g"; }

fresh
GRAMMAR_DIR="$tmp/g" "$script" --verify

fresh
# One byte of parser.c changed (the first 'e' becomes 'E').
python3 - "$tmp/g/parser.c" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
b[b.index(b'e')] = ord('E')
open(p, 'wb').write(bytes(b))
PY
expect_failure "a changed byte in parser.c" "differ from the recorded SHA-256"

fresh; rm "$tmp/g/LICENSE"
expect_failure "LICENSE missing" "differ from the recorded SHA-256"

fresh; echo '// extra' > "$tmp/g/extra.c"
expect_failure "an extra file" "files in the grammar folder that no pin covers: extra.c"

fresh; sed -i 's/0.23.1/0.23.0/' "$tmp/g/PINNED"
expect_failure "PINNED naming other versions" "does not name the pins"

echo "verify-grammar-test: ok"
