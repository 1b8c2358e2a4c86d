import XCTest
@testable import HawserCore

final class SwiftLexerTests: XCTestCase {
    private func lex(_ source: String) -> [SwiftToken] {
        SwiftLexer.tokenize(Array(source.utf8))
    }

    private func strings(_ source: String) -> [SwiftToken] {
        lex(source).filter { $0.kind == .string }
    }

    private func onlyString(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> SwiftToken? {
        let found = strings(source)
        XCTAssertEqual(found.count, 1, "expected one string literal in \(source)", file: file, line: line)
        return found.first
    }

    // MARK: - Basic tokens

    func testIdentifiersKeywordsAndPunctuation() {
        let tokens = lex("let `class` = foo.bar(1, x: 2.5)")
        XCTAssertEqual(tokens.map(\.text), ["let", "`class`", "=", "foo", ".", "bar", "(", "1", ",", "x", ":", "2.5", ")"])
        XCTAssertEqual(tokens.map(\.kind), [
            .identifier, .identifier, .operatorSymbol, .identifier, .punctuation, .identifier, .punctuation,
            .number, .punctuation, .identifier, .punctuation, .number, .punctuation,
        ])
        XCTAssertEqual(tokens[1].identifier, "class")
        XCTAssertFalse(tokens[1].isKeyword("class"))
        XCTAssertTrue(tokens[0].isKeyword("let"))
    }

    func testOperators() {
        let tokens = lex("a == b != c ?? d..<e x?.y -> z")
        XCTAssertEqual(tokens.filter { $0.kind == .operatorSymbol }.map(\.text), ["==", "!=", "??", "..<", "?", "->"])
    }

    func testDirectivesAndAttributes() {
        let tokens = lex("#if DEBUG\n@objc @MainActor func f() {}\n#endif\n#selector(f)")
        XCTAssertEqual(tokens.filter { $0.kind == .directive }.map(\.text), ["#if", "#endif", "#selector"])
        XCTAssertEqual(tokens.filter { $0.kind == .attribute }.map(\.text), ["@objc", "@MainActor"])
    }

    func testNumbers() {
        let tokens = lex("0x1F 1_000 3.14 1e-3 t.0")
        XCTAssertEqual(tokens.filter { $0.kind == .number }.map(\.text), ["0x1F", "1_000", "3.14", "1e-3", "0"])
    }

    // MARK: - Positions

    func testLinesAndByteColumns() {
        let tokens = lex("let a = 1\n  foo(bar)")
        let foo = tokens.first { $0.text == "foo" }!
        XCTAssertEqual(foo.line, 2)
        XCTAssertEqual(foo.column, 3)
        let bar = tokens.first { $0.text == "bar" }!
        XCTAssertEqual(bar.column, 7)
        XCTAssertTrue(foo.isFirstOnLine)
        XCTAssertFalse(bar.isFirstOnLine)
    }

    func testColumnsCountUTF8BytesAfterMultiByteCharacters() {
        // "é" is 2 bytes, so `x` starts at byte column 10 (character column 9).
        let tokens = lex("let s = \"é\"; x")
        XCTAssertEqual(tokens.first { $0.text == "x" }?.column, 15)
        // Same line: `"é"` occupies bytes 9..12.
        XCTAssertEqual(tokens.first { $0.kind == .string }?.column, 9)
        let emoji = lex("\"🙂\" y")  // the emoji is 4 bytes
        XCTAssertEqual(emoji.last?.text, "y")
        XCTAssertEqual(emoji.last?.column, 8)
        let ident = lex("café = 1")
        XCTAssertEqual(ident.first?.text, "café")
        XCTAssertEqual(ident[1].column, 7)
    }

    func testPositionsAfterMultiLineTokens() {
        let source = "/* a\n b */ x\n\"\"\"\n  s\n  \"\"\" y"
        let tokens = lex(source)
        let x = tokens.first { $0.text == "x" }!
        XCTAssertEqual([x.line, x.column], [2, 7])
        let comment = tokens[0]
        XCTAssertEqual([comment.line, comment.endLine], [1, 2])
        let string = tokens.first { $0.kind == .string }!
        XCTAssertEqual([string.line, string.column, string.endLine], [3, 1, 5])
        let y = tokens.last!
        XCTAssertEqual([y.line, y.column], [5, 7])
    }

    func testCRLFLineEndings() {
        let tokens = lex("a\r\nb\r\n  c")
        XCTAssertEqual(tokens.map(\.line), [1, 2, 3])
        XCTAssertEqual(tokens.last?.column, 3)
    }

    // MARK: - Comments

    func testLineAndDocComments() {
        let tokens = lex("a // note\n/// doc\n//// not doc\nb")
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .lineComment, .docLineComment, .lineComment, .identifier])
        XCTAssertEqual(tokens[1].text, "// note")
        XCTAssertEqual(tokens[4].line, 4)
    }

    func testNestedBlockComment() {
        let tokens = lex("a /* x /* y */ still comment */ b")
        XCTAssertEqual(tokens.map(\.text), ["a", "/* x /* y */ still comment */", "b"])
        XCTAssertEqual(tokens[1].kind, .blockComment)
        XCTAssertEqual(lex("/** doc */ c").first?.kind, .docBlockComment)
        XCTAssertEqual(lex("/**/ c").first?.kind, .blockComment)
    }

    func testCommentsDoNotHideInsideStringsAndViceVersa() {
        let tokens = lex("\"// not a comment\" /* \"not a string\" */ z")
        XCTAssertEqual(tokens.map(\.kind), [.string, .blockComment, .identifier])
        XCTAssertEqual(tokens[0].stringValue, "// not a comment")
    }

    func testUnterminatedBlockCommentRunsToEnd() {
        let tokens = lex("a /* b /* c */ d")
        XCTAssertEqual(tokens.count, 2)
        XCTAssertEqual(tokens[1].text, "/* b /* c */ d")
        XCTAssertTrue(tokens[1].isUnterminated)
    }

    // MARK: - Strings

    func testEscapes() {
        let token = onlyString(#""a\tb\nc\rd\0e\\f\"g\'h\u{E9}\u{1F642}""#)
        XCTAssertEqual(token?.stringValue, "a\tb\nc\rd\0e\\f\"g'h\u{E9}\u{1F642}")
        XCTAssertFalse(token?.hasInterpolation ?? true)
    }

    func testStringTextAndKindKeepDelimiters() {
        let tokens = lex(#"x = "a\"b" + y"#)
        XCTAssertEqual(tokens.map(\.text), ["x", "=", #""a\"b""#, "+", "y"])
    }

    func testRawStringDepthOne() {
        let token = onlyString(##"#"a\nb "quoted" \#n \#t"#"##)
        XCTAssertEqual(token?.rawDepth, 1)
        XCTAssertEqual(token?.stringValue, "a\\nb \"quoted\" \n \t")
    }

    func testRawStringDepthTwo() {
        let token = onlyString(###"##"one "# two \#n three \##n"## after"###)
        XCTAssertEqual(token?.rawDepth, 2)
        XCTAssertEqual(token?.stringValue, "one \"# two \\#n three \n")
        XCTAssertEqual(lex(###"##"x"## after"###).last?.text, "after")
    }

    func testRawStringInterpolation() {
        let token = onlyString(##"#"a \(x) \#(y)"#"##)
        XCTAssertEqual(token?.hasInterpolation, true)
        XCTAssertNil(token?.stringValue)
        let noInterpolation = onlyString(##"#"a \(x)"#"##)
        XCTAssertEqual(noInterpolation?.hasInterpolation, false)
        XCTAssertEqual(noInterpolation?.stringValue, "a \\(x)")
    }

    func testMultiLineIndentationStripping() {
        let source = "let s = \"\"\"\n    first\n      indented\n\n    last\n    \"\"\"\nnext"
        let token = onlyString(source)
        XCTAssertEqual(token?.isMultiline, true)
        XCTAssertEqual(token?.stringValue, "first\n  indented\n\nlast")
        XCTAssertEqual(lex(source).last?.line, 7)
    }

    func testMultiLineLineContinuationAndEscapes() {
        let source = "\"\"\"\n  one \\\n  two\\t\\\"\"\"\n  three\n  \"\"\""
        XCTAssertEqual(onlyString(source)?.stringValue, "one two\t\"\"\"\nthree")
    }

    func testMultiLineQuotesInside() {
        let source = "\"\"\"\n\"quoted\" and \"\"two\"\"\n\"\"\""
        XCTAssertEqual(onlyString(source)?.stringValue, "\"quoted\" and \"\"two\"\"")
    }

    func testRawMultiLine() {
        let source = "#\"\"\"\n  a \\n \"\"\" b \\#n\n  \"\"\"#"
        let token = onlyString(source)
        XCTAssertEqual(token?.rawDepth, 1)
        XCTAssertEqual(token?.isMultiline, true)
        XCTAssertEqual(token?.stringValue, "a \\n \"\"\" b \n")
    }

    func testEmptyStrings() {
        XCTAssertEqual(onlyString("\"\"")?.stringValue, "")
        XCTAssertEqual(onlyString("\"\"\"\n\"\"\"")?.stringValue, "")
        XCTAssertEqual(onlyString("#\"\"#")?.stringValue, "")
    }

    func testInterpolationWithNestedParenthesesAndStrings() {
        let source = #"let s = "a \(f(g(1), "x)" + ")")) b" + after"#
        let tokens = lex(source)
        let string = tokens.first { $0.kind == .string }!
        XCTAssertTrue(string.hasInterpolation)
        XCTAssertNil(string.stringValue)
        XCTAssertEqual(string.text, #""a \(f(g(1), "x)" + ")")) b""#)
        XCTAssertEqual(tokens.suffix(2).map(\.text), ["+", "after"])
    }

    func testNestedInterpolation() {
        let source = #"x = "outer \("inner \("deepest \(1)") done") end"; y"#
        let tokens = lex(source)
        XCTAssertEqual(tokens.map(\.text), ["x", "=", #""outer \("inner \("deepest \(1)") done") end""#, ";", "y"])
    }

    func testMultiLineInterpolationContainingQuotes() {
        let source = "\"\"\"\n  \\(a ? \"\\\")\" : \"x\")\n  \"\"\" z"  // """ \n \(a ? "\")" : "x") \n """ z
        let tokens = lex(source)
        XCTAssertEqual(tokens.count, 2)
        XCTAssertEqual(tokens[0].hasInterpolation, true)
        XCTAssertEqual(tokens[1].text, "z")
    }

    func testUnterminatedStringsRunToEndOfInput() {
        let plain = lex("a = \"abc\nnext line")
        XCTAssertEqual(plain.count, 3)
        XCTAssertTrue(plain[2].isUnterminated)
        XCTAssertEqual(plain[2].text, "\"abc\nnext line")
        let multi = lex("\"\"\"\n abc")
        XCTAssertEqual(multi.count, 1)
        XCTAssertTrue(multi[0].isUnterminated)
        let interpolation = lex("\"a \\(b")
        XCTAssertEqual(interpolation.count, 1)
        XCTAssertTrue(interpolation[0].isUnterminated)
        let raw = lex("#\"a\" b")
        XCTAssertEqual(raw.count, 1)
        XCTAssertTrue(raw[0].isUnterminated)
    }

    func testGarbageDoesNotCrash() {
        let inputs: [[UInt8]] = [
            [0xFF, 0xFE, 0x22, 0x5C], Array("`".utf8), Array("\\".utf8), Array("#".utf8), Array("@".utf8),
            Array("\"\\u{".utf8), Array("\"\\u{110000}\"".utf8), Array("/*".utf8), Array("\"\"\"".utf8), [],
        ]
        for input in inputs {
            let tokens = SwiftLexer.tokenize(input)
            for token in tokens {
                XCTAssertTrue(token.range.upperBound <= input.count)
                XCTAssertGreaterThanOrEqual(token.line, 1)
            }
        }
        XCTAssertEqual(onlyString("\"\\u{110000}\"")?.stringValue, "\\u{110000}")
    }

    func testInstanceTokenizeMatchesStatic() {
        var lexer = SwiftLexer(bytes: Array("a.b".utf8))
        XCTAssertEqual(lexer.tokenize(), SwiftLexer.tokenize(Array("a.b".utf8)))
    }
}
