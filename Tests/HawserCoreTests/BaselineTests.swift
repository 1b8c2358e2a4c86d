import Foundation
import XCTest
@testable import HawserCore

/// `hawser lint --write-baseline FILE` and `--baseline FILE`: the findings an app had when it
/// adopted Hawser are left out, matched by code, file, message and line text, so a moved line
/// still matches and a new finding (or a second copy of an old one) is reported.
final class BaselineTests: XCTestCase {
    static let swift = "import WebKit\nfunc f(c: WKUserContentController, h: WKScriptMessageHandler) { c.add(h, name: \"favicons\") }\n"

    func report(_ script: String) -> Report {
        Pipeline.run(ProjectInput(scripts: [SourceFile(path: "web/a.js", text: script)], swift: [SourceFile(path: "App.swift", text: Self.swift)]), rendering: false).report
    }

    func testAMovedLineStillMatchesAndANewFindingDoesNot() throws {
        let before = report("  window.webkit.messageHandlers.favicns.postMessage(1);\n")
        XCTAssertEqual(before.errorCount, 1)
        let baseline = try Baseline.parse(Array(Baseline(of: before).rendered.utf8))
        XCTAssertEqual(baseline, Baseline(of: before), "the file reads back as written")
        XCTAssertEqual(baseline.entries.first?.line, "window.webkit.messageHandlers.favicns.postMessage(1);", "trimmed")
        XCTAssertEqual(baseline.filter(before).report.diagnostics, [])

        // Lines added above and the indentation changed: still the baselined finding.
        let moved = report("// a comment\n\nwindow.webkit.messageHandlers.favicns.postMessage(1);\n")
        XCTAssertEqual(baseline.filter(moved).report.diagnostics, [])
        XCTAssertEqual(baseline.filter(moved).hidden, 1)

        // A second copy, and a changed line: reported.
        let copied = report("window.webkit.messageHandlers.favicns.postMessage(1);\nwindow.webkit.messageHandlers.favicns.postMessage(1);\nwindow.webkit.messageHandlers.favicns.postMessage(2);\n")
        let (kept, hidden) = baseline.filter(copied)
        XCTAssertEqual(hidden, 1)
        XCTAssertEqual(kept.diagnostics.map(\.location.line), [2, 3])
    }

    func testTheFileIsSortedAndDeterministic() {
        let a = Baseline(entries: [
            .init(code: "b", file: "z.js", message: "m", line: "x"), .init(code: "a", file: "a.js", message: "m", line: "y"),
        ])
        let b = Baseline(entries: a.entries.reversed())
        XCTAssertEqual(a.rendered, b.rendered)
        XCTAssertEqual(a.entries.map(\.file), ["a.js", "z.js"])
    }

    func testAFileThatIsNoBaselineIsRefusedWithTheReason() {
        for (text, reason) in [
            ("[]", "not a baseline: not a JSON object"),
            (#"{"version": 2, "findings": []}"#, "not a baseline of this version of Hawser: 'version' is not 1"),
            (#"{"version": 1}"#, "not a baseline: no 'findings' array"),
            (#"{"version": 1, "findings": [{"code": "x", "file": "a.js", "message": 1, "line": ""}]}"#, "'findings[0].message' is not a string"),
        ] {
            XCTAssertThrowsError(try Baseline.parse(Array(text.utf8)), text) { XCTAssertEqual("\($0)", reason) }
        }
    }

    /// The built binary: write, then lint with it; a bad file is exit 2 at the file.
    func testTheBinaryWritesAndAppliesABaseline() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts": ["web"], "swift": ["App"]}"#,
            "web/a.js": "window.webkit.messageHandlers.favicns.postMessage(1);\n",
            "App/A.swift": Self.swift,
        ])
        let first = try HawserBinary.run(["lint"], in: project.url)
        XCTAssertEqual(first.status, 1)
        let write = try HawserBinary.run(["lint", "--write-baseline", "hawser-baseline.json"], in: project.url)
        XCTAssertEqual(write.status, 0, write.stderr)
        XCTAssertEqual(write.stderr, "hawser: wrote 1 finding to the baseline hawser-baseline.json\n")
        XCTAssertTrue(try project.read("hawser-baseline.json").contains(#""code": "unregistered-handler""#))

        try project.write("web/a.js", "// added\nwindow.webkit.messageHandlers.favicns.postMessage(1);\nwindow.webkit.messageHandlers.nope.postMessage(1);\n")
        let lint = try HawserBinary.run(["lint", "--baseline", "hawser-baseline.json"], in: project.url)
        XCTAssertEqual(lint.status, 1)
        XCTAssertEqual(lint.stdout, "web/a.js:3:31: error: no message handler named 'nope' is registered in Swift [unregistered-handler]\n")
        XCTAssertTrue(lint.stderr.hasSuffix("(config: hawser.json; 1 finding in the baseline not shown)\n"), lint.stderr)

        try project.write("web/a.js", "window.webkit.messageHandlers.favicns.postMessage(1);\n")
        XCTAssertEqual(try HawserBinary.run(["lint", "--baseline", "hawser-baseline.json"], in: project.url).status, 0)

        try project.write("bad.json", "{}")
        let bad = try HawserBinary.run(["lint", "--baseline", "bad.json"], in: project.url)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stdout.contains("bad.json:1:1: error: not a baseline of this version of Hawser") || bad.stderr.contains("bad.json:1:1: error:"), bad.stdout + bad.stderr)
        let missing = try HawserBinary.run(["lint", "--baseline", "none.json"], in: project.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "hawser: error: cannot read the baseline 'none.json': No such file or directory\n")
    }
}
