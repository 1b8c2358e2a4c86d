@testable import HawserCore
import XCTest

/// Templated uses against hand-made native facts: pairing through `placeholderBindings`, the
/// checks on the names they bind, and the report.
final class TemplatePairingTests: XCTestCase {
    private let forms = ["$<NAME>", "%NAME%"].compactMap(PlaceholderForm.init)

    private func at(_ file: String, _ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// A templated use of `written` in page.js at 1:column.
    private func templated(_ written: String, column: Int = 24, resultUsed: Bool = false) -> HandlerUse {
        HandlerUse(name: written, location: at("page.js", 1, column), resultUsed: resultUsed, template: HandlerTemplate(written, forms: forms))
    }

    private func registration(_ name: String, line: Int, reply: Bool = false) -> HandlerRegistration {
        HandlerRegistration(name: name, location: at("App.swift", line, 20), reply: reply, world: nil, scope: "install")
    }

    private func binding(_ key: String, _ names: [String], line: Int = 9) -> PlaceholderBinding {
        PlaceholderBinding(key: key, names: names, location: at("Loader.swift", line, 40))
    }

    private func check(_ uses: [HandlerUse], registrations: [HandlerRegistration], bindings: [PlaceholderBinding]) -> [String] {
        var native = NativeFacts(registrations: registrations)
        native.placeholderBindings = bindings
        let facts = [JavaScriptFacts(file: "page.js", uses: uses)]
        let (contract, _) = BridgeContract.derive(uses: uses, config: HawserConfig())
        return HandlerChecker.check(scripts: facts, swift: native, contract: contract, registration: .manual)
            .sorted(by: Diagnostic.sortKey)
            .map { "\($0.location.file):\($0.location.line):\($0.location.column): \($0.code.rawValue): \($0.message)" }
    }

    func testBoundToARegisteredNamePairsAndCountsAsUsed() {
        let result = check(
            [templated("%message_handler%")],
            registrations: [registration("blockedDomain", line: 2), registration("legacy", line: 3)],
            bindings: [binding("%message_handler%", ["blockedDomain"])])
        // Paired and silent; `legacy` is still unused, since every templated use is paired.
        XCTAssertEqual(result, ["App.swift:3:20: unused-handler: handler 'legacy' is registered but no script uses it"])
    }

    func testBoundByItsBareName() {
        let result = check(
            [templated("$<message_handler>")],
            registrations: [registration("favicon", line: 2)],
            bindings: [binding("message_handler", ["favicon"])])
        XCTAssertEqual(result, [])
    }

    func testBoundToAnUnregisteredNameIsReportedWithItsSuggestion() {
        let result = check(
            [templated("%message_handler%")],
            registrations: [registration("readFileHandler", line: 2)],
            bindings: [binding("%message_handler%", ["readFileHandlder"])])
        // 'readFileHandler' is no unused-handler: the error's did-you-mean offers it.
        XCTAssertEqual(result, [
            "page.js:1:24: unregistered-handler: no message handler named 'readFileHandlder' is registered in Swift (filled in for '%message_handler%' at Loader.swift:9:40); did you mean 'readFileHandler'? (or rename the registration at App.swift:2:20, which no script names)",
        ])
    }

    func testUnboundTemplatedUseIsOnlyListed() {
        let result = check(
            [templated("%message_handler%")],
            registrations: [registration("observer", line: 2)],
            bindings: [binding("%other%", ["observer"])])
        // Never unregistered-handler; and it could be `observer`, so that is not unused either.
        XCTAssertEqual(result, [])
    }

    func testBindingThatDoesNotResolveLeavesTheUseOpen() {
        let result = check(
            [templated("%message_handler%")],
            registrations: [registration("a", line: 2), registration("b", line: 3)],
            bindings: [binding("%message_handler%", ["a"]), binding("%message_handler%", [], line: 12)])
        XCTAssertEqual(result, [])
    }

    func testReplyExpectedAsUsual() {
        let result = check(
            [templated("%message_handler%", resultUsed: true)],
            registrations: [registration("log", line: 2)],
            bindings: [binding("%message_handler%", ["log"])])
        XCTAssertEqual(result, [
            "page.js:1:24: reply-expected: the result of postMessage to 'log' (filled in for '%message_handler%' at Loader.swift:9:40) is always undefined: the handler is registered without reply; register it with addScriptMessageHandler(_:contentWorld:name:)",
        ])
    }

    func testOneTemplateFilledInWithSeveralNames() {
        let uses = [templated("%message_handler%", resultUsed: true)]
        let registrations = [registration("log", line: 2), registration("read", line: 3, reply: true), registration("other", line: 4)]
        let bindings = [binding("%message_handler%", ["log"], line: 9), binding("%message_handler%", ["read"], line: 20)]
        // Each name is used; `log` might not be the one this script is injected for, so no reply-expected.
        XCTAssertEqual(check(uses, registrations: registrations, bindings: bindings), [
            "App.swift:4:20: unused-handler: handler 'other' is registered but no script uses it",
        ])
        // Without a replying name among them, reply-expected for each.
        let noReply = [registration("log", line: 2), registration("read", line: 3)]
        XCTAssertEqual(check(uses, registrations: noReply, bindings: bindings).map { String($0.prefix(61)) }, [
            "page.js:1:24: reply-expected: the result of postMessage to 'l",
            "page.js:1:24: reply-expected: the result of postMessage to 'r",
        ])
    }

    func testTemplateWithSeveralPlaceholders() {
        let pairing = TemplatePairing(
            uses: [templated("%prefix%_$<id>")],
            bindings: [binding("%prefix%", ["focus", "blur"]), binding("id", ["1"])])
        XCTAssertEqual(pairing.templated.map(\.names), [["blur_1", "focus_1"]])
        XCTAssertEqual(pairing.uses.map(\.name), ["blur_1", "focus_1"])
        XCTAssertFalse(pairing.hasOpenUse)
    }

    func testTemplatedUsesStayOutOfTheContract() {
        let (contract, _) = BridgeContract.derive(uses: [templated("%message_handler%", resultUsed: true)], config: HawserConfig())
        XCTAssertEqual(contract.names, [])
    }

    func testJSONReportListsTemplatedUses() {
        let uses = [templated("%message_handler%"), templated("%other%", column: 60)]
        let registrations = [registration("blockedDomain", line: 2)]
        let (contract, _) = BridgeContract.derive(uses: uses, config: HawserConfig())
        let report = Report(
            diagnostics: [], uses: uses, registrations: registrations, contract: contract, inputs: [], suppressions: [],
            placeholderBindings: [binding("%message_handler%", ["blockedDomain"])])
        let json = try! JSON.parse(Array(ReportFormat.json.render(report).utf8))
        XCTAssertEqual(json.dictionaryValue?["templatedUses"], try! JSON.parse(Array(#"""
            [
              {"template": "%message_handler%", "file": "page.js", "line": 1, "column": 24, "resultUsed": false, "form": "postMessage", "names": ["blockedDomain"]},
              {"template": "%other%", "file": "page.js", "line": 1, "column": 60, "resultUsed": false, "form": "postMessage", "names": []}
            ]
            """#.utf8)))
        // The paired use is listed under its handler too, with its template.
        XCTAssertEqual(json.dictionaryValue?["handlers"]?.arrayValue?.first?.dictionaryValue?["uses"], try! JSON.parse(Array(#"""
            [{"file": "page.js", "line": 1, "column": 24, "resultUsed": false, "form": "postMessage", "template": "%message_handler%"}]
            """#.utf8)))
        // A report without templated uses has no templatedUses key.
        let plain = Report(diagnostics: [], uses: [], registrations: registrations, contract: contract, inputs: [], suppressions: [])
        XCTAssertFalse(ReportFormat.json.render(plain).contains("templatedUses"))
    }
}
