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
    // MARK: - Event-handler attributes

    /// Attribute scripts as (attribute, decoded text, origin).
    func attributes(_ html: String) -> [(String, String, SourcePoint)] {
        HTMLScriptExtractor.scripts(in: Array(html.utf8)).compactMap { script in
            script.attribute.map { ($0, String(decoding: script.bytes, as: UTF8.self), script.origin) }
        }
    }

    func testEventAttributesInEveryQuoting() {
        let html = "<button onclick=\"a(1)\" ONLOAD='b(2)' onkeyup=c(3) title=\"d()\" on=\"e()\" onfocus>x</button>\n<p onclick=\"\"></p>"
        let found = attributes(html)
        XCTAssertEqual(found.map(\.0), ["onclick", "onload", "onkeyup"])
        XCTAssertEqual(found.map(\.1), ["a(1)", "b(2)", "c(3)"])
        XCTAssertEqual(found.map(\.2), [SourcePoint(line: 1, column: 18), SourcePoint(line: 1, column: 32), SourcePoint(line: 1, column: 46)])
        // inlineScripts still lists only the elements.
        XCTAssertEqual(scripts(html).map(\.0), [])
    }

    func testEventAttributesInDocumentOrderWithScripts() {
        let html = "<body onload=\"a()\"><script onload=\"b()\">c()</script><textarea><i onclick=\"no()\"></i></textarea><!-- <i onclick=\"no()\"> --></body>"
        XCTAssertEqual(HTMLScriptExtractor.scripts(in: Array(html.utf8)).map { String(decoding: $0.bytes, as: UTF8.self) }, ["a()", "b()", "c()"])
    }

    func testCharacterReferencesAreDecodedAndPositionsMapBack() {
        let html = "<a onclick=\"f(&quot;x&quot;, &#39;y&#x27;, a &amp;&amp; b, &unknown;, &amp c);  g()\">"
        let script = HTMLScriptExtractor.scripts(in: Array(html.utf8))[0]
        XCTAssertEqual(String(decoding: script.bytes, as: UTF8.self), "f(\"x\", 'y', a && b, &unknown;, & c);  g()")
        let text = String(decoding: script.bytes, as: UTF8.self)
        func column(_ needle: String, in haystack: String) -> Int {
            haystack.utf8.distance(from: haystack.startIndex, to: haystack.range(of: needle)!.lowerBound) + 1
        }
        func scriptColumn(_ needle: String) -> Int { column(needle, in: text) }
        func htmlColumn(_ needle: String) -> Int { column(needle, in: html) }
        // Copied bytes map exactly, after any number of references.
        XCTAssertEqual(script.documentPoint(of: SourcePoint(line: 1, column: scriptColumn("g()"))), SourcePoint(line: 1, column: htmlColumn("g()")))
        XCTAssertEqual(script.documentPoint(of: SourcePoint(line: 1, column: 1)), SourcePoint(line: 1, column: 13))
        // A decoded character sits at its reference's `&`.
        XCTAssertEqual(script.documentPoint(of: SourcePoint(line: 1, column: 3)), SourcePoint(line: 1, column: htmlColumn("&quot;")))
    }

    func testMultiLineAttributeWithReferences() {
        let html = "<p>\n<a onclick=\"f(&quot;x&quot;);\n    g();\n  h()\">"
        let script = HTMLScriptExtractor.scripts(in: Array(html.utf8))[0]
        XCTAssertEqual(String(decoding: script.bytes, as: UTF8.self), "f(\"x\");\n    g();\n  h()")
        XCTAssertEqual(script.documentPoint(of: SourcePoint(line: 2, column: 5)), SourcePoint(line: 3, column: 5))
        XCTAssertEqual(script.documentPoint(of: SourcePoint(line: 3, column: 3)), SourcePoint(line: 4, column: 3))
    }

    func testNumericReferences() {
        let decoded = { (value: String) in
            String(decoding: HTMLScriptExtractor.scripts(in: Array("<a onclick=\"\(value)\">".utf8))[0].bytes, as: UTF8.self)
        }
        XCTAssertEqual(decoded("&#40;&#x29;&#X7B&#0;&#1114112;&#xD800;"), "(){\u{FFFD}\u{FFFD}\u{FFFD}")
        XCTAssertEqual(decoded("a&b &#; &#x;"), "a&b &#; &#x;")
        XCTAssertEqual(decoded("&lt;=&amp=&ampx"), "<=&amp=&ampx")
    }

    func testDeepNestingIsScannedWithoutRecursion() {
        // 100,000 nested elements around a script, and script markup 100,000 deep inside one:
        // the scanner keeps no stack of elements, so depth costs nothing.
        let depth = 100_000
        let html = String(repeating: "<div>", count: depth) + "<script>go()</script>" + String(repeating: "</div>", count: depth)
        XCTAssertEqual(scripts(html).map(\.0), ["go()"])
        XCTAssertEqual(scripts(html).map(\.1), [SourcePoint(line: 1, column: 5 * depth + 9)])
        let markup = String(repeating: "<b onclick=\"f()\">", count: depth)
        XCTAssertEqual(HTMLScriptExtractor.scripts(in: Array(markup.utf8)).count, depth)
    }

    func testATagCutOffByTheEndOfTheFileEndsTheMarkup() {
        // The standard's eof-in-tag: the unterminated tag is dropped and nothing after it is read
        // as markup. Rescanning the rest from each later `<` made these quadratic (20,000 copies
        // of `<a b="` took over a minute).
        XCTAssertEqual(scripts("<script>a()</script><a href=\"x<script>no()</script>").map(\.0), ["a()"])
        XCTAssertEqual(scripts("<script>a()</script><a b").map(\.0), ["a()"])
        XCTAssertEqual(scripts(String(repeating: "<a b=\"", count: 20_000)).count, 0)
        XCTAssertEqual(scripts(String(repeating: "<a ", count: 50_000)).count, 0)
    }
}
