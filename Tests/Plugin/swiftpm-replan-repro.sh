#!/usr/bin/env bash
# Not part of `make test`: the smallest package that shows why the build after a clean one is
# not a no-op for a target that applies a build-tool plugin (Documentation/build-integration.md,
# "Incremental builds"). It has no Hawser in it: a library, an executable `gen` that uses it,
# a build-tool plugin that runs `gen`, and a target `App` that applies the plugin. Prints what
# each of three builds after `rm -rf .build` compiled, linked and ran.
# Usage: Tests/Plugin/swiftpm-replan-repro.sh [--c]   (--c: the library is a C target)
set -euo pipefail
swift=${SWIFT:-swift}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir -p Sources/gen Sources/App Plugins/Gen
if [ "${1:-}" = "--c" ]; then
  mkdir -p Sources/Lib/include
  printf 'int lib_value(void);\n' > Sources/Lib/include/lib.h
  printf '#include "lib.h"\nint lib_value(void) { return 42; }\n' > Sources/Lib/lib.c
else
  mkdir -p Sources/Lib
  printf 'public func lib_value() -> Int32 { 42 }\n' > Sources/Lib/Lib.swift
fi
cat > Package.swift <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Repro", targets: [
    .target(name: "Lib"),
    .executableTarget(name: "gen", dependencies: ["Lib"]),
    .plugin(name: "Gen", capability: .buildTool(), dependencies: ["gen"]),
    .target(name: "App", plugins: ["Gen"]),
])
SWIFT
cat > Sources/gen/main.swift <<'SWIFT'
import Foundation
import Lib
try "public let generated = \(lib_value())\n".write(toFile: CommandLine.arguments[1], atomically: true, encoding: .utf8)
SWIFT
printf 'public func answer() -> Int { generated }\n' > Sources/App/App.swift
cat > Plugins/Gen/Gen.swift <<'SWIFT'
import PackagePlugin
@main struct Gen: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated.swift")
        return [.buildCommand(displayName: "Gen \(target.name)", executable: try context.tool(named: "gen").url,
                              arguments: [output.path], inputFiles: [], outputFiles: [output])]
    }
}
SWIFT
"$swift" --version 2>/dev/null | head -1
for build in 1 2 3; do
  "$swift" build > log 2>&1 || { cat log; exit 1; }
  steps=$( (grep -P '^\[\d+/\d+\] (Compiling (?!plugin )|Linking|Gen App)|Planning build' log || true) | sed 's/^\[[0-9\/]*\] //' | paste -sd, - | sed 's/,/, /g')
  echo "build $build: ${steps:-nothing}"
done
