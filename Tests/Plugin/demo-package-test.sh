#!/usr/bin/env bash
# Examples/DemoApp, the demo's Swift package, in `make test`: `swift build` (the build-tool plugin
# compiles the generated bridge into the DemoApp library, with no warning in the demo's code or
# in the generated file), `swift test` (recorded message bodies through the generated dispatcher
# to DemoHandlers), and the plugin's output byte for byte the committed output/, which
# `hawser build --check` has found current: the plugin writes what `hawser build` writes.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
swift=${SWIFT:-swift}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

if ! (cd Examples/DemoApp && "$swift" build --build-tests >"$log" 2>&1); then
  cat "$log" >&2
  echo "demo-package-test: swift build of Examples/DemoApp failed" >&2
  exit 1
fi
if grep -E '(Examples/DemoApp/Sources|Examples/DemoApp/Tests|HawserPlugin/Bridge\.swift).*warning:' "$log" >&2; then
  echo "demo-package-test: warnings in the demo's code or its generated bridge" >&2
  exit 1
fi
(cd Examples/DemoApp && "$swift" test --skip-build --disable-swift-testing)

outputs=Examples/DemoApp/.build/plugins/outputs/demoapp/DemoApp/destination/HawserPlugin
# The plugin keeps its fact cache in the work directory too (.hawser-cache).
if ! diff -r -x .hawser-cache "$outputs" output; then
  echo "demo-package-test: the plugin's output differs from the committed output/ (run 'make demo')" >&2
  exit 1
fi
echo "demo-package-test: the plugin's output is the committed output/ ($(ls "$outputs" | wc -l) files), byte for byte"
