import CTreeSitter
import TreeSitterTypeScript
import XCTest

/// The committed TypeScript grammars (TreeSitterTypeScript) load into Debian's libtree-sitter
/// 0.20.7 and, with the project's own external scanner (common/scanner.h), parse TypeScript and
/// TSX with no error. Through the C API, because no front end reads TypeScript yet.
final class TypeScriptGrammarTests: XCTestCase {
    /// The node types of the tree of `source`, in preorder, and whether the root has an error.
    /// One cursor walk: asking for children by index is quadratic in 0.20.7.
    private func parse(_ source: String, _ language: OpaquePointer) throws -> (types: [String], hasError: Bool) {
        let parser = try XCTUnwrap(ts_parser_new())
        defer { ts_parser_delete(parser) }
        // The grammars' parser ABI is 14; 0.20.7 loads 13 and 14 and refuses others.
        XCTAssertEqual(ts_language_version(language), 14)
        XCTAssertTrue(ts_parser_set_language(parser, language), "the grammar's ABI does not load")
        let bytes = Array(source.utf8)
        let tree = try XCTUnwrap(bytes.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { ts_parser_parse_string(parser, nil, $0.baseAddress, UInt32($0.count)) }
        })
        defer { ts_tree_delete(tree) }
        let root = ts_tree_root_node(tree)
        var types: [String] = []
        var cursor = ts_tree_cursor_new(root)
        defer { ts_tree_cursor_delete(&cursor) }
        walk: while true {
            let node = ts_tree_cursor_current_node(&cursor)
            if ts_node_is_named(node) { types.append(String(cString: ts_node_type(node))) }
            if ts_tree_cursor_goto_first_child(&cursor) { continue }
            while !ts_tree_cursor_goto_next_sibling(&cursor) {
                if !ts_tree_cursor_goto_parent(&cursor) { break walk }
            }
        }
        return (types, ts_node_has_error(root))
    }

    func testTypeScript() throws {
        // Each line leans on a token of the external scanner: the overload's semicolon (with the
        // body's `{` on the next line), optional parameters against the conditional `?`, template
        // text, and automatic semicolons.
        let source = """
            interface Point { x: number; y?: number }
            function f(a: string): void
            function f(a: any)
            { return a?.b ?? 1 }
            const g = <T,>(v: T, w?: number): T => v
            const h = ready ? `x ${f(1)} y` : null
            let n = 1
            ++n
            """
        let (types, hasError) = try parse(source, tree_sitter_typescript())
        XCTAssertFalse(hasError, "\(types)")
        XCTAssertEqual(types.first, "program")
        for expected in ["interface_declaration", "function_signature", "function_declaration", "optional_parameter",
                         "ternary_expression", "template_string", "update_expression"] {
            XCTAssertTrue(types.contains(expected), "no \(expected) in \(types)")
        }
        XCTAssertEqual(types.filter { $0 == "function_signature" }.count, 1, "\(types)")
    }

    func testTSX() throws {
        let source = """
            const App = (props: { name: string }) => (
              <div className="greeting">
                Hello, {props.name} &amp; all <b>!</b>
              </div>
            )
            """
        let (types, hasError) = try parse(source, tree_sitter_tsx())
        XCTAssertFalse(hasError, "\(types)")
        for expected in ["jsx_element", "jsx_text", "jsx_expression", "html_character_reference", "type_annotation"] {
            XCTAssertTrue(types.contains(expected), "no \(expected) in \(types)")
        }
    }

    /// A syntax error is reported, not hidden by the scanner (the negative control of the tests above).
    func testErrorIsReported() throws {
        XCTAssertTrue(try parse("let x: = 1\n", tree_sitter_typescript()).hasError)
        XCTAssertTrue(try parse("const e = <div>\n", tree_sitter_tsx()).hasError)
    }
}
