@testable import HawserCore
import XCTest

/// Which bytes are text (`SourceText`) and how quoted text is printed (`PrintableText`).
final class SourceTextTests: XCTestCase {
    func rejection(_ bytes: [UInt8]) -> String? {
        if case .rejected(let reason, let line, let column) = SourceText.check(bytes) { return "\(line):\(column): \(reason)" }
        return nil
    }

    func testUTF8IsTextAndTheByteOrderMarkIsDropped() {
        XCTAssertEqual(SourceText.check(Array("é 😀 \u{2028}".utf8)), .text(Array("é 😀 \u{2028}".utf8)))
        XCTAssertEqual(SourceText.check([0xEF, 0xBB, 0xBF, 0x61]), .text([0x61]))
        XCTAssertEqual(SourceText.check([]), .text([]))
        // A NUL inside an ordinary script is text; the front end decides what it means.
        XCTAssertEqual(SourceText.check(Array("var s = \"a\0b\";\n".utf8)), .text(Array("var s = \"a\0b\";\n".utf8)))
    }

    func testInvalidUTF8IsRejectedAtItsFirstBadByte() {
        let notUTF8 = "the file is not valid UTF-8"
        XCTAssertEqual(rejection([0x61, 0x0A, 0x62, 0xFF]), "2:2: \(notUTF8) (byte \\xFF); save it as UTF-8")
        XCTAssertEqual(rejection(Array("a\r\nb\rcd".utf8) + [0xC3]), "3:3: \(notUTF8) (byte \\xC3); save it as UTF-8", "a truncated sequence")
        XCTAssertEqual(rejection([0xC0, 0xAF]), "1:1: \(notUTF8) (byte \\xC0); save it as UTF-8", "an overlong form")
        XCTAssertEqual(rejection([0x20, 0xED, 0xA0, 0x80]), "1:2: \(notUTF8) (byte \\xED); save it as UTF-8", "a surrogate")
        XCTAssertEqual(rejection([0xF4, 0x90, 0x80, 0x80]), "1:1: \(notUTF8) (byte \\xF4); save it as UTF-8", "above U+10FFFF")
        XCTAssertEqual(rejection([0x80]), "1:1: \(notUTF8) (byte \\x80); save it as UTF-8", "a lone continuation byte")
        // Agrees with the standard library on every two-byte input.
        for a in 0...255 {
            for b in 0...255 where (a >= 0x80 || b >= 0x80) && a != 0 && b != 0 {
                let bytes = [UInt8(a), UInt8(b)]
                XCTAssertEqual(SourceText.firstInvalidUTF8(bytes) == nil, String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
            }
        }
    }

    func testOtherEncodingsAndBinaryAreRejected() {
        XCTAssertEqual(rejection([0xFF, 0xFE, 0x61, 0x00]), "1:1: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8")
        XCTAssertEqual(rejection([0x00, 0x00, 0xFE, 0xFF]), "1:1: the file is UTF-32 (it starts with a UTF-32 byte order mark); save it as UTF-8")
        let binary = "1:1: the file is binary, not text (it has NUL bytes); Hawser reads UTF-8 text only"
        XCTAssertEqual(rejection([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]), binary, "NUL and bytes that are not UTF-8")
        XCTAssertEqual(rejection(Array(repeating: 0, count: 100)), binary, "only NULs")
        XCTAssertEqual(rejection(Array("ab".utf8) + [0, 0, 0, 0] + Array("cd".utf8)), binary, "one NUL in eight or more")
    }

    func testPrintableTextEscapesWhatATerminalWouldNotShow() {
        XCTAssertEqual(PrintableText.escape("plain é 😀 \u{FFFD}"), "plain é 😀 \u{FFFD}")
        XCTAssertEqual(PrintableText.escape("a\0b\tc\nd\re\u{1B}[31m\u{7F}"), "a\\0b\\tc\\nd\\re\\x1B[31m\\x7F")
        XCTAssertEqual(PrintableText.escape("\u{85}\u{2028}\u{202E}evil\u{2066}"), "\\u{85}\\u{2028}\\u{202E}evil\\u{2066}")
    }
}
