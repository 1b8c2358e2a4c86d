import Foundation
@testable import HawserCore
import XCTest

/// The security review of generated code (`GeneratedCodeAudit`), over everything Hawser emits
/// for the fixtures and the demo, and the checker itself on code that breaks each rule.
final class GeneratedCodeAuditTests: XCTestCase {
    typealias Audit = GeneratedCodeAudit

    /// What `hawser build` emits for every build fixture (the `expected/` goldens are these
    /// bytes: BuildFixtureTests) passes every rule.
    func testEveryFixtureOutputPassesTheAudit() throws {
        var audited = 0
        for name in try Fixtures.selected(.build) {
            let result = try BuildFixtureTests.build(name)
            guard !result.files.isEmpty else { continue }
            let config = FileManager.default.contents(atPath: BuildFixtureTests.root.appendingPathComponent("\(name)/hawser.json").path)
            let findings = Audit.audit(files: result.files, configJSON: config)
            XCTAssertEqual(findings.map(\.description), [], name)
            audited += 1
        }
        if !Fixtures.isFiltered { XCTAssertGreaterThanOrEqual(audited, 11) }
    }

    /// The demo's committed output passes every rule, checked against the repository's hawser.json.
    func testDemoOutputPassesTheAudit() throws {
        let output = Golden.packageRoot.appendingPathComponent("output")
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: output.path)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let url = output.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = Array(try Data(contentsOf: url))
            }
        }
        XCTAssertNotNil(files["Bridge.swift"])
        let config = FileManager.default.contents(atPath: Golden.packageRoot.appendingPathComponent("hawser.json").path)
        XCTAssertEqual(Audit.audit(files: files, configJSON: config).map(\.description), [])
    }

    // MARK: - The checker fails on bad code

    private func swiftFindings(_ source: String, policy: Audit.Policy? = nil) -> [String] {
        Audit.auditSwift(source, file: "B.swift", policy: policy).map { "\($0.rule): \($0.detail)" }
    }

    func testForcedOperationsAreFound() {
        XCTAssertEqual(swiftFindings("let a = try! f()\nlet b = x as! Int\nlet c = y!.z\nlet d = \"\\(w!)\"\nfatalError(\"no\")\n"), [
            "forced: line 1: try!", "forced: line 2: as!", "forced: line 3: force unwrap after 'y'",
            "forced: line 1: force unwrap after 'w'", "forced: line 5: fatalError",
        ])
        // Not forced: negation, inequality, and the same characters in comments and strings.
        XCTAssertEqual(swiftFindings("let a = !b && c != d\n// try! x!\nlet s = \"try! y!\"\nlet t = #\"as! z!\"#\n"), [])
    }

    func testJavaScriptBuiltFromValuesIsFound() {
        let bad = """
            webView.evaluateJavaScript("hawser.settle(\\(id))")
            webView.evaluateJavaScript(source)
            webView.evaluateJavaScript("a" + text)
            webView.callAsyncJavaScript("hawser.emit(\\"\\(event)\\", detail)", arguments: ["detail": d], in: nil, in: .page)
            webView.callAsyncJavaScript(body, arguments: [:], in: nil, in: .page)
            webView.callAsyncJavaScript("hawser.emit(event, detail); alert(1)", arguments: ["event": e, "detail": d], in: nil, in: .page)
            webView.callAsyncJavaScript("hawser.emit(event, detail)", arguments: ["event": e], in: nil, in: .page)
            controller.addUserScript(WKUserScript(source: "x = \\(y)", injectionTime: .atDocumentEnd, forMainFrameOnly: false))
            let table = [Script(name: "a", source: "let x = \\(value)", injectionTime: .documentEnd)]
            """
        XCTAssertEqual(swiftFindings(bad), [
            "javascript-sink: line 1: evaluateJavaScript with a built string",
            "javascript-sink: line 2: evaluateJavaScript with a built string",
            "javascript-sink: line 3: evaluateJavaScript with a built string",
            "javascript-sink: line 4: callAsyncJavaScript runs a built string",
            "javascript-sink: line 5: callAsyncJavaScript runs a built string",
            "javascript-sink: line 6: callAsyncJavaScript runs 'hawser.emit(event, detail); alert(1)', which is not a call with named arguments",
            "javascript-sink: line 7: callAsyncJavaScript names [\"detail\"] that the arguments dictionary does not supply",
            "javascript-sink: line 8: WKUserScript(source: \"x = \\(y)\") is not a fixed source",
            "javascript-sink: line 9: a script's source is not a fixed literal: \"let x = \\(value)\"",
        ])
        let good = """
            webView.evaluateJavaScript("document.title")
            webView.callAsyncJavaScript("hawser.emit(event, detail)", arguments: ["event": e, "detail": d.foundationValue], in: nil, in: .page)
            controller.addUserScript(WKUserScript(source: script.source, injectionTime: time, forMainFrameOnly: false))
            let table = [Script(name: "a", source: shared1, injectionTime: .documentEnd)]
            private static let shared1 = #\"\"\"
                window.x = "\\(not interpolated in a raw literal)";
                \"\"\"#
            """
        XCTAssertEqual(swiftFindings(good), [])
    }

    /// The real generated bridge of the typed-bridge fixture, broken in the ways a template
    /// change could break it: each break is found.
    func testBrokenOriginGuardsAreFound() throws {
        try Fixtures.require(.build, "typed-bridge")
        let result = try BuildFixtureTests.build("typed-bridge")
        let swift = String(decoding: try XCTUnwrap(result.files["WebBridge.swift"]), as: UTF8.self)
        let config = FileManager.default.contents(atPath: BuildFixtureTests.root.appendingPathComponent("typed-bridge/hawser.json").path)
        let policy = Audit.Policy(configJSON: config)
        XCTAssertEqual(swiftFindings(swift, policy: policy), [])

        func findings(replacing old: String, with new: String) -> [String] {
            XCTAssertTrue(swift.contains(old), old)
            return swiftFindings(swift.replacingOccurrences(of: old, with: new), policy: policy)
        }
        // A handler's origins or frame rule differs from the config.
        XCTAssertEqual(findings(replacing: #"case .readFile: return ["https://files.example.com"]"#, with: #"case .readFile: return ["https://evil.example"]"#),
                       ["origins: readFile: allowedOrigins [\"https://evil.example\"], but the config allows [\"https://files.example.com\"]"])
        XCTAssertEqual(findings(replacing: "case .readFile: return true", with: "case .readFile: return false"),
                       ["origins: readFile: mainFrameOnly false, but the config says true"])
        // The frame check, or the origin check, is gone from the refusal.
        XCTAssertEqual(findings(replacing: "if handler.mainFrameOnly && !isMainFrame {", with: "if handler.mainFrameOnly && isMainFrame {"),
                       ["origins: refusal(for:origin:isMainFrame:) lacks `if handler.mainFrameOnly && !isMainFrame { return \"forbidden:`"])
        XCTAssertEqual(findings(replacing: "if allowed.isEmpty || allowed.contains", with: "if !allowed.isEmpty || allowed.contains").count, 1)
        // An entry point that delivers before it asks.
        XCTAssertEqual(findings(replacing: "if let refusal = WebBridge.refusal(of: message, for: handler) {", with: "if let refusal = Optional<String>.none {"),
                       ["origins: a userContentController entry point delivers without asking refusal(of:for:) first"])
        XCTAssertEqual(findings(replacing: "isMainFrame: frame.isMainFrame)", with: "isMainFrame: true)"),
                       ["origins: refusal(of:for:) does not pass the message's frame origin and isMainFrame"])
        // A settle answer built as source.
        XCTAssertEqual(findings(replacing: #""hawser.settle(id, value, errorMessage)","#, with: #""hawser.settle(\"\(id)\", value, errorMessage)","#).count, 1)
    }

    func testBrokenWrappersAndTemplatesAreFound() throws {
        try Fixtures.require(.build, "match-guards")
        let result = try BuildFixtureTests.build("match-guards")
        XCTAssertEqual(Audit.audit(files: result.files, configJSON: nil), [])
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(result.files["manifest.json"]))) as? [String: Any])
        let entry = try XCTUnwrap((manifest["scripts"] as? [[String: Any]])?.first { ($0["match"] as? [String])?.isEmpty == false && $0["origin"] as? String == "javaScript" })
        let file = try XCTUnwrap(entry["file"] as? String), name = try XCTUnwrap(entry["name"] as? String)
        let wrapped = String(decoding: try XCTUnwrap(result.files[file]), as: UTF8.self)
        XCTAssertEqual(Audit.auditWrapper(wrapped, file: file, name: name), [])

        func details(_ text: String) -> [String] { Audit.auditWrapper(text, file: file, name: name).map(\.detail) }
        // A source path with a line break (or U+2028) in the header would run the rest as code.
        let header = String(wrapped.prefix { $0 != "\n" })
        XCTAssertEqual(details(wrapped.replacingOccurrences(of: header, with: "// Generated by Hawser from a\nalert(1);//.js. Do not edit.")).first,
                       "the first line is not the generated header: // Generated by Hawser from a")
        XCTAssertFalse(details(wrapped.replacingOccurrences(of: header, with: "// Generated by Hawser from a\u{2028}alert(1);//.js. Do not edit.")).isEmpty)
        // A guard that is not only regex tests.
        XCTAssertEqual(details(wrapped.replacingOccurrences(of: ".test(location.href)", with: ".test(location.href) || fetch(\"x\")")).count, 1)
        // The script's name spliced into the catch line unescaped.
        let catchLine = "} catch (error) { console.error(\(JSON.stringLiteral("[hawser] user script \"\(name)\" failed:")), error); }"
        XCTAssertTrue(wrapped.contains(catchLine))
        XCTAssertEqual(details(wrapped.replacingOccurrences(of: catchLine, with: "} catch (error) { console.error(\"[hawser] user script \"\(name)\" failed:\", error); }")).count, 1)

        // A wrapper that publishes a script's names (globals fixture): only accessors of them.
        try Fixtures.require(.build, "globals")
        let globals = try BuildFixtureTests.build("globals")
        XCTAssertEqual(Audit.audit(files: globals.files, configJSON: nil), [])
        let guarded = String(decoding: try XCTUnwrap(globals.files["guarded.js"]), as: UTF8.self)
        func guardedDetails(_ text: String) -> [String] { Audit.auditWrapper(text, file: "guarded.js", name: "guarded").map(\.detail) }
        XCTAssertEqual(guardedDetails(guarded), [])
        XCTAssertEqual(guardedDetails(guarded.replacingOccurrences(of: "get() { return visits; }", with: "get() { return fetch(visits); }")).count, 1)
        XCTAssertEqual(guardedDetails(guarded.replacingOccurrences(of: "configurable: true } });", with: "configurable: true } }); alert(1);")).count, 1)
        XCTAssertEqual(guardedDetails(guarded.replacingOccurrences(of: "}).call(this);", with: "})();")), ["the wrapper does not end with `}).call(this);`"])

        // The runtime and a style sheet with a value outside its string literal.
        let runtime = String(decoding: try XCTUnwrap(result.files["hawser-runtime.js"]), as: UTF8.self)
        XCTAssertEqual(Audit.auditRuntime(runtime, file: "hawser-runtime.js"), [])
        XCTAssertEqual(Audit.auditRuntime(runtime.replacingOccurrences(of: "const GLOBAL_NAME = \"hawser\";", with: "const GLOBAL_NAME = \"hawser\" + document.cookie;"), file: "r").count, 1)
        XCTAssertEqual(Audit.auditRuntime(runtime.replacingOccurrences(of: "const CONFIGURED_CONTRACT = {", with: "const CONFIGURED_CONTRACT = {a: alert(1), "), file: "r").count, 1)
        let css = ScriptTemplates.styleSheet(css: "a { color: red }", name: "x", sourcePath: "s/x.css", guardCondition: nil)
        XCTAssertEqual(Audit.auditStyleSheet(css, file: "x.js"), [])
        let broken = css.replacingOccurrences(of: #"var css = "a { color: red }";"#, with: #"var css = "a { color: red }"; alert(1);"#)
        XCTAssertNotEqual(broken, css)
        XCTAssertEqual(Audit.auditStyleSheet(broken, file: "x.js").map(\.rule), ["javascript-value"])
    }

    func testStringBlankingKeepsCommentsAndRegexes() {
        XCTAssertEqual(Audit.blankingStrings(#"var a = "x\"y"; // "c" 'd'"#), #"var a = ""; // "c" 'd'"#)
        XCTAssertEqual(Audit.blankingStrings(#"f(/"[/]/.test(s), '\'', `t`) /*@g*/"v""#), #"f(/"[/]/.test(s), '', ``) /*@g*/"""#)
    }
}

/// Regressions of the review: names and paths with line breaks stayed inside their comments.
final class CommentInjectionTests: XCTestCase {
    /// A handler name with LF, CR or U+2028 (legal in a JavaScript string), a schema
    /// description with a lone CR and a script path with a line break: each used to end a `//`
    /// comment in Bridge.swift, the stubs or an emitted script, and the rest ran as code.
    func testLineBreaksInNamesAndPathsStayInsideComments() throws {
        let project = try TemporaryProject([
            "hawser.json": #"""
                {"scripts": ["userscripts"], "swift": ["swift"], "registration": "generated",
                 "handlers": {"described": {"kind": "message", "payload": {"type": "object", "properties": {"p": {"type": "string", "description": "line one\rfatalError(\"desc\")"}}}}}}
                """#,
            "userscripts/a\nfatalError(\"path\");.js": "hawser.post(\"described\", { p: \"x\" });\n",
            "userscripts/b\u{2028}alert(1);.js": "hawser.post(\"x\\nfatalError(\\\"lf\\\")\\n//\", 1);\nhawser.post(\"y\\rfatalError(\\\"cr\\\")\", 2);\n",
            "swift/App.swift": "",
        ])
        let result = Pipeline.run(try LintFixtureTests.inputs(in: project.url))
        XCTAssertFalse(result.hasErrors, ReportFormat.text.render(result.report))
        let config = FileManager.default.contents(atPath: project.url.appendingPathComponent("hawser.json").path)
        XCTAssertEqual(GeneratedCodeAudit.audit(files: result.files, configJSON: config).map(\.description), [])
        let swift = String(decoding: try XCTUnwrap(result.files["Bridge.swift"]), as: UTF8.self)
        XCTAssertTrue(swift.contains("/// `x%0AfatalError(\"lf\")%0A//`: a message; nothing is sent back."), swift)
        XCTAssertTrue(swift.contains("/// line one%0DfatalError(\"desc\")"), swift)
        for (file, bytes) in result.files where file.hasSuffix(".js") {
            let header = String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 1)[0]
            XCTAssertFalse(header.unicodeScalars.contains { $0 == "\r" || $0 == "\u{2028}" }, file)
        }
        XCTAssertNotNil(result.files.values.map { String(decoding: $0, as: UTF8.self) }
            .first { $0.hasPrefix("// Generated by Hawser from userscripts/a%0AfatalError(\"path\");.js. Do not edit.\n") })
        XCTAssertNotNil(result.files.values.map { String(decoding: $0, as: UTF8.self) }
            .first { $0.hasSuffix("//# sourceURL=userscripts/b%E2%80%A8alert(1);.js\n") })

        // The stubs, too.
        let stubs = HandlerStubsGenerator.generate(try XCTUnwrap(result.model))
        XCTAssertEqual(GeneratedCodeAudit.auditSwift(stubs, file: "Stubs.swift", policy: nil).map(\.description), [])
    }
}
