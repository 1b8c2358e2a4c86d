import Foundation
import XCTest
@testable import HawserCore

/// TypeScript that keeps its meaning once stripped: assertions whose erasure would regroup an
/// expression are parenthesized as tsc does (and the output evaluates to tsc's value), erased text
/// is blanked by UTF-16 unit, erasure leaves no trailing blanks, and ambient declarations are
/// erased whatever they hold. The fixtures of `Tests/Fixtures/typescript` cover the same ground
/// against tsc; these hold what tsc 4.8 cannot compare (`satisfies`, its invalid outputs).
final class TypeScriptMeaningTests: XCTestCase {
    static func strip(_ text: String) -> StrippedTypeScript {
        TypeScriptStripper.strip(Array(text.utf8), file: "input.ts", dialect: .typescript)
    }

    static func javascript(_ text: String) -> String {
        String(decoding: strip(text).javascript, as: UTF8.self)
    }

    /// (TypeScript, the stripped JavaScript, its value as TypeScript means it).
    static let precedenceCases: [(String, String, String)] = [
        ("x = 1 + 1 as number * 2", "x =(1 + 1)          * 2", "4"),
        ("x = 1 + 1 satisfies number * 2", "x =(1 + 1)                 * 2", "4"),
        ("x = 6 satisfies number / 2", "x = 6                  / 2", "3"),
        ("x = 6 as number / 2", "x = 6           / 2", "3"),
        ("x = 2 ** 3 as unknown as number ** 2", "x =(2 ** 3)                     ** 2", "64"),
        ("x = 2 ** 3 satisfies number ** 2", "x =(2 ** 3)                 ** 2", "64"),
        ("x = 1 < 2 as unknown << 1", "x =(1 < 2)           << 1", "2"),
        ("x = 1 + 2 as number /* c */ * 3", "x =(1 + 2)          /* c */ * 3", "9"),
        ("x = f(1 + 2 as any * 3)", "x = f((1 + 2)       * 3)", "9"),
        ("x = 1+2 as any*3", "x =(1+2)      *3", "9"),
        ("x = -2 as any ** 2", "x =(-2)       ** 2", "4"),
        ("x = <number>-2 as any ** 2", "x =        (-2)       ** 2", "4"),
        ("x = 0 && 1 + 2 as number * 3", "x = 0 &&(1 + 2)          * 3", "0"),
        ("x = 2 * 3 as number + 1", "x = 2 * 3           + 1", "7"),
        ("x = 7 - 2 as number - 1", "x = 7 - 2           - 1", "4"),
        ("x = 1 + 2 as number ** 2 as number * 2", "x =(1 + 2)          ** 2           * 2", "18"),
        ("x = 3! * 2", "x = 3  * 2", "6"),
    ]

    func testAssertionsThatWouldRegroupAreParenthesizedAsTscDoes() {
        for (typescript, expected, _) in Self.precedenceCases {
            let stripped = Self.strip(typescript + ";\n")
            XCTAssertEqual(stripped.diagnostics, [], typescript)
            XCTAssertEqual(String(decoding: stripped.javascript, as: UTF8.self), expected + ";\n", typescript)
        }
    }

    func testParenthesizedOutputsEvaluateToTypeScriptsValues() throws {
        guard let node = Golden.which("node") else { throw XCTSkip("node is not installed") }
        var program = "const f = (v) => v; let x; const out = [];\n"
        for (typescript, _, _) in Self.precedenceCases {
            program += "{ " + Self.javascript(typescript + ";").trimmingCharacters(in: .whitespacesAndNewlines) + " out.push(String(x)); }\n"
        }
        program += "console.log(out.join(\",\"));\n"
        let result = try Subprocess.run(node, ["-e", program])
        XCTAssertEqual(result.status, 0, result.stderr)
        let output = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(output, Self.precedenceCases.map(\.2).joined(separator: ","), program)
    }

    func testAnAwaitedOperandOfExponentiationIsParenthesized() {
        // tsc 4.8 writes `await a ** 2`, which is no JavaScript.
        XCTAssertEqual(Self.javascript("async function g() { return await a as number ** 2; }\n"),
                       "async function g() { return(await a)          ** 2; }\n")
    }

    func testAParenthesisStartingAStatementAfterOneThatGoesOnGetsASemicolon() {
        let output = Self.javascript("let y = f\n1 + 1 as any * 2;\nlet z = 1;\n1 + 1 as any * 2;\n")
        XCTAssertEqual(output, "let y = f\n;(1 + 1)       * 2;\nlet z = 1;\n(1 + 1)       * 2;\n")
    }

    func testAnInsertedParenthesisIsAReplacementThatLeadsBack() {
        let source = "g(1 + 1 as any * 2, after);\n"
        let stripped = Self.strip(source)
        let output = String(decoding: stripped.javascript, as: UTF8.self)
        XCTAssertEqual(output, "g((1 + 1)       * 2, after);\n")
        XCTAssertFalse(stripped.replacements.isEmpty)
        let outputAfter = Array(output.utf8).count - "after);\n".utf8.count
        let sourceAfter = Array(source.utf8).count - "after);\n".utf8.count
        XCTAssertEqual(stripped.sourceOffset(ofOutput: outputAfter), sourceAfter)
        XCTAssertEqual(stripped.sourceOffset(ofOutput: 3), 2, "the operand's `1` leads to its source offset")
    }

    func testMixingCoalescingWithLogicalOperatorsIsRefused() {
        for source in ["x = a ?? b as any || c;\n", "x = a || b as any ?? c;\n", "x = a ?? b satisfies any && c;\n"] {
            let stripped = Self.strip(source)
            XCTAssertEqual(stripped.diagnostics.map(\.code), [.unsupportedTypeScript], source)
            XCTAssertTrue(stripped.diagnostics.first?.message.contains("write the parentheses") ?? false, source)
        }
        XCTAssertEqual(Self.strip("x = a ?? b as any ?? c;\n").diagnostics, [])
    }

    func testAnEnumInitializerThatWouldRegroupIsRefused() {
        let stripped = Self.strip("enum E { A = 1 + 1 as any * 2 }\n")
        XCTAssertEqual(stripped.diagnostics.map(\.code), [.unsupportedTypeScript])
        XCTAssertTrue(stripped.diagnostics[0].message.contains("`(1 + 1)`"), stripped.diagnostics[0].message)
    }

    // MARK: - UTF-16 blanks

    /// The UTF-16 column of `token`'s first occurrence after `from` on the only line of `text`.
    static func utf16Column(of token: String, in text: String, after from: String = "") -> Int? {
        guard let start = text.range(of: from)?.upperBound, let found = text.range(of: token, range: start..<text.endIndex) else { return nil }
        return text.utf16.distance(from: text.utf16.startIndex, to: found.lowerBound)
    }

    func testErasedTextIsBlankedByUTF16Unit() {
        let source = "const greeting: \"héllo\" | \"wörld\" = \"héllo\", size: number = 1; let s: \"🙂\" = \"😀\", t = 2;\n"
        let stripped = Self.strip(source)
        let output = String(decoding: stripped.javascript, as: UTF8.self)
        for (token, after) in [("=", "greeting"), ("\"héllo\"", "="), ("size", ""), ("= 1", "size"), ("t = 2", "😀")] {
            XCTAssertEqual(Self.utf16Column(of: token, in: output, after: after), Self.utf16Column(of: token, in: source, after: after), "\(token) in \(output)")
        }
        // The dropped bytes are replacements: every kept byte leads back to its own.
        let outputBytes = Array(output.utf8), sourceBytes = Array(source.utf8)
        for (offset, byte) in outputBytes.enumerated() where byte != 0x20 {
            XCTAssertEqual(sourceBytes[stripped.sourceOffset(ofOutput: offset)], byte, "output offset \(offset)")
        }
    }

    // MARK: - Trailing blanks

    func testErasureLeavesNoTrailingBlanks() throws {
        for testCase in try TypeScriptStripperTests.cases() {
            let source = try [UInt8](Data(contentsOf: testCase.input))
            let output = String(decoding: TypeScriptStripper.strip(source, file: "input.ts", dialect: testCase.dialect).javascript, as: UTF8.self)
            for (number, line) in output.components(separatedBy: "\n").enumerated() {
                let trimmed = line.hasSuffix("\r") ? String(line.dropLast()) : line
                guard trimmed.hasSuffix(" ") || trimmed.hasSuffix("\t") else { continue }
                // Only a template literal's own text may end a line in blanks.
                XCTAssertEqual(testCase.name, "trailing-blanks", "\(testCase.name):\(number + 1) ends in blanks: \(line.debugDescription)")
            }
        }
        XCTAssertEqual(Self.javascript("interface I {\n  a: number;\n}\nlet s = `a  \nb`;   \n"), "\n\n\nlet s = `a  \nb`;\n")
    }

    // MARK: - Ambient declarations

    func testAmbientDeclarationsAreErasedWhateverTheyHold() {
        let source = """
            declare module "../src/index.js" {
              export interface NewTabPage<in out T> { x: import("./y").Z<number> }
            }
            declare global { var flag: boolean }
            declare namespace N { const a = 1; function f(): void }
            declare const c = 1;
            declare enum E { A }
            export declare const exported = 1;
            export declare function exportedFunction(): void;
            export const kept = 2;

            """
        let stripped = Self.strip(source)
        XCTAssertEqual(stripped.diagnostics, [])
        let output = String(decoding: stripped.javascript, as: UTF8.self)
        XCTAssertEqual(output, String(repeating: "\n", count: 9) + "export const kept = 2;\n")
        XCTAssertEqual(stripped.typeExports, ["exported", "exportedFunction"])
    }

    func testExportTypeStarIsErased() {
        let stripped = Self.strip("export type * from \"./t\";\nexport type * as ns from \"./t\";\nexport const k = 1;\n")
        XCTAssertEqual(stripped.diagnostics, [])
        XCTAssertEqual(String(decoding: stripped.javascript, as: UTF8.self), "\n\nexport const k = 1;\n")
    }
}
