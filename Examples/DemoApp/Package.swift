// swift-tools-version:6.0
import PackageDescription

// The demo's Swift side. The library target applies Hawser's build-tool plugin; its hawser.json
// is a link to the repository's top-level one, which names the top-level userscripts/, so
// `swift build` compiles the Bridge.swift that `make demo` writes into output/.
let package = Package(
    name: "DemoApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "DemoApp", targets: ["DemoApp"]),
    ],
    dependencies: [
        // The repository's root package: `name:` fixes its identity whatever the checkout's folder is called.
        .package(name: "Hawser", path: "../.."),
    ],
    targets: [
        .target(
            name: "DemoApp",
            exclude: ["hawser.json"],
            plugins: [.plugin(name: "HawserPlugin", package: "Hawser")]
        ),
        .testTarget(name: "DemoAppTests", dependencies: ["DemoApp"]),
    ]
)
