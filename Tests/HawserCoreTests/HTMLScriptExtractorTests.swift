@testable import HawserCore
import TreeSitter
import XCTest

final class HTMLScriptExtractorTests: XCTestCase {
    func scripts(_ html: String) -> [(String, SourcePoint)] {
        HTMLScriptExtractor.inlineScripts(in: Array(html.utf8)).map { (String(decoding: $0.bytes, as: UTF8.self), $0.origin) }
    }

    func testFindsInlineScriptsWithPositions() {
        let found = scripts("<p>é</p><script>a()</script>\n<div>\n  <script type=\"module\">\nb()\n</script>")
        XCTAssertEqual(found.map(\.0), ["a()", "\nb()\n"])
        XCTAssertEqual(found.map(\.1), [SourcePoint(line: 1, column: 18), SourcePoint(line: 3, column: 25)])
    }

    func testSkipsCommentsSrcAndOtherTypes() {
        let html = """
            <!-- <script>inComment()</script> -->
            <script src="x.js">withSrc()</script>
            <script type="text/template">template()</script>
            <script type="application/ld+json">{}</script>
            <script type=" Text/JavaScript ">typed()</script>
            <script type="">empty()</script>
            <script language="javascript">language()</script>
            """
        XCTAssertEqual(scripts(html).map(\.0), ["typed()", "empty()", "language()"])
    }

    func testRawTextElementsHideTags() {
        let html = "<title><script>no()</script></title><textarea><script>no()</script></textarea><style>a{}</style><script>yes()</script>"
        XCTAssertEqual(scripts(html).map(\.0), ["yes()"])
    }

    func testEndTagRulesAndEscapedStates() {
        XCTAssertEqual(scripts("<script>a = '</scriptx>'</SCRIPT >").map(\.0), ["a = '</scriptx>'"])
        // `<!--` then `<script>` enters the double-escaped state: the first `</script>` does not end it.
        let doubleEscaped = "<script><!-- document.write('<script>x()</script>'); --></script><script>after()</script>"
        XCTAssertEqual(scripts(doubleEscaped).map(\.0), ["<!-- document.write('<script>x()</script>'); -->", "after()"])
        XCTAssertEqual(scripts("<script>unterminated(").map(\.0), ["unterminated("])
    }

    func testCRLFLineCounting() {
        let found = scripts("<html>\r\n<body>\r<script>x</script>")
        XCTAssertEqual(found.first?.1, SourcePoint(line: 3, column: 9))
    }
}
