import XCTest
@testable import HawserCore

/// One reader of closure signatures serves the scanner (a registration in a `forEach` body) and
/// the expression parser (a `map` transform): every spelling of a parameter gives the same names
/// to both, and resolves as `$0` does.
final class SwiftClosureSignatureTests: XCTestCase {
    /// The names `SwiftClosureSignature` reads at the start of `body` (the inside of the braces).
    private func signature(_ body: String) -> [String]? {
        let list = SwiftLexer.tokenList(Array(body.utf8))
        let tokens = list.tokens(0..<list.code.count)
        return SwiftClosureSignature.parse(count: tokens.count) { SwiftClosureSignature.Piece(tokens[$0]) }?.names
    }

    func testEverySpellingGivesTheSameNames() {
        for body in [
            "name in f(name)", "(name) in f(name)", "(name: String) in f(name)", "(\n name: String\n) in f(name)",
            "[weak self] name in f(name)", "[weak self, unowned c = controller] (name) in f(name)", "name -> Void in f(name)",
            "(name: String) async throws -> [Int: String] in f(name)", "`name` in f(name)",
        ] {
            XCTAssertEqual(signature(body), ["name"], body)
        }
        XCTAssertEqual(signature("acc, name in acc + [name]"), ["acc", "name"])
        XCTAssertEqual(signature("(acc: inout [String], name: String) in acc.append(name)"), ["acc", "name"])
        XCTAssertEqual(signature("(key, value) in key"), ["key", "value"])
        XCTAssertEqual(signature("[weak self] in self?.go()"), [])
    }

    func testBodiesWithoutSignature() {
        for body in ["$0.rawValue", "f($0)", "[\"a\", \"b\"]", "(name)", "name", "a, b", "x ? y : z", "in"] {
            XCTAssertNil(signature(body), body)
        }
    }

    /// Each spelling, through `forEach` (the scanner) and `map` (the resolver), over an
    /// optional parameter filled by a subclass's `super.init`, registers what `$0` registers.
    func testEverySpellingResolvesAsDollarZero() {
        let spellings = [
            ("", "$0"), ("name in ", "name"), ("(name) in ", "name"), ("(name: String) in ", "name"),
            ("\n    (\n        name: String\n    ) in\n", "name"), ("[weak self] name in ", "name"), ("name -> Void in ", "name"),
        ]
        for (open, parameter) in spellings {
            for chain in ["?.", "!.", "."] {
                let source = """
                class Base: NSObject {
                    init(controller: WKUserContentController, handlers: [String]?) {
                        super.init()
                        handlers\(chain.dropLast()).forEach { \(open)controller.add(self, name: \(parameter)) }
                        let mapped = handlers\(chain.dropLast()).map { \(open.replacingOccurrences(of: "Void", with: "String"))\(parameter) + "X" } ?? []
                        for m in mapped { controller.add(self, name: m) }
                    }
                }
                final class Reader: Base {
                    enum Names: String, CaseIterable { case ready, progress }
                    init(controller: WKUserContentController) {
                        super.init(controller: controller, handlers: Names.allCases.map({ \(open.replacingOccurrences(of: "Void", with: "String"))\(parameter).rawValue }))
                    }
                }
                """
                let facts = SwiftFrontEnd.analyze([SourceFile(path: "App.swift", text: source)])
                XCTAssertEqual(Set(facts.registrations.map(\.name)), ["ready", "progress", "readyX", "progressX"], "\(open) \(chain)")
                XCTAssertEqual(facts.diagnostics.map(\.message), [], "\(open) \(chain)")
            }
        }
    }
}
