import XCTest
@testable import HawserCore

final class SwiftFrontEndTests: XCTestCase {
    private func analyze(_ source: String, path: String = "App.swift") -> NativeFacts {
        SwiftFrontEnd.analyze([SourceFile(path: path, text: source)])
    }

    private func names(_ source: String) -> [String] {
        analyze(source).registrations.map(\.name)
    }

    private func assertUnresolved(
        _ source: String, text: String, because reason: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let facts = analyze(source)
        XCTAssertEqual(facts.registrations.map(\.name), [], file: file, line: line)
        XCTAssertEqual(
            facts.diagnostics.map(\.message), ["cannot resolve handler name '\(text)' statically: \(reason)"], file: file, line: line)
        XCTAssertEqual(facts.diagnostics.map(\.code), [.unresolvedRegistration], file: file, line: line)
    }

    /// A lone CR ends a line for the lexer, so the JavaScript in a literal is placed by the same
    /// count (it was placed by line feeds only).
    func testEmbeddedScriptPositionsCountALoneCarriageReturn() {
        let facts = analyze("let a = 1\rlet s = \"window.webkit.messageHandlers.x.postMessage(1)\"\n")
        XCTAssertEqual(facts.embeddedScripts.count, 1)
        XCTAssertEqual(facts.embeddedScripts.first?.segments.first?.line, 2)
        XCTAssertEqual(facts.embeddedScripts.first?.segments.first?.column, 10)
    }

    // MARK: - Registration forms

    func testAddWithName() {
        let facts = analyze("""
        func setUp() {
            controller.add(self, name: "observer")
        }
        """)
        XCTAssertEqual(facts.registrations, [HandlerRegistration(
            name: "observer", location: SourceLocation(file: "App.swift", line: 2, column: 32),
            reply: false, world: nil, scope: "App.swift:1:1|controller")])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testAddWithContentWorld() {
        let r = analyze("c.userContentController.add(self, contentWorld: .page, name: \"a\")").registrations
        XCTAssertEqual(r.map(\.name), ["a"])
        XCTAssertEqual(r.first?.reply, false)
        XCTAssertEqual(r.first?.world, ".page")
        XCTAssertNil(r.first?.scope)
    }

    func testAddScriptMessageHandlerWithReply() {
        let r = analyze("""
        ucc.addScriptMessageHandler(handler, contentWorld: WKContentWorld.defaultClient, name: "readFile")
        ucc.addScriptMessageHandler(handler,
                                    contentWorld:   .world(name: "x")  ,
                                    name: "other")
        """).registrations
        XCTAssertEqual(r.map(\.name), ["readFile", "other"])
        XCTAssertEqual(r.map(\.reply), [true, true])
        XCTAssertEqual(r.map(\.world), ["WKContentWorld.defaultClient", ".world(name: \"x\")"])
        XCTAssertEqual(r[1].location.line, 4)
        XCTAssertEqual(r[1].location.column, 35)  // the literal's 8-space indentation is stripped
    }

    func testLegacyAddScriptMessageHandlerHasNoReply() {
        let r = analyze("ucc.addScriptMessageHandler(h, name: \"legacy\")").registrations
        XCTAssertEqual(r.map(\.name), ["legacy"])
        XCTAssertEqual(r.first?.reply, false)
        XCTAssertNil(r.first?.world)
    }

    func testMultiLineArgumentsWithNestedCallsAndClosures() {
        let r = analyze("""
        func f() {
            controller.add(
                Handler(callback: { msg in print(msg, separator: ",") }, items: [1, 2]),
                name:
                    "nested"
            )
        }
        """).registrations
        XCTAssertEqual(r.map(\.name), ["nested"])
        XCTAssertEqual(r.first?.location, SourceLocation(file: "App.swift", line: 5, column: 13))
    }

    func testNonRegistrationAddCallsAreIgnored() {
        let facts = analyze("""
        set.add(x)
        array.add(x, to: y)
        list.add(name: "n")
        add(self, name: "bare")
        other.add(self, label: "x")
        controller.add(self, world: .page, name: "w")
        """)
        XCTAssertEqual(facts.registrations, [])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testCommentsAndStringsAreNotRegistrations() {
        let facts = analyze("""
        // c.add(self, name: "x")
        /* c.add(self, name: "y") /* nested */ c.add(self, name: "z") */
        let s = "c.add(self, name: \\"x\\")"
        let t = \"\"\"
            c.add(self, name: "q")
            \"\"\"
        let u = "\\(c.add(self, name: "interp"))"
        """)
        XCTAssertEqual(facts.registrations, [])
        XCTAssertEqual(facts.diagnostics, [])
    }

    // MARK: - Name forms

    func testLetConstantBareAndInFunction() {
        XCTAssertEqual(names("""
        let topLevel = "top"
        func f() {
            let local: String = "local"
            c.add(self, name: topLevel)
            c.add(self, name: local)
        }
        """), ["top", "local"])
    }

    func testStaticLetViaSelfTypeAndBare() {
        XCTAssertEqual(names("""
        final class Bridge {
            private static let first = "one"
            fileprivate static let second: String = "two"
            static let third = "three"
            func install() {
                c.add(self, name: Self.first)
                c.add(self, name: Bridge.second)
                c.add(self, name: third)
            }
        }
        """), ["one", "two", "three"])
    }

    func testNestedTypes() {
        XCTAssertEqual(names("""
        struct MessageName { static let observer = "observer" }
        enum Names {
            enum Inner { static let x = "inner-x" }
        }
        func f() {
            c.add(self, name: MessageName.observer)
            c.add(self, name: Names.Inner.x)
        }
        extension Names {
            func g() { c.add(self, name: Inner.x) }
        }
        """), ["observer", "inner-x", "inner-x"])
    }

    func testEnumRawValues() {
        XCTAssertEqual(names("""
        enum Handler: String, CaseIterable {
            case load = "loadData"
            case save
            case a, b = "bee"
            func install() {
                c.add(self, name: Self.load.rawValue)
            }
        }
        func f() {
            c.add(self, name: Handler.save.rawValue)
            c.add(self, name: Handler.a.rawValue)
            c.add(self, name: Handler.b.rawValue)
        }
        """), ["loadData", "save", "a", "bee"])
    }

    func testNonStringEnumRawValueIsUnresolved() {
        assertUnresolved("""
        enum Code: Int { case one = 1 }
        c.add(self, name: Code.one.rawValue)
        """, text: "Code.one.rawValue", because: "'Code.one' has no string raw value")
    }

    func testArrayLiteralLoop() {
        let r = analyze("""
        func f() {
            for n in ["a", "b"] { c.add(self, name: n) }
        }
        """).registrations
        XCTAssertEqual(r.map(\.name), ["a", "b"])
        XCTAssertEqual(Set(r.map(\.location)).count, 1)
    }

    func testLetArrayLoops() {
        XCTAssertEqual(names("""
        let names = ["x", "y"]
        struct S {
            static let all: [String] = ["p", "q",]
            func f() {
                for n in names { c.add(self, name: n) }
                for m in Self.all {
                    c.add(self, name: m)
                }
            }
        }
        """), ["x", "y", "p", "q"])
    }

    func testAllCasesLoop() {
        XCTAssertEqual(names("""
        enum Handlers: String, CaseIterable { case alpha, beta = "b" }
        func f() {
            for h in Handlers.allCases {
                c.add(self, name: h.rawValue)
            }
        }
        """), ["alpha", "b"])
    }

    func testUnresolvedForms() {
        assertUnresolved("c.add(self, name: makeName())", text: "makeName()", because: "'makeName(…)' is a call to a function the scan cannot see")
        assertUnresolved("var v: String\nc.add(self, name: v)", text: "v", because: "'v' is never given a value the scan can see")
        assertUnresolved(
            "func f(p: String) { c.add(self, name: p) }", text: "p", because: "parameter 'p' of f(p:) has no call site the scan can see")
        assertUnresolved("c.add(self, name: \"\\(x)\")", text: "\"\\(x)\"", because: "'\"\\(x)\"' is built at runtime from values that are not constants")
        assertUnresolved("for n in names() { c.add(self, name: n) }", text: "n", because: "'names(…)' is a call to a function the scan cannot see")
        assertUnresolved(
            "enum E: String, CaseIterable { case a }\nfor h in E.allCases { c.add(self, name: h) }", text: "h",
            because: "it is an enum case, not a string; its rawValue is the name")
        assertUnresolved("c.add(self, name: id.uuidString)", text: "id.uuidString", because: "'id' is not a constant the scan can see")
    }

    func testConditionalsAndOperatorsGiveEveryValue() {
        XCTAssertEqual(names("c.add(self, name: flag ? \"a\" : \"b\")"), ["a", "b"])
        XCTAssertEqual(names("let x = \"a\" + \"b\"\nc.add(self, name: x)"), ["ab"])
        XCTAssertEqual(names("var v = \"x\"\nc.add(self, name: v)"), ["x"])
        XCTAssertEqual(names("c.add(self, name: override ?? \"fallback\")").sorted(), ["fallback"])
        XCTAssertEqual(names("""
        let n = if debug { "dev" } else { "prod" }
        c.add(self, name: n)
        """), ["dev", "prod"])
        XCTAssertEqual(names("""
        #if DEBUG
        let n = "debugLog"
        #else
        let n = "log"
        #endif
        c.add(self, name: n)
        """), ["debugLog", "log"])
    }

    func testInterpolationIsANamePattern() {
        let facts = analyze("""
        struct Focus {
            static let scriptName = "FocusScript"
            let token = UUID().uuidString
            func install() { c.add(self, name: "\\(Self.scriptName)_\\(token)") }
        }
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["FocusScript_*"])
        XCTAssertEqual(facts.registrations.map(\.isPattern), [true])
        XCTAssertEqual(facts.diagnostics, [])
        XCTAssertTrue(HandlerRegistration.pattern("FocusScript_*", matches: "FocusScript_1234"))
        XCTAssertFalse(HandlerRegistration.pattern("FocusScript_*", matches: "FocusScript"))
        XCTAssertTrue(HandlerRegistration.pattern("a*b*c", matches: "a-b-c"))
        XCTAssertFalse(HandlerRegistration.pattern("a*b*c", matches: "a-c"))
    }

    func testUnresolvedDiagnosticLocation() {
        let d = analyze("func f() {\n  c.add(self,\n        name: Foo.bar())\n}").diagnostics
        XCTAssertEqual(d.first?.location, SourceLocation(file: "App.swift", line: 3, column: 15))
        XCTAssertEqual(d.first?.message, "cannot resolve handler name 'Foo.bar()' statically: 'bar(…)' is a call to a function the scan cannot see")
    }

    // MARK: - Across files

    func testResolvesAcrossFiles() {
        let facts = SwiftFrontEnd.analyze([
            SourceFile(path: "A.swift", text: "enum Names { static let ping = \"ping\" }"),
            SourceFile(path: "B.swift", text: "c.add(self, name: Names.ping)"),
        ])
        XCTAssertEqual(facts.registrations.map(\.name), ["ping"])
        XCTAssertEqual(facts.registrations.first?.location.file, "B.swift")
    }

    func testSameFileDeclarationWins() {
        let a = "fileprivate struct MessageName { static let observer = \"a-observer\" }\nc.add(self, name: MessageName.observer)"
        let b = "fileprivate struct MessageName { static let observer = \"b-observer\" }\nc.add(self, name: MessageName.observer)"
        let facts = SwiftFrontEnd.analyze([SourceFile(path: "B.swift", text: b), SourceFile(path: "A.swift", text: a)])
        XCTAssertEqual(facts.registrations.map(\.name), ["a-observer", "b-observer"])
        XCTAssertEqual(facts.registrations.map(\.location.file), ["A.swift", "B.swift"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    /// Declarations of one name in several other files: the union, since a wrong pairing costs
    /// less than a false alarm.
    func testAmbiguousAcrossOtherFilesIsTheUnion() {
        let facts = SwiftFrontEnd.analyze([
            SourceFile(path: "A.swift", text: "struct N { static let x = \"one\" }\nlet bare = \"1\""),
            SourceFile(path: "B.swift", text: "struct N { static let x = \"two\" }\nlet bare = \"2\""),
            SourceFile(path: "C.swift", text: "c.add(self, name: N.x)\nc.add(self, name: bare)"),
        ])
        XCTAssertEqual(facts.registrations.map(\.name), ["one", "two", "1", "2"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    // MARK: - Scope

    func testScopeSameInOneFunctionDifferentAcrossFunctions() {
        let r = analyze("""
        class C {
            init() {
                c.add(self, name: "a")
                items.forEach { _ in c.add(self, name: "b") }
            }
            func other() { c.add(self, name: "c") }
            var computed: Int {
                c.add(self, name: "d")
                return 1
            }
            var accessors: Int {
                get { c.add(self, name: "e"); return 1 }
                set { c.add(self, name: "f") }
            }
        }
        """).registrations
        XCTAssertEqual(r.map(\.name), ["a", "b", "c", "d", "e", "f"])
        XCTAssertEqual(r[0].scope, "App.swift:2:5|c")
        XCTAssertEqual(r[0].scope, r[1].scope)
        XCTAssertEqual(r[2].scope, "App.swift:6:5|c")
        XCTAssertEqual(r[3].scope, "App.swift:7:5|c")
        XCTAssertEqual(r[4].scope, "App.swift:12:9|c")
        XCTAssertEqual(r[5].scope, "App.swift:13:9|c")
    }

    /// One name added to two controllers, directly or through a wrapper, is no duplicate.
    func testDifferentReceiversAreNotOneScope() {
        let r = analyze("""
        final class Host { func attach(name: String) { controller.add(self, name: name) } }
        func f(a: WKUserContentController, b: WKUserContentController, x: Host, y: Host) {
            a.add(self, name: "one")
            b.add(self, name: "one")
            x.attach(name: "two")
            y.attach(name: "two")
        }
        """).registrations
        XCTAssertEqual(r.map(\.name), ["one", "one", "two", "two"])
        XCTAssertEqual(Set(r.compactMap(\.scope)).count, 4)
    }

    func testProtocolRequirementsDoNotOpenScopes() {
        let r = analyze("""
        protocol P {
            func a()
            var b: Int { get }
        }
        struct S {
            func install() { c.add(self, name: "x") }
        }
        """).registrations
        XCTAssertEqual(r.map(\.scope), ["App.swift:6:5|c"])
    }

    // MARK: - Dispatch names

    func testDispatchViaComparison() {
        let d = analyze("""
        func userContentController(_ c: WKUserContentController, didReceive msg: WKScriptMessage) {
            if message.name == "a" {}
            if "b" == message.name {}
            if msg.name != "c" {}
            if other.name == "notMessage" {}
            if message.name == "x\\(y)" {}
            if message.name.count == "n" {}
        }
        """).dispatchNames
        XCTAssertEqual(d.map(\.name), ["a", "b", "c"])
        XCTAssertEqual(d.first?.location, SourceLocation(file: "App.swift", line: 2, column: 24))
        XCTAssertEqual(d[1].location.column, 8)
    }

    func testDispatchViaSwitch() {
        let d = analyze("""
        switch message.name {
        case "x":
            switch other {
            case "inner": break
            default: break
            }
        case "y", "z":
            if case .some = value {}
        case let n where n.hasPrefix("p"):
            break
        default:
            break
        }
        let after = { switch q { case "notDispatch": break } }
        """).dispatchNames
        XCTAssertEqual(d.map(\.name), ["x", "y", "z"])
        XCTAssertEqual(d.map(\.location.line), [2, 7, 7])
        XCTAssertEqual(d.map(\.location.column), [6, 6, 11])
    }

    // MARK: - Suppressions

    func testSuppressionLines() {
        let s = analyze("""
        // hawser-ignore: unresolved-registration
        c.add(self, name: f())
        c.add(self, name: g()) // hawser-ignore: unresolved-registration, unused-handler
        /* hawser-ignore: duplicate-registration
         */
        let x = 1
        // an ordinary comment
        """).suppressions
        XCTAssertEqual(s, [
            Suppression(file: "App.swift", line: 2, codes: ["unresolved-registration"]),
            Suppression(file: "App.swift", line: 3, codes: ["unresolved-registration", "unused-handler"]),
            Suppression(file: "App.swift", line: 6, codes: ["duplicate-registration"]),
        ])
    }

    // MARK: - Determinism

    func testOutputIsSortedRegardlessOfFileOrder() {
        let files = [
            SourceFile(path: "b.swift", text: "c.add(self, name: \"b2\")\nc.add(self, name: f())"),
            SourceFile(path: "a.swift", text: "for n in [\"z\", \"y\"] { c.add(self, name: n) }"),
        ]
        let one = SwiftFrontEnd.analyze(files)
        let two = SwiftFrontEnd.analyze(files.reversed())
        XCTAssertEqual(one.registrations.map(\.name), ["y", "z", "b2"])
        XCTAssertEqual(one.registrations, two.registrations)
        XCTAssertEqual(one.diagnostics, two.diagnostics)
    }

    func testTruncatedInputNeverCrashes() {
        let source = Array("""
        enum H: String, CaseIterable { case a, b = "b" }
        struct S { static let n = ["x", #"y"#] }
        func f(_ message: WKScriptMessage) {
            for h in H.allCases { c.addScriptMessageHandler(self, contentWorld: .page, name: h.rawValue) }
            switch message.name { case "a": break default: break }
            let s = \"\"\"
              \\(g("(")) /* not a comment */
              \"\"\"
        }
        """.utf8)
        for length in 0...source.count {
            let facts = SwiftFrontEnd.analyze([SourceFile(path: "t.swift", bytes: Array(source[0..<length]))])
            XCTAssertLessThanOrEqual(facts.registrations.count, 2)
        }
        XCTAssertEqual(SwiftFrontEnd.analyze([SourceFile(path: "t.swift", bytes: source)]).registrations.map(\.name), ["a", "b"])
    }

    /// A name reached along very many paths (five constants, each a switch of 41 cases over
    /// the next: 41^5 paths, each within the depth limit) ends in a warning after a bounded
    /// number of steps; before the budget, resolving it took minutes (zotero-ios's tests wrote
    /// the like through calls).
    func testResolutionAlongManyPathsStopsAtItsStepBudget() {
        var lines = ["enum Names {", "    static var flag = 0"]
        for level in 0..<5 {
            let cases = (0..<40).map { "case \($0): n\(level + 1)" }.joined(separator: " ")
            lines.append("    static let n\(level): String = switch flag { \(cases) default: n\(level + 1) }")
        }
        lines += ["    static let n5 = \"deep\"", "}", "func install(_ c: WKUserContentController, _ h: H) { c.add(h, name: Names.n0) }"]
        let facts = analyze(lines.joined(separator: "\n"))
        XCTAssertTrue(facts.diagnostics.contains { $0.code == .unresolvedRegistration && $0.message.contains("too many steps") }, "\(facts.diagnostics)")
    }

    /// A trailing closure fills a parameter whose type is a function named by an alias
    /// (`@escaping MessageHandler`), so the call sites of the registering helper are seen
    /// (canvas-ios: 19 false `unregistered-handler` errors before).
    func testTrailingClosureFillsAnEscapingAliasParameter() {
        let source = """
            typealias MessageHandler = (WKScriptMessage) -> Void
            extension WKWebView {
                func handle(_ name: String, handler: @escaping MessageHandler) {
                    configuration.userContentController.add(MessagePasser(handler: handler), name: name)
                }
            }
            func setUp(_ webView: WKWebView) {
                webView.handle("resize") { message in print(message) }
                webView.handle("submit", handler: { _ in })
            }
            """
        XCTAssertEqual(names(source), ["resize", "submit"])
    }
}
