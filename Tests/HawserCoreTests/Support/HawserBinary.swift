import Foundation
import XCTest

/// Runs the built `hawser` executable, as users and build steps do.
enum HawserBinary {
    /// The executable beside the test bundle (`swift build --build-tests` builds it there).
    static var url: URL? {
        var candidates: [URL] = []
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("hawser"))
        }
        #endif
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hawser"))
        candidates.append(Golden.packageRoot.appendingPathComponent(".build/debug/hawser"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ arguments: [String], in directory: URL) throws -> Subprocess.Result {
        guard let url else {
            throw XCTSkip("the hawser executable is not built; run `swift build` first")
        }
        return try Subprocess.run(url.path, arguments, in: directory)
    }
}

/// A temporary folder populated with files, removed at the end of the test.
final class TemporaryProject {
    let url: URL

    init(_ files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hawser-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, contents) in files { try write(path, contents) }
    }

    func write(_ path: String, _ contents: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
