// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Hawser",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "hawser", targets: ["hawser"]),
        .library(name: "HawserCore", targets: ["HawserCore"]),
        // A target that applies it and has a hawser.json or a userscripts/ folder gets the
        // generated bridge compiled in (Documentation/build-integration.md: "Add Hawser to your package").
        .plugin(name: "HawserPlugin", targets: ["HawserPlugin"]),
        .plugin(name: "HawserLintCommand", targets: ["HawserLintCommand"]),
        .plugin(name: "HawserBuildCommand", targets: ["HawserBuildCommand"]),
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
        // tree-sitter-typescript 0.23.2's `typescript` and `tsx` grammars, committed like the JavaScript
        // one (grammar/ is the pinned sdist's bytes). Their scanner.c files include
        // ../../common/scanner.h, which no sdist ships: common/ is the project's own header.
        .target(
            name: "TreeSitterTypeScript",
            path: "Sources/TreeSitterTypeScript",
            sources: [
                "grammar/typescript/parser.c", "grammar/typescript/scanner.c",
                "grammar/tsx/parser.c", "grammar/tsx/scanner.c",
            ],
            publicHeadersPath: "include",
            cSettings: [.headerSearchPath("grammar")]
        ),
        // JavaScriptCore's GLib API on Linux: Debian's libjavascriptcoregtk-4.1-dev (WebKitGTK's engine,
        // the one the e2e tests run). On macOS the system JavaScriptCore framework serves instead.
        .systemLibrary(
            name: "CJavaScriptCore",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        // WebKit's own parser as the syntax verdict (JavaScriptCoreSyntax); the only module that
        // imports JavaScriptCore.
        .target(
            name: "JavaScriptCoreSyntax",
            dependencies: [.target(name: "CJavaScriptCore", condition: .when(platforms: [.linux]))]
        ),
        // The only module of the tool that imports CTreeSitter.
        .target(name: "TreeSitter", dependencies: ["CTreeSitter", "TreeSitterJavaScript", "TreeSitterTypeScript"]),
        // The runtime, the presets and the static parts of the generated Swift are files compiled
        // into the binary: SwiftPM generates `PackageResources.<file_name_ext>: [UInt8]`, and no
        // bundle ships.
        .target(
            name: "HawserCore",
            dependencies: ["TreeSitter", "JavaScriptCoreSyntax"],
            resources: [
                .embedInCode("Compile/Templates/hawser-runtime.js"),
                .embedInCode("Compile/Templates/style-sheet.js"),
                .embedInCode("Compile/Templates/viewport-preset.js"),
                .embedInCode("Generate/Templates/dispatch.swift.txt"),
                .embedInCode("Generate/Templates/json-value.swift.txt"),
                .embedInCode("Generate/Templates/origins.swift.txt"),
                .embedInCode("Generate/Templates/webkit-cookies.swift.txt"),
                .embedInCode("Generate/Templates/webkit-extensions.swift.txt"),
                .embedInCode("Generate/Templates/webkit-install.swift.txt"),
                .embedInCode("Generate/Templates/webkit-proxy.swift.txt"),
                .embedInCode("Generate/Templates/webkit-scripts.swift.txt"),
                .embedInCode("Generate/Templates/wire.swift.txt"),
                .embedInCode("Modules/Templates/module-registry.js"),
            ]
        ),
        .executableTarget(name: "hawser", dependencies: ["HawserCore"]),
        // `make bench`'s yardstick: a raw parse with the same grammar, no analysis.
        .executableTarget(name: "hawser-bench", dependencies: ["CTreeSitter", "TreeSitterJavaScript", "JavaScriptCoreSyntax"]),
        // The plugins run the hawser tool; Plugins/Shared holds the files they share (linked in).
        .plugin(name: "HawserPlugin", capability: .buildTool(), dependencies: ["hawser"]),
        .plugin(
            name: "HawserLintCommand",
            capability: .command(
                intent: .custom(verb: "hawser-lint", description: "Lint the user scripts of the targets that have a hawser.json or a userscripts/ folder.")),
            dependencies: ["hawser"]),
        .plugin(
            name: "HawserBuildCommand",
            capability: .command(
                intent: .custom(verb: "hawser-build", description: "Build the user scripts into each hawser.json's output folder, in the package."),
                permissions: [.writeToPackageDirectory(reason: "hawser-build writes the generated bridge into the output folder that hawser.json names.")]),
            dependencies: ["hawser"]),
        // CTreeSitter and TreeSitterTypeScript: TypeScriptGrammarTests loads the TypeScript grammars
        // through the C API as well.
        .testTarget(name: "HawserCoreTests", dependencies: ["HawserCore", "TreeSitter", "JavaScriptCoreSyntax", "CTreeSitter", "TreeSitterTypeScript"]),
    ]
)
