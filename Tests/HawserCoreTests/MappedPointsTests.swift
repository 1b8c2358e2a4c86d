import XCTest
@testable import HawserCore

/// Where a bundle's source map has mappings (`MappedPoints`): at every token a debugger or a
/// stack trace can stop at, never inside comments or literals, and each exact.
final class MappedPointsTests: XCTestCase {
    private func points(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        let offsets = MappedPoints.offsets(in: bytes, 0..<bytes.count)
        XCTAssertEqual(offsets, offsets.sorted(), "in increasing order")
        XCTAssertEqual(Set(offsets).count, offsets.count, "each once")
        return offsets.map { offset in
            // The point's token, up to the next space, for reading.
            let end = bytes[offset...].firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") } ?? bytes.count
            return String(decoding: bytes[offset..<end], as: UTF8.self)
        }
    }

    func testWordsLiteralsAndOpeningBrackets() {
        XCTAssertEqual(points("let a = f(b[0], 'x y', { k: 1 });"), ["let", "a", "f(b[0],", "(b[0],", "b[0],", "[0],", "0],", "'x", "{", "k:", "1"])
    }

    func testCommentsAndLiteralTextGetNone() {
        XCTAssertEqual(points("a // b c\n/* d\ne */ f \"g h\" i"), ["a", "f", "\"g", "i"])
    }

    func testTemplateSubstitutionsAreCode() {
        XCTAssertEqual(points("`t ${ x + {y: 1}.y } u` z"), ["`t", "x", "{y:", "y:", "1}.y", "y", "z"])
    }

    func testRegularExpressionOrDivision() {
        // After an operand `/` divides; after an operator or `return` it starts a literal.
        XCTAssertEqual(points("a / b / c"), ["a", "b", "c"])
        XCTAssertEqual(points("x = /a b(c/g.test(s)"), ["x", "/a", "test(s)", "(s)", "s)"])
        XCTAssertEqual(points("return /[/]x/"), ["return", "/[/]x/"])
    }

    func testEachLineStartsWithAPoint() {
        XCTAssertEqual(points("f(\n  1,\n  2\n);\n"), ["f(", "(", "1,", "2", ");"])
    }

    func testARangeStartsWithAPoint() {
        let bytes = Array("a; ; b".utf8)
        XCTAssertEqual(MappedPoints.offsets(in: bytes, 2..<bytes.count), [2, 5])
    }

    /// Every mapping of a copy leads to the same bytes in the original: the generated text at
    /// the segment starts as the original does at the segment's original position.
    func testEveryMappingOfACopyIsExact() throws {
        let source = "const s = 'é' + `${1}`; // ü\nfunction f(a) {\r\n  return a / 2 + /x/.source;\n}\n"
        let bytes = Array(source.utf8)
        var map = SourceMapBuilder()
        map.append("prologue();\n")
        let index = map.source("a.js", text: bytes)
        var cursor = OriginalCursor()
        map.appendCopy(of: bytes, 0..<bytes.count, source: index, cursor: &cursor)
        // Lines as the map counts them (LF and CR LF end a line here), in bytes.
        func lines(_ text: String) -> [[UInt8]] { Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init) }
        let generatedLines = lines(map.text), originalLines = lines(source)
        XCTAssertGreaterThan(map.segments.count, 10)
        for segment in map.segments {
            let generated = generatedLines[segment.generatedLine][segment.generatedUTF8Column...]
            let original = originalLines[segment.line][segment.utf8Column...]
            XCTAssertEqual(generated.first, original.first, "segment \(segment)")
        }
    }
}
