#!/usr/bin/env bash
# `make install` puts the release binary at $(DESTDIR)$(PREFIX)/bin/hawser, executable, and
# `make uninstall` removes it. Runs the project's own Makefile and scripts on a tiny package in
# a temporary folder whose `hawser` prints a line, so the test builds in seconds.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp "$here/Makefile" "$work/"
cp -R "$here/scripts" "$work/scripts"
mkdir -p "$work/Sources/TreeSitterJavaScript" "$work/Sources/TreeSitterTypeScript" "$work/Sources/hawser"
cp -R "$here/Sources/TreeSitterJavaScript/grammar" "$work/Sources/TreeSitterJavaScript/"
cp -R "$here/Sources/TreeSitterTypeScript/grammar" "$work/Sources/TreeSitterTypeScript/"
cat >"$work/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Tiny", targets: [.executableTarget(name: "hawser")])
SWIFT
printf 'print("hawser installed")\n' >"$work/Sources/hawser/main.swift"

fail() { echo "install-test: $*" >&2; exit 1; }

make -C "$work" install PREFIX=/opt/hawser-test DESTDIR="$work/root" >"$work/out.txt" 2>&1 \
  || { cat "$work/out.txt" >&2; fail "make install failed"; }
installed="$work/root/opt/hawser-test/bin/hawser"
[ -x "$installed" ] || fail "no executable at $installed"
[ "$("$installed")" = "hawser installed" ] || fail "the installed binary is not the one built"
grep -q "installed $installed" "$work/out.txt" || { cat "$work/out.txt" >&2; fail "make install did not say where"; }

make -C "$work" uninstall PREFIX=/opt/hawser-test DESTDIR="$work/root" >/dev/null
[ ! -e "$installed" ] || fail "make uninstall left $installed"
echo "install-test: make install and uninstall passed"
