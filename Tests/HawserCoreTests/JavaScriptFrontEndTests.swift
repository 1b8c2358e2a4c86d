import XCTest
import TreeSitter
@testable import HawserCore

final class JavaScriptFrontEndTests: XCTestCase {
    // MARK: - Top-level declarations and strictness (the globals a wrapped script publishes)

    /// "kind name@line:column" of each top-level declaration, in source order.
    private func topLevel(_ source: String) -> [String] {
        analyze(source).topLevel.declarations.map { "\($0.kind.rawValue) \($0.name)@\($0.location.line):\($0.location.column)" }
    }

    func testTopLevelDeclarationsAreEveryNameTheTopLevelBinds() {
        let source = """
            var a = 1, b;
            let c;
            const { d, e: [f, ...g], h = 1, ...i } = o;
            function j() { var notTop; let alsoNot; }
            async function* k() {}
            class L { m() { var inMethod; } }
            for (var n = 0; n < 1; n++) {}
            for (var o2 in {}) {}
            for (const notTop2 of []) {}
            if (a) { var p = 1; let block = 2; function inBlock() {} }
            try {} catch (caught) { var q; }
            var a;
            const r = () => { var arrow; }, s = class {};
            """
        XCTAssertEqual(topLevel(source), [
            "var a@1:5", "var b@1:12", "let c@2:5", "const d@3:9", "const f@3:16", "const g@3:22", "const h@3:26", "const i@3:36",
            "function j@4:10", "function k@5:17", "class L@6:7", "var n@7:10", "var o2@8:10", "var p@10:14", "var q@11:29",
            "const r@13:7", "const s@13:33",
        ])
    }

    func testTheFirstReturnOutsideEveryFunctionIsFound() {
        XCTAssertEqual(analyze("if (a) return;\nreturn 1;\n").topLevel.returnAt?.description, "app.js:1:8")
        XCTAssertNil(analyze("function f() { return 1; }\nconst g = () => { return 2; };\nclass C { m() { return 3; } }\n").topLevel.returnAt)
    }

    func testImportsAreNotTopLevelDeclarations() {
        XCTAssertEqual(topLevel("import x from \"./x.js\";\nimport { y as z } from \"./y.js\";\nlet w = x + z;\n"), ["let w@3:5"])
    }

    func testUseStrictDirectiveIsFoundInTheDirectivePrologueOnly() {
        XCTAssertTrue(analyze("\"use strict\";\nf();\n").topLevel.isStrict)
        XCTAssertTrue(analyze("#!/usr/bin/env node\n// ==UserScript==\n// ==/UserScript==\n'use strict'\nf();\n").topLevel.isStrict)
        XCTAssertTrue(analyze("\"a directive\";\n/* note */ \"use strict\";\n").topLevel.isStrict)
        XCTAssertFalse(analyze("f();\n\"use strict\";\n").topLevel.isStrict, "after a statement it is an expression")
        XCTAssertFalse(analyze("\"use\\x20strict\";\n").topLevel.isStrict, "a directive is matched as written, escapes and all")
        XCTAssertFalse(analyze("(\"use strict\");\n").topLevel.isStrict)
        XCTAssertFalse(analyze("function f() { \"use strict\"; }\n").topLevel.isStrict)
        XCTAssertFalse(analyze("\"use strict\" + x;\n").topLevel.isStrict)
    }

    // MARK: - Helpers

    private func analyze(_ source: String, origin: SourcePoint = SourcePoint(line: 1, column: 1)) -> JavaScriptFacts {
        JavaScriptFrontEnd.analyze(script: Array(source.utf8), file: "app.js", origin: origin)
    }

    /// Uses as "name@line:column", with a trailing "+" when the result is used.
    private func uses(_ source: String) -> [String] {
        analyze(source).uses.map { "\($0.name)@\($0.location.line):\($0.location.column)\($0.resultUsed ? "+" : "")" }
    }

    /// Diagnostics as "code@line:column message".
    private func diagnostics(_ source: String) -> [String] {
        analyze(source).diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column) \($0.message)" }
    }

    /// "line:column" of the `nth` occurrence of `needle` in `source`, counting UTF-8 bytes.
    private func at(_ needle: String, in source: String, _ nth: Int = 0) -> String {
        let haystack = Array(source.utf8), pattern = Array(needle.utf8)
        var found = -1
        var offset = 0
        for _ in 0...nth {
            guard let match = (offset...(haystack.count - pattern.count)).first(where: {
                Array(haystack[$0..<$0 + pattern.count]) == pattern
            }) else {
                XCTFail("\(needle) not found")
                return "?"
            }
            found = match
            offset = match + 1
        }
        let before = haystack[..<found]
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        return "\(line):\(found - lineStart + 1)"
    }

    private func assertNothing(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        let facts = analyze(source)
        XCTAssertEqual(facts.uses, [], source, file: file, line: line)
        XCTAssertEqual(facts.diagnostics, [], source, file: file, line: line)
    }

    // MARK: - Roots

    func testWindowRoot() {
        XCTAssertEqual(uses("window.webkit.messageHandlers.observer.postMessage({ a: 1 })"), ["observer@1:31"])
    }

    func testWebkitRoot() {
        XCTAssertEqual(uses("webkit.messageHandlers.observer.postMessage(1)"), ["observer@1:24"])
    }

    func testSelfRoot() {
        XCTAssertEqual(uses("self.webkit.messageHandlers.observer.postMessage(1)"), ["observer@1:29"])
    }

    func testGlobalThisRoot() {
        XCTAssertEqual(uses("globalThis.webkit.messageHandlers.observer.postMessage(1)"), ["observer@1:35"])
    }

    func testWebkitMessageHandlersOfAnyObjectAreTheHandlers() {
        XCTAssertEqual(
            uses("document.webkit.messageHandlers.x.postMessage(1); foo.messageHandlers.y.postMessage(2); this.webkit.messageHandlers.z.postMessage(3)"),
            ["x@1:33", "z@1:117"])
        XCTAssertEqual(uses("(win) => win.webkit.messageHandlers.bridge.postMessage(data)"), ["bridge@1:37"])
        XCTAssertEqual(uses("top[\"webkit\"][\"messageHandlers\"].a.postMessage(1)"), ["a@1:34"])
        XCTAssertEqual(uses("a.b.webkit.messageHandlers[\"c-d\"].postMessage(1)"), ["c-d@1:28"])
        // Only `.webkit.messageHandlers` together: neither link alone, nor another spelling.
        assertNothing("foo.webkitView.messageHandlers.x.postMessage(1); foo.webkit.handlers.x.postMessage(2); foo.messageHandlers.x.postMessage(3)")
    }

    func testSeveralUsesAreSortedByLocation() {
        let source = "function a() { webkit.messageHandlers.second.postMessage(2) }\nwebkit.messageHandlers.first.postMessage(1)\nwebkit.messageHandlers.first.postMessage(3)"
        XCTAssertEqual(uses(source), ["second@1:39", "first@2:24", "first@3:24"])
    }

    // MARK: - Optional chaining

    func testOptionalChainingOnRoot() {
        XCTAssertEqual(uses("window?.webkit.messageHandlers.x.postMessage(1)"), ["x@1:32"])
    }

    func testOptionalChainingOnWebkit() {
        XCTAssertEqual(uses("window.webkit?.messageHandlers.x.postMessage(1)"), ["x@1:32"])
    }

    func testOptionalChainingOnMessageHandlers() {
        XCTAssertEqual(uses("window.webkit.messageHandlers?.x.postMessage(1)"), ["x@1:32"])
    }

    func testOptionalChainingOnHandler() {
        XCTAssertEqual(uses("window.webkit.messageHandlers.x?.postMessage(1)"), ["x@1:31"])
    }

    func testOptionalCall() {
        XCTAssertEqual(uses("window.webkit.messageHandlers.x.postMessage?.(1)"), ["x@1:31"])
    }

    func testOptionalChainingEverywhere() {
        XCTAssertEqual(uses("window?.webkit?.messageHandlers?.x?.postMessage?.(1)"), ["x@1:34"])
    }

    // MARK: - Brackets

    func testBracketDoubleQuotes() {
        XCTAssertEqual(uses(#"window.webkit.messageHandlers["my-name"].postMessage(1)"#), ["my-name@1:31"])
    }

    func testBracketSingleQuotes() {
        XCTAssertEqual(uses("webkit.messageHandlers['my-name'].postMessage(1)"), ["my-name@1:24"])
    }

    func testBracketTemplateWithoutSubstitution() {
        XCTAssertEqual(uses("webkit.messageHandlers[`my-name`].postMessage(1)"), ["my-name@1:24"])
    }

    func testBracketOnRootAndWebkit() {
        XCTAssertEqual(uses(#"window["webkit"]['messageHandlers'].x.postMessage(1)"#), ["x@1:37"])
    }

    func testBracketWithEscapes() {
        XCTAssertEqual(uses(#"webkit.messageHandlers["a\u002Db"].postMessage(1)"#), ["a-b@1:24"])
    }

    func testBracketPostMessage() {
        XCTAssertEqual(uses(#"webkit.messageHandlers.x["postMessage"](1)"#), ["x@1:24"])
    }

    func testParenthesisedChain() {
        XCTAssertEqual(uses("(webkit.messageHandlers).x.postMessage(1); (webkit.messageHandlers.y).postMessage(2)"),
                       ["x@1:26", "y@1:68"])
    }

    // MARK: - Aliases

    func testAliasOfWebkit() {
        let source = "const wk = window.webkit;\nwk.messageHandlers.x.postMessage(1)"
        XCTAssertEqual(uses(source), ["x@2:20"])
    }

    func testAliasOfMessageHandlers() {
        let source = "let mh = window.webkit.messageHandlers;\nmh.x.postMessage(1);\nmh['y'].postMessage(2)"
        XCTAssertEqual(uses(source), ["x@2:4", "y@3:4"])
    }

    func testAliasOfWindow() {
        XCTAssertEqual(uses("const w = window; w.webkit.messageHandlers.x.postMessage(1)"), ["x@1:44"])
    }

    func testEachCallThroughAnAliasIsAUseOfItsOwn() {
        let source = """
        const h = window.webkit.messageHandlers.observer;
        h.postMessage(1);
        h.postMessage(2);
        """
        XCTAssertEqual(uses(source), ["observer@2:1", "observer@3:1"])
    }

    func testEachCallThroughAnAliasHasItsOwnResult() {
        let source = """
        var h = webkit.messageHandlers.observer;
        h.postMessage(1);
        const reply = await h.postMessage(2);
        """
        XCTAssertEqual(uses(source), ["observer@2:1", "observer@3:21+"])
    }

    func testSingleHandlerAliasNeverCalledIsStillAUse() {
        XCTAssertEqual(uses("const h = webkit.messageHandlers.observer;"), ["observer@1:34"])
    }

    func testOptionalCallThroughAlias() {
        XCTAssertEqual(uses("const h = webkit.messageHandlers.x;\nconst r = h?.postMessage?.(1)"), ["x@2:11+"])
    }

    func testAliasOfAlias() {
        let source = "const h = webkit.messageHandlers.observer;\nconst g = h;\nconst r = g.postMessage(1)"
        XCTAssertEqual(uses(source), ["observer@3:11+"])
    }

    func testDestructuredMessageHandlers() {
        let source = "const { messageHandlers } = window.webkit;\nmessageHandlers.x.postMessage(1)"
        XCTAssertEqual(uses(source), ["x@2:17"])
    }

    func testDestructuredMessageHandlersRenamed() {
        let source = "const { messageHandlers: mh } = webkit;\nmh.x.postMessage(1)"
        XCTAssertEqual(uses(source), ["x@2:4"])
    }

    func testNestedDestructuring() {
        let source = "const { webkit: { messageHandlers } } = window;\nmessageHandlers.x.postMessage(1)"
        XCTAssertEqual(uses(source), ["x@2:17"])
    }

    func testDestructuredSingleHandler() {
        let source = "const { observer } = window.webkit.messageHandlers;\nobserver.postMessage(1).then(done)"
        XCTAssertEqual(uses(source), ["observer@2:1+"])
    }

    func testDestructuredSingleHandlerWithStringKey() {
        let source = #"const { "my-name": h, other: g } = webkit.messageHandlers;"# + "\nh.postMessage(1)"
        XCTAssertEqual(uses(source), ["other@1:23", "my-name@2:1"])
    }

    func testDestructuredSingleHandlerWithComputedStringKey() {
        XCTAssertEqual(uses("const { ['a']: h } = webkit.messageHandlers; h.postMessage(1)"), ["a@1:46"])
    }

    func testDestructuringWithDefaultValue() {
        let source = "const { messageHandlers: mh = {} } = webkit;\nmh.x.postMessage(1)"
        XCTAssertEqual(uses(source), ["x@2:4"])
    }

    func testArrayDestructuringIsNotAnAlias() {
        assertNothing("const [mh] = [webkit.messageHandlers]; mh.x.postMessage(1)")
    }

    // MARK: - Scopes

    func testParameterShadowsRoot() {
        assertNothing("const f = webkit => webkit.messageHandlers.x.postMessage(1)")
        // `.webkit.messageHandlers` of any object is the handlers, a local `window` or `self` too.
        XCTAssertEqual(uses("function f(window) { window.webkit.messageHandlers.x.postMessage(1) }"), ["x@1:52"])
        XCTAssertEqual(uses("const f = ({ self }) => self.webkit.messageHandlers.x.postMessage(1)"), ["x@1:53+"])
    }

    func testLocalDeclarationsShadowRoots() {
        assertNothing("{ let webkit = other; webkit.messageHandlers.x.postMessage(1) }")
        assertNothing("function f() { webkit.messageHandlers.x.postMessage(1); function webkit() {} }")
        assertNothing("class webkit {} webkit.messageHandlers.x.postMessage(1)")
        // A local global object still has `.webkit.messageHandlers`, which are the handlers.
        XCTAssertEqual(uses("try {} catch (self) { self.webkit.messageHandlers.x.postMessage(1) }"), ["x@1:51"])
        XCTAssertEqual(uses("import { globalThis } from './fake.js'; globalThis.webkit.messageHandlers.x.postMessage(1)"), ["x@1:75"])
        XCTAssertEqual(uses("function f() { if (a) { var window = fake } window.webkit.messageHandlers.x.postMessage(1) }"), ["x@1:75"])
    }

    func testShadowingEndsWithItsScope() {
        let source = "{ const webkit = fake; }\nwebkit.messageHandlers.x.postMessage(1)\nfunction f(window) {}\nwindow.webkit.messageHandlers.y.postMessage(1)"
        XCTAssertEqual(uses(source), ["x@2:24", "y@4:31"])
    }

    func testInnerDeclarationShadowsAlias() {
        let source = """
        const h = webkit.messageHandlers.observer;
        function f(h) { return h.postMessage(1) }
        { const h = other; const r = h.postMessage(2) }
        h.postMessage(3)
        """
        XCTAssertEqual(uses(source), ["observer@4:1"])
    }

    func testLetAliasIsBlockScoped() {
        let source = "{ let mh = webkit.messageHandlers; mh.a.postMessage(1) }\nmh.b.postMessage(2)"
        XCTAssertEqual(uses(source), ["a@1:39"])
    }

    func testVarAliasIsFunctionScoped() {
        let source = """
        function f() {
          if (ready) { var mh = webkit.messageHandlers; }
          mh.a.postMessage(1);
        }
        mh.b.postMessage(2);
        """
        XCTAssertEqual(uses(source), ["a@3:6"])
    }

    func testAliasUsedInNestedFunctionDeclaredLater() {
        let source = "function send() { mh.a.postMessage(1) }\nconst mh = webkit.messageHandlers;"
        XCTAssertEqual(uses(source), ["a@1:22"])
    }

    // MARK: - Unsound aliases

    func testReassignedLetAliasIsReported() {
        let source = """
        let h = webkit.messageHandlers.a;
        if (flag) h = other;
        h.postMessage(1);
        """
        XCTAssertEqual(uses(source), ["a@1:32"])
        XCTAssertEqual(diagnostics(source), ["dynamic-handler-name@3:1 cannot resolve 'h' soundly: it is reassigned"])
        XCTAssertEqual(analyze(source).diagnostics.first?.severity, .warning)
    }

    func testReassignmentFormsMakeAliasUnsound() {
        for reassignment in ["h += 1", "h++", "--h", "({ h } = o)", "[h] = list", "for (h of list) {}", "var h = webkit.messageHandlers.b"] {
            let source = "var h = webkit.messageHandlers.a;\n\(reassignment);\nh.postMessage(1);"
            XCTAssertEqual(analyze(source).diagnostics.map(\.message), ["cannot resolve 'h' soundly: it is reassigned"], reassignment)
            XCTAssertEqual(analyze(source).diagnostics.first?.location.line, 3, reassignment)
        }
    }

    func testReassignedMessageHandlersAlias() {
        let source = "let mh = webkit.messageHandlers;\nmh = {};\nmh.x.postMessage(1);"
        XCTAssertEqual(uses(source), [])
        XCTAssertEqual(diagnostics(source), ["dynamic-handler-name@3:1 cannot resolve 'mh' soundly: it is reassigned"])
    }

    func testReassignedToAHandlerLater() {
        let source = "let h = null;\nh = webkit.messageHandlers.a;\nh.postMessage(1);"
        XCTAssertEqual(uses(source), ["a@2:28"])
        XCTAssertEqual(diagnostics(source), ["dynamic-handler-name@3:1 cannot resolve 'h' soundly: it is reassigned"])
    }

    func testReassignmentOfShadowingVariableDoesNotAffectAlias() {
        let source = "const h = webkit.messageHandlers.a;\nfunction f() { let h = 1; h = 2 }\nh.postMessage(1)"
        XCTAssertEqual(uses(source), ["a@3:1"])
        XCTAssertEqual(diagnostics(source), [])
    }

    func testReassignedUnrelatedVariableIsNotReported() {
        assertNothing("let w = 1; w = 2; w.pushMessage(1)")
    }

    func testProbeOfUnsoundAliasIsNotReported() {
        let source = "let h = webkit.messageHandlers.a; h = b; if (h) {}"
        XCTAssertEqual(diagnostics(source), [])
    }

    // MARK: - Result used

    func testResultUsedWhenAwaited() {
        XCTAssertEqual(uses("async function f() { await webkit.messageHandlers.x.postMessage(1) }"), ["x@1:51+"])
    }

    func testResultUsedWithThen() {
        XCTAssertEqual(uses("webkit.messageHandlers.x.postMessage(1).then(r => r)"), ["x@1:24+"])
        XCTAssertEqual(uses("webkit.messageHandlers.x.postMessage(1).catch(e => e)"), ["x@1:24+"])
        XCTAssertEqual(uses("webkit.messageHandlers.x.postMessage(1)?.finally(f)"), ["x@1:24+"])
    }

    func testResultUsedWhenAssigned() {
        XCTAssertEqual(uses("const p = webkit.messageHandlers.x.postMessage(1)"), ["x@1:34+"])
        XCTAssertEqual(uses("p = webkit.messageHandlers.x.postMessage(1)"), ["x@1:28+"])
    }

    func testResultUsedWhenReturned() {
        XCTAssertEqual(uses("function f() { return webkit.messageHandlers.x.postMessage(1) }"), ["x@1:46+"])
        XCTAssertEqual(uses("function f() { return (webkit.messageHandlers.x.postMessage(1)) }"), ["x@1:47+"])
    }

    func testResultUsedAsArrowBody() {
        XCTAssertEqual(uses("const send = m => webkit.messageHandlers.x.postMessage(m)"), ["x@1:42+"])
    }

    func testResultUsedAsArgumentOrLiteralElement() {
        XCTAssertEqual(uses("log(webkit.messageHandlers.x.postMessage(1))"), ["x@1:28+"])
        XCTAssertEqual(uses("all([webkit.messageHandlers.x.postMessage(1)])"), ["x@1:29+"])
        XCTAssertEqual(uses("o = { p: webkit.messageHandlers.x.postMessage(1) }"), ["x@1:33+"])
    }

    func testResultUsedAsOperand() {
        XCTAssertEqual(uses("const ok = webkit.messageHandlers.x.postMessage(1) === 1"), ["x@1:35+"])
        XCTAssertEqual(uses("const r = c ? webkit.messageHandlers.x.postMessage(1) : null"), ["x@1:38+"])
        XCTAssertEqual(uses("webkit.messageHandlers.x.postMessage(1) || fallback()"), ["x@1:24+"])
    }

    func testResultNotUsedAsStatement() {
        XCTAssertEqual(uses("webkit.messageHandlers.x.postMessage(1);"), ["x@1:24"])
        XCTAssertEqual(uses("(webkit.messageHandlers.x.postMessage(1));"), ["x@1:25"])
    }

    func testResultNotUsedAfterVoid() {
        XCTAssertEqual(uses("void webkit.messageHandlers.x.postMessage(1)"), ["x@1:29"])
    }

    func testResultNotUsedInSequenceOrLoopUpdate() {
        XCTAssertEqual(uses("a = (webkit.messageHandlers.x.postMessage(1), 2)"), ["x@1:29"])
        XCTAssertEqual(uses("for (;;webkit.messageHandlers.x.postMessage(1)) {}"), ["x@1:31"])
    }

    func testResultNotUsedWhenGuardedAtStatementLevel() {
        // The value of `a && call()` is discarded as a whole.
        XCTAssertEqual(uses("ready && webkit.messageHandlers.x.postMessage(1);"), ["x@1:33"])
    }

    /// Whether each use's result is used, in source order.
    private func resultUsed(_ source: String) -> [Bool] {
        analyze(source).uses.map(\.resultUsed)
    }

    func testCallbackExpressionBodyDoesNotUseTheResult() {
        let post = "webkit.messageHandlers.x.postMessage(v)"
        XCTAssertEqual(resultUsed("window.addEventListener(\"scroll\", () => \(post))"), [false])
        XCTAssertEqual(resultUsed("el.addEventListener(\"scroll\", async (e) => \(post), { passive: true })"), [false])
        XCTAssertEqual(resultUsed("setTimeout(() => (\(post)), 10)"), [false])
        XCTAssertEqual(resultUsed("names.forEach(n => c ? \(post) : null)"), [false])
        XCTAssertEqual(resultUsed("new Promise(resolve => \(post))"), [false])
        XCTAssertEqual(resultUsed("el.run = cond ? (() => \(post)) : null; list.push(() => \(post))"), [true, false])
        // An event handler property is a callback the browser ignores the result of.
        XCTAssertEqual(resultUsed("el.onclick = () => \(post); window[\"onmessage\"] = function () { return \(post) }"), [false, false])
        XCTAssertEqual(resultUsed("el.onAir = () => \(post); on = () => \(post)"), [true, true])
        // A function expression passed as a callback returns into a caller that ignores it.
        XCTAssertEqual(resultUsed("el.addEventListener(\"load\", function () { return \(post) })"), [false])
        // A top-level return is an HTML event attribute's: the browser ignores it.
        XCTAssertEqual(resultUsed("return \(post)"), [false])
    }

    func testResultOfANamedFunctionIsUsed() {
        let post = "webkit.messageHandlers.x.postMessage(v)"
        XCTAssertEqual(resultUsed("const send = (v) => \(post)"), [true])
        XCTAssertEqual(resultUsed("let send; send = (v) => \(post)"), [true])
        XCTAssertEqual(resultUsed("window.send = function (v) { return \(post) }"), [true])
        XCTAssertEqual(resultUsed("const api = { send: (v) => \(post), load() { return \(post) } }"), [true, true])
        XCTAssertEqual(resultUsed("class A { send = (v) => \(post); load() { return \(post) } }"), [true, true])
        XCTAssertEqual(resultUsed("export default (v) => \(post)"), [true])
        XCTAssertEqual(resultUsed("function f(send = () => \(post)) {}"), [true])
        // Inside a callback, a result that is awaited, chained, assigned or passed on is used.
        XCTAssertEqual(resultUsed("el.addEventListener(\"x\", async () => { await \(post) })"), [true])
        XCTAssertEqual(resultUsed("el.addEventListener(\"x\", () => \(post).then(show))"), [true])
        XCTAssertEqual(resultUsed("el.addEventListener(\"x\", () => show(\(post)))"), [true])
    }

    func testCallbacksWhoseResultsAreHandedOn() {
        let post = "webkit.messageHandlers.x.postMessage(v)"
        // `map` collects what its callback returns, `then` resolves to it: used when their result is.
        XCTAssertEqual(resultUsed("await Promise.all(names.map(v => \(post)))"), [true])
        XCTAssertEqual(resultUsed("names.map(v => \(post));"), [false])
        XCTAssertEqual(resultUsed("const r = await ready.then(() => \(post))"), [true])
        XCTAssertEqual(resultUsed("ready.then(() => \(post));"), [false])
        // Called on the spot: its result is the call's.
        XCTAssertEqual(resultUsed("const p = (() => \(post))(); (() => \(post))();"), [true, false])
    }

    // MARK: - References that are not called

    func testReferencePassedReturnedOrStored() {
        XCTAssertEqual(uses("register(webkit.messageHandlers.a)"), ["a@1:33"])
        XCTAssertEqual(uses("function f() { return webkit.messageHandlers.b }"), ["b@1:46"])
        XCTAssertEqual(uses("obj.h = webkit.messageHandlers.c"), ["c@1:32"])
        XCTAssertEqual(uses("list = [webkit.messageHandlers.d]"), ["d@1:32"])
        XCTAssertEqual(uses("o = { h: webkit.messageHandlers.e }"), ["e@1:33"])
    }

    func testAliasReferenceStoredInShorthandProperty() {
        XCTAssertEqual(uses("const h = webkit.messageHandlers.a; const r = h.postMessage(1); export default { h }"), ["a@1:47+", "a@1:82"])
    }

    func testUnboundPostMessageReferenceIsAUse() {
        XCTAssertEqual(uses("const send = webkit.messageHandlers.x.postMessage.bind(null)"), ["x@1:37"])
    }

    func testPassingMessageHandlersItselfIsIgnored() {
        assertNothing("inspect(window.webkit.messageHandlers)")
    }

    // MARK: - Probes

    func testProbes() {
        let probes = [
            "if (window.webkit.messageHandlers.x) {}",
            "if (window.webkit?.messageHandlers?.x?.postMessage) {}",
            "t = typeof window.webkit.messageHandlers.x",
            "b = 'x' in window.webkit.messageHandlers",
            "b = !window.webkit.messageHandlers.x",
            "b = !!webkit.messageHandlers.x",
            "window.webkit.messageHandlers.x && go()",
            "v = webkit.messageHandlers.x ? a : b",
            "b = webkit.messageHandlers.x != null",
            "b = webkit.messageHandlers.x === undefined",
            "b = Boolean(webkit.messageHandlers.x)",
            "while (webkit.messageHandlers.x) {}",
            "do {} while (webkit.messageHandlers.x)",
            "for (; webkit.messageHandlers.x; ) {}",
            "if (a && (webkit.messageHandlers.x || webkit.messageHandlers.y)) {}",
            "if (webkit.messageHandlers[name]) {}",
            "b = typeof webkit.messageHandlers[`h${i}`] !== 'undefined'",
            "webkit.messageHandlers.x;",
        ]
        for probe in probes {
            assertNothing(probe)
        }
    }

    func testGuardedCallIsStillAUse() {
        let source = "const h = webkit.messageHandlers.x;\nh && h.postMessage(1);"
        XCTAssertEqual(uses(source), ["x@2:6"])
        let direct = "if (webkit.messageHandlers.y) { webkit.messageHandlers.y.postMessage(1) }"
        XCTAssertEqual(uses(direct), ["y@1:56"])
    }

    // MARK: - Comments, strings, templates

    func testTextInCommentsStringsAndTemplatesIsNotACall() {
        assertNothing("""
        // window.webkit.messageHandlers.a.postMessage(1)
        /* webkit.messageHandlers.b.postMessage(1) */
        const s = "window.webkit.messageHandlers.c.postMessage(1)";
        const t = `webkit.messageHandlers.d.postMessage(${x})`;
        const u = 'webkit.messageHandlers["e"].postMessage(1)';
        """)
    }

    // MARK: - Dynamic names

    func testComputedNameIdentifier() {
        let source = "webkit.messageHandlers[name].postMessage(1)"
        XCTAssertEqual(uses(source), [])
        XCTAssertEqual(diagnostics(source), ["dynamic-handler-name@1:24 handler name is computed at runtime and cannot be checked: name"])
    }

    func testComputedNameTemplateWithSubstitution() {
        let source = "x = 1;\nwindow.webkit.messageHandlers[`h${i}`].postMessage(1)"
        XCTAssertEqual(diagnostics(source), ["dynamic-handler-name@2:31 handler name is computed at runtime and cannot be checked: `h${i}`"])
    }

    func testComputedNameConcatenation() {
        let source = #"const mh = webkit.messageHandlers; mh["a" + b].postMessage(1)"#
        XCTAssertEqual(diagnostics(source), [#"dynamic-handler-name@1:39 handler name is computed at runtime and cannot be checked: "a" + b"#])
    }

    func testComputedNameInDestructuring() {
        let source = "const { [key]: h } = webkit.messageHandlers;\nh.postMessage(1)"
        XCTAssertEqual(diagnostics(source), ["dynamic-handler-name@1:10 handler name is computed at runtime and cannot be checked: key"])
        XCTAssertEqual(uses(source), [])
    }

    // MARK: - Unknown methods

    func testUnknownMethod() {
        let source = "window.webkit.messageHandlers.observer.pushMessage({})"
        let facts = analyze(source)
        // Still a use of `observer`, so its name is checked too.
        XCTAssertEqual(facts.uses, [HandlerUse(name: "observer", location: SourceLocation(file: "app.js", line: 1, column: 31), resultUsed: false, form: .reference)])
        XCTAssertEqual(diagnostics(source), ["unknown-handler-method@1:40 'pushMessage' is not a method of a message handler; did you mean 'postMessage'?"])
        XCTAssertEqual(facts.diagnostics.first?.handler, "observer")
        XCTAssertEqual(facts.diagnostics.first?.severity, .error)
    }

    func testUnknownMethodThroughAlias() {
        let source = "const { observer } = webkit.messageHandlers;\nobserver.send(1)"
        let facts = analyze(source)
        XCTAssertEqual(uses(source), ["observer@2:1"])
        XCTAssertEqual(diagnostics(source), ["unknown-handler-method@2:10 'send' is not a method of a message handler; did you mean 'postMessage'?"])
        XCTAssertEqual(facts.diagnostics.first?.handler, "observer")
    }

    // MARK: - Syntax errors

    func testSyntaxErrorsAreReportedAndTheRestIsAnalysed() {
        let source = """
        webkit.messageHandlers.before.postMessage(1);
        foo(;
        webkit.messageHandlers.after.postMessage(2);
        """
        let facts = analyze(source)
        XCTAssertEqual(facts.diagnostics.map(\.code), [.syntaxError])
        XCTAssertEqual(facts.diagnostics.first?.location.line, 2)
        XCTAssertEqual(facts.uses.map(\.name), ["before", "after"])
    }

    func testWellFormedCallInsideAnErrorRegionIsStillFound() {
        let source = "foo(\nwindow.webkit.messageHandlers.x.postMessage(1)"
        XCTAssertEqual(uses(source), ["x@2:31"])
        XCTAssertEqual(diagnostics(source), ["syntax-error@1:1 unexpected 'foo('"])
    }

    func testNestedErrorRegionsCountOnce() {
        let source = "ok();\nfoo(; bar(\n"
        XCTAssertEqual(diagnostics(source), ["syntax-error@2:1 unexpected 'foo(; bar('"])
    }

    func testUnexpectedTokenMessageIsShortAndSingleLine() {
        let source = "let a = 1;\nif (a) { foo( } bar.baz(1) + more + stuff\nnext()"
        let errors = analyze(source).diagnostics.filter { $0.code == .syntaxError }
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first.map { "\($0.location.line):\($0.location.column)" }, "2:1")
        XCTAssertEqual(errors.first?.message, "unexpected 'if (a) { foo( } bar.'")
    }

    func testMissingTokenIsReported() {
        let source = "if (ready {\n  webkit.messageHandlers.x.postMessage(1)\n}"
        XCTAssertEqual(diagnostics(source), ["syntax-error@1:10 missing ')'"])
        XCTAssertEqual(uses(source), ["x@2:26"])
        XCTAssertEqual(diagnostics("class A { m() { }"), ["syntax-error@1:18 missing '}'"])
    }

    func testTwoSeparateErrorRegions() {
        let source = "a(;\nwebkit.messageHandlers.x.postMessage(1);\nfunction f( {\n}\n"
        let errors = analyze(source).diagnostics.filter { $0.code == .syntaxError }
        XCTAssertEqual(errors.count, 2)
        XCTAssertEqual(errors.map(\.location.line), [1, 3])
    }

    // MARK: - Locations

    func testOriginMapping() {
        let source = "webkit.messageHandlers.a.postMessage(1)\n  webkit.messageHandlers.b.pushMessage(2)"
        let facts = analyze(source, origin: SourcePoint(line: 10, column: 9))
        XCTAssertEqual(facts.uses.map { "\($0.name)@\($0.location)" }, ["a@app.js:10:32", "b@app.js:11:26"])
        XCTAssertEqual(facts.diagnostics.map { "\($0.location)" }, ["app.js:11:28"])
    }

    func testColumnsCountUTF8Bytes() {
        // "é" is two bytes, "😀" four.
        let source = "const s = \"é😀\"; webkit.messageHandlers.x.postMessage(1)"
        XCTAssertEqual(uses(source), ["x@1:44"])
        XCTAssertEqual(at("x.post", in: source), "1:44")
    }

    func testLocationHelperAgreesWithFrontEnd() {
        let source = "/* ü */ if (a) {\n\tconst mh = webkit.messageHandlers; mh.zz.postMessage(1)\n}"
        XCTAssertEqual(uses(source), ["zz@\(at("zz", in: source))"])
    }

    func testParseFailureIsNotExpectedForOrdinaryInput() {
        XCTAssertEqual(analyze("").uses, [])
        XCTAssertEqual(analyze("").diagnostics, [])
    }

    // MARK: - Suppressions

    func testLeadingSuppressionAppliesToNextLine() {
        let source = "a();\n  // hawser-ignore: unregistered-handler\nwebkit.messageHandlers.x.postMessage(1)"
        XCTAssertEqual(analyze(source).suppressions, [Suppression(file: "app.js", line: 3, codes: ["unregistered-handler"])])
    }

    func testTrailingSuppressionAppliesToItsLine() {
        let source = "a();\nwebkit.messageHandlers.x.postMessage(1) // hawser-ignore: reply-expected, unregistered-handler"
        XCTAssertEqual(analyze(source).suppressions, [Suppression(file: "app.js", line: 2, codes: ["reply-expected", "unregistered-handler"])])
    }

    func testMultiLineBlockSuppressionAppliesAfterItsEnd() {
        let source = "/* hawser-ignore: syntax-error\n   because reasons */\nfoo("
        XCTAssertEqual(analyze(source).suppressions.map(\.line), [3])
    }

    func testSuppressionLinesAreMappedThroughOrigin() {
        let source = "// hawser-ignore: unknown-handler-method\nx(); /* hawser-ignore: dynamic-handler-name */"
        let facts = analyze(source, origin: SourcePoint(line: 5, column: 12))
        XCTAssertEqual(facts.suppressions.map(\.line), [6, 6])
        XCTAssertEqual(facts.suppressions.map(\.codes), [["dynamic-handler-name"], ["unknown-handler-method"]])
    }

    func testCommentsWithoutDirectiveAreNotSuppressions() {
        XCTAssertEqual(analyze("// just a comment\n/* hawser: no */").suppressions, [])
    }
}
