import XCTest
@testable import HawserCore

/// `JSON.parse`: strict RFC 8259, typed values, positions in errors.
final class JSONParseTests: XCTestCase {
    private func parse(_ text: String) throws -> JSON {
        try JSON.parse(Array(text.utf8))
    }

    private func assertError(_ text: String, _ line: Int, _ column: Int, _ reason: String, file: StaticString = #filePath, line testLine: UInt = #line) {
        XCTAssertThrowsError(try parse(text), text, file: file, line: testLine) { error in
            XCTAssertEqual(error as? JSONSyntaxError, JSONSyntaxError(line: line, column: column, reason: reason), text, file: file, line: testLine)
        }
    }

    func testValues() throws {
        XCTAssertEqual(try parse(#"{"b": [1, -2, 3.5, 1e3, true, false, null], "a": "x"}"#),
                       .object([("b", .array([.int(1), .int(-2), .double(3.5), .double(1000), .bool(true), .bool(false), .null])), ("a", .string("x"))]))
        XCTAssertEqual(try parse(" \t\r\n[] "), .array([]))
        XCTAssertEqual(try parse("{}"), .object([]))
        XCTAssertEqual(try parse("\"top\""), .string("top"))
        XCTAssertEqual(try parse("-0"), .int(0))
        XCTAssertEqual(try parse("\u{FEFF}{}"), .object([]))
    }

    func testMembersKeepTheOrderWritten() throws {
        let members = try parse(#"{"z": 1, "a": 2, "m": 3}"#).members?.map(\.key)
        XCTAssertEqual(members, ["z", "a", "m"])
        XCTAssertEqual(try parse(#"{"z": 1, "a": 2}"#).sortedMembers?.map(\.key), ["a", "z"])
    }

    func testIntegersAreExactAndOtherNumbersDouble() throws {
        XCTAssertEqual(try parse("9007199254740993"), .int(9_007_199_254_740_993))
        XCTAssertEqual(try parse("9223372036854775807"), .int(Int.max))
        XCTAssertEqual(try parse("-9223372036854775808"), .int(Int.min))
        XCTAssertEqual(try parse("9223372036854775808"), .double(9_223_372_036_854_775_808))
        XCTAssertEqual(try parse("30000.0"), .double(30000))
        XCTAssertEqual(try parse("2.5E-3"), .double(0.0025))
        XCTAssertEqual(JSON.double(1.5).rendered(), "1.5\n")
    }

    func testStringEscapes() throws {
        XCTAssertEqual(try parse(#""\" \\ \/ \b \f \n \r \t""#), .string("\" \\ / \u{08} \u{0C} \n \r \t"))
        XCTAssertEqual(try parse(#""\u0041\u00e9\u2028""#), .string("Aé\u{2028}"))
        XCTAssertEqual(try parse(#""\uD83D\uDE00 \ud83d\ude00""#), .string("😀 😀"))
        XCTAssertEqual(try parse(#""\u0000""#), .string("\u{0}"))
        XCTAssertEqual(try parse("\"é 😀\""), .string("é 😀"))
    }

    func testRoundTripThroughTheRenderer() throws {
        let value = JSON.object([("name", .string("a\"b\\c\n\u{1}\u{2028}😀")), ("list", .array([.int(1), .null, .bool(true)]))])
        XCTAssertEqual(try JSON.parse(Array(value.rendered().utf8)), value)
        XCTAssertEqual(JSON.stringLiteral("a\"b\u{2029}"), #""a\"b\u2029""#)
    }

    func testWhatStrictJSONRejects() {
        assertError("{\"a\": 1,}", 1, 8, "trailing comma before '}'")
        assertError("[1, 2,\n]", 1, 6, "trailing comma before ']'")
        assertError("{\n  \"a\": 1, // one\n}", 2, 11, "comments are not allowed in JSON")
        assertError("/* c */ {}", 1, 1, "comments are not allowed in JSON")
        assertError(#"{"a": NaN}"#, 1, 7, "expected a JSON value, found 'NaN'")
        assertError(#"[-Infinity]"#, 1, 3, "expected a digit after '-', found 'Infinity'")
        assertError(#"{a: 1}"#, 1, 2, "expected a key in double quotes, found 'a'")
        assertError("{'a': 1}", 1, 2, "expected a key in double quotes, found a single quote; JSON strings and keys take double quotes")
        assertError(#"{"a" 1}"#, 1, 6, "expected ':' after the key, found '1'")
        assertError(#"{"a": 1 "b": 2}"#, 1, 9, "expected ',' or '}' after an object member, found '\"'")
        assertError("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'")
        assertError(#"{"a": 1, "a": 2}"#, 1, 10, "duplicate key 'a', first given at 1:2")
        assertError("01", 1, 1, "a number must not have leading zeros")
        assertError("+1", 1, 1, "expected a JSON value, found '+'")
        assertError("1.", 1, 3, "expected a digit after '.', found the end of the text")
        assertError(".5", 1, 1, "expected a JSON value, found '.'")
        assertError("1e", 1, 3, "expected a digit in the exponent, found the end of the text")
        assertError("1e400", 1, 1, "the number 1e400 is too large")
        assertError("tru", 1, 1, "expected a JSON value, found 'tru'")
        assertError("nulls", 1, 1, "expected a JSON value, found 'nulls'")
        assertError("", 1, 1, "expected a JSON value, found the end of the text")
        assertError("{} []", 1, 4, "expected the end of the text after the value, found '['")
        assertError("{\"a\": 1", 1, 8, "expected ',' or '}' after an object member, found the end of the text")
    }

    func testWhatStrictStringsReject() {
        assertError("\"abc", 1, 1, "unterminated string")
        assertError("\"a\tb\"", 1, 3, "a raw control character (U+0009) in a string; escape it")
        assertError("\"a\nb\"", 1, 3, "a raw control character (U+000A) in a string; escape it")
        assertError(#""\x41""#, 1, 2, #"invalid escape '\x' in a string; JSON has \", \\, \/, \b, \f, \n, \r, \t and \uXXXX"#)
        assertError(#""\u12G4""#, 1, 2, #"expected four hex digits after '\u'"#)
        assertError(#""\uD83D""#, 1, 2, #"a lone surrogate \uD83D: a high surrogate must be followed by a \u escape of a low surrogate"#)
        assertError(#""\uD83D\u0041""#, 1, 2, #"a lone surrogate \uD83D: a high surrogate must be followed by a \u escape of a low surrogate"#)
        assertError(#""\uDE00""#, 1, 2, #"a lone surrogate \uDE00: a low surrogate must follow a high one"#)
        XCTAssertThrowsError(try JSON.parse([0x22, 0x61, 0xFF, 0x22])) { error in
            XCTAssertEqual(error as? JSONSyntaxError, JSONSyntaxError(line: 1, column: 3, reason: "invalid UTF-8"))
        }
        // An overlong encoding of "/" and an encoded surrogate are not UTF-8 either.
        XCTAssertThrowsError(try JSON.parse([0x22, 0xC0, 0xAF, 0x22]))
        XCTAssertThrowsError(try JSON.parse([0x22, 0xED, 0xA0, 0x80, 0x22]))
    }

    func testPositionsCountLinesAndUTF8Bytes() {
        assertError("{\n  \"a\": 1,\n  \"é\": [1,]\n}", 3, 11, "trailing comma before ']'")
        assertError("[\"é\", x]", 1, 8, "expected a JSON value, found 'x'")
        assertError("{\r\n\"a\": 1,\r\n}", 2, 7, "trailing comma before '}'")
    }

    func testNestingIsLimited() throws {
        let deep = String(repeating: "[", count: JSON.maximumDepth) + String(repeating: "]", count: JSON.maximumDepth)
        XCTAssertNoThrow(try parse(deep))
        let tooDeep = String(repeating: "[", count: JSON.maximumDepth + 1)
        assertError(tooDeep, 1, JSON.maximumDepth + 1, "arrays and objects nested more than \(JSON.maximumDepth) deep")
    }

    // MARK: - hawser.json through the parser

    func testConfigSyntaxErrorsCarryTheirPosition() {
        let text = "{\n  \"scripts\": [\"web\"],\n  \"swift\": [\"ios\"],\n  \"nativeFeel\": [],\n}\n"
        XCTAssertThrowsError(try HawserConfig.parse(Array(text.utf8), file: "hawser.json")) { error in
            let error = error as? ConfigError
            XCTAssertEqual(error?.location, SourceLocation(file: "hawser.json", line: 4, column: 19))
            XCTAssertEqual(error?.description, "hawser.json:4:19: not valid JSON: trailing comma before '}'")
        }
    }

    func testConfigNumbersAndBooleansAreTyped() throws {
        XCTAssertEqual(try HawserConfig.parse(Array(#"{"runtime": {"timeoutMs": 3e4}}"#.utf8), file: "h.json").runtime.timeoutMs, 30000)
        XCTAssertEqual(try HawserConfig.parse(Array(#"{"runtime": {"timeoutMs": 86400000.0}}"#.utf8), file: "h.json").runtime.timeoutMs, 86_400_000)
        XCTAssertEqual(
            try HawserConfig.parse(Array(#"{"handlers": {"a": {"mainFrameOnly": true}}}"#.utf8), file: "h.json").handlers["a"]?.mainFrameOnly, true)
        let failures: [(String, String)] = [
            (#"{"handlers": {"a": {"mainFrameOnly": 1}}}"#, "h.json: 'handlers.a.mainFrameOnly': expected true or false"),
            (#"{"handlers": {"a": {"mainFrameOnly": "true"}}}"#, "h.json: 'handlers.a.mainFrameOnly': expected true or false"),
            (#"{"runtime": {"timeoutMs": 86400001}}"#, "h.json: 'runtime.timeoutMs': expected a whole number of milliseconds from 0 to 86400000"),
            (#"{"runtime": {"timeoutMs": 1e300}}"#, "h.json: 'runtime.timeoutMs': expected a whole number of milliseconds from 0 to 86400000"),
            (#"{"runtime": {"timeoutMs": "5"}}"#, "h.json: 'runtime.timeoutMs': expected a whole number of milliseconds from 0 to 86400000"),
            (#"{"scripts": "web"}"#, "h.json: 'scripts': expected an array of strings"),
            (#"{"allowedOrigins": ["https://a.example", 2]}"#, "h.json: 'allowedOrigins': expected an array of origins such as \"https://example.com\""),
        ]
        for (json, message) in failures {
            XCTAssertThrowsError(try HawserConfig.parse(Array(json.utf8), file: "h.json"), json) { error in
                XCTAssertEqual((error as? ConfigError)?.description, message, json)
                XCTAssertNil((error as? ConfigError)?.location, json)
            }
        }
    }

    /// Found by the config fuzz target: lines counted only at LF put an error after a lone CR on
    /// a line and column that do not exist.
    func testPositionsCountCRAndCRLFLineBreaks() {
        assertError("{\r  \"a\u{2}\": 1}", 2, 5, "a raw control character (U+0002) in a string; escape it")
        assertError("{\r\n  \"a\": ?}", 2, 8, "expected a JSON value, found '?'")
    }

    /// What Hawser writes is printable: DEL and the C1 controls are escaped like the C0 ones
    /// (JSON allows them raw; the mutation test found a handler name with a DEL in `--format json`).
    func testWrittenStringsEscapeEveryControlCharacter() throws {
        XCTAssertEqual(JSON.stringLiteral("a\u{7F}b\u{85}c\u{9F}\u{A0}\u{1}"), #""a\u007fb\u0085c\u009f\#u{A0}\u0001""#)
        XCTAssertEqual(try JSON.parse(Array(JSON.stringLiteral("a\u{7F}\u{85}").utf8)), .string("a\u{7F}\u{85}"))
    }

    /// The byte writer (source maps' `sourcesContent`) escapes exactly what the rule says, at
    /// every class's edges: U+2027 and U+202A and the other E2 80 sequences stay raw, U+00A0
    /// (C2 A0) does too, and a string that ends inside a run is written whole.
    func testByteWriterEscapesEachClassAndNothingBesideIt() throws {
        let value = "q\"b\\n\n\r\t\u{8}\u{C}\u{0}\u{1F} ~\u{7F}\u{80}\u{9F}\u{A0}é\u{2027}\u{2028}\u{2029}\u{202A}–€😀x"
        var bytes: [UInt8] = []
        JSON.writeString(value, to: &bytes)
        XCTAssertEqual(
            String(decoding: bytes, as: UTF8.self),
            #""q\"b\\n\n\r\t\b\f\u0000\u001f ~\u007f\u0080\u009f\#u{A0}é\#u{2027}\u2028\u2029\#u{202A}–€😀x""#)
        XCTAssertEqual(try JSON.parse(bytes), .string(value))
        for edge in ["", "\u{C2}", "é", "\u{2028}", "\u{E2}"] {
            var written: [UInt8] = []
            JSON.writeString(edge, to: &written)
            XCTAssertEqual(try JSON.parse(written), .string(edge), edge)
        }
    }
}
