#!/usr/bin/env bash
# `make build` must fail on a compile error and must not leave the previous binary looking
# fresh. Runs the project's own Makefile and scripts on a tiny package in a temporary folder
# whose `hawser` target does not compile, with a stale binary already in place.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=Tests/Make/tiny-package.sh
source "$here/Tests/Make/tiny-package.sh"
tiny_package "$work" 'let x: Int = "not a number"
print(x)'

# A binary from an earlier good build, older than the sources.
mkdir -p "$work/.build/release"
printf '#!/bin/sh\necho stale\n' >"$work/.build/release/hawser"
chmod +x "$work/.build/release/hawser"
touch -d '2000-01-01' "$work/.build/release/hawser"
before=$(stat -c %Y "$work/.build/release/hawser")

fail() { echo "build-fails-on-error: $*" >&2; exit 1; }

if make -C "$work" build >"$work/out.txt" 2>&1; then
  cat "$work/out.txt" >&2
  fail "make build exited 0 on a compile error"
fi
grep -q "error:" "$work/out.txt" || { cat "$work/out.txt" >&2; fail "the compile error was not shown"; }
[ "$(stat -c %Y "$work/.build/release/hawser" 2>/dev/null || echo gone)" != "$(date +%s)" ] || fail "the stale binary was touched"
after=$(stat -c %Y "$work/.build/release/hawser" 2>/dev/null || echo "$before")
[ "$after" = "$before" ] || fail "the stale binary was marked fresh ($before -> $after)"
# Asked again, make must try again rather than think the binary is up to date.
if make -C "$work" build >/dev/null 2>&1; then fail "a second make build exited 0"; fi

# The control: once the file compiles, make build succeeds and the binary runs.
printf 'print("fixed")\n' >"$work/Sources/hawser/main.swift"
make -C "$work" build >"$work/out.txt" 2>&1 || { cat "$work/out.txt" >&2; fail "make build failed on a good package"; }
[ "$("$work/.build/release/hawser")" = "fixed" ] || fail "the rebuilt binary is not the new one"
echo "build-fails-on-error: make build fails on a compile error and keeps the stale binary stale"
