import Foundation
import XCTest
@testable import HawserCore

/// Swift and Objective-C nested 100,000 deep (parentheses, closures, types, member chains,
/// `+` chains, message sends, blocks): the front ends finish, with a deterministic answer, on a
/// thread whose stack is the main thread's 8 MB. Before the parser and the scanner were made
/// iterative or bounded, these overflowed that stack.
/// Hands a value from the thread that made it to the one waiting for it (after a semaphore).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

final class NativeDeepNestingTests: XCTestCase {
    private let depth = 100_000

    /// `body` run on a thread with an 8 MB stack (the main thread's on Linux and macOS), so the
    /// test does not depend on the stack XCTest happens to run on.
    private func onEightMegabyteStack<T>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        return box.value!
    }

    private func swift(_ source: String) -> NativeFacts {
        let file = SourceFile(path: "Deep.swift", text: source)
        return onEightMegabyteStack { SwiftFrontEnd.analyze([file]) }
    }

    private func objC(_ source: String) -> NativeFacts {
        let file = SourceFile(path: "Deep.m", text: source)
        return onEightMegabyteStack { ObjCFrontEnd.analyze([file]) }
    }

    private func register(_ name: String) -> String {
        "func setUp(c: WKUserContentController) { c.add(self, name: \(name)) }\n"
    }

    private let tooDeep = "it is nested too deeply to follow"

    // MARK: - Swift

    func testParenthesesAroundAHandlerName() {
        let name = String(repeating: "(", count: depth) + "\"a\"" + String(repeating: ")", count: depth)
        let facts = swift(register(name))
        XCTAssertEqual(facts.registrations.map(\.name), [])
        XCTAssertEqual(facts.diagnostics.map(\.code), [.unresolvedRegistration])
        XCTAssertTrue(facts.diagnostics.first?.message.hasSuffix(": " + tooDeep) == true, "\(facts.diagnostics.first?.message.suffix(80) ?? "")")
    }

    func testParenthesesWithinTheBoundStillResolve() {
        let name = String(repeating: "(", count: 50) + "\"a\"" + String(repeating: ")", count: 50)
        XCTAssertEqual(swift(register(name)).registrations.map(\.name), ["a"])
    }

    func testParenthesesInAConstantTheNameReads() {
        let value = String(repeating: "(", count: depth) + "\"a\"" + String(repeating: ")", count: depth)
        let facts = swift("let handler = \(value)\n" + register("handler"))
        XCTAssertEqual(facts.registrations.map(\.name), [])
        XCTAssertEqual(facts.diagnostics.map(\.code), [.unresolvedRegistration])
        XCTAssertEqual(facts.diagnostics.first?.message, "cannot resolve handler name 'handler' statically: " + tooDeep)
    }

    func testMemberChain() {
        let facts = swift(register("a" + String(repeating: ".b", count: depth)))
        XCTAssertEqual(facts.registrations.map(\.name), [])
        XCTAssertTrue(facts.diagnostics.first?.message.hasSuffix(": " + tooDeep) == true)
    }

    func testPlusChain() {
        let value = Array(repeating: "\"a\"", count: depth).joined(separator: " + ")
        let facts = swift("let handler = \(value)\n" + register("handler"))
        XCTAssertEqual(facts.registrations.map(\.name), [])
        XCTAssertEqual(facts.diagnostics.first?.message, "cannot resolve handler name 'handler' statically: " + tooDeep)
    }

    func testCollectionLiteralsAndTernaries() {
        let brackets = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let ternary = String(repeating: "c ? ", count: depth) + "\"a\"" + String(repeating: " : \"b\"", count: depth)
        let tries = String(repeating: "try ", count: depth) + "\"a\""
        for value in [brackets, ternary, tries] {
            let facts = swift("let handler = \(value)\n" + register("handler"))
            XCTAssertEqual(facts.registrations.map(\.name), [])
            XCTAssertEqual(facts.diagnostics.first?.message, "cannot resolve handler name 'handler' statically: " + tooDeep)
        }
    }

    func testNestedClosuresAroundARegistration() {
        let source = "func setUp(c: WKUserContentController) {\n" + String(repeating: "g { ", count: depth)
            + "c.add(self, name: \"a\")" + String(repeating: " }", count: depth) + "\n}\n"
        let facts = swift(source)
        XCTAssertEqual(facts.registrations.map(\.name), ["a"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testNestedClosuresAsAValue() {
        let value = String(repeating: "{ ", count: depth) + String(repeating: "}", count: depth)
        let facts = swift("let handler = \(value)\n" + register("handler"))
        XCTAssertEqual(facts.registrations.map(\.name), [])
        XCTAssertEqual(facts.diagnostics.map(\.code), [.unresolvedRegistration])
    }

    func testNestedTypes() {
        var source = ""
        for level in 0..<depth { source += "struct T\(level) { " }
        source += "static let name = \"a\"\n" + register("Self.name")
        source += String(repeating: "}", count: depth) + "\n"
        let facts = swift(source)
        // Types deeper than the indexed bound are read as the deepest indexed one, whose member
        // `name` the registration's `Self.name` then finds.
        XCTAssertEqual(facts.registrations.map(\.name), ["a"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    // MARK: - Objective-C

    private func objCMethod(_ body: String) -> String {
        "@implementation Bridge\n- (void)setUp {\n\(body)\n}\n@end\n"
    }

    func testObjectiveCNestedSends() {
        let sends = String(repeating: "[", count: depth) + "x" + (0..<depth).map { " a\($0 % 10)]" }.joined()
        let facts = objC(objCMethod("id x = \(sends);\n[c addScriptMessageHandler:self name:@\"a\"];"))
        XCTAssertEqual(facts.registrations.map(\.name), ["a"])
    }

    func testObjectiveCNestedBlocksAndParentheses() {
        let blocks = String(repeating: "^{ ", count: depth) + "[c addScriptMessageHandler:self name:@\"a\"];"
            + String(repeating: " }", count: depth)
        XCTAssertEqual(objC(objCMethod(blocks)).registrations.map(\.name), ["a"])
        let parens = String(repeating: "(", count: depth) + "@\"b\"" + String(repeating: ")", count: depth)
        let facts = objC(objCMethod("[c addScriptMessageHandler:self name:\(parens)];"))
        XCTAssertEqual(facts.registrations.map(\.name), ["b"])
    }

    func testObjectiveCNestedDispatchComparisons() {
        let comparisons = String(repeating: "[", count: depth) + "message.name"
            + String(repeating: " isEqualToString:@\"a\"]", count: depth)
        let facts = objC("- (void)userContentController:(id)u didReceiveScriptMessage:(WKScriptMessage *)message {\n\(comparisons);\n}\n")
        XCTAssertEqual(facts.diagnostics.map(\.code).filter { $0 == .unresolvedRegistration }, [])
    }

    // MARK: - Through the binary

    func testLintOfDeeplyNestedSwiftAndObjectiveCExitsWithDiagnostics() throws {
        let parens = String(repeating: "(", count: depth) + "\"deep\"" + String(repeating: ")", count: depth)
        let project = try TemporaryProject([
            "web/a.js": "window.webkit.messageHandlers.shallow.postMessage(1);\n",
            "ios/Deep.swift": "func setUp(c: WKUserContentController) { c.add(self, name: \(parens)) }\n"
                + "func more(c: WKUserContentController) {\n" + String(repeating: "g { ", count: depth)
                + "c.add(self, name: \"shallow\")" + String(repeating: " }", count: depth) + "\n}\n",
            "ios/Deep.m": "@implementation B\n- (void)f {\n" + String(repeating: "[", count: depth) + "x"
                + String(repeating: " a]", count: depth) + ";\n" + String(repeating: "^{ ", count: depth)
                + String(repeating: "}", count: depth) + "\n}\n@end\n",
        ])
        let result = try HawserBinary.run(["lint", "--scripts", "web", "--swift", "ios"], in: project.url)
        // A warning, not a signal: the process ends normally with its usual summary.
        XCTAssertEqual(result.status, 0, String(result.stderr.suffix(300)))
        XCTAssertTrue(result.stdout.hasPrefix("ios/Deep.swift:1:60: warning: cannot resolve handler name '(((("), String(result.stdout.prefix(200)))
        XCTAssertTrue(result.stdout.hasSuffix("))))' statically: it is nested too deeply to follow [unresolved-registration]\n"), String(result.stdout.suffix(200)))
        XCTAssertEqual(result.stderr, "hawser: 0 errors, 1 warning in 3 files, 1 handler (no config file)\n")
    }
}
