#!/usr/bin/env bash
# The JavaScript grammar's C sources are committed in Sources/TreeSitterJavaScript/grammar/, so
# that a plain checkout builds (SwiftPM runs no scripts for a package used as a dependency).
# They are exactly the bytes of two pinned PyPI sdists; this script checks and updates them.
#
#   scripts/fetch-grammar.sh --verify     offline: every committed file matches the SHA-256
#                                         recorded in grammar/SHA256SUMS, no file is missing or
#                                         extra, and grammar/PINNED names the pins below
#                                         (make test runs this)
#   scripts/fetch-grammar.sh --upstream   online: downloads the pinned sdists, checks their
#                                         SHA-256, and compares the committed files with theirs
#                                         byte for byte
#   scripts/fetch-grammar.sh --update     online: the same download, then writes the files,
#                                         SHA256SUMS and PINNED (after changing the pins below)
#
# GRAMMAR_DIR overrides the folder (the script's own test uses it).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
dest=${GRAMMAR_DIR:-"$here/Sources/TreeSitterJavaScript/grammar"}

JS_VERSION=0.23.1
JS_SHA256=b2059ce8b150162cda05a457ca3920450adbf915119c04b8c67b5241cd7fcfed
TS_VERSION=0.23.2
TS_SHA256=66bae8dd47f1fed7bdef816115146d3a41c39b5c482d7bad36d9ba1def088450
pins="tree-sitter-javascript==$JS_VERSION sdist-sha256=$JS_SHA256
tree-sitter==$TS_VERSION sdist-sha256=$TS_SHA256"
# The committed files, as paths inside the grammar folder, and where each comes from.
files=(parser.c scanner.c tree_sitter/parser.h LICENSE)
origin() {
  case "$1" in
    parser.c) echo "js/src/parser.c" ;;
    scanner.c) echo "js/src/scanner.c" ;;
    tree_sitter/parser.h) echo "ts/tree_sitter/core/lib/src/parser.h" ;;
    LICENSE) echo "js/LICENSE" ;;
  esac
}

fail() { echo "fetch-grammar: $*" >&2; exit 1; }

verify() {
  [ -d "$dest" ] || fail "no grammar folder at $dest"
  [ -f "$dest/PINNED" ] || fail "${dest#$here/}/PINNED is missing"
  [ "$(cat "$dest/PINNED")" = "$pins" ] \
    || fail "${dest#$here/}/PINNED does not name the pins in scripts/fetch-grammar.sh; run scripts/fetch-grammar.sh --update"
  [ -f "$dest/SHA256SUMS" ] || fail "${dest#$here/}/SHA256SUMS is missing"
  local listed expected
  listed=$(awk '{print $2}' "$dest/SHA256SUMS" | sort)
  expected=$(printf '%s\n' "${files[@]}" | sort)
  [ "$listed" = "$expected" ] || fail "SHA256SUMS lists [$(echo $listed)], expected [$(echo $expected)]"
  local extra
  extra=$(cd "$dest" && find . -type f ! -name PINNED ! -name SHA256SUMS | sed 's|^\./||' | sort | comm -23 - <(echo "$expected"))
  [ -z "$extra" ] || fail "files in the grammar folder that no pin covers: $(echo $extra)"
  (cd "$dest" && sha256sum --quiet --strict -c SHA256SUMS) >&2 \
    || fail "committed grammar sources differ from the recorded SHA-256 (see above); restore them with scripts/fetch-grammar.sh --update"
}

download() {
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  local pip=${PIP:-}
  if [ -z "$pip" ]; then
    if command -v pip3 >/dev/null 2>&1; then pip=pip3; else pip=pip; fi
  fi
  echo "fetch-grammar: downloading tree-sitter-javascript $JS_VERSION and tree-sitter $TS_VERSION sdists" >&2
  "$pip" download --quiet --no-deps --no-binary :all: --dest "$work" \
    "tree-sitter-javascript==$JS_VERSION" "tree-sitter==$TS_VERSION" >&2
  local js_tar="$work/tree_sitter_javascript-$JS_VERSION.tar.gz" ts_tar="$work/tree-sitter-$TS_VERSION.tar.gz"
  check_sdist "$js_tar" "$JS_SHA256"
  check_sdist "$ts_tar" "$TS_SHA256"
  mkdir -p "$work/x"
  tar -xzf "$js_tar" -C "$work/x"
  tar -xzf "$ts_tar" -C "$work/x"
  ln -s "$work/x/tree_sitter_javascript-$JS_VERSION" "$work/js"
  ln -s "$work/x/tree-sitter-$TS_VERSION" "$work/ts"
}

check_sdist() {
  local actual
  actual=$(sha256sum "$1" | cut -d' ' -f1)
  [ "$actual" = "$2" ] || fail "$(basename "$1"): SHA-256 $actual, expected $2"
}

case "${1:---verify}" in
  --verify)
    verify
    ;;
  --upstream)
    verify
    download
    for f in "${files[@]}"; do
      cmp -s "$work/$(origin "$f")" "$dest/$f" || fail "$f differs from the pinned sdist's $(origin "$f" | cut -d/ -f2-)"
    done
    echo "fetch-grammar: the committed grammar sources are byte-identical to the pinned sdists" >&2
    ;;
  --update)
    download
    mkdir -p "$dest/tree_sitter"
    for f in "${files[@]}"; do cp "$work/$(origin "$f")" "$dest/$f"; done
    (cd "$dest" && sha256sum "${files[@]}") > "$dest/SHA256SUMS"
    printf '%s\n' "$pins" > "$dest/PINNED"
    rm -f "$dest/.pinned"
    verify
    echo "fetch-grammar: grammar sources written to ${dest#$here/}; commit them" >&2
    ;;
  *)
    fail "unknown option '$1' (use --verify, --upstream or --update)"
    ;;
esac
