#!/usr/bin/env bash
# Installs what Hawser needs and is missing: Debian packages (when root); and checks the
# committed JavaScript grammar sources. Quiet when everything is already in place.
#
# Usage: scripts/install-deps.sh [--build]. With --build (`make build`, `make install`), only
# what building the tool needs: pkg-config, tree-sitter, JavaScriptCore. Without it (`make test`),
# the test tools too: node, tsc, esbuild and the npm packages the module fixtures use.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build_only=false
case "${1:-}" in
  --build) build_only=true ;;
  "") ;;
  *) echo "install-deps: unknown option '$1' (--build, or nothing)" >&2; exit 2 ;;
esac

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
[ -f /usr/include/tree_sitter/api.h ] || [ -n "$(pkg-config --cflags-only-I tree-sitter 2>/dev/null)" ] || missing+=(libtree-sitter-dev)
# WebKit's own parser judges every script's syntax: on Linux, WebKitGTK's JavaScriptCore (on
# macOS the system framework).
if [ "$(uname -s)" != "Darwin" ]; then
  pkg-config --exists javascriptcoregtk-4.1 2>/dev/null || missing+=(libjavascriptcoregtk-4.1-dev)
fi
if ! $build_only; then
# node runs the runtime's tests and checks emitted scripts; Debian's package is called nodejs.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
# tsc type-checks the generated TypeScript declarations in the tests (skipped without it).
command -v tsc >/dev/null 2>&1 || missing+=(node-typescript)
# esbuild is the reference bundler the module tests and the benchmark compare Hawser with.
command -v esbuild >/dev/null 2>&1 || missing+=(esbuild)
# Two real npm packages (CommonJS lodash, uuid with `exports` conditions) for the module
# fixtures, as Debian packages them under /usr/share/nodejs (the fixtures that use them are
# skipped where they are absent, as on macOS).
if [ "$(uname -s)" != "Darwin" ]; then
  dpkg -s node-uuid >/dev/null 2>&1 || [ -f /usr/share/nodejs/uuid/package.json ] || missing+=(node-uuid)
  dpkg -s node-lodash >/dev/null 2>&1 || [ -f /usr/share/nodejs/lodash/package.json ] || missing+=(node-lodash)
fi
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(uname -s)" = "Darwin" ]; then
    if $build_only; then
      echo "install-deps: missing ${missing[*]}; run: brew install tree-sitter pkg-config" >&2
    else
      echo "install-deps: missing ${missing[*]}; run: brew install tree-sitter pkg-config node typescript esbuild" >&2
    fi
    exit 1
  fi
  if [ "$(id -u)" != "0" ]; then
    echo "install-deps: missing Debian packages: ${missing[*]}; run: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "install-deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The grammar sources are committed; check them against their recorded hashes (offline).
"$here/scripts/fetch-grammar.sh" --verify
