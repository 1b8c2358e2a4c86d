@testable import HawserCore
import XCTest

/// Every JavaScript position, wherever the script sits, maps back to the exact line and byte
/// column of its file, lines ending at `\n`, `\r\n` and a lone `\r` (as `LineTable` counts them,
/// as Swift and Xcode do). Issue 10's fuzz findings: a script in a Swift one-line literal that
/// runs over a line break (`Fuzz/Regressions/swift-scan/`), and a lone CR in a script
/// (`Fuzz/Regressions/javascript/lone-cr.js`).
final class SourcePositionTests: XCTestCase {
    /// `line:column` of the first occurrence of `marker` in `text`.
    private func position(of marker: String, in text: String) -> String {
        let bytes = Array(text.utf8), needle = Array(marker.utf8)
        guard let offset = bytes.indices.first(where: { bytes[$0...].starts(with: needle) }) else {
            XCTFail("no \(marker) in the source")
            return "?"
        }
        var lines = LineTable(bytes)
        let (line, column) = lines.position(of: offset)
        return "\(line):\(column)"
    }

    /// The unregistered handlers `names` the pipeline reports, each at `line:column`, for the
    /// file `path`; and where each name is in `text`.
    private func check(
        _ names: [String], in text: String, path: String, input: ProjectInput,
        code: DiagnosticCode = .unregisteredHandler, file: StaticString = #filePath, line: UInt = #line
    ) {
        let report = Pipeline.analyze(input)
        let found = report.diagnostics.filter { $0.code == code && $0.location.file == path }
            .map { "\($0.location.line):\($0.location.column)" }
        XCTAssertEqual(found, names.map { position(of: $0, in: text) }, "\(report.diagnostics)", file: file, line: line)
    }

    private let registering = SourceFile(path: "Known.swift", text: "func f(c: C, h: H) { c.add(h, name: \"known\") }\n")

    private func checkSwift(_ names: [String], _ swift: String, code: DiagnosticCode = .unregisteredHandler, line: UInt = #line) {
        check(names, in: swift, path: "App.swift", input: ProjectInput(scripts: [], swift: [SourceFile(path: "App.swift", text: swift), registering]),
              code: code, line: line)
    }

    // MARK: - JavaScript in Swift string literals

    func testOneLineLiteralThatRunsOverALineBreakMapsEachLineToItsOwn() {
        // The fuzz finding's shape: a one-line literal without its closing quote on the line
        // (the lexer reads on to the next quote), so the script's second line used to be placed
        // after the end of the literal's first line.
        checkSwift(["badA", "badB"], """
            func f() {
                w.line("#end (message) {
                        window.webkit.messageHandlers.badA.postMessage(message);
                  window.webkit.messageHandlers.badB.postMessage(1); ")
            }

            """)
        checkSwift(["badC"], "let s = \"a;\r  webkit.messageHandlers.badC.postMessage(1)\"\n")
        checkSwift(["badD"], "let s = \"a;\r\n  webkit.messageHandlers.badD.postMessage(1)\"\n")
    }

    func testOneLineLiteralWithEscapes() {
        checkSwift(["escA", "escB", "escC", "escD"], #"""
            let a = "\u{1F600}\t\"q\" + webkit.messageHandlers.escA.postMessage(1)"
            let b = "var s = 1;\nvar t = 2;\n   webkit.messageHandlers.escB.postMessage(\"\u{E9}\")"
            let c = "var s = 1;\r  webkit.messageHandlers.escC.postMessage(1)"
            let d = "x\0\\\'; webkit.messageHandlers.escD.postMessage(1)"

            """#)
    }

    func testRawLiterals() {
        checkSwift(["rawA", "rawB"], ##"""
            let a = #"var s = "\n\t"; webkit.messageHandlers.rawA.postMessage("\\")"#
            let b = ##"var s = "#\#n"; webkit.messageHandlers.rawB.postMessage(1)"##

            """##)
    }

    func testMultiLineLiterals() {
        checkSwift(["multiA", "multiB", "multiC", "multiD"], ##"""
            let a = """
                var x = 1;
                  webkit.messageHandlers.multiA.postMessage(x)

                webkit.messageHandlers.multiB.postMessage("\u{1F600}\n")
                """
            let b = #"""
                var s = "\(no)"; webkit.messageHandlers.multiC.postMessage(1)
                """#
            let c = """
                var t = 1; \
                webkit.messageHandlers.multiD.postMessage(t)
                """

            """##)
    }

    func testMultiLineLiteralWithCRLFAndLoneCR() {
        let swift = "let a = \"\"\"\r\n    var x = 1;\r\n      webkit.messageHandlers.crlfA.postMessage(x)\r\n    \"\"\"\r\n"
            + "let b = \"\"\"\r    var y = 1;\r      webkit.messageHandlers.crB.postMessage(y)\r    \"\"\"\r"
        checkSwift(["crlfA", "crB"], swift)
    }

    func testInterpolations() {
        checkSwift(["interpA", "interpB"], #"""
            let name = "known"
            let a = "webkit.messageHandlers.\(name).postMessage(\(1 + 2)); webkit.messageHandlers.interpA.postMessage(1)"
            let b = """
                var v = \(value(of: "a\(1)b"));
                    webkit.messageHandlers.interpB.postMessage(v)
                """

            """#)
        // An interpolated name that cannot be resolved: the warning sits at the `\(`.
        let swift = "let a = \"webkit.messageHandlers.\\(dynamic()).postMessage(1)\"\n"
        let report = Pipeline.analyze(ProjectInput(scripts: [], swift: [SourceFile(path: "App.swift", text: swift), registering]))
        XCTAssertEqual(report.diagnostics.filter { $0.code == .dynamicHandlerName }.map { "\($0.location.line):\($0.location.column)" },
                       [position(of: "\\(dynamic", in: swift)])
    }

    // MARK: - A lone CR in JavaScript

    func testLoneCarriageReturnEndsALineInAScript() {
        let script = "var a = 1;\r  webkit.messageHandlers.loneA.postMessage(1);\r\n\rwebkit.messageHandlers.loneB.postMessage(1)\n"
        check(["loneA", "loneB"], in: script, path: "a.js",
              input: ProjectInput(scripts: [SourceFile(path: "a.js", text: script)], swift: [registering]))
        // The fuzz regression: a syntax error after a lone CR is on the second line.
        let facts = JavaScriptFrontEnd.analyze(script: Array("var a = 1;\r)".utf8), file: "lone-cr.js")
        XCTAssertEqual(facts.diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column)" }, ["syntax-error@2:1"])
    }

    /// A `//` comment ends at a lone CR, as in a JavaScript engine (the grammar's lexer would
    /// run it on to the next LF), and a suppression covers the line after it.
    func testLoneCarriageReturnEndsALineCommentAndASuppressionCoversTheLineAfterIt() {
        let script = "var a = 1;\r// hawser-ignore: unregistered-handler\rwebkit.messageHandlers.quiet.postMessage(1)\rwebkit.messageHandlers.loud.postMessage(1)\n"
        check(["loud"], in: script, path: "a.js",
              input: ProjectInput(scripts: [SourceFile(path: "a.js", text: script)], swift: [registering]))
    }

    func testLoneCarriageReturnInHTMLScriptsAndAttributes() {
        let page = "<p>\r<script>\rvar a = 1;\r  webkit.messageHandlers.pageA.postMessage(1)</script>\r"
            + "<button onclick=\"var q = &quot;x&quot;;\r  webkit.messageHandlers.pageB.postMessage(q)\">\r"
            + "<button onclick=\"var r = 1;\r  webkit.messageHandlers.pageC.postMessage(r)\">\n"
        check(["pageA", "pageB", "pageC"], in: page, path: "web/a.html",
              input: ProjectInput(scripts: [], swift: [registering], pages: [SourceFile(path: "web/a.html", text: page)]))
    }
}
