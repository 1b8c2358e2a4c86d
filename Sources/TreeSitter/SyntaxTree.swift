import Foundation
import CTreeSitter
import TreeSitterJavaScript

/// A 1-based position in a source text. `column` counts UTF-8 bytes, as swiftc and Xcode do.
public struct SourcePoint: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePoint, b: SourcePoint) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A parsed syntax tree. Owns the tree-sitter tree and the source bytes its nodes point into.
public final class SyntaxTree: @unchecked Sendable {
    fileprivate let raw: OpaquePointer
    /// The UTF-8 source the nodes' text comes from: the bytes that were parsed, or the text a
    /// stand-in was parsed for (see `JavaScriptParser.parse(_:standIn:)`).
    public let bytes: [UInt8]

    fileprivate init(raw: OpaquePointer, bytes: [UInt8]) {
        self.raw = raw
        self.bytes = bytes
    }

    deinit { ts_tree_delete(raw) }

    /// The root node of the tree.
    public var root: SyntaxNode { SyntaxNode(raw: ts_tree_root_node(raw), tree: self) }
}

/// Errors from the tree-sitter boundary.
public enum TreeSitterError: Error, CustomStringConvertible {
    case incompatibleLanguage(version: UInt32)
    case parseFailed

    public var description: String {
        switch self {
        case .incompatibleLanguage(let version):
            return "the JavaScript grammar has parser ABI \(version), which tree-sitter \(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION)...\(TREE_SITTER_LANGUAGE_VERSION) cannot load"
        case .parseFailed:
            return "tree-sitter returned no tree"
        }
    }
}

/// Parses JavaScript with the tree-sitter-javascript grammar.
public enum JavaScriptParser {
    /// The grammar's node type names by symbol, made once: walkers ask for node types millions
    /// of times, and `ts_node_type` would make a new String each time.
    private static let symbolNames: [String] = {
        let language = tree_sitter_javascript()
        return (0..<ts_language_symbol_count(language)).map { symbol in
            ts_language_symbol_name(language, TSSymbol(symbol)).map { String(cString: $0) } ?? ""
        }
    }()

    /// The name of a symbol of this grammar; `ERROR` for tree-sitter's error symbol.
    static func symbolName(_ symbol: TSSymbol) -> String {
        Int(symbol) < symbolNames.count ? symbolNames[Int(symbol)] : "ERROR"
    }

    /// Parses `bytes` (UTF-8) and returns the tree. A source with syntax errors still yields a
    /// tree, with ERROR and MISSING nodes where the errors are.
    ///
    /// With `standIn`, the parser reads `standIn` instead: text of the same length that stands
    /// for `bytes` where they are not JavaScript yet (a template's placeholders, filled in with
    /// identifiers). The tree's shape and positions are those of `standIn`; its `bytes`, and so
    /// every node's `text`, are `bytes`, as written.
    public static func parse(_ bytes: [UInt8], standIn: [UInt8]? = nil) throws -> SyntaxTree {
        precondition(standIn == nil || standIn!.count == bytes.count, "a stand-in must have the length of the text it stands for")
        let parsed = standIn ?? bytes
        guard let parser = ts_parser_new() else { throw TreeSitterError.parseFailed }
        defer { ts_parser_delete(parser) }
        let language = tree_sitter_javascript()
        guard ts_parser_set_language(parser, language) else {
            throw TreeSitterError.incompatibleLanguage(version: ts_language_version(language))
        }
        let tree = parsed.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                ts_parser_parse_string(parser, nil, $0, UInt32(buffer.count))
            }
        }
        guard let tree else { throw TreeSitterError.parseFailed }
        return SyntaxTree(raw: tree, bytes: bytes)
    }
}

/// One node of a `SyntaxTree`. Keeps its tree alive.
public struct SyntaxNode: @unchecked Sendable {
    let raw: TSNode
    public let tree: SyntaxTree

    init(raw: TSNode, tree: SyntaxTree) {
        self.raw = raw
        self.tree = tree
    }

    private func wrap(_ node: TSNode) -> SyntaxNode? {
        ts_node_is_null(node) ? nil : SyntaxNode(raw: node, tree: tree)
    }

    /// The grammar's node type, for example `call_expression`, or `ERROR`.
    public var type: String { JavaScriptParser.symbolName(ts_node_symbol(raw)) }
    public var isNamed: Bool { ts_node_is_named(raw) }
    /// A node the parser inserted to recover from an error.
    public var isMissing: Bool { ts_node_is_missing(raw) }
    /// Whether this node or a descendant is an error.
    public var hasError: Bool { ts_node_has_error(raw) }
    public var isError: Bool { type == "ERROR" }

    public var startByte: Int { Int(ts_node_start_byte(raw)) }
    public var endByte: Int { Int(ts_node_end_byte(raw)) }

    /// The 1-based line and byte column where the node starts.
    public var start: SourcePoint {
        let point = ts_node_start_point(raw)
        return SourcePoint(line: Int(point.row) + 1, column: Int(point.column) + 1)
    }

    /// The node's source text (invalid UTF-8 is repaired).
    public var text: String {
        String(decoding: tree.bytes[startByte..<max(startByte, endByte)], as: UTF8.self)
    }

    public var parent: SyntaxNode? { wrap(ts_node_parent(raw)) }

    public var childCount: Int { Int(ts_node_child_count(raw)) }
    public func child(_ index: Int) -> SyntaxNode? { wrap(ts_node_child(raw, UInt32(index))) }
    public var children: [SyntaxNode] { (0..<childCount).compactMap { child($0) } }

    public var namedChildCount: Int { Int(ts_node_named_child_count(raw)) }
    public func namedChild(_ index: Int) -> SyntaxNode? { wrap(ts_node_named_child(raw, UInt32(index))) }
    public var namedChildren: [SyntaxNode] { (0..<namedChildCount).compactMap { namedChild($0) } }

    /// The child in the grammar field `name`, for example `function` of a `call_expression`.
    public func child(field name: String) -> SyntaxNode? {
        name.withCString { wrap(ts_node_child_by_field_name(raw, $0, UInt32(name.utf8.count))) }
    }

    public var nextSibling: SyntaxNode? { wrap(ts_node_next_sibling(raw)) }
    public var nextNamedSibling: SyntaxNode? { wrap(ts_node_next_named_sibling(raw)) }
    public var previousSibling: SyntaxNode? { wrap(ts_node_prev_sibling(raw)) }

    /// Whether two values denote the same node.
    public func isSame(as other: SyntaxNode) -> Bool { ts_node_eq(raw, other.raw) }

    /// An S-expression of the subtree, for debugging.
    public var sExpression: String {
        guard let cString = ts_node_string(raw) else { return "" }
        defer { free(cString) }
        return String(cString: cString)
    }
}
