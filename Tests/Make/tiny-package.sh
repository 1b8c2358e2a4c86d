# Sourced by the Makefile tests: `tiny_package DIR SWIFT` copies the project's Makefile, scripts
# and committed grammars (so install-deps' offline check passes) into DIR, and makes it a package
# whose one executable target, `hawser`, is the Swift source SWIFT.
tiny_package() {
  local work=$1 source=$2 here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  cp "$here/Makefile" "$work/"
  cp -R "$here/scripts" "$work/scripts"
  mkdir -p "$work/Sources/TreeSitterJavaScript" "$work/Sources/TreeSitterTypeScript" "$work/Sources/hawser"
  cp -R "$here/Sources/TreeSitterJavaScript/grammar" "$work/Sources/TreeSitterJavaScript/"
  cp -R "$here/Sources/TreeSitterTypeScript/grammar" "$work/Sources/TreeSitterTypeScript/"
  printf '// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "Tiny", targets: [.executableTarget(name: "hawser")])\n' >"$work/Package.swift"
  printf '%s\n' "$source" >"$work/Sources/hawser/main.swift"
}
