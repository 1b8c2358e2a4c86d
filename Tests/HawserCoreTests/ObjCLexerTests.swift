import XCTest
@testable import HawserCore

final class ObjCLexerTests: XCTestCase {
    private func lex(_ source: String) -> [ObjCToken] {
        ObjCLexer.tokenize(Array(source.utf8))
    }

    private func strings(_ source: String) -> [ObjCToken] {
        lex(source).filter { $0.kind == .string }
    }

    private func onlyString(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> ObjCToken? {
        let found = strings(source)
        XCTAssertEqual(found.count, 1, "expected one string literal in \(source)", file: file, line: line)
        return found.first
    }

    // MARK: - Basic tokens

    func testAMessageSend() {
        let tokens = lex("[self.webView.configuration.userContentController addScriptMessageHandler:self name:@\"x\"];")
        XCTAssertEqual(tokens.map(\.text), [
            "[", "self", ".", "webView", ".", "configuration", ".", "userContentController",
            "addScriptMessageHandler", ":", "self", "name", ":", "@\"x\"", "]", ";",
        ])
        XCTAssertEqual(tokens.map(\.kind), [
            .punctuation, .identifier, .punctuation, .identifier, .punctuation, .identifier, .punctuation, .identifier,
            .identifier, .punctuation, .identifier, .identifier, .punctuation, .string, .punctuation, .punctuation,
        ])
        XCTAssertTrue(tokens[13].isObjCStringLiteral)
        XCTAssertEqual(tokens[13].stringValue, "x")
    }

    func testAtKeywordsAndObjectLiterals() {
        let tokens = lex("@interface A : NSObject @end @selector(a:b:) @[@1, @\"s\"] @{@\"k\": @YES} @(42)")
        XCTAssertEqual(tokens.filter { $0.kind == .atKeyword }.map(\.text), ["@interface", "@end", "@selector", "@YES"])
        XCTAssertEqual(tokens.filter { $0.isSymbol("@") }.count, 4)  // @[, @1, @{, @(
        XCTAssertEqual(tokens.filter { $0.kind == .string }.map(\.stringValue), ["s", "k"])
    }

    func testNumbers() {
        let tokens = lex("0x1F 1.5e-3f .5 42u 1'000 0b1010 3.f 0x1p+4")
        XCTAssertEqual(tokens.map(\.text), ["0x1F", "1.5e-3f", ".5", "42u", "1'000", "0b1010", "3.f", "0x1p+4"])
        XCTAssertTrue(tokens.allSatisfy { $0.kind == .number })
    }

    func testPunctuatorsTakeTheLongestMatch() {
        let tokens = lex("a->b <<= c >> d ... e::f ## g != h && i ++ ->* <=>")
        XCTAssertEqual(tokens.filter { $0.kind == .punctuation }.map(\.text), [
            "->", "<<=", ">>", "...", "::", "##", "!=", "&&", "++", "->*", "<=>",
        ])
    }

    func testIdentifiersMayHoldDollarsAndUnicode() {
        let tokens = lex("$x _y café")
        XCTAssertEqual(tokens.map(\.text), ["$x", "_y", "café"])
        XCTAssertTrue(tokens.allSatisfy { $0.kind == .identifier })
    }

    // MARK: - Strings and characters

    func testObjCStringEscapes() {
        let token = onlyString(#"@"a\"b\\c\n\t\x41\101\u00e9\?\q""#)
        XCTAssertEqual(token?.stringValue, "a\"b\\c\n\tAAé?q")
        XCTAssertEqual(token?.isObjCString, true)
    }

    func testCStringsCharactersAndPrefixes() {
        let tokens = lex(#"char *s = "plain"; wchar_t *w = L"wide"; auto u = u8"utf"; char c = '\''; int m = 'ab';"#)
        XCTAssertEqual(tokens.filter { $0.kind == .string }.map(\.stringValue), ["plain", "wide", "utf"])
        XCTAssertEqual(tokens.filter { $0.kind == .string }.map(\.isObjCString), [false, false, false])
        XCTAssertEqual(tokens.filter { $0.kind == .character }.map(\.stringValue), ["'", "ab"])
        XCTAssertEqual(tokens.filter { $0.kind == .string }.map(\.text), [#""plain""#, #"L"wide""#, #"u8"utf""#])
    }

    func testAdjacentLiteralsAreOneToken() {
        let source = """
        NSString *s = @"ab" @"cd"
            "ef" /* between */ @"gh"; // after
        """
        let token = onlyString(source)
        XCTAssertEqual(token?.stringValue, "abcdefgh")
        XCTAssertEqual(token?.isObjCString, true)
        XCTAssertEqual(token?.line, 1)
        XCTAssertEqual(token?.column, 15)
        XCTAssertEqual(token?.endLine, 2)
        XCTAssertEqual(lex(source).filter(\.isComment).map(\.text), ["/* between */", "// after"])
        XCTAssertEqual(lex(source).last?.isFirstOnLine, false)
    }

    func testCStringsConcatenateToACString() {
        let token = onlyString(#"puts("a" "b");"#)
        XCTAssertEqual(token?.stringValue, "ab")
        XCTAssertEqual(token?.isObjCString, false)
    }

    func testLiteralsDoNotConcatenateAcrossADirective() {
        let found = strings("#define A @\"a\"\n@\"b\";")
        XCTAssertEqual(found.map(\.stringValue), ["a", "b"])
        XCTAssertEqual(found.map(\.inDirective), [true, false])
    }

    func testAStringEndsUnterminatedAtTheLineBreak() {
        let tokens = lex("@\"open\nnext")
        XCTAssertEqual(tokens.map(\.text), ["@\"open", "next"])
        XCTAssertTrue(tokens[0].isUnterminated)
        XCTAssertNil(tokens[0].stringValue)
        XCTAssertFalse(tokens[0].isObjCStringLiteral)
        XCTAssertEqual(tokens[1].line, 2)
    }

    func testASplicedLineBreakContinuesAString() {
        let token = onlyString("@\"ab\\\ncd\" x")
        XCTAssertEqual(token?.stringValue, "abcd")
        XCTAssertEqual(token?.endLine, 2)
    }

    func testRawStringsSpanLines() {
        let source = """
        auto js = R"js(webkit.messageHandlers["a"].postMessage(")");
        done())js"; int x;
        """
        let token = onlyString(source)
        XCTAssertEqual(token?.stringValue, "webkit.messageHandlers[\"a\"].postMessage(\")\");\ndone()")
        XCTAssertEqual(token?.endLine, 2)
        XCTAssertEqual(lex(source).suffix(3).map(\.text), ["int", "x", ";"])
    }

    func testStringsInCommentsAndCommentsInStringsAreNotTokens() {
        let tokens = lex("// @\"no\"\n@\"/* yes */\" /* \"no\" */")
        XCTAssertEqual(tokens.filter { $0.kind == .string }.map(\.stringValue), ["/* yes */"])
        XCTAssertEqual(tokens.filter(\.isComment).count, 2)
    }

    // MARK: - Comments

    func testComments() {
        let tokens = lex("a // line \\\n continued\nb /* block\n */ c /* open")
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .lineComment, .identifier, .blockComment, .identifier, .blockComment])
        XCTAssertEqual(tokens[1].text, "// line \\\n continued")
        XCTAssertEqual(tokens[1].endLine, 2)
        XCTAssertEqual(tokens[2].line, 3)
        XCTAssertEqual(tokens[3].endLine, 4)
        XCTAssertFalse(tokens[3].isUnterminated)
        XCTAssertTrue(tokens[5].isUnterminated)
    }

    func testBlockCommentsDoNotNest() {
        let tokens = lex("/* a /* b */ c */")
        XCTAssertEqual(tokens.map(\.text), ["/* a /* b */", "c", "*", "/"])
    }

    // MARK: - Preprocessor

    func testADirectiveAndItsTokens() {
        let source = "#define NAME @\"x\" // note\nint a;"
        let tokens = lex(source)
        XCTAssertEqual(tokens.map(\.text), ["#define", "NAME", "@\"x\"", "// note", "int", "a", ";"])
        XCTAssertEqual(tokens[0].kind, .directive)
        XCTAssertEqual(tokens[0].directiveName, "define")
        XCTAssertEqual(tokens[0].directiveEnd, Array(source.utf8).firstIndex(of: UInt8(ascii: "\n")))
        XCTAssertEqual(tokens.map(\.inDirective), [true, true, true, true, false, false, false])
    }

    func testBackslashContinuesADirective() {
        let tokens = lex("#  define LONG \\\n  @\"x\"\n@\"y\"")
        XCTAssertEqual(tokens.first?.text, "#  define")
        XCTAssertEqual(tokens.first?.directiveName, "define")
        XCTAssertEqual(tokens.map(\.inDirective), [true, true, true, false])
        XCTAssertEqual(tokens[2].line, 2)
    }

    func testABlockCommentAcrossLinesStaysInTheDirective() {
        let tokens = lex("#define A /* one\ntwo */ @\"x\"\nb")
        XCTAssertEqual(tokens.map(\.inDirective), [true, true, true, true, false])
    }

    func testHashNotFirstOnItsLineIsPunctuation() {
        let tokens = lex("#define S(x) #x\na # b\n  #import <Foundation/Foundation.h>")
        XCTAssertEqual(tokens.filter { $0.kind == .directive }.map(\.directiveName), ["define", "import"])
        XCTAssertEqual(tokens.filter { $0.isSymbol("#") }.count, 2)
    }

    func testAnApostropheInADirectiveEndsAtTheLine() {
        let tokens = lex("#error don't\nint a;")
        XCTAssertEqual(tokens.suffix(3).map(\.text), ["int", "a", ";"])
        XCTAssertEqual(tokens.suffix(3).map(\.inDirective), [false, false, false])
    }

    // MARK: - Positions

    func testColumnsCountUTF8Bytes() {
        let tokens = lex("@\"é\" x\n\tabc")
        XCTAssertEqual(tokens.map(\.column), [1, 7, 2])
        XCTAssertEqual(tokens.map(\.line), [1, 1, 2])
    }

    func testLineBreaksOfEveryKind() {
        let tokens = lex("a\r\nb\rc\nd")
        XCTAssertEqual(tokens.map(\.line), [1, 2, 3, 4])
        XCTAssertEqual(tokens.map(\.column), [1, 1, 1, 1])
    }

    func testFirstOnLine() {
        let tokens = lex("a b\n  // c\nd /* e */\n/* f */ g")
        XCTAssertEqual(tokens.map(\.isFirstOnLine), [true, false, true, true, false, true, false])
    }

    func testAByteOrderMarkIsSkipped() {
        let tokens = ObjCLexer.tokenize([0xEF, 0xBB, 0xBF] + Array("x".utf8))
        XCTAssertEqual(tokens.map(\.text), ["x"])
        XCTAssertEqual(tokens.first?.column, 4)
    }

    func testMalformedInputNeverFails() {
        let tokens = lex("\\ ` \u{1} @ R\"(open L'x")
        XCTAssertEqual(tokens.filter { $0.kind == .unknown }.map(\.text), ["\\", "`", "\u{1}"])
        XCTAssertTrue(tokens.last?.isUnterminated ?? false)
    }

    func testALongLineLexesInOnePass() {
        // Thousands of tokens on one line: the lexer must not look back along the line per token.
        let line = String(repeating: "[c addScriptMessageHandler:self name:@\"a\" @\"b\"]; ", count: 20_000)
        let tokens = lex(line)
        XCTAssertEqual(tokens.count, 20_000 * 10)
        XCTAssertEqual(tokens.last?.column, line.utf8.count - 1)
    }
}
