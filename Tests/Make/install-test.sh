#!/usr/bin/env bash
# `make install` puts the release binary at $(DESTDIR)$(PREFIX)/bin/hawser, executable, and
# `make uninstall` removes it. Runs the project's own Makefile and scripts on a tiny package in
# a temporary folder whose `hawser` prints a line, so the test builds in seconds.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=Tests/Make/tiny-package.sh
source "$here/Tests/Make/tiny-package.sh"
tiny_package "$work" 'print("hawser installed")'

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
