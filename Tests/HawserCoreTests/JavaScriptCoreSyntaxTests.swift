@testable import JavaScriptCoreSyntax
import XCTest

/// JavaScriptCore's own parser, and the column Hawser finds for its refusals (JavaScriptCore
/// reports a line only). `↓` marks the byte where the refused token starts; the marker is
/// removed before the check.
final class JavaScriptCoreSyntaxTests: XCTestCase {
    private func refusal(_ marked: String, goal: JavaScriptCoreSyntax.Goal = .script, file: StaticString = #filePath, line: UInt = #line) -> JavaScriptCoreSyntax.Refusal? {
        let parts = marked.components(separatedBy: "↓")
        XCTAssertEqual(parts.count, 2, "mark the refused token with one ↓", file: file, line: line)
        let text = Array(parts.joined().utf8)
        let found = JavaScriptCoreSyntax.check(text, goal: goal)
        XCTAssertNotNil(found, "JavaScriptCore accepted \(parts.joined())", file: file, line: line)
        XCTAssertEqual(found?.offset, parts[0].utf8.count, "\(found?.message ?? "")", file: file, line: line)
        return found
    }

    func testEarlyErrorsAreRefusedAtTheirToken() {
        XCTAssertEqual(refusal("const a = {a: 1,↓, b: 2};")?.message, "Unexpected token ','. Expected a property name.")
        XCTAssertEqual(refusal("let a = 1;\nlet ↓a = 2;")?.message, "Cannot declare a let variable twice: 'a'.")
        XCTAssertEqual(refusal("\"use strict\"; ↓with (a) {}")?.message, "'with' statements are not valid in strict mode.")
        XCTAssertNotNil(refusal("class A { constructor() {} ↓constructor() {} }"))
        XCTAssertNotNil(refusal("const {a, ...b↓,} = o;"))
        XCTAssertNotNil(refusal("a?.b ↓= 1;"))
        XCTAssertEqual(refusal("if (x) {\n  ↓break;\n}")?.message, "'break' is only valid inside a switch or loop statement.")
        XCTAssertNotNil(refusal("label: label: ↓x;"))
        XCTAssertNotNil(refusal("function load() { const text = await ↓hawser.call(\"readFile\"); }"))
    }

    func testModuleGoal() {
        XCTAssertNil(JavaScriptCoreSyntax.check(Array("import x from 'y';\nawait x;\nexport default 1;\n".utf8), goal: .module))
        XCTAssertNotNil(refusal("export default ↓let", goal: .module))
        XCTAssertNotNil(refusal("x;\n↓new.target;", goal: .module))
    }

    func testAcceptedScripts() {
        for text in ["", "var x = 1;", "a?.b;\n", "x = \"\u{0}\";", "label: for (;;) { break label; }", "/* é */ let s = 'ü';"] {
            XCTAssertNil(JavaScriptCoreSyntax.check(Array(text.utf8), goal: .script), text)
        }
    }

    func testPositionsCountBytesAndJavaScriptCoreLines() {
        // Non-ASCII before the token; a line that ends at U+2028, which JavaScriptCore counts.
        XCTAssertNotNil(refusal("const s = \"éé\" + ↓);"))
        XCTAssertNotNil(refusal("var a = 1;\u{2028}var b = ↓);"))
        XCTAssertNotNil(refusal("var a = 1;\r\nvar b = ↓);"))
    }

    func testRefusalAtTheEnd() {
        XCTAssertEqual(refusal("function f() {\n  return 1;↓\n\n\n")?.message.hasPrefix("Unexpected end of script"), true)
    }
}
