@testable import HawserCore
import TreeSitter
import XCTest

/// `placeholders`: the forms, finding their occurrences, the same-length fillers, and what the
/// JavaScript front end makes of a template.
final class PlaceholderTests: XCTestCase {
    static let forms = ["$<NAME>", "%NAME%", "{{NAME}}", "$NAME$"].compactMap(PlaceholderForm.init)

    private func analyze(_ source: String, forms: [PlaceholderForm] = PlaceholderTests.forms) -> JavaScriptFacts {
        JavaScriptFrontEnd.analyze(script: Array(source.utf8), file: "t.js", placeholders: forms)
    }

    /// Uses as "name@line:column", "+" when the result is used, and "<template>" when templated.
    private func uses(_ source: String, forms: [PlaceholderForm] = PlaceholderTests.forms) -> [String] {
        analyze(source, forms: forms).uses.map {
            "\($0.name)@\($0.location.line):\($0.location.column)\($0.resultUsed ? "+" : "")\($0.template != nil ? " <template>" : "")"
        }
    }

    /// The 1-based byte column of the first `needle` after `skipping` bytes of a one-line `source`.
    private func column(of needle: String, in source: String, after skipping: Int = 0) -> Int {
        let bytes = Array(source.utf8), pattern = Array(needle.utf8)
        let start = (skipping...(bytes.count - pattern.count)).first { Array(bytes[$0..<$0 + pattern.count]) == pattern }!
        return start + 1
    }

    private func occurrences(_ text: String, _ forms: [String]) -> [String] {
        PlaceholderForm.occurrences(in: Array(text.utf8), forms: forms.compactMap(PlaceholderForm.init))
            .map { "\($0.text)=\($0.name)@\($0.range.lowerBound)" }
    }

    // MARK: - Forms

    func testFormsSplitAroundNAME() {
        XCTAssertEqual(PlaceholderForm("$<NAME>"), PlaceholderForm(prefix: "$<", suffix: ">"))
        XCTAssertEqual(PlaceholderForm("NAME__"), PlaceholderForm(prefix: "", suffix: "__"))
        XCTAssertEqual(PlaceholderForm("%NAME")?.written, "%NAME")
        XCTAssertNil(PlaceholderForm("NAME"))
        XCTAssertNil(PlaceholderForm("%name%"))
        XCTAssertNil(PlaceholderForm("NAME-NAME"))
    }

    func testConfigKey() throws {
        let config = try HawserConfig.parse(Array(#"{"placeholders": ["$<NAME>", "%NAME%"]}"#.utf8), file: "hawser.json")
        XCTAssertEqual(config.placeholders.map(\.written), ["$<NAME>", "%NAME%"])
        XCTAssertEqual(try HawserConfig.parse(Array("{}".utf8), file: "hawser.json").placeholders, [])
    }

    func testConfigErrorsNameTheKeyPath() {
        func error(_ json: String) -> String? {
            do {
                _ = try HawserConfig.parse(Array(json.utf8), file: "hawser.json")
                return nil
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(error(#"{"placeholders": "%NAME%"}"#),
                       #"hawser.json: 'placeholders': expected an array of placeholder forms such as "%NAME%" or "$<NAME>""#)
        XCTAssertEqual(error(#"{"placeholders": ["%NAME%", 3]}"#),
                       #"hawser.json: 'placeholders[1]': expected a placeholder form such as "%NAME%" or "$<NAME>""#)
        XCTAssertEqual(error(#"{"placeholders": ["%name%"]}"#),
                       #"hawser.json: 'placeholders[0]': '%name%' does not contain NAME, which stands for the placeholder's name: write it such as "%NAME%" or "$<NAME>""#)
        XCTAssertEqual(error(#"{"placeholders": ["{NAME}{NAME}"]}"#),
                       "hawser.json: 'placeholders[0]': '{NAME}{NAME}' contains NAME 2 times; a form has one name")
        XCTAssertEqual(error(#"{"placeholders": ["NAME"]}"#),
                       "hawser.json: 'placeholders[0]': 'NAME' has no constant text before or after NAME, so it would match every identifier")
        XCTAssertEqual(error(#"{"placeholders": ["%NAME%", "%NAME%"]}"#),
                       "hawser.json: 'placeholders[1]': '%NAME%' is listed twice")
        XCTAssertEqual(error(#"{"placeholder": []}"#),
                       "hawser.json: 'placeholder': unknown key; did you mean 'placeholders'?")
    }

    // MARK: - Occurrences

    func testOccurrencesOfEveryForm() {
        let text = "a.$<message_handler>.b('%allow%', {{x1}}, $TOKEN$)"
        XCTAssertEqual(occurrences(text, ["$<NAME>", "%NAME%", "{{NAME}}", "$NAME$"]),
                       ["$<message_handler>=message_handler@2", "%allow%=allow@24", "{{x1}}=x1@34", "$TOKEN$=TOKEN@42"])
    }

    func testNotAnOccurrence() {
        XCTAssertEqual(occurrences("100% of 50%; $<>; %%; {{ x }}; $a b$", ["%NAME%", "$<NAME>", "{{NAME}}", "$NAME$"]), [])
    }

    func testLongestOccurrenceWinsAndNamesLeaveRoomForTheSuffix() {
        // `$<NAME>` and `$NAME$` both start with `$`; only one matches.
        XCTAssertEqual(occurrences("$<a>$b$", ["$NAME$", "$<NAME>"]), ["$<a>=a@0", "$b$=b@4"])
        // The suffix starts with a name byte: the name stops where the suffix still follows.
        XCTAssertEqual(occurrences("__message_handler__", ["__NAME__"]), ["__message_handler__=message_handler@0"])
        // Without a prefix, a name starts at a name boundary.
        XCTAssertEqual(occurrences("xab! ab!", ["NAME!"]), ["xab!=xab@0", "ab!=ab@5"])
    }

    // MARK: - Fillers

    func testFillerHasTheSameLengthAndIsAnIdentifier() {
        let (bytes, found) = PlaceholderFiller.standIn(for: Array("x.$<message_handler>.y(%a%, '{{b}}')".utf8), forms: Self.forms)!
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "x.___message_handler.y(__a, '____b')")
        XCTAssertEqual(found.map(\.text), ["$<message_handler>", "%a%", "{{b}}"])
        XCTAssertNil(PlaceholderFiller.standIn(for: Array("no placeholders".utf8), forms: Self.forms))
        XCTAssertNil(PlaceholderFiller.standIn(for: Array("%a%".utf8), forms: []))
    }

    // MARK: - The front end on templates

    func testBareMemberPlaceholderIsATemplatedUseWithoutSyntaxError() {
        let source = "webkit.messageHandlers.$<message_handler>.postMessage(x)"
        XCTAssertEqual(uses(source), ["$<message_handler>@1:24 <template>"])
        XCTAssertEqual(analyze(source).diagnostics, [])
        XCTAssertEqual(analyze(source).uses.first?.template?.placeholders.map(\.name), ["message_handler"])
        // Without the key, the same template is a syntax error.
        XCTAssertEqual(analyze(source, forms: []).diagnostics.map(\.code), [.syntaxError])
    }

    func testUseAfterAPlaceholderOnTheSameLineKeepsItsColumn() {
        let source = "if (!%allow%) { webkit.messageHandlers.$<message_handler>.postMessage(1); webkit.messageHandlers.observer.postMessage(2) }"
        let observer = column(of: "observer", in: source)
        XCTAssertEqual(observer, 98)
        XCTAssertEqual(uses(source), ["$<message_handler>@1:\(column(of: "$<", in: source)) <template>", "observer@1:\(observer)"])
        XCTAssertEqual(analyze(source).diagnostics, [])
        // Columns count the placeholders as written, exactly as in the same text without templates.
        let plain = "if (!xxxxxxx) { webkit.messageHandlers.xxxxxxxxxxxxxxxxxx.postMessage(1); webkit.messageHandlers.observer.postMessage(2) }"
        XCTAssertEqual(JavaScriptFrontEnd.analyze(script: Array(plain.utf8), file: "t.js").uses.map(\.location.column), [40, observer])
    }

    func testPlaceholderInsideAStringStaysAString() {
        XCTAssertEqual(uses("webkit.messageHandlers['%message_handler%'].postMessage(1)"), ["%message_handler%@1:24 <template>"])
        let source = #"const s = "50%off% {{x}}"; webkit.messageHandlers.a.postMessage(s)"#
        XCTAssertEqual(uses(source), ["a@1:\(column(of: "a.post", in: source))"])
        XCTAssertEqual(uses("const t = `$<a>`; webkit.messageHandlers.b.postMessage(t)"), ["b@1:42"])
    }

    func testConstantHoldingAPlaceholder() {
        let source = "const messageHandler = '$<message_handler>';\nwindow.webkit.messageHandlers[messageHandler].postMessage(1)"
        XCTAssertEqual(uses(source), ["$<message_handler>@2:31 <template>"])
        XCTAssertEqual(uses("const h = '%h%'; hawser.call(h, {})"), ["%h%@1:30+ <template>"])
    }

    func testPartlyTemplatedNameAndOtherForms() {
        let facts = analyze("webkit.messageHandlers['focus_{{id}}'].postMessage(1); webkit.messageHandlers.$TOKEN$.postMessage(2)")
        XCTAssertEqual(facts.uses.map(\.name), ["focus_{{id}}", "$TOKEN$"])
        XCTAssertEqual(facts.uses.map { $0.template?.placeholders.map(\.text) ?? [] }, [["{{id}}"], ["$TOKEN$"]])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testPlaceholdersElsewhereAreNotUses() {
        let source = "const token = %security_token%; $.postNative('$<message_handler>', {}); // %comment%\nwebkit.messageHandlers.a.postMessage(token)"
        XCTAssertEqual(uses(source), ["a@2:24"])
        XCTAssertEqual(analyze(source).diagnostics, [])
    }

    func testDiagnosticsQuoteTheTemplateAsWritten() {
        let facts = analyze("webkit.messageHandlers[%prefix% + id].postMessage(1)")
        XCTAssertEqual(facts.diagnostics.map(\.message), ["handler name is computed at runtime and cannot be checked: %prefix% + id"])
    }

    func testTemplatedUseInAnHTMLPage() {
        let html = "<p>%title%</p>\n<script>\n  webkit.messageHandlers[\"%message_handler%\"].postMessage({}); webkit.messageHandlers.x.postMessage(1)\n</script>\n"
        let facts = Pipeline.analyzeScript(SourceFile(path: "p.html", text: html), placeholders: Self.forms)
        XCTAssertEqual(facts.uses.map { "\($0.name)@\($0.location.line):\($0.location.column)" }, ["%message_handler%@3:26", "x@3:87"])
        XCTAssertEqual(facts.diagnostics, [])
    }
}
