@testable import HawserCore
import TreeSitter
import XCTest

/// Inputs that used to crash or mislead the JavaScript front end (issue 10): nesting 100,000
/// deep, which took one native stack frame per level, and NUL bytes, which the grammar's lexer
/// takes for the end of input. Each case also checks the facts, not only that it ends.
final class JavaScriptHostileInputTests: XCTestCase {
    static let depth = 100_000

    private func analyze(_ source: String) -> JavaScriptFacts {
        JavaScriptFrontEnd.analyze(script: Array(source.utf8), file: "deep.js")
    }

    private func uses(_ facts: JavaScriptFacts) -> [String] {
        facts.uses.map { "\($0.name)@\($0.location.line):\($0.location.column)" }
    }

    private func codes(_ facts: JavaScriptFacts) -> [String] {
        facts.diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column)" }
    }

    private func repeated(_ text: String, _ count: Int = depth) -> String {
        String(repeating: text, count: count)
    }

    func testDeepParentheses() {
        let facts = analyze(repeated("(") + "webkit.messageHandlers.deep" + repeated(")") + ".postMessage(1);")
        XCTAssertEqual(uses(facts), ["deep@1:\(Self.depth + 24)"])
        XCTAssertEqual(codes(facts), [])
    }

    func testDeepParenthesesThroughThePipelineOnWorkerThreads() {
        let script = "var x = " + repeated("(") + "webkit.messageHandlers.deep" + repeated(")") + ";\nx.postMessage(1);\n"
        let report = Pipeline.analyze(ProjectInput(
            scripts: [SourceFile(path: "deep.js", text: script)],
            swift: [SourceFile(path: "App.swift", text: "func f(c: C) { c.add(h, name: \"deep\") }\n")]))
        XCTAssertEqual(report.diagnostics.map(\.code), [])
        XCTAssertEqual(report.handlers.flatMap(\.uses).map { "\($0.name)@\($0.location.line):\($0.location.column)" }, ["deep@2:1"])
    }

    func testDeepArrayPayload() {
        let facts = analyze("webkit.messageHandlers.arrays.postMessage(" + repeated("[") + repeated("]") + ");")
        XCTAssertEqual(uses(facts), ["arrays@1:24"])
        XCTAssertEqual(facts.uses.first?.payloads.map(\.kind), [.array])
        XCTAssertEqual(codes(facts), [])
    }

    func testDeepObjectPayloadIsReadToItsLimit() {
        let facts = analyze("webkit.messageHandlers.objects.postMessage(" + repeated("{a:") + "1" + repeated("}") + ");")
        XCTAssertEqual(uses(facts), ["objects@1:24"])
        var payload = facts.uses.first?.payloads.first
        var levels = 0
        while let current = payload, current.kind == .object {
            levels += 1
            payload = current.properties.first?.value
        }
        XCTAssertEqual(levels, PayloadLiteral.maximumDepth)
        XCTAssertEqual(payload?.kind, .other)
        XCTAssertEqual(codes(facts), [])
    }

    func testLongMemberChains() {
        let facts = analyze(repeated("window.") + "webkit.messageHandlers.chain.postMessage(1);\n" + "a" + repeated(".b") + ";\n")
        XCTAssertEqual(uses(facts), ["chain@1:\(Self.depth * 7 + 24)"])
        XCTAssertEqual(codes(facts), [])
    }

    func testLongChainOfDynamicSubscripts() {
        // Each link's value is found once, whichever of the chain's nodes asks for it.
        let facts = analyze("webkit.messageHandlers[name]" + repeated("[k]", 20_000) + ";")
        XCTAssertEqual(uses(facts), [])
        XCTAssertEqual(codes(facts), ["dynamic-handler-name@1:24"])
    }

    func testDeepFunctionNesting() {
        let facts = analyze(repeated("function f(a) {") + "webkit.messageHandlers.nested.postMessage(a);" + repeated("}"))
        XCTAssertEqual(uses(facts), ["nested@1:\(Self.depth * 15 + 24)"])
        XCTAssertEqual(codes(facts), [])
    }

    func testDeepArrowAndCallNesting() {
        let arrows = analyze("const g = " + repeated("() => ") + "webkit.messageHandlers.arrows.postMessage(1);")
        XCTAssertEqual(uses(arrows), ["arrows@1:\(Self.depth * 6 + 34)"])
        let calls = analyze(repeated("f(") + "webkit.messageHandlers.calls" + repeated(")") + ";")
        XCTAssertEqual(uses(calls), ["calls@1:\(Self.depth * 2 + 24)"])
        XCTAssertEqual(codes(arrows) + codes(calls), [])
    }

    func testDeepDestructuringPattern() {
        let facts = analyze("const " + repeated("[") + "h" + repeated("]") + " = x;\nwebkit.messageHandlers.after.postMessage(1);")
        XCTAssertEqual(uses(facts), ["after@2:24"])
        XCTAssertEqual(codes(facts), [])
    }

    // MARK: - NUL bytes

    /// tree-sitter 0.20.7 cuts the count of children of the ERROR node that gathers 65,535 or
    /// more constructs left open to 16 bits, and freeing that tree aborts ("free(): invalid
    /// size"): such a script is one syntax error, its tree left unfreed. Just below the limit it
    /// parses as before.
    func testConstructsLeftOpen65535TimesAreOneSyntaxErrorNotACrash() {
        for open in ["(", "<div>", "[", "f(", "<a>x"] {
            XCTAssertEqual(analyze(repeated(open, 70_000)).diagnostics.map(\.message),
                           ["cannot parse the script: tree-sitter cannot represent it (65,535 or more constructs left open, such as '(' or '<div>' never closed)"], open)
        }
        XCTAssertEqual(codes(analyze(repeated("(", 65_536))), ["syntax-error@1:1"])
        XCTAssertEqual(codes(analyze(repeated("<div>", 60_000))), ["syntax-error@1:1"])
        XCTAssertEqual(analyze(repeated("<div>", 60_000)).diagnostics.map(\.message), ["unexpected '<div><div><div><div>'"])
    }

    func testNulInsideStringsTemplatesAndCommentsParses() {
        let source = "webkit.messageHandlers.a.postMessage(\"x\0y\");\nconst t = `a\0${'b\0'}`; // c\0\n/* \0 */ const r = /\0/;\n"
        let facts = analyze(source)
        XCTAssertEqual(uses(facts), ["a@1:24"])
        XCTAssertEqual(codes(facts), [])
    }

    func testNulBetweenTokensIsASyntaxErrorAtItsPosition() {
        let facts = analyze("var a = 1;\nvar b\0= 2;\nconst t = `${a\0}`;\n")
        XCTAssertEqual(codes(facts).filter { $0.hasPrefix("syntax-error") }, ["syntax-error@2:6", "syntax-error@3:15"])
        XCTAssertEqual(facts.diagnostics.first?.message, "unexpected NUL byte")
    }

    func testTextReportNeverPrintsANul() {
        let report = Pipeline.analyze(ProjectInput(
            // Few NULs in a longer file: text with a syntax error, not a binary file (`SourceText`).
            scripts: [SourceFile(path: "nul.js", text: "var x = 1;\nvar = \0 ) \0;\n// two NUL bytes in a file of source text, fewer than one byte in eight\n")], swift: []))
        let text = ReportFormat.text.render(report)
        XCTAssertTrue(text.contains("syntax-error"), text)
        XCTAssertFalse(text.utf8.contains(0), text)
    }

    /// `this` in arrow functions nested 20,000 deep inside a class's method, one call through
    /// `this.transport` at each level: the class is found by one climb in all, not one per call
    /// (which would take 200 million steps). Measured linear, as for a wrapper function.
    func testDeepArrowFunctionsCallingThroughThisClimbOnce() {
        let depth = Self.depth / 5
        let script = "class Transport { send(name) { webkit.messageHandlers[name].postMessage(0) } }\n"
            + "class C { constructor() { this.transport = new Transport() } m() { "
            + repeated("this.transport.send('deep'); (() => { ", depth) + repeated("}); ", depth) + "} }\n"
        let report = Pipeline.analyze(ProjectInput(
            scripts: [SourceFile(path: "deep.js", text: script)],
            swift: [SourceFile(path: "App.swift", text: "func f(c: C) { c.add(h, name: \"deep\") }\n")]))
        XCTAssertEqual(report.diagnostics.map(\.code), [])
        XCTAssertEqual(report.handlers.flatMap(\.uses).count, depth)
    }
}
