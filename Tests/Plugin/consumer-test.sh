#!/usr/bin/env bash
# Hawser as other people's packages see it (issues 9 and 12), in `make test`:
#
# - a fresh `git clone` of this repository's committed HEAD, used by path with no other step;
# - a consumer package next to it whose Package.swift is the block Documentation/build-integration.md shows under
#   "Add Hawser to your package", with a target that applies the build-tool plugin (a copy of the
#   demo's library target) and one that links HawserCore;
# - the build-tool plugin's incrementality, measured from the build log: a no-op build does not
#   run the tool, a touched, added or removed script does, and a lint error fails the build with
#   the diagnostic's file and line;
# - the plugin's output byte for byte what `hawser build` writes for the same inputs, its
#   generated Swift through swiftc, the command plugins, and no write outside the work directory.
#
# Prints the wall-clock time of each build (the incrementality figures of Documentation/testing.md).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
# KEEP=1 keeps the temporary folder for a look after a failure.
[ -n "${KEEP:-}" ] && echo "consumer-test: working in $work" || trap 'rm -rf "$work"' EXIT
swift=${SWIFT:-swift}
failures=0
fail() { echo "consumer-test: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "consumer-test: ok: $*"; }

# The committed HEAD, as SwiftPM would check it out: no make, no fetch script.
git clone --quiet --no-checkout "$repo" "$work/hawser"
git -C "$work/hawser" checkout --quiet --detach "$(git -C "$repo" rev-parse HEAD)"

# The consumer: the Package.swift of Documentation/build-integration.md, verbatim, and the demo's library target as App.
consumer="$work/consumer"
mkdir -p "$consumer/Sources/Inspect"
python3 - "$repo/Documentation/build-integration.md" "$consumer/Package.swift" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
section = text.split("\n## Add Hawser to your package\n", 1)[1].split("\n## ", 1)[0]
block = re.search(r"```swift\n(.*?)```", section, re.S)
if not block:
    sys.exit("Documentation/build-integration.md: no ```swift block under 'Add Hawser to your package'")
open(sys.argv[2], "w", encoding="utf-8").write(block.group(1))
PY
grep -q '.package(path: "../hawser")' "$consumer/Package.swift" || { echo "consumer-test: the block of Documentation/build-integration.md does not depend on ../hawser" >&2; exit 1; }
cp -R "$repo/Examples/DemoApp/Sources/DemoApp" "$consumer/Sources/App"
cp -R "$repo/Examples/DemoApp/Web" "$consumer/Web"
# The demo's target links the repository's top-level hawser.json; the consumer is laid out as most
# apps are, with its own config and scripts in the target's folder: the demo's config, its paths
# made the target's, and the demo's userscripts/ copied there.
rm "$consumer/Sources/App/hawser.json"
cp -R "$repo/userscripts" "$consumer/Sources/App/userscripts"
python3 - "$repo/hawser.json" "$consumer/Sources/App/hawser.json" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
config.update(scripts=["userscripts"], pages=["../../Web"], swift=["."])
config.pop("output", None)
open(sys.argv[2], "w").write(json.dumps(config, indent=2) + "\n")
PY
cat > "$consumer/Sources/Inspect/main.swift" <<'SWIFT'
import HawserCore

// HawserCore linked into a consumer: one script with a misspelt handler, checked in memory.
let script = SourceFile(path: "userscripts/a.js", text: "window.webkit.messageHandlers.observr.postMessage({});\n", relativePath: "a.js")
let native = SourceFile(path: "App.swift", text: "controller.add(handler, name: \"observer\")\n")
let result = Pipeline.run(ProjectInput(scripts: [script], swift: [native], config: HawserConfig()))
for diagnostic in result.report.diagnostics {
    print("\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]")
}
SWIFT

log="$work/build.log"
# `build LABEL`: swift build in the consumer, its log in $log, its time printed; returns its status.
build() {
  local label=$1 start end status
  start=$EPOCHREALTIME
  set +e
  (cd "$consumer" && "$swift" build >"$log" 2>&1)
  status=$?
  set -e
  end=$EPOCHREALTIME
  awk -v label="$label" -v start="$start" -v end="$end" -v status="$status" \
    'BEGIN { printf "consumer-test: time: %-34s %6.2f s (exit %d)\n", label, end - start, status }'

  return $status
}
ran() { grep -q '^hawser: built ' "$log"; }
tree() { (cd "$consumer" && find . -path ./.build -prune -o -print | sort); }

before=$(tree)
build "first build (HawserCore included)" || { cat "$log" >&2; echo "consumer-test: the consumer does not build" >&2; exit 1; }
ran && pass "the first build runs the tool" || fail "the first build did not run the tool"
outputs=$(dirname "$(find "$consumer/.build/plugins/outputs" -path '*/App/destination/HawserPlugin/Bridge.swift' | head -1)")
[ -f "$outputs/Bridge.swift" ] || { echo "consumer-test: no Bridge.swift in the plugin's work directory" >&2; exit 1; }
bridge="$outputs/Bridge.swift"
stamp=$(stat -c %Y.%N "$bridge" 2>/dev/null || stat -f %m "$bridge")

# The build after a clean one relinks the hawser tool (SwiftPM builds a plugin's tool in two build
# graphs, and the second link changes its date), so the command reruns once, writing nothing.
build "second build (tool relinked)" || fail "the second build failed"
if ran; then
  grep -q 'Linking hawser-tool' "$log" && grep -q '^hawser: built .* 0 added, 0 updated, 0 deleted' "$log" \
    && pass "the second build reran the tool only because SwiftPM relinked it, and rewrote nothing" \
    || fail "the second build ran the tool without a relink: $(grep -E 'hawser|Linking' "$log")"
fi
for attempt in 1 2; do
  build "no-op rebuild $attempt" || fail "the no-op build failed"
  ran && fail "a build with no change ran the tool: $(grep -E 'hawser|Linking' "$log")" || pass "a build with no change does not run the tool"
done
[ "$(stat -c %Y.%N "$bridge" 2>/dev/null || stat -f %m "$bridge")" = "$stamp" ] && pass "Bridge.swift keeps its date" || fail "Bridge.swift was rewritten"

sleep 1
touch "$consumer/Sources/App/userscripts/read-file.js"
build "touch one script" || fail "the build after a touch failed"
ran && pass "touching a script reruns the tool" || fail "touching a script did not rerun the tool"
grep -q '^hawser: built .* 0 added, 0 updated, 0 deleted' "$log" && pass "the rerun rewrites no file" || fail "the rerun after a touch rewrote files"
grep -q 'Compiling App ' "$log" && fail "a touch recompiled App" || pass "a touch does not recompile App"

printf '// One more line.\n' >>"$consumer/Sources/App/userscripts/read-file.js"
build "edit one script" || fail "the build after an edit failed"
grep -q '^hawser: built .* 2 updated' "$log" && pass "editing a script updates its .js and Bridge.swift" || fail "an edit was not built: $(grep '^hawser' "$log")"
grep -q 'One more line' "$bridge" || fail "Bridge.swift does not have the edit"

printf 'console.log("added");\n' >"$consumer/Sources/App/userscripts/added.js"
build "add a script" || fail "the build after adding a script failed"
ran && grep -q '"added"' "$bridge" && pass "an added script is noticed" || fail "an added script was not built"

rm "$consumer/Sources/App/userscripts/added.js"
build "remove a script" || fail "the build after removing a script failed"
ran && ! grep -q '"added"' "$bridge" && [ ! -e "$outputs/added.js" ] && pass "a removed script is noticed" || fail "a removed script is still built"

good=$(cat "$bridge")
printf '// A script with an error.\nconst x = ;\n' >"$consumer/Sources/App/userscripts/broken.js"
if build "a lint error"; then
  fail "a script with an error did not fail the build"
else
  grep -q '^Sources/App/userscripts/broken.js:2:[0-9]*: error: .*\[syntax-error\]' "$log" \
    && pass "a lint error fails the build, with its file and line" || { fail "the log lacks the diagnostic"; cat "$log" >&2; }
  [ "$(cat "$bridge")" = "$good" ] && pass "the failed build leaves Bridge.swift intact" || fail "the failed build changed Bridge.swift"
fi
(cd "$consumer" && "$swift" package hawser-lint >"$work/lint.log" 2>&1) && fail "hawser-lint passed with an error" \
  || { grep -q 'broken.js:2:' "$work/lint.log" && pass "swift package hawser-lint reports it" || fail "hawser-lint: $(cat "$work/lint.log")"; }
rm "$consumer/Sources/App/userscripts/broken.js"
build "the error fixed" && ran && pass "fixing it builds again" || fail "the build after the fix failed"

[ "$before" = "$(tree)" ] && pass "the package folder is untouched: the plugin writes only into .build" || fail "files changed outside .build"

# Output identity: the plugin's work directory against `hawser build` of the same inputs, with
# the tool the plugin ran, and against the command plugin's.
tool=$(find "$consumer/.build" -name hawser-tool -type f -perm -u+x | head -1)
(cd "$consumer" && "$tool" build --no-cache --config Sources/App/hawser.json --output "$work/direct" 2>/dev/null)
diff -r -x .hawser-cache "$outputs" "$work/direct" >/dev/null && pass "the plugin's output is byte for byte hawser build's" || fail "the plugin's output differs from hawser build's"
(cd "$consumer" && "$swift" package --allow-writing-to-package-directory hawser-build --output Generated >"$work/cmd.log" 2>&1) \
  && diff -r -x .hawser-cache "$outputs" "$consumer/Generated" >/dev/null && pass "swift package hawser-build writes the same files" \
  || fail "hawser-build: $(cat "$work/cmd.log")"
(cd "$consumer" && "$swift" package --allow-writing-to-package-directory hawser-build --output Generated --check >"$work/cmd.log" 2>&1) \
  && pass "hawser-build --check passes on them" || fail "hawser-build --check: $(cat "$work/cmd.log")"
rm -rf "$consumer/Generated"

# HawserCore linked into the consumer's own executable.
inspect=$(cd "$consumer" && "$swift" build --show-bin-path)/Inspect
"$inspect" | grep -q "^userscripts/a.js:1:31: error: .*'observr'.*did you mean 'observer'" \
  && pass "a target linking HawserCore runs the pipeline" || fail "Inspect printed: $("$inspect")"

# The generated Swift on its own, in Swift 6 and 5 modes, without warnings.
for version in 6 5; do
  if out=$(swiftc -typecheck -swift-version "$version" -warnings-as-errors "$bridge" 2>&1); then
    pass "the plugin's Bridge.swift type-checks in Swift $version"
  else
    fail "swiftc -swift-version $version: $out"
  fi
done

# Targets without a hawser.json, as the first set-up of Documentation/build-integration.md has
# them: scripts in userscripts/ and no registration in the app yet build, since the plugin lets
# the generated bridge register the handlers (install(into:handlers:)); a userscripts/ folder
# with no script gets no command, rather than a build that writes no Bridge.swift.
mkdir -p "$consumer/Sources/Plain/userscripts" "$consumer/Sources/Empty/userscripts"
printf 'window.webkit.messageHandlers.readFile.postMessage({path: "a.txt"});\n' >"$consumer/Sources/Plain/userscripts/read.js"
printf 'public enum Plain {}\n' >"$consumer/Sources/Plain/Plain.swift"
printf 'public enum Empty {}\n' >"$consumer/Sources/Empty/Empty.swift"
python3 - "$consumer/Package.swift" <<'PY'
import sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
plugin = '.plugin(name: "HawserPlugin", package: "hawser")'
extra = ('targets: [\n'
         f'        .target(name: "Plain", exclude: ["userscripts"], plugins: [{plugin}]),\n'
         f'        .target(name: "Empty", exclude: ["userscripts"], plugins: [{plugin}]),\n')
assert "targets: [\n" in text
open(path, "w", encoding="utf-8").write(text.replace("targets: [\n", extra, 1))
PY
if build "targets without a config"; then
  pass "a target with userscripts/ and no hawser.json builds"
  plain=$(find "$consumer/.build/plugins/outputs" -path '*/Plain/destination/HawserPlugin/Bridge.swift' | head -1)
  [ -n "$plain" ] && grep -q 'public static func install(into controller: WKUserContentController, handlers: some Handlers)' "$plain" \
    && pass "its bridge registers the handlers (install(into:handlers:))" || fail "no install(into:handlers:) in the Plain target's Bridge.swift"
  [ -z "$(find "$consumer/.build/plugins/outputs" -path '*/Empty/destination/HawserPlugin/Bridge.swift')" ] \
    && pass "an empty userscripts/ folder gets no command" || fail "the Empty target got a Bridge.swift"
else
  fail "the targets without a config do not build: $(grep -E 'error|warning: the scripts' "$log" | head -5)"
fi

if [ "$failures" -ne 0 ]; then
  echo "consumer-test: $failures failure(s)" >&2
  exit 1
fi
echo "consumer-test: all passed"
