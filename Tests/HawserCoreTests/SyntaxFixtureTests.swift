import Foundation
@testable import HawserCore
import XCTest

/// WebKit's verdict through Hawser, on `Tests/Fixtures/syntax/{script,module}/{refused,accepted}`:
/// each `.js` file whose first line is `// refused at L:C` or `// accepted` is the only user
/// script of a project (beside the folder's other files, which it may import), run through
/// lint and build. A refused file is one `syntax-error` at L:C (a 1-based line and UTF-8
/// column) in both, and the build writes nothing; an accepted file has no syntax finding in
/// either. `Tests/Syntax/oracle-test.sh` checks the same folders against node's parser, the
/// other way round.
final class SyntaxFixtureTests: XCTestCase {
    static let root = Golden.fixtures.appendingPathComponent("syntax")

    func testScripts() throws { try check(goal: "script") }

    func testModules() throws { try check(goal: "module") }

    /// Pages: a `.js` is accepted as a script or as a module; an HTML page's inline scripts and
    /// handler-using attributes are judged each at its place in the document.
    func testPages() {
        let pages = [
            SourceFile(path: "web/module.js", text: "import { a } from \"./a.js\";\nawait a;\n"),
            SourceFile(path: "web/classic.js", text: "var await = 1;\nwith (Math) { await += 1; }\n"),
            SourceFile(path: "web/broken.js", text: "var ok = 1;\nvar x = {a: 1,, b: 2};\n"),
            SourceFile(path: "web/index.html", text: """
                <html><body onclick="window.webkit.messageHandlers.tap.postMessage(1,,)" onload="{{ server template }}">
                <script>
                  let a = 1;
                  let a = 2;
                </script>
                <script type="module">import x from "./y.js"; await x;</script>
                <script>var fine = 1;</script>
                </body></html>

                """),
        ]
        let report = Pipeline.run(ProjectInput(scripts: [], swift: [], pages: pages), rendering: false).report
        let found = report.diagnostics.filter { $0.code == .syntaxError }.map { "\($0.location)" }
        XCTAssertEqual(found, ["web/broken.js:2:15", "web/index.html:1:70", "web/index.html:4:7"])
    }

    private func check(goal: String) throws {
        var counted = 0
        for verdict in ["refused", "accepted"] {
            let folder = Self.root.appendingPathComponent(goal).appendingPathComponent(verdict)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }.sorted()
            let files = try names.map { name in
                SourceFile(path: "userscripts/\(name)", bytes: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
            }
            for file in files {
                let firstLine = String(decoding: file.bytes.prefix { $0 != 0x0A }, as: UTF8.self)
                let expected: String?
                if firstLine.hasPrefix("// refused at ") {
                    expected = String(firstLine.dropFirst("// refused at ".count).prefix { $0 != " " })
                } else if firstLine.hasPrefix("// accepted") {
                    expected = nil
                } else {
                    continue  // a module the cases import
                }
                XCTAssertEqual(verdict == "refused", expected != nil, "\(goal)/\(verdict)/\(file.path) is in the wrong folder")
                counted += 1
                let others = files.filter { $0.path != file.path && !$0.bytes.starts(with: Array("// ".utf8)) }
                let input = ProjectInput(scripts: [file] + others, swift: [], config: HawserConfig())
                for rendering in [false, true] {
                    let result = Pipeline.run(input, rendering: rendering)
                    let found = result.report.diagnostics.filter { [.syntaxError, .notAClassicScript, .moduleError].contains($0.code) }
                    let what = "\(goal)/\(verdict)/\(file.path) (\(rendering ? "build" : "lint")): \(found.map { "\($0.location): \($0.message)" })"
                    if let expected {
                        XCTAssertEqual(found.count, 1, what)
                        XCTAssertEqual(found.first.map { "\($0.location.line):\($0.location.column)" }, expected, what)
                        XCTAssertEqual(found.first?.location.file, file.path, what)
                        XCTAssertTrue(result.files.isEmpty, "a refused script writes nothing: \(what)")
                    } else {
                        XCTAssertEqual(found, [], what)
                    }
                }
            }
        }
        XCTAssertGreaterThan(counted, 10)
    }
}
