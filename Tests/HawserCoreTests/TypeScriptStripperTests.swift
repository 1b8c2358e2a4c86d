import Foundation
import XCTest
import TreeSitter
@testable import HawserCore

/// The TypeScript stripper: `Tests/Fixtures/typescript/<case>/input.ts` (or `input.tsx`) against
/// the goldens `expected.js` and, when there are diagnostics, `expected-diagnostics.txt`
/// (`UPDATE_GOLDENS=1` rewrites them); every output keeps its positions.
final class TypeScriptStripperTests: XCTestCase {
    static let folder = Golden.fixtures.appendingPathComponent("typescript")

    struct Case {
        let name: String
        let input: URL
        let dialect: TypeScriptDialect
    }

    static func cases() throws -> [Case] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return names.compactMap { name in
            let directory = folder.appendingPathComponent(name)
            for file in ["input.ts", "input.tsx"] {
                let url = directory.appendingPathComponent(file)
                if FileManager.default.fileExists(atPath: url.path) {
                    return Case(name: name, input: url, dialect: TypeScriptDialect(path: file)!)
                }
            }
            return nil
        }
    }

    static func strip(_ text: String, dialect: TypeScriptDialect = .typescript) -> StrippedTypeScript {
        TypeScriptStripper.strip(Array(text.utf8), file: "input.ts", dialect: dialect)
    }

    static func diagnosticLines(_ stripped: StrippedTypeScript) -> String {
        stripped.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.code.rawValue): \($0.message)\n" }.joined()
    }

    func testFixturesMatchGoldens() throws {
        let cases = try Self.cases()
        XCTAssertGreaterThan(cases.count, 20)
        for testCase in cases {
            let source = try [UInt8](Data(contentsOf: testCase.input))
            let stripped = TypeScriptStripper.strip(source, file: testCase.input.lastPathComponent, dialect: testCase.dialect)
            let directory = testCase.input.deletingLastPathComponent()
            Golden.assert(String(decoding: stripped.javascript, as: UTF8.self), matches: directory.appendingPathComponent("expected.js"))
            let diagnosticsURL = directory.appendingPathComponent("expected-diagnostics.txt")
            let lines = Self.diagnosticLines(stripped)
            if !lines.isEmpty {
                Golden.assert(lines, matches: diagnosticsURL)
            } else if FileManager.default.fileExists(atPath: diagnosticsURL.path) {
                if Golden.isUpdating {
                    try FileManager.default.removeItem(at: diagnosticsURL)
                } else {
                    XCTFail("\(testCase.name): no diagnostics, but \(Golden.relative(diagnosticsURL)) expects some")
                }
            }
        }
    }

    /// Outside replacements, every output byte is the source byte at its offset, a space, or a
    /// moved `)` / inserted `;`; the lines are the source's; and the output is JavaScript.
    func testEveryOutputKeepsPositions() throws {
        for testCase in try Self.cases() {
            let source = try [UInt8](Data(contentsOf: testCase.input))
            let stripped = TypeScriptStripper.strip(source, file: testCase.input.lastPathComponent, dialect: testCase.dialect)
            let output = stripped.javascript
            XCTAssertEqual(output.filter { $0 == 0x0A }.count, source.filter { $0 == 0x0A }.count + (stripped.javascript.suffix(11) == Array("export {};\n".utf8) && !source.suffix(11).elementsEqual("export {};\n".utf8) ? 1 : 0), "\(testCase.name): line count")
            if stripped.replacements.isEmpty {
                XCTAssertEqual(output.count, source.count, "\(testCase.name): length")
            }
            var inReplacement = Set<Int>()
            for replacement in stripped.replacements { inReplacement.formUnion(replacement.output) }
            for offset in output.indices where !inReplacement.contains(offset) {
                let sourceOffset = stripped.sourceOffset(ofOutput: offset)
                let byte = output[offset]
                guard sourceOffset < source.count else {
                    XCTFail("\(testCase.name): output offset \(offset) maps past the source")
                    break
                }
                let ok = byte == source[sourceOffset] || byte == 0x20
                    || (byte == UInt8(ascii: ")") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ";")) && source[sourceOffset] != 0x0A
                if !ok || (source[sourceOffset] == 0x0A) != (byte == 0x0A) {
                    XCTFail("\(testCase.name): output offset \(offset) holds \(UnicodeScalar(byte)), source offset \(sourceOffset) \(UnicodeScalar(source[sourceOffset]))")
                    break
                }
            }
            let hasSyntaxErrors = stripped.diagnostics.contains { $0.code == .syntaxError }
            if stripped.diagnostics.isEmpty || !hasSyntaxErrors && !stripped.diagnostics.contains(where: { $0.code == .unsupportedTypeScript }) {
                let tree = try Grammar.javascript.parse(output)
                XCTAssertFalse(tree.root.hasError, "\(testCase.name): the output does not parse as JavaScript:\n\(String(decoding: output, as: UTF8.self))")
            }
        }
    }

    func testSourceOffsetOfOutput() {
        // "enum E { A }" (12 bytes) → "var E; (function (E) {" for "enum E {" (8 → 22 bytes).
        let stripped = StrippedTypeScript(
            javascript: [],
            replacements: [
                .init(source: 2..<10, output: 2..<24),
                .init(source: 20..<20, output: 34..<40),
                .init(source: 30..<35, output: 50..<52),
            ])
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 0), 0)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 1), 1)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 2), 2)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 23), 2)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 24), 10)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 33), 19)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 34), 20)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 39), 20)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 40), 20)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 41), 21)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 50), 30)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 52), 35)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 60), 43)
        XCTAssertEqual(StrippedTypeScript(javascript: []).sourceOffset(ofOutput: 7), 7)
    }

    func testSourceOffsetThroughACompiledEnum() {
        let source = "let a: number = 1;\nenum E { A, B }\nlet b = a;\n"
        let stripped = Self.strip(source)
        XCTAssertTrue(stripped.diagnostics.isEmpty)
        let output = String(decoding: stripped.javascript, as: UTF8.self)
        let outputB = output.utf8.count - "b = a;\n".utf8.count
        let sourceB = source.utf8.count - "b = a;\n".utf8.count
        XCTAssertEqual(stripped.sourceOffset(ofOutput: outputB), sourceB)
        // Inside the compiled member `A`, the offset is the member's.
        let memberA = Array(output.utf8).firstIndex(of: UInt8(ascii: "["))!
        XCTAssertEqual(stripped.sourceOffset(ofOutput: memberA), Array(source.utf8).firstIndex(of: UInt8(ascii: "A"))!)
    }

    func testPlainJavaScriptIsUnchanged() {
        let source = "const a = 1;\nfunction f(b, c = 2) { return b < c ? a : (b) > c; }\nclass K { #p = 1; m() {} }\n"
        let stripped = Self.strip(source)
        XCTAssertEqual(String(decoding: stripped.javascript, as: UTF8.self), source)
        XCTAssertTrue(stripped.replacements.isEmpty)
        XCTAssertTrue(stripped.diagnostics.isEmpty)
    }

    func testErasedStatementBeforeParenthesisGetsSemicolon() {
        let stripped = Self.strip("let a = b\ntype T = 1;\n(c)\n")
        XCTAssertEqual(String(decoding: stripped.javascript, as: UTF8.self), "let a = b\n;\n(c)\n")
    }

    func testArrowReturnTypeOnItsOwnLineMovesParenthesis() {
        let stripped = Self.strip("const f = (a)\n: number => a;\n")
        XCTAssertEqual(String(decoding: stripped.javascript, as: UTF8.self), "const f = (a\n       ) => a;\n")
    }

    func testSyntaxErrorIsReported() {
        let stripped = Self.strip("let a: = ;\n")
        XCTAssertTrue(stripped.diagnostics.contains { $0.code == .syntaxError })
    }

    func testCarriageReturnsAreKept() {
        let stripped = Self.strip("let a: number = 1;\r\ninterface I {\r\n  x: string\r\n}\r\nlet b = a as any;\r\n")
        XCTAssertEqual(String(decoding: stripped.javascript, as: UTF8.self),
                       "let a         = 1;\r\n\r\n\r\n\r\nlet b = a       ;\r\n")
    }

    /// One pass, linear: a large file with every kind of erasure and compiled form strips fast.
    func testLargeFileStripsInLinearTime() throws {
        var text = ""
        for index in 0..<2_000 {
            text += """
            interface I\(index) { a: number }
            enum E\(index) { A, B = A + 1, C = "c" }
            class C\(index)<T> extends Base<T> implements I\(index) {
              private x?: number;
              constructor(readonly a: number, public b = 1) { super(); }
              m(this: C\(index)<T>, v: T): T { return v as T; }
            }
            import { type T\(index), v\(index) } from "./m\(index)";

            """
        }
        let start = Date()
        let stripped = Self.strip(text)
        XCTAssertTrue(stripped.diagnostics.isEmpty)
        XCTAssertEqual(stripped.javascript.filter { $0 == 0x0A }.count, text.utf8.filter { $0 == 0x0A }.count)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }

    /// Every fixture cut short at many places (so with syntax errors of all kinds) strips without
    /// trapping, keeps its lines, and keeps its length when nothing was compiled.
    func testTruncatedInputsStripSafely() throws {
        for testCase in try Self.cases() {
            let source = try [UInt8](Data(contentsOf: testCase.input))
            for end in stride(from: 0, to: source.count, by: 5) {
                let cut = Array(source[..<end])
                let stripped = TypeScriptStripper.strip(cut, file: "cut.ts", dialect: testCase.dialect)
                if stripped.replacements.isEmpty {
                    XCTAssertEqual(stripped.javascript.count, cut.count, "\(testCase.name) cut at \(end)")
                }
                XCTAssertGreaterThanOrEqual(stripped.javascript.filter { $0 == 0x0A }.count, cut.filter { $0 == 0x0A }.count, "\(testCase.name) cut at \(end)")
            }
        }
        for odd in ["", "// only a comment", "\u{0}", "enum", "enum E {", "class A { constructor(private) {} }", "let a = <", "import x = require(", "export =", "namespace", "declare"] {
            _ = Self.strip(odd)
            _ = Self.strip(odd, dialect: .tsx)
        }
    }

    func testEnumNumbersPrintAsJavaScriptDoes() {
        XCTAssertEqual(TypeScriptStripPass.numberText(0), "0")
        XCTAssertEqual(TypeScriptStripPass.numberText(-0.0), "0")
        XCTAssertEqual(TypeScriptStripPass.numberText(3.5), "3.5")
        XCTAssertEqual(TypeScriptStripPass.numberText(-2), "-2")
        XCTAssertEqual(TypeScriptStripPass.numberText(0.1 + 0.2), "0.30000000000000004")
        XCTAssertEqual(TypeScriptStripPass.numberText(1e-7), "1e-7")
        XCTAssertEqual(TypeScriptStripPass.numberText(1e16), "10000000000000000")
        XCTAssertEqual(TypeScriptStripPass.numberText(123456789012345680000), "123456789012345680000")
        XCTAssertEqual(TypeScriptStripPass.numberText(-1e20), "-100000000000000000000")
        XCTAssertEqual(TypeScriptStripPass.numberText(1e21), "1e+21")
        XCTAssertEqual(TypeScriptStripPass.numberText(2e-300), "2e-300")
        XCTAssertEqual(TypeScriptStripPass.numberText(.infinity), "Infinity")
        XCTAssertEqual(TypeScriptStripPass.numberText(-.infinity), "-Infinity")
        XCTAssertEqual(TypeScriptStripPass.numberText(.nan), "NaN")
        XCTAssertEqual(TypeScriptStripPass.parseNumber("0x1F"), 31)
        XCTAssertEqual(TypeScriptStripPass.parseNumber("1_000.5"), 1000.5)
        XCTAssertEqual(TypeScriptStripPass.parseNumber("017"), 15)
        XCTAssertEqual(TypeScriptStripPass.parseNumber("5."), 5)
        XCTAssertNil(TypeScriptStripPass.parseNumber("10n"))
    }
}
