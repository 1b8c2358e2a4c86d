// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Hawser",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "hawser", targets: ["hawser"]),
        .library(name: "HawserCore", targets: ["HawserCore"]),
    ],
    targets: [
        // Debian's libtree-sitter-dev (0.20.7), or Homebrew's tree-sitter on macOS.
        .systemLibrary(
            name: "CTreeSitter",
            pkgConfig: "tree-sitter",
            providers: [.apt(["libtree-sitter-dev"]), .brew(["tree-sitter"])]
        ),
        // tree-sitter-javascript 0.23.1: its C sources are committed in grammar/, byte-identical to
        // the pinned PyPI sdists (scripts/fetch-grammar.sh verifies and updates them), so a plain
        // checkout used as a dependency builds with no script.
        .target(
            name: "TreeSitterJavaScript",
            path: "Sources/TreeSitterJavaScript",
            sources: ["grammar/parser.c", "grammar/scanner.c"],
            publicHeadersPath: "include",
            cSettings: [.headerSearchPath("grammar")]
        ),
        // The only module that imports CTreeSitter.
        .target(name: "TreeSitter", dependencies: ["CTreeSitter", "TreeSitterJavaScript"]),
        // The runtime, the presets and the static parts of the generated Swift are files compiled
        // into the binary: SwiftPM generates `PackageResources.<file_name_ext>: [UInt8]`, and no
        // bundle ships.
        .target(
            name: "HawserCore",
            dependencies: ["TreeSitter"],
            resources: [
                .embedInCode("Compile/Templates/hawser-runtime.js"),
                .embedInCode("Compile/Templates/style-sheet.js"),
                .embedInCode("Compile/Templates/viewport-preset.js"),
                .embedInCode("Generate/Templates/dispatch.swift.txt"),
                .embedInCode("Generate/Templates/json-value.swift.txt"),
                .embedInCode("Generate/Templates/origins.swift.txt"),
                .embedInCode("Generate/Templates/webkit-extensions.swift.txt"),
                .embedInCode("Generate/Templates/webkit-install.swift.txt"),
                .embedInCode("Generate/Templates/webkit-proxy.swift.txt"),
                .embedInCode("Generate/Templates/webkit-scripts.swift.txt"),
                .embedInCode("Generate/Templates/wire.swift.txt"),
            ]
        ),
        .executableTarget(name: "hawser", dependencies: ["HawserCore"]),
        // `make bench`'s yardstick: a raw parse with the same grammar, no analysis.
        .executableTarget(name: "hawser-bench", dependencies: ["CTreeSitter", "TreeSitterJavaScript"]),
        .testTarget(name: "HawserCoreTests", dependencies: ["HawserCore", "TreeSitter"]),
    ]
)
