#!/usr/bin/env bash
# Fetches the pinned tree-sitter-javascript grammar sources (and the matching parser.h)
# from PyPI sdists, verifies their SHA-256, and extracts them into a git-ignored folder.
# Does nothing when the folder already holds the pinned version.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
dest="$here/Sources/TreeSitterJavaScript/grammar"
stamp="$dest/.pinned"

JS_VERSION=0.23.1
JS_SHA256=b2059ce8b150162cda05a457ca3920450adbf915119c04b8c67b5241cd7fcfed
TS_VERSION=0.23.2
TS_SHA256=66bae8dd47f1fed7bdef816115146d3a41c39b5c482d7bad36d9ba1def088450
want="tree-sitter-javascript==$JS_VERSION $JS_SHA256 tree-sitter==$TS_VERSION $TS_SHA256"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
   && [ -f "$dest/parser.c" ] && [ -f "$dest/scanner.c" ] && [ -f "$dest/tree_sitter/parser.h" ]; then
  exit 0
fi

pip=${PIP:-}
if [ -z "$pip" ]; then
  if command -v pip3 >/dev/null 2>&1; then pip=pip3; else pip=pip; fi
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "fetch-grammar: downloading tree-sitter-javascript $JS_VERSION and tree-sitter $TS_VERSION sdists" >&2
"$pip" download --quiet --no-deps --no-binary :all: --dest "$work" \
  "tree-sitter-javascript==$JS_VERSION" "tree-sitter==$TS_VERSION" >&2

verify() {
  local file=$1 expected=$2 actual
  actual=$(sha256sum "$file" | cut -d' ' -f1)
  if [ "$actual" != "$expected" ]; then
    echo "fetch-grammar: $(basename "$file"): SHA-256 $actual, expected $expected" >&2
    exit 1
  fi
}
js_tar="$work/tree_sitter_javascript-$JS_VERSION.tar.gz"
ts_tar="$work/tree-sitter-$TS_VERSION.tar.gz"
verify "$js_tar" "$JS_SHA256"
verify "$ts_tar" "$TS_SHA256"

tar -xzf "$js_tar" -C "$work"
tar -xzf "$ts_tar" -C "$work"
js_src="$work/tree_sitter_javascript-$JS_VERSION"
ts_src="$work/tree-sitter-$TS_VERSION"

rm -rf "$dest"
mkdir -p "$dest/tree_sitter"
cp "$js_src/src/parser.c" "$js_src/src/scanner.c" "$dest/"
cp "$ts_src/tree_sitter/core/lib/src/parser.h" "$dest/tree_sitter/parser.h"
cp "$js_src/LICENSE" "$dest/LICENSE" 2>/dev/null || true
printf '%s\n' "$want" > "$stamp"
echo "fetch-grammar: grammar sources in ${dest#$here/}" >&2
