#!/usr/bin/env bash
# The committed grammar sources are the pinned sdists' bytes: `fetch-grammar.sh --verify` passes on
# the committed folders (JavaScript, TypeScript), and fails on a changed byte, a missing file and an
# unpinned extra file in either.
set -euo pipefail
cd "$(dirname "$0")/../.."
script=scripts/fetch-grammar.sh
grammar=Sources/TreeSitterJavaScript/grammar
typescript_grammar=Sources/TreeSitterTypeScript/grammar

"$script" --verify

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect_failure() {
  local what=$1 pattern=$2
  if GRAMMAR_DIR="$tmp/g" TYPESCRIPT_GRAMMAR_DIR="$tmp/t" "$script" --verify 2>"$tmp/err"; then
    echo "verify-grammar-test: --verify passed with $what" >&2; exit 1
  fi
  grep -q -- "$pattern" "$tmp/err" || { echo "verify-grammar-test: $what: unexpected message:" >&2; cat "$tmp/err" >&2; exit 1; }
}
fresh() { rm -rf "$tmp/g" "$tmp/t"; cp -R "$grammar" "$tmp/g"; cp -R "$typescript_grammar" "$tmp/t"; }

fresh
GRAMMAR_DIR="$tmp/g" TYPESCRIPT_GRAMMAR_DIR="$tmp/t" "$script" --verify

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

# The same checks in the TypeScript folder, whose files sit in subfolders (typescript/, tsx/).
fresh
python3 - "$tmp/t/tsx/parser.c" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
b[b.index(b'e')] = ord('E')
open(p, 'wb').write(bytes(b))
PY
expect_failure "a changed byte in tsx/parser.c" "differ from the recorded SHA-256"

fresh; rm "$tmp/t/typescript/scanner.c"
expect_failure "typescript/scanner.c missing" "differ from the recorded SHA-256"

# The project's own scanner header belongs in common/, outside the pinned folder: put inside,
# it is an unpinned file.
fresh; cp Sources/TreeSitterTypeScript/common/scanner.h "$tmp/t/typescript/scanner.h"
expect_failure "an extra file in a subfolder" "files in the grammar folder that no pin covers: typescript/scanner.h"

fresh; sed -i 's/tree-sitter-typescript==0.23.2/tree-sitter-typescript==0.23.0/' "$tmp/t/PINNED"
expect_failure "the TypeScript PINNED naming another version" "does not name the pins"

fresh; sed -i '/tsx\/scanner.c/d' "$tmp/t/SHA256SUMS"
expect_failure "SHA256SUMS not listing tsx/scanner.c" "SHA256SUMS lists"

echo "verify-grammar-test: ok"
