// swift-tools-version:6.0
// The fuzz targets of Hawser's front ends and readers, as a package of their own so that no
// unsafe flag reaches the package that apps depend on. `scripts/fuzz.sh` (`make fuzz`) builds it
// with the toolchain's libFuzzer and AddressSanitizer (`-sanitize=fuzzer,address` for every
// module, Hawser's included) and runs each target from a seed corpus made of the fixtures.
import PackageDescription

let package = Package(
    name: "HawserFuzz",
    dependencies: [.package(name: "Hawser", path: "..")],
    targets: [
        // Declares libFuzzer's LLVMFuzzerRunDriver, which the sanitizer runtime provides.
        .target(name: "CFuzzer", path: "Sources/CFuzzer"),
        .executableTarget(
            name: "hawser-fuzz",
            dependencies: ["CFuzzer", .product(name: "HawserCore", package: "Hawser")],
            path: "Sources/hawser-fuzz"
        ),
    ]
)
