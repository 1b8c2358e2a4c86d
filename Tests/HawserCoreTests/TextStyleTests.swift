import Foundation
import XCTest
@testable import HawserCore

/// The text format for a person at a terminal: a code frame with a caret under each finding,
/// colour unless `NO_COLOR`; plain everywhere else, and the first line of a finding the same in
/// every style.
final class TextStyleTests: XCTestCase {
    static let source = "const x = 1;\n\twindow.webkit.messageHandlers.favicns.postMessage(x);\n"

    func report(_ source: String, line: Int, column: Int) -> Report {
        let diagnostic = Diagnostic(.unregisteredHandler, "no message handler named 'favicns' is registered in Swift", at: SourceLocation(file: "a.js", line: line, column: column))
        return Report(diagnostics: [diagnostic], handlers: [], contract: BridgeContract(handlers: []), fileCount: 1, sources: ["a.js": Array(source.utf8)])
    }

    func testAFrameShowsTheLineAndACaretUnderTheColumn() {
        let text = TextReporter.render(report(Self.source, line: 2, column: 32), style: TextStyle(codeFrames: true, colour: false))
        XCTAssertEqual(text, """
            a.js:2:32: error: no message handler named 'favicns' is registered in Swift [unregistered-handler]
               2 |     window.webkit.messageHandlers.favicns.postMessage(x);
                 |                                   ^

            """, "the tab is four spaces in the line and under it")
    }

    func testPlainIsTheOneLineFormToolsParse() {
        let report = report(Self.source, line: 2, column: 32)
        XCTAssertEqual(ReportFormat.text.render(report), "a.js:2:32: error: no message handler named 'favicns' is registered in Swift [unregistered-handler]\n")
        XCTAssertEqual(ReportFormat.text.render(report, style: .plain), ReportFormat.text.render(report))
        // Other formats are for tools: the style changes nothing.
        let terminal = TextStyle(codeFrames: true, colour: true)
        for format in [ReportFormat.json, .sarif, .github] {
            XCTAssertEqual(format.render(report, style: terminal), format.render(report), format.rawValue)
        }
    }

    func testColourWrapsTheSameWords() {
        let text = TextReporter.render(report(Self.source, line: 2, column: 32), style: TextStyle(codeFrames: true, colour: true))
        XCTAssertTrue(text.hasPrefix("\u{1B}[1ma.js:2:32:\u{1B}[0m \u{1B}[1m\u{1B}[31merror:\u{1B}[0m"), text)
        let stripped = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        XCTAssertEqual(stripped, TextReporter.render(report(Self.source, line: 2, column: 32), style: TextStyle(codeFrames: true, colour: false)))
    }

    func testALongLineIsCutToAWindowAroundTheCaret() {
        let long = String(repeating: "a();", count: 100) + "window.webkit.messageHandlers.favicns.postMessage(1);" + String(repeating: "b();", count: 100) + "\n"
        let text = TextReporter.render(report(long, line: 1, column: 401), style: TextStyle(codeFrames: true, colour: false))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 4)
        XCTAssertTrue(lines[1].hasPrefix("   1 | …"), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("…"), lines[1])
        XCTAssertLessThanOrEqual(lines[1].count, 7 + 2 + TextReporter.frameWidth)
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let word = lines[1].range(of: "window").map { lines[1].distance(from: lines[1].startIndex, to: $0.lowerBound) }
        XCTAssertEqual(caret, word, "the caret stands under the column on the cut line")
    }

    func testNoFrameWithoutTheTextOrPastItsEnd() {
        XCTAssertEqual(TextReporter.codeFrame(SourceLocation(file: "a.js", line: 9, column: 1), in: Array(Self.source.utf8), colour: false), "")
        XCTAssertEqual(TextReporter.codeFrame(SourceLocation(file: "a.js", line: 1, column: 1), in: nil, colour: false), "")
        // A control character in the line is escaped, and the caret counts the escape.
        XCTAssertEqual(TextReporter.codeFrame(SourceLocation(file: "a.js", line: 1, column: 3), in: Array("a\u{1B}b\n".utf8), colour: false), """
               1 | a\\x1Bb
                 |      ^

            """)
    }

    func testTheTerminalStyleFollowsTheTerminalAndNoColor() {
        XCTAssertEqual(TextStyle.terminal(isTerminal: false, environment: [:]), .plain)
        XCTAssertEqual(TextStyle.terminal(isTerminal: true, environment: [:]), TextStyle(codeFrames: true, colour: true))
        XCTAssertEqual(TextStyle.terminal(isTerminal: true, environment: ["NO_COLOR": "1"]), TextStyle(codeFrames: true, colour: false))
        XCTAssertEqual(TextStyle.terminal(isTerminal: true, environment: ["NO_COLOR": ""]), TextStyle(codeFrames: true, colour: true), "no-color.org: set and not empty")
        XCTAssertEqual(TextStyle.terminal(isTerminal: true, environment: ["TERM": "dumb"]), TextStyle(codeFrames: true, colour: false))
    }

    /// The built binary on a pseudo-terminal (util-linux `script`): frames and colour there,
    /// plain through a pipe (every other CLI test), and `--format json` never styled.
    func testTheBinaryFramesFindingsOnATerminal() throws {
        guard let scriptTool = Golden.which("script"), let binary = HawserBinary.url else { throw XCTSkip("script(1) or the binary is missing") }
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts": ["web"], "swift": ["App"]}"#,
            "web/a.js": Self.source,
            "App/A.swift": "import WebKit\nfunc f(c: WKUserContentController, h: WKScriptMessageHandler) { c.add(h, name: \"favicons\") }\n",
        ])
        func onTerminal(_ arguments: String, environment: [String: String] = [:]) throws -> String {
            var env = ProcessInfo.processInfo.environment
            env["NO_COLOR"] = nil
            env["TERM"] = "xterm"
            for (key, value) in environment { env[key] = value }
            let result = try Subprocess.run(scriptTool, ["-qec", "\(binary.path) \(arguments)", "/dev/null"], in: project.url, environment: env)
            return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        }
        let coloured = try onTerminal("lint --no-cache")
        XCTAssertTrue(coloured.contains("\u{1B}[31merror:"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[34m   2\u{1B}[0m\u{1B}[34m | \u{1B}[0m    window.webkit.messageHandlers.favicns.postMessage(x);\n"), coloured)
        let uncoloured = try onTerminal("lint --no-cache", environment: ["NO_COLOR": "1"])
        XCTAssertFalse(uncoloured.contains("\u{1B}["), uncoloured)
        XCTAssertTrue(uncoloured.contains("web/a.js:2:32: error: no message handler named 'favicns' is registered in Swift; did you mean 'favicons'? (or rename the registration at App/A.swift:2:80, which no script names) [unregistered-handler]\n   2 |     window"), uncoloured)
        let json = try onTerminal("lint --no-cache --format json")
        XCTAssertFalse(json.contains("\u{1B}[") || json.contains(" | "), json)
        // A replay from the run record prints what this style printed, not a piped run's text.
        _ = try HawserBinary.run(["lint"], in: project.url)
        XCTAssertTrue(try onTerminal("lint", environment: ["NO_COLOR": "1"]).contains("   2 |     window"))
    }
}
