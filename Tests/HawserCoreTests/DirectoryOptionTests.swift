import Foundation
import XCTest

/// `--directory DIR`, the way the build-tool plugin runs hawser: as if started in DIR.
final class DirectoryOptionTests: XCTestCase {
    static let files = [
        "pkg/Sources/App/hawser.json": #"{"scripts": ["userscripts"], "registration": "generated"}"#,
        "pkg/Sources/App/userscripts/a.js": "window.webkit.messageHandlers.observer.postMessage({ name: \"x\" });\n",
        "pkg/Sources/App/App.swift": "struct App {}\n",
    ]

    /// The same bytes as a build started in DIR, wherever the command starts; relative paths
    /// (the config, --output) are relative to DIR.
    func testABuildWithDirectoryWritesWhatABuildStartedThereWrites() throws {
        let project = try TemporaryProject(Self.files)
        let package = project.url.appendingPathComponent("pkg")
        let here = try HawserBinary.run(["build", "--config", "Sources/App/hawser.json", "--output", "here"], in: package)
        XCTAssertEqual(here.status, 0, here.stderr)
        let elsewhere = try HawserBinary.run(
            ["build", "--directory", package.path, "--config", "Sources/App/hawser.json", "--output", "there"], in: project.url)
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: package.appendingPathComponent("here").path).sorted()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: package.appendingPathComponent("there").path).sorted(), names)
        XCTAssertTrue(names.contains("Bridge.swift"), "\(names)")
        for name in names {
            XCTAssertEqual(try project.read("pkg/there/\(name)"), try project.read("pkg/here/\(name)"), name)
        }
        XCTAssertTrue(try project.read("pkg/there/a.js").hasSuffix("//# sourceURL=Sources/App/userscripts/a.js\n"))
    }

    /// Diagnostics name files from DIR, as the package's build log shows them.
    func testLintDiagnosticsAreRelativeToTheDirectory() throws {
        let project = try TemporaryProject(Self.files.merging(["pkg/Sources/App/userscripts/b.js": "const x = ;\n"]) { $1 })
        let lint = try HawserBinary.run(["lint", "--directory", "pkg", "--config", "Sources/App/hawser.json"], in: project.url)
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.stdout.hasPrefix("Sources/App/userscripts/b.js:1:"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains(": error: "), lint.stdout)
    }

    func testAMissingDirectoryIsAUsageError() throws {
        let project = try TemporaryProject(Self.files)
        let result = try HawserBinary.run(["build", "--directory", "nope"], in: project.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "hawser: error: cannot enter the folder 'nope'\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("output").path))
    }
}
