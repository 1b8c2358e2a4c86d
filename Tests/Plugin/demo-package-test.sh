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

# The builds after it. The one with no change compiles nothing and does not run Hawser. The
# build right after a clean one is allowed one exception, and only in its exact form: SwiftPM's
# native build system (6.x) never records its package-structure check in a first build, so the
# second plans again, and planning builds a plugin's tool in a build graph of its own
# (.build/plugin-tools.db; "FIXME: It should be possible to share database between plugin tools
# and regular builds", BuildOperation.swift) that the first build's main graph rewrote after it:
# the tool's C files recompile and it relinks, in both graphs, and the plugin's command reruns
# because its tool changed. Tests/Plugin/swiftpm-replan-repro.sh shows the same with a plugin of
# five lines. What Hawser controls is checked: that build plans again (the cause), recompiles
# none of the demo's targets, and Hawser's rerun rewrites no file.
# (SwiftPM prints "Compiling plugin X" on every build, also when it reuses the compiled plugin.)
quiet() { ! grep -P '^\[\d+/\d+\] (Compiling (?!plugin )\S+ |Compiling \S+\.c$|Linking|Hawser: )' "$1" >&2; }
if ! (cd Examples/DemoApp && "$swift" build --build-tests >"$log" 2>&1); then
  cat "$log" >&2; echo "demo-package-test: the second swift build failed" >&2; exit 1
fi
if quiet "$log" 2>/dev/null; then
  echo "demo-package-test: the second build compiled nothing and did not run Hawser"
elif grep -q 'Planning build' "$log" && ! grep -E '^\[[0-9]+/[0-9]+\] Compiling DemoApp' "$log" >&2 \
    && { ! grep -q 'Hawser: ' "$log" || grep -q 'hawser: built .*: 0 added, 0 updated, 0 deleted' "$log"; }; then
  echo "demo-package-test: the second build planned again (SwiftPM) and rebuilt only the plugin's tool; no demo target recompiled, Hawser rewrote nothing"
else
  cat "$log" >&2
  echo "demo-package-test: the second build did more than SwiftPM's replanning explains" >&2
  exit 1
fi
for attempt in 3 4; do
  (cd Examples/DemoApp && "$swift" build --build-tests >"$log" 2>&1) || { cat "$log" >&2; exit 1; }
  if ! quiet "$log"; then
    echo "demo-package-test: build $attempt, with no change, compiled or ran Hawser (above)" >&2
    exit 1
  fi
done
echo "demo-package-test: a build with no change compiles nothing and does not run Hawser"

outputs=Examples/DemoApp/.build/plugins/outputs/demoapp/DemoApp/destination/HawserPlugin
# The plugin keeps its fact cache in the work directory too (.hawser-cache).
if ! diff -r -x .hawser-cache "$outputs" output; then
  echo "demo-package-test: the plugin's output differs from the committed output/ (run 'make demo')" >&2
  exit 1
fi
echo "demo-package-test: the plugin's output is the committed output/ ($(ls "$outputs" | wc -l) files), byte for byte"
